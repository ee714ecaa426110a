// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-loop-invariant %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-loop-invariant %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#define LOG_PID(msg) fprintf(stderr, "[%d] %s\n", (int)getpid(), (msg))

void handle(const char *item);
void run_child(const char *cmd);

// ---------------------------------------------------------------- must flag

// A log prefix per line, as daemons write it.
void log_lines(FILE *out, const char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "[%d] %s\n", (int)getpid(), lines[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'getpid' in every iteration of the loop makes a syscall for the same value each time; call it once before the loop [syscall-loop-invariant]
}
// CHECK-FIXES: void log_lines(FILE *out, const char **lines, int n) {
// CHECK-FIXES-NEXT:   const pid_t pid = getpid();
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++)
// CHECK-FIXES-NEXT:     fprintf(out, "[%d] %s\n", (int)pid, lines[i]);

// The thread id through syscall(2), as code from before glibc 2.30 asks.
void log_thread_lines(FILE *out, const char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "[%ld] %s\n", (long)syscall(SYS_gettid), lines[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'syscall' in every iteration of the loop makes a syscall for the same value each time; call it once before the loop [syscall-loop-invariant]
}
// CHECK-FIXES: void log_thread_lines(FILE *out, const char **lines, int n) {
// CHECK-FIXES-NEXT:   const long tid = syscall(SYS_gettid);
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++)
// CHECK-FIXES-NEXT:     fprintf(out, "[%ld] %s\n", (long)tid, lines[i]);

