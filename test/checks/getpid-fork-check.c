// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-getpid-fork-check %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-getpid-fork-check %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

void reseed(void);
void drop_connections(void);
void log_line(const char *msg);
#define my_getpid(X) (pid_t) getpid()
#define QUIET(stmt)                                                            \
  do {                                                                         \
    stmt;                                                                      \
  } while (0)

// ---------------------------------------------------------------- must flag

// A random source that reseeds in a forked child, checked on every open.
static pid_t randomness_pid;
int open_temp(const char *path) {
  if (randomness_pid != getpid()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'getpid' compared with the pid saved in 'randomness_pid' to notice a fork: a syscall on every call of 'open_temp'; a counter that a pthread_atfork child handler bumps tells a child without one (leanio's lio_fork_generation, or lio_getpid, which asks once per process) [syscall-getpid-fork-check]
    randomness_pid = getpid();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the pid is saved here
    reseed();
  }
  return open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
}

// A connection pool that must not share sockets with a child: the owner's
// pid in a field, compared on each checkout.
struct pool {
  pid_t owner;
  int fds[8];
  int used;
};
void pool_init(struct pool *p) {
  memset(p, 0, sizeof *p);
  p->owner = getpid();
}
int pool_checkout(struct pool *p) {
  if (p->owner != getpid()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'getpid' compared with the pid saved in 'owner' to notice a fork: a syscall on every call of 'pool_checkout'
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the pid is saved here
    drop_connections();
    p->used = 0;
  }
  return p->used < 8 ? p->fds[p->used++] : -1;
}

// The pid asked into a local first, then compared.
static pid_t cache_pid;
static int cache_entries;
int cache_lookup(int key) {
  pid_t now = getpid();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'getpid' compared with the pid saved in 'cache_pid' to notice a fork: a syscall on every call of 'cache_lookup'
  if (now != cache_pid) {
    cache_entries = 0;
    cache_pid = now;
  }
  return key < cache_entries;
}

// A library's own pid function, defined here: `return getpid();` only.
static pid_t current_pid(void) { return getpid(); }
static pid_t lib_pid;
void lib_init(void) {
  lib_pid = current_pid();
}
int lib_ready(void) {
  return lib_pid == current_pid();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'current_pid' compared with the pid saved in 'lib_pid' to notice a fork: a syscall on every call of 'lib_ready'
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the pid is saved here
}

// The raw syscall, in code written before glibc had a wrapper for gettid.
static long owner_raw;
void raw_init(void) {
  owner_raw = syscall(SYS_getpid);
}
int raw_owned(void) {
  return syscall(SYS_getpid) == owner_raw;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'syscall' compared with the pid saved in 'owner_raw' to notice a fork: a syscall on every call of 'raw_owned'
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the pid is saved here
}

// A macro that casts, as portability layers spell it.
static pid_t unix_pid;
int unix_check(void) {
  if (unix_pid != my_getpid(0)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'getpid' compared with the pid saved in 'unix_pid' to notice a fork: a syscall on every call of 'unix_check'
    // CHECK-MESSAGES: :18:30: note: expanded from macro 'my_getpid'
    QUIET(unix_pid = my_getpid(0));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: note: the pid is saved here
    return 1;
  }
  return 0;
}

// A static helper that an ordinary function calls, besides an exit path.
static pid_t stats_owner;
static int stats_valid(void) { return stats_owner == getpid(); }
// CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'getpid' compared with the pid saved in 'stats_owner' to notice a fork: a syscall on every call of 'stats_valid'
// CHECK-MESSAGES: :[[@LINE+1]]:26: note: the pid is saved here
void stats_reset(void) { stats_owner = getpid(); }
int stats_add(int n) { return stats_valid() ? n : 0; }
void stats_exit(void) {
  if (stats_valid())
    log_line("stats");
  exit(0);
}

// ------------------------------------------------------------ must not flag

// A parameter: whose pid it is, the caller knows.
int is_self(pid_t pid) { return pid == getpid(); }

// A lock's owner read back from the kernel: never saved from getpid here.
int lock_is_mine(int fd) {
  struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  if (fcntl(fd, F_GETLK, &fl) < 0)
    return 0;
  return fl.l_pid == getpid();
}

// A pid from the command line, never one of ours.
static pid_t target_pid;
void set_target(const char *arg) { target_pid = (pid_t)atoi(arg); }
int targets_self(void) { return target_pid == getpid(); }

// Exit and signal handlers run once per process: nothing to save there.
static pid_t main_pid;
static void cleanup(void) {
  if (getpid() != main_pid)
    return;
  unlink("/run/example.pid");
}
static void on_term(int sig) {
  if (getpid() == main_pid)
    unlink("/run/example.pid");
  signal(sig, SIG_DFL);
  raise(sig);
}
static void on_hup(int sig) {
  (void)sig;
  if (getpid() == main_pid)
    log_line("reload");
}
void install(void) {
  main_pid = getpid();
  atexit(cleanup);
  signal(SIGTERM, on_term);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_hup;
  sigaction(SIGHUP, &sa, NULL);
}

// A function that forks compares once per fork.
static pid_t spawner_pid;
int spawn_worker(void) {
  spawner_pid = getpid();
  pid_t child = fork();
  if (child == 0 && getpid() != spawner_pid)
    _exit(0);
  return child;
}

// main runs once.
static pid_t started_pid;
int main(int argc, char **argv) {
  started_pid = getpid();
  if (argc > 1 && started_pid != getpid())
    return 1;
  (void)argv;
  return 0;
}

// Being init, the parent's death, an ordered comparison, a log line.
static pid_t parent_pid;
void remember_parent(void) { parent_pid = getppid(); }
int orphaned(void) { return getppid() != parent_pid; }
int am_init(void) { return getpid() == 1; }
static pid_t low_pid;
void note_low(void) { low_pid = getpid(); }
int younger(void) { return getpid() > low_pid; }
void log_pid(void) {
  char buf[32];
  snprintf(buf, sizeof buf, "%d", (int)getpid());
  log_line(buf);
}

// A child handler of pthread_atfork: runs once per fork.
static pid_t atfork_pid;
static void after_fork(void) {
  if (getpid() != atfork_pid)
    atfork_pid = getpid();
}
void register_fork_handler(void) {
  atfork_pid = getpid();
  pthread_atfork(NULL, NULL, after_fork);
}

// A local holding the pid that changes before the comparison.
static pid_t seen_pid;
int seen_before(pid_t other) {
  pid_t now = getpid();
  if (other)
    now = other;
  return now == seen_pid;
}
void mark_seen(void) { seen_pid = getpid(); }

// A cleanup that only an exiting function calls runs once per process.
static pid_t socket_owner;
static void remove_socket(void) {
  if (socket_owner != 0 && getpid() != socket_owner)
    return;
  unlink("/run/example.sock");
}
void fatal_exit(int status) {
  remove_socket();
  _exit(status);
}
void listen_socket(void) { socket_owner = getpid(); }
void check_parent(pid_t parent) {
  if (getppid() != parent) {
    remove_socket();
    _exit(2);
  }
}