// Buffer forms: the kernel release and the descriptor limit asked per
// item; the statements move before the loop.
void report_items(FILE *out, const char **items, int n) {
  struct utsname u;
  struct rlimit rl;
  for (int i = 0; i < n; i++) {
    uname(&u);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'uname' and 1 more in every iteration of the loop make a syscall each for the same value each time; call them once before the loop [syscall-loop-invariant]
    getrlimit(RLIMIT_NOFILE, &rl);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: and 'getrlimit' here, in the same loop
    fprintf(out, "%s %s %lu\n", items[i], u.release,
            (unsigned long)rl.rlim_cur);
  }
}
// CHECK-FIXES: struct rlimit rl;
// CHECK-FIXES-NEXT:   uname(&u);
// CHECK-FIXES-NEXT:   getrlimit(RLIMIT_NOFILE, &rl);
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     fprintf(out, "%s %s %lu\n", items[i], u.release,

// The pid in a local's initialiser, per iteration of a fallback seed.
void weak_seed(unsigned char *seed, size_t n) {
  for (size_t j = 0; j < n; j++) {
    pid_t self = getpid();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'getpid' in every iteration
    seed[j] = (unsigned char)(self ^ j);
  }
}
// CHECK-FIXES: void weak_seed(unsigned char *seed, size_t n) {
// CHECK-FIXES-NEXT:   const pid_t pid = getpid();
// CHECK-FIXES-NEXT:   for (size_t j = 0; j < n; j++) {
// CHECK-FIXES-NEXT:     pid_t self = pid;

// Colour only on a terminal, asked per row.
void print_rows(const char **rows, int n) {
  int i = 0;
  while (i < n) {
    if (isatty(STDOUT_FILENO))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'isatty' in every iteration {{.*}} [syscall-loop-invariant]
      printf("\033[1m%s\033[0m\n", rows[i]);
    else
      printf("%s\n", rows[i]);
    i++;
  }
}
// CHECK-FIXES: int i = 0;
// CHECK-FIXES-NEXT:   const int is_tty = isatty(STDOUT_FILENO);
// CHECK-FIXES-NEXT:   while (i < n) {
// CHECK-FIXES-NEXT:     if (is_tty)

// Two calls in one loop: one local for both.
int count_owned(const uid_t *owners, int n) {
  int mine = 0, root = 0;
  for (int i = 0; i < n; i++) {
    if (owners[i] == geteuid())
      // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'geteuid' in every iteration {{.*}} [syscall-loop-invariant]
      mine++;
    else if (geteuid() == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:14: note: and 'geteuid' here, in the same loop
      root++;
  }
  return mine + root;
}
// CHECK-FIXES: int mine = 0, root = 0;
// CHECK-FIXES-NEXT:   const uid_t euid = geteuid();
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-FIXES-NEXT:     if (owners[i] == euid)
// CHECK-FIXES:     else if (euid == 0)

// The descriptor a parameter the loop leaves alone; nested loops: above
// the outer one.
void dump(int fd, const char **tables, int ntables, int rows) {
  for (int t = 0; t < ntables; t++)
    for (int r = 0; r < rows; r++)
      dprintf(fd, isatty(fd) ? "%s|%d\n" : "%s,%d\n", tables[t], r);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'isatty' in every iteration {{.*}} [syscall-loop-invariant]
}
// CHECK-FIXES: void dump(int fd, const char **tables, int ntables, int rows) {
// CHECK-FIXES-NEXT:   const int fd_is_tty = isatty(fd);
// CHECK-FIXES-NEXT:   for (int t = 0; t < ntables; t++)
// CHECK-FIXES-NEXT:     for (int r = 0; r < rows; r++)
// CHECK-FIXES-NEXT:       dprintf(fd, fd_is_tty ? "%s|%d\n" : "%s,%d\n", tables[t], r);

// The name is taken: the local gets another.
void worker(const char **jobs, int n) {
  int tid = 0;
  do {
    printf("%d/%d %s\n", (int)gettid(), tid, jobs[tid]);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'gettid' in every iteration {{.*}} [syscall-loop-invariant]
  } while (++tid < n);
}
// CHECK-FIXES: int tid = 0;
// CHECK-FIXES-NEXT:   const pid_t tid_once = gettid();
// CHECK-FIXES-NEXT:   do {
// CHECK-FIXES-NEXT:     printf("%d/%d %s\n", (int)tid_once, tid, jobs[tid]);

// Two loops of one function, each fixed: the second local takes another
// name than the first's (both are declared in the same block).
int chown_all(const char **paths, int n, const char **links, int m) {
  int failed = 0;
  for (int i = 0; i < n; i++)
    failed += chown(paths[i], getuid(), -1) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'getuid' in every iteration {{.*}} [syscall-loop-invariant]
  for (int i = 0; i < m; i++)
    failed += lchown(links[i], getuid(), -1) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'getuid' in every iteration {{.*}} [syscall-loop-invariant]
  return failed;
}
// CHECK-FIXES: int chown_all(const char **paths, int n, const char **links, int m) {
// CHECK-FIXES-NEXT:   int failed = 0;
// CHECK-FIXES-NEXT:   const uid_t uid = getuid();
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++)
// CHECK-FIXES-NEXT:     failed += chown(paths[i], uid, -1) != 0;
// CHECK-FIXES:        const uid_t uid_once = getuid();
// CHECK-FIXES-NEXT:   for (int i = 0; i < m; i++)
// CHECK-FIXES-NEXT:     failed += lchown(links[i], uid_once, -1) != 0;

// Spelled by a logging macro: a finding, no fix.
void log_items(const char **items, int n) {
  for (int i = 0; i < n; i++)
    LOG_PID(items[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'getpid' in every iteration {{.*}} [syscall-loop-invariant]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no automatic fix: a macro spells the call
}

// Thread pools sizing each batch: sysconf reads /sys every time.
void run_batches(int batches, void (*work)(long)) {
  for (int b = 0; b < batches; b++) {
    long workers = sysconf(_SC_NPROCESSORS_ONLN);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'sysconf' in every iteration {{.*}} [syscall-loop-invariant]
    work(workers > 0 ? workers : 1);
  }
}
// CHECK-FIXES: void run_batches(int batches, void (*work)(long)) {
// CHECK-FIXES-NEXT:   const long ncpus_online = sysconf(_SC_NPROCESSORS_ONLN);
// CHECK-FIXES-NEXT:   for (int b = 0; b < batches; b++) {
// CHECK-FIXES-NEXT:     long workers = ncpus_online;

// A daemon closing every inherited descriptor: the limit is asked (one
// prlimit64) on every test of the condition.
void close_inherited(void) {
  for (int fd = 3; fd < sysconf(_SC_OPEN_MAX); fd++)
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'sysconf' in every iteration {{.*}} [syscall-loop-invariant]
    close(fd);
}
// CHECK-FIXES: void close_inherited(void) {
// CHECK-FIXES-NEXT:   const long open_max = sysconf(_SC_OPEN_MAX);
// CHECK-FIXES-NEXT:   for (int fd = 3; fd < open_max; fd++)

// A statement-like macro that discards a call's result, as projects write
// them to silence unused-result warnings.
#define QUIET(call)                                                            \
  do {                                                                         \
    (void)(call);                                                              \
  } while (0)

// The kernel release asked per item through a statement-like macro: the
// macro's statement moves before the loop.
void report_quiet(FILE *out, const char **items, int n) {
  struct utsname u;
  for (int i = 0; i < n; i++) {
    QUIET(uname(&u));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'uname' in every iteration of the loop makes a syscall for the same value each time; call it once before the loop [syscall-loop-invariant]
    fprintf(out, "%s %s\n", items[i], u.release);
  }
}
// CHECK-FIXES: void report_quiet(FILE *out, const char **items, int n) {
// CHECK-FIXES-NEXT:   struct utsname u;
// CHECK-FIXES-NEXT:   QUIET(uname(&u));
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     fprintf(out, "%s %s\n", items[i], u.release);

// ------------------------------------------------------------ must not flag

// The loop forks: the child's pid differs.
void spawn_all(const char **cmds, int n) {
  for (int i = 0; i < n; i++) {
    pid_t child = fork();
    if (child == 0) {
      printf("child %d runs %s\n", (int)getpid(), cmds[i]);
      _exit(0);
    }
    waitpid(child, NULL, 0);
  }
}

// A helper of the file that forks, called in the loop.
static void start(const char *cmd) {
  if (fork() == 0) {
    execlp(cmd, cmd, (char *)NULL);
    _exit(127);
  }
}
void start_all(const char **cmds, int n) {
  for (int i = 0; i < n; i++) {
    start(cmds[i]);
    printf("parent %d\n", (int)getpid());
  }
}

// Credentials change in the loop.
void drop_each(const uid_t *uids, int n) {
  for (int i = 0; i < n; i++) {
    if (setuid(uids[i]) != 0 || getuid() != uids[i])
      abort();
  }
}

// A different descriptor per iteration.
int count_ttys(void) {
  int n = 0;
  for (int fd = 0; fd < 3; fd++)
    n += isatty(fd);
  return n;
}

// The loop redirects the descriptor it asks about.
void redirect_and_check(const int *logs, int n) {
  for (int i = 0; i < n; i++) {
    dup2(logs[i], STDERR_FILENO);
    if (isatty(STDERR_FILENO))
      fputs("still a terminal\n", stderr);
  }
}

// Once, before the loop already; and in a for loop's init.
void once(const char **items, int n) {
  pid_t self = getpid();
  for (int i = 0; i < n; i++)
    printf("%d %s\n", (int)self, items[i]);
  for (pid_t p = getpid(); p > 0 && n > 0; n--)
    handle(items[n - 1]);
}

// The parent's pid changes when the parent exits: polling it is the point.
void wait_for_parent_exit(void) {
  while (getppid() != 1)
    sleep(1);
}

// Not in a loop.
void log_one(const char *msg) { fprintf(stderr, "[%d] %s\n", (int)getpid(), msg); }

// Only on a rare path of an iteration (an interrupt, an error that ends
// the program, one option of many): hoisting would add a call to every run.
extern volatile int interrupted;
void copy_blocks(long start, long end) {
  for (long b = start; b < end; b++) {
    if (interrupted)
      kill(getpid(), SIGINT);
  }
}
void scan(const char **args, int n) {
  for (int i = 0; i < n; i++) {
    if (!args[i][0]) {
      fprintf(stderr, geteuid() ? "must be root\n" : "not found\n");
      exit(8);
    }
  }
}
void parse_owner(const char **opts, int n, uid_t *owner) {
  for (int i = 0; i < n; i++)
    if (strcmp(opts[i], "root_owner") == 0)
      *owner = getuid();
}

// sysconf names glibc answers without a syscall, or whose value changes.
long page_sums(int n) {
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += sysconf(_SC_PAGESIZE) + sysconf(_SC_AVPHYS_PAGES);
  return sum;
}

// The loop raises the limit it asks for.
long raise_open_max(long want) {
  struct rlimit rl;
  while (sysconf(_SC_OPEN_MAX) < want) {
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= rl.rlim_max)
      return -1;
    rl.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
      return -1;
  }
  return sysconf(_SC_OPEN_MAX);
}

// A statement-like logging macro: do { ... } while (0) runs once.
#define LOG_START(msg)                                                         \
  do {                                                                         \
    fprintf(stderr, "[%d] %s\n", (int)getpid(), (msg));                        \
  } while (0)
void announce(void) { LOG_START("starting"); }

// A retry loop that sleeps between tries: the pid is nothing next to it.
int make_temp(char *name, size_t size) {
  for (int tries = 0; tries < 5; tries++) {
    snprintf(name, size, "temp-%ld.tmp", (long)getpid());
    int fd = open(name, O_CREAT | O_WRONLY | O_EXCL, 0600);
    if (fd != -1)
      return fd;
    sleep(1);
  }
  return -1;
}

// Other raw syscalls in a loop: each does its own work.
void write_raw(const char **lines, int n) {
  for (int i = 0; i < n; i++)
    syscall(SYS_write, 1, lines[i], strlen(lines[i]));
}

// The limit is raised in the loop, the buffer is the loop's own, or the
// loop writes into it: each asks anew.
void raise_until(rlim_t want) {
  struct rlimit rl;
  for (int i = 0; i < 3; i++) {
    getrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur >= want)
      break;
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
}

void print_release(const char **items, int n) {
  for (int i = 0; i < n; i++) {
    struct utsname u;
    uname(&u);
    printf("%s %s\n", items[i], u.release);
  }
}

void checked_uname(const char **items, int n) {
  struct utsname u;
  for (int i = 0; i < n; i++) {
    if (uname(&u) != 0)
      return;
    printf("%s %s\n", items[i], u.release);
  }
}

// The loop writes into the buffer (an element of u.release): the call's
// answer is not the same each time it is read.
void report_marked(FILE *out, int n) {
  struct utsname u;
  for (int i = 0; i < n; i++) {
    QUIET(uname(&u));
    u.release[0] = (char)('a' + i % 26);
    fprintf(out, "%s\n", u.release);
  }
}
