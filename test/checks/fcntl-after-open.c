// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIE(what)                                                              \
  do {                                                                         \
    perror(what);                                                              \
    exit(1);                                                                   \
  } while (0)

void use_fd(int fd);

// A helper of the file, as most projects write it.
static int set_cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  if (flags < 0)
    return -1;
  return fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

// ---------------------------------------------------------------- must flag

int open_config(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC in the call that makes the descriptor saves it and closes the window in which a fork and exec in another thread inherits the descriptor [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' makes the descriptor here
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

int listen_socket(void) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s == -1)
    DIE("socket");
  if (set_cloexec(s) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC in the call {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'socket' makes the descriptor here
    DIE("fcntl");
  return s;
}
// CHECK-FIXES: int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
// CHECK-FIXES-NEXT:   if (s == -1)
// CHECK-FIXES-NEXT:     DIE("socket");
// CHECK-FIXES-NEXT:   return s;

int accept_client(int listener) {
  int c = accept(listener, NULL, NULL);
  if (c < 0)
    return -1;
  ioctl(c, FIOCLEX);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'accept'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'accept' makes the descriptor here
  return c;
}
// CHECK-FIXES: int c = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
// CHECK-FIXES-NOT: ioctl(c, FIOCLEX);

int make_poller(void) {
  int ep = epoll_create(16);
  if (ep >= 0)
    fcntl(ep, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'epoll_create'; EPOLL_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: 'epoll_create' makes the descriptor here
  return ep;
}
// The `if` that only tests the descriptor goes with the call.
// CHECK-FIXES: int ep = epoll_create1(EPOLL_CLOEXEC);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}  return ep;

int duplicate(int fd) {
  int copy = dup(fd);
  if (copy < 0)
    return -1;
  if (fcntl(copy, F_SETFD, FD_CLOEXEC))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'dup'; F_DUPFD_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:14: note: 'dup' makes the descriptor here
    goto fail;
  return copy;
fail:
  close(copy);
  return -1;
}
// CHECK-FIXES: int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
// CHECK-FIXES-NEXT:   if (copy < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return copy;

int make_eventfd(void) {
  int efd = eventfd(0, 0);
  if (efd < 0)
    return -1;
  int fl = fcntl(efd, F_GETFL, 0);
  if (fcntl(efd, F_SETFL, fl | O_NONBLOCK) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: O_NONBLOCK set by more syscalls after 'eventfd'; EFD_NONBLOCK in the call that makes the descriptor saves them [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-6]]:13: note: 'eventfd' makes the descriptor here
    // CHECK-MESSAGES: :[[@LINE-4]]:12: note: the flags are read here first; the fix removes this call too
    close(efd);
    return -1;
  }
  return efd;
}
// CHECK-FIXES: int efd = eventfd(0, EFD_NONBLOCK);
// CHECK-FIXES-NEXT:   if (efd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return efd;

// The flag is there already: the fcntl does nothing at all.
int open_twice_safe(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: redundant close-on-exec: 'open' already sets it with O_CLOEXEC [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:12: note: 'open' makes the descriptor here
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A stream: glibc's "e" mode opens with O_CLOEXEC.
FILE *open_log(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:13: note: 'fopen' makes the descriptor here
  FILE *f = fopen(path, "a");
  if (!f)
    return NULL;
  fcntl(fileno(f), F_SETFD, FD_CLOEXEC);
  return f;
}
// CHECK-FIXES: FILE *f = fopen(path, "ae");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return NULL;
// CHECK-FIXES-NEXT:   return f;

// The stream's descriptor copied into a local first: made where the
// stream was. The copy, read nowhere else, goes with the call.
FILE *open_journal(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+6]]:3: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:14: note: 'fopen' makes the descriptor here
  FILE *jf = fopen(path, "a");
  if (!jf)
    return NULL;
  int jfd = fileno(jf);
  fcntl(jfd, F_SETFD, FD_CLOEXEC);
  return jf;
}
// CHECK-FIXES: FILE *jf = fopen(path, "ae");
// CHECK-FIXES-NEXT:   if (!jf)
// CHECK-FIXES-NEXT:     return NULL;
// CHECK-FIXES-NEXT:   return jf;

// A stream kept in a global: handing its value to fileno stores nothing
// into the global.
static FILE *trace_out;

int trace_open(const char *path) {
  trace_out = fopen(path, "w");
  if (!trace_out)
    return -1;
  fcntl(fileno(trace_out), F_SETFD, FD_CLOEXEC);
  return 0;
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:15: note: 'fopen' makes the descriptor here
}
// CHECK-FIXES: trace_out = fopen(path, "we");
// CHECK-FIXES-NEXT:   if (!trace_out)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return 0;

// The copy declared apart and tested: flagged, but removing the call
// would leave the copy stored and never read.
static FILE *audit_out;

void audit_open(const char *path) {
  int afd;
  audit_out = fopen(path, "a");
  if (audit_out == NULL)
    return;
  afd = fileno(audit_out);
  if (afd >= 0)
    fcntl(afd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-7]]:15: note: 'fopen' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: no automatic fix: the copy in 'afd' would be left unused
}

// A global stream tested before its flag call: the test reads the stream
// alone, and goes with the call.
static FILE *audit_log;

void audit_start(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+4]]:5: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:15: note: 'fopen' makes the descriptor here
  audit_log = fopen(path, "a");
  if (audit_log)
    fcntl(fileno(audit_log), F_SETFD, FD_CLOEXEC);
}
// CHECK-FIXES: audit_log = fopen(path, "ae");
// CHECK-FIXES-NEXT: }

// The flags read back through fileno, and set through it again.
FILE *open_cache(const char *path) {
  FILE *cf = fopen(path, "r");
  if (!cf)
    return NULL;
  int cflags = fcntl(fileno(cf), F_GETFD);
  if (cflags >= 0)
    fcntl(fileno(cf), F_SETFD, cflags | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-7]]:14: note: 'fopen' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: no automatic fix: the 'if' around it tests more than the descriptor
  return cf;
}

// Look-alike: the global stream's flag set only when verbose.
extern int audit_verbose;

void audit_start_verbose(const char *path) {
  audit_log = fopen(path, "a");
  if (audit_log && audit_verbose)
    fcntl(fileno(audit_log), F_SETFD, FD_CLOEXEC);
}

// Look-alikes. The stream replaced between the copy and the flag call:
// the descriptor is the first stream's, the second stream's is the one
// fopen's mode would change.
int reopen_journal(const char *path, const char *spill) {
  FILE *jf = fopen(path, "a");
  if (!jf)
    return -1;
  int jfd = fileno(jf);
  jf = fopen(spill, "a");
  fcntl(jfd, F_SETFD, FD_CLOEXEC);
  return jf ? 0 : -1;
}

// A stream the caller opened, and the standard error stream.
void share_stream(FILE *from_caller) {
  int cfd = fileno(from_caller);
  fcntl(cfd, F_SETFD, FD_CLOEXEC);
  int efd = fileno(stderr);
  fcntl(efd, F_SETFD, FD_CLOEXEC);
}

// A program runs between the copy and the flag call: it inherits the
// descriptor, which a close-on-exec open would keep from it.
FILE *journal_then_hook(const char *path, const char *hook) {
  FILE *jf = fopen(path, "a");
  if (!jf)
    return NULL;
  int jfd = fileno(jf);
  if (system(hook) != 0)
    perror(hook);
  fcntl(jfd, F_SETFD, FD_CLOEXEC);
  return jf;
}

// A function of the program handed the global stream may store another
// one into it.
void trace_banner(FILE *to);

int trace_open_banner(const char *path) {
  trace_out = fopen(path, "w");
  if (!trace_out)
    return -1;
  trace_banner(trace_out);
  fcntl(fileno(trace_out), F_SETFD, FD_CLOEXEC);
  return 0;
}

// The copy only under a test of something else: on the other path the
// descriptor is left inheritable, which the fopen mode would change.
FILE *open_journal_maybe(const char *path, int private_fd) {
  FILE *jf = fopen(path, "a");
  if (!jf)
    return NULL;
  if (private_fd) {
    int jfd = fileno(jf);
    fcntl(jfd, F_SETFD, FD_CLOEXEC);
  }
  return jf;
}

// The set's result stored back into the flags it was given, then tested
// for the error: the test reads only what fcntl answered.
int open_spool(const char *path) {
  int sfd = open(path, O_RDWR);
  if (sfd < 0)
    return -1;
  int fdflags = fcntl(sfd, F_GETFD);
  if (fdflags >= 0)
    fdflags = fcntl(sfd, F_SETFD, fdflags | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-7]]:13: note: 'open' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:15: note: no automatic fix: its result is used for more than an error check
  if (fdflags < 0)
    perror("spool");
  return sfd;
}

// A stream opened from one of two paths, each open tested: the copy is of
// either stream. Both modes take the flag.
FILE *open_console_log(const char *path) {
  FILE *out = NULL;
  // CHECK-MESSAGES: :[[@LINE+6]]:5: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+2]]:19: note: 'fopen' makes the descriptor here
  if (path) out = fopen(path, "a");
  if (!out) out = fopen("/dev/console", "a");
  if (out) {
    int ofd = fileno(out);
    fcntl(ofd, F_SETFD, FD_CLOEXEC);
  }
  return out;
}
// CHECK-FIXES: if (path) out = fopen(path, "ae");
// CHECK-FIXES-NEXT:   if (!out) out = fopen("/dev/console", "ae");
// CHECK-FIXES-NEXT:   if (out) {
// CHECK-FIXES-NEXT:   }

// Look-alikes. The flags read back, but set to -1 where another test
// says to skip: the flag call runs on some paths only.
int open_spool_maybe(const char *path, int inherit) {
  int sfd = open(path, O_RDWR);
  if (sfd < 0)
    return -1;
  int fdflags = fcntl(sfd, F_GETFD);
  if (inherit)
    fdflags = -1;
  if (fdflags >= 0)
    fcntl(sfd, F_SETFD, fdflags | FD_CLOEXEC);
  return sfd;
}

// One of the two streams is the caller's standard output.
FILE *open_console_or_stdout(const char *path) {
  FILE *out;
  if (path)
    out = fopen(path, "a");
  else
    out = stdout;
  if (out) {
    int ofd = fileno(out);
    fcntl(ofd, F_SETFD, FD_CLOEXEC);
  }
  return out;
}

// Descriptors kept where servers keep them: a field of a connection, an
// out-parameter, an element of a listener table.
struct conn {
  int fd;
  int events;
};

int conn_open(struct conn *c, int family) {
  c->fd = socket(family, SOCK_STREAM, 0);
  if (c->fd < 0)
    return -1;
  if (fcntl(c->fd, F_SETFD, FD_CLOEXEC) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'socket' makes the descriptor here
    close(c->fd);
    return -1;
  }
  c->events = 0;
  return 0;
}
// CHECK-FIXES: c->fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
// CHECK-FIXES-NEXT:   if (c->fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   c->events = 0;

int open_log_into(const char *path, int *out_fd) {
  *out_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (*out_fd == -1)
    return -errno;
  fcntl(*out_fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-5]]:13: note: 'open' makes the descriptor here
  return 0;
}
// CHECK-FIXES: *out_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT:   if (*out_fd == -1)
// CHECK-FIXES-NEXT:     return -errno;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return 0;

struct listener {
  int fd;
  const char *name;
};

int open_listeners(struct listener *ls, int n) {
  for (int i = 0; i < n; i++) {
    ls[i].fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (ls[i].fd == -1)
      return -1;
    if (fcntl(ls[i].fd, F_SETFD, FD_CLOEXEC) == -1)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
      // CHECK-MESSAGES: :[[@LINE-5]]:16: note: 'socket' makes the descriptor here
      return -1;
  }
  return 0;
}
// CHECK-FIXES: ls[i].fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
// CHECK-FIXES-NEXT:     if (ls[i].fd == -1)
// CHECK-FIXES-NEXT:       return -1;
// CHECK-FIXES-NEXT:   }

// Both ends of a pipe: one finding, one fix for both calls.
int make_wakeup_pipe(int fds[2]) {
  if (pipe(fds) == -1)
    return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'pipe'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'pipe' makes both descriptors here
  // CHECK-MESSAGES: :[[@LINE+1]]:3: note: the same flag for the other descriptor
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
}
// CHECK-FIXES: if (pipe2(fds, O_CLOEXEC) == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return 0;

int make_channel(int channel[2]) {
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, channel) == -1)
    return -1;
  // CHECK-MESSAGES: :[[@LINE+4]]:7: warning: close-on-exec set by a second syscall after 'socketpair'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'socketpair' makes both descriptors here
  // CHECK-MESSAGES: :[[@LINE+3]]:7: note: the same flag for the other descriptor
  // CHECK-MESSAGES: :[[@LINE+1]]:7: note: no automatic fix: its result is used for more than an error check
  if (fcntl(channel[0], F_SETFD, FD_CLOEXEC) == -1 ||
      fcntl(channel[1], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  return 0;
}

// A table of workers in a global, as process managers keep their channels.
struct worker {
  int pid;
  int chan[2];
};
struct worker workers[8];

int start_worker(int s) {
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, workers[s].chan) == -1)
    return -1;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: close-on-exec set by a second syscall after 'socketpair'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'socketpair' makes both descriptors here
  if (fcntl(workers[s].chan[0], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: note: the same flag for the other descriptor
  if (fcntl(workers[s].chan[1], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  workers[s].pid = -1;
  return 0;
}
// CHECK-FIXES: if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, workers[s].chan) == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   workers[s].pid = -1;

// The flag call's test joined to the open's with `||`: the fix drops the
// joined test and keeps the open's.
int open_joined_cloexec(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: close-on-exec set by a second syscall after 'open'
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return -1;

// The same kept in a flag first.
int open_joined_flagged(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  int bad = !!(fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: close-on-exec set by a second syscall after 'open'
  if (bad)
    return -1;
  return fd;
}
// CHECK-FIXES: int bad = !!(fd < 0);

// The flag call's result stored as it is tested and read nowhere else: the
// local goes with the test.
int open_config_stored(const char *path) {
  int rc;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if ((rc = fcntl(fd, F_SETFD, FD_CLOEXEC)) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: close-on-exec set by a second syscall after 'open'
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' makes the descriptor here
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_config_stored(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// An accepted client's flag call, its stored result also returned: flagged,
// the return goes by hand.
int accept_status(int listener, int *client) {
  int rc = 0;
  int c = accept(listener, NULL, NULL);
  if (c < 0)
    return -1;
  if ((rc = fcntl(c, F_SETFD, FD_CLOEXEC)) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: close-on-exec set by a second syscall after 'accept'
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'accept' makes the descriptor here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: no automatic fix: the call's result is also kept in 'rc', which the function uses elsewhere; remove those uses with the call
    close(c);
    return rc;
  }
  *client = c;
  return 0;
}

// ------------------------------------------------------------ must not flag

// The result stored as it is tested, on a descriptor made elsewhere.
int adopt_stored(int fd) {
  int rc;
  if ((rc = fcntl(fd, F_SETFD, FD_CLOEXEC)) == -1)
    return -1;
  return fd;
}

// The result stored as it is tested, clearing the flag for a child.
int open_inherited_stored(const char *path) {
  int rc;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if ((rc = fcntl(fd, F_SETFD, 0)) == -1) {
    close(fd);
    return -1;
  }
  return fd;
}

// A descriptor from the caller.
int mark(int fd) { return fcntl(fd, F_SETFD, FD_CLOEXEC); }

// Clearing the flag before exec.
int keep_for_child(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    fcntl(fd, F_SETFD, 0);
  return fd;
}

// Other fcntl commands: locks, status flags without O_NONBLOCK.
int lock_file(const char *path) {
  int fd = open(path, O_RDWR);
  struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  if (fd >= 0 && fcntl(fd, F_SETLK, &lk) < 0)
    return -1;
  return fd;
}

int set_append(const char *path) {
  int fd = open(path, O_WRONLY);
  int fl = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, fl | O_APPEND);
  return fd;
}

// The fallback for kernels without O_CLOEXEC (EINVAL): that path needs it.
int open_compat(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == EINVAL) {
    fd = open(path, O_RDONLY);
    if (fd >= 0)
      fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  return fd;
}

// Something used the descriptor in between.
int open_and_tell(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  use_fd(fd);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A child is forked before the flag is set: it keeps the descriptor over
// its exec, which the fix would change.
int spawn_with(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/cat", "cat", (char *)NULL);
    _exit(127);
  }
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// dup2 onto a chosen number: dup3 differs when both are the same.
int onto(int fd, int target) {
  int r = dup2(fd, target);
  if (r >= 0)
    fcntl(r, F_SETFD, FD_CLOEXEC);
  return r;
}

// O_NONBLOCK on a dup: the flag belongs to the open file, shared with the
// original, so there is no creating call to give it to.
int nonblocking_copy(int fd) {
  int copy = dup(fd);
  int fl = fcntl(copy, F_GETFL);
  fcntl(copy, F_SETFL, fl | O_NONBLOCK);
  return copy;
}

// The descriptor was copied into a struct before.
int open_conn(struct conn *c, const char *path) {
  int fd = open(path, O_RDWR);
  c->fd = fd;
  return fcntl(fd, F_SETFD, FD_CLOEXEC);
}

// A helper that sets or clears by its argument is not a close-on-exec setter.
static int set_inherit(int fd, int inherit) {
  int fl = fcntl(fd, F_GETFD);
  return fcntl(fd, F_SETFD, inherit ? fl & ~FD_CLOEXEC : fl | FD_CLOEXEC);
}
int open_inherited(const char *path) {
  int fd = open(path, O_RDONLY);
  set_inherit(fd, 1);
  return fd;
}


void conn_init(struct conn *c);

// The connection is handed on between the socket and the flag: the helper
// may have replaced the descriptor.
int conn_open_init(struct conn *c) {
  c->fd = socket(AF_INET, SOCK_STREAM, 0);
  if (c->fd < 0)
    return -1;
  conn_init(c);
  return fcntl(c->fd, F_SETFD, FD_CLOEXEC);
}

// Another connection's descriptor.
int conn_pair(struct conn *a, struct conn *b) {
  a->fd = socket(AF_INET, SOCK_STREAM, 0);
  if (a->fd < 0)
    return -1;
  return fcntl(b->fd, F_SETFD, FD_CLOEXEC);
}

// The index moves between the socket and the flag.
int open_shifted(struct listener *ls) {
  int i = 0;
  ls[i].fd = socket(AF_UNIX, SOCK_STREAM, 0);
  i++;
  return fcntl(ls[i].fd, F_SETFD, FD_CLOEXEC);
}

// The out-parameter's descriptor came from the caller.
int mark_cloexec(int *fdp) { return fcntl(*fdp, F_SETFD, FD_CLOEXEC); }

// The field's address escapes: anything may store into it.
int conn_open_via(struct conn *c, int (*make)(int *)) {
  c->fd = socket(AF_INET, SOCK_STREAM, 0);
  make(&c->fd);
  return fcntl(c->fd, F_SETFD, FD_CLOEXEC);
}

// Another element than the one the pipe made.
int pipe_third(int fds[3]) {
  if (pipe(fds) == -1)
    return -1;
  return fcntl(fds[2], F_SETFD, FD_CLOEXEC);
}

// Only the read end is closed on exec: the write end goes to the child.
int pipe_to_child(int fds[2]) {
  if (pipe(fds) == -1)
    return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  return 0;
}

// Fallbacks for kernels without the flag, where the function also makes
// the descriptor with it on another path (event-loop and cache servers):
// an early return with the flag, a pipe after a failed pipe2, and accept
// after accept4 said ENOSYS.
static int have_sock_cloexec = 1;

int socket_cloexec(int domain, int type, int protocol) {
  int fd;
  if (have_sock_cloexec)
    return socket(domain, type | SOCK_CLOEXEC, protocol);
  if (-1 != (fd = socket(domain, type, protocol)))
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

int pipe_cloexec(int *const fds) {
  if (0 != pipe2(fds, O_CLOEXEC)) {
    if (0 != pipe(fds) || 0 != fcntl(fds[0], F_SETFD, FD_CLOEXEC) ||
        0 != fcntl(fds[1], F_SETFD, FD_CLOEXEC))
      return -1;
  }
  return 0;
}

int accept_nonblocking(int listener) {
  static int use_accept4 = 1;
  int sfd;
  for (;;) {
    if (use_accept4)
      sfd = accept4(listener, NULL, NULL, SOCK_NONBLOCK);
    else
      sfd = accept(listener, NULL, NULL);
    if (sfd == -1 && use_accept4 && errno == ENOSYS) {
      use_accept4 = 0;
      continue;
    }
    break;
  }
  if (sfd == -1)
    return -1;
  if (!use_accept4 &&
      fcntl(sfd, F_SETFL, fcntl(sfd, F_GETFL) | O_NONBLOCK) < 0) {
    close(sfd);
    return -1;
  }
  return sfd;
}

// A function of the program between the socketpair and the fcntl may store
// into the global table (here through a helper defined elsewhere).
int worker_setup(int fd);
int start_worker_with_setup(int s) {
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, workers[s].chan) == -1)
    return -1;
  if (worker_setup(workers[s].chan[0]) == -1)
    return -1;
  if (fcntl(workers[s].chan[0], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  if (fcntl(workers[s].chan[1], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  return 0;
}

// The same without handing it the descriptor: it may still replace it.
void worker_log(const char *what);
int start_worker_logged(int s) {
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, workers[s].chan) == -1)
    return -1;
  worker_log("channel");
  if (fcntl(workers[s].chan[0], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  if (fcntl(workers[s].chan[1], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  return 0;
}

// Another global's channel: not the one the socketpair made.
struct worker spare;
int start_spare(int s) {
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, workers[s].chan) == -1)
    return -1;
  if (fcntl(spare.chan[0], F_SETFD, FD_CLOEXEC) == -1)
    return -1;
  return 0;
}

// Not: non-blocking only when the caller gives a timeout; the others want a
// blocking connect.
int dial(const struct sockaddr *addr, socklen_t len, int timeout_ms) {
  int sd = socket(AF_INET, SOCK_STREAM, 0);
  if (sd == -1)
    return -1;
  if (timeout_ms >= 0) {
    if (fcntl(sd, F_SETFL, O_NONBLOCK) < 0) {
      close(sd);
      return -1;
    }
  }
  if (connect(sd, addr, len) != 0 && errno != EINPROGRESS) {
    close(sd);
    return -1;
  }
  return sd;
}

// Not: close-on-exec only for a descriptor the caller does not pass on.
int open_shared(const char *path, int keep_for_child) {
  int fd = open(path, O_RDONLY);
  if (fd >= 0 && !keep_for_child)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// The flags read back, and close-on-exec set only when it is missing: the
// test reads what was asked of the descriptor, so the set runs whenever the
// open worked.
FILE *open_script(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd == -1)
    return NULL;
  {
    int fl = fcntl(fd, F_GETFD);
    if (fl >= 0 && (fl & FD_CLOEXEC) == 0)
      (void)fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-8]]:12: note: 'open' makes the descriptor here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: no automatic fix: the 'if' around it tests more than the descriptor
  }
  return fdopen(fd, "r");
}

// A swap file: -1 on the path that refused to open, the open on the other.
// The test of the descriptor rules the -1 out before the flag call.
struct memfile {
  char *name;
  int fd;
};
void refuse(const char *why);
void memfile_open(struct memfile *mf, char *name, int flags) {
  struct stat st;
  if ((flags & O_CREAT) && lstat(name, &st) >= 0) {
    mf->fd = -1;
    refuse("exists");
  } else {
    flags |= O_NOFOLLOW;
    mf->fd = open(name, flags, 0600);
  }
  if (mf->fd < 0) {
    free(name);
    mf->name = NULL;
  } else {
    int fl = fcntl(mf->fd, F_GETFD);
    if (fl >= 0 && (fl & FD_CLOEXEC) == 0)
      (void)fcntl(mf->fd, F_SETFD, fl | FD_CLOEXEC);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-10]]:14: note: 'open' makes the descriptor here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: no automatic fix: the 'if' around it tests more than the descriptor
    mf->name = name;
  }
}

int open_unless_created(const char *name, int flags) {
  int fd;
  if (flags & O_TRUNC)
    fd = -1;
  else
    fd = open(name, flags);
  if (fd != -1)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-4]]:10: note: 'open' makes the descriptor here
  return fd;
}
// CHECK-FIXES: fd = open(name, flags | O_CLOEXEC);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return fd;

// Not: the test lets the other value through (0 is a descriptor, and it
// was not opened here).
int open_or_stdin(const char *name) {
  int fd;
  if (name == NULL)
    fd = 0;
  else
    fd = open(name, O_RDONLY);
  if (fd >= 0)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// Not: the test rules out -1, and -2 reaches it too.
int open_after_test(const char *name, int keep) {
  int fd = -1;
  if (fd < 0 && keep)
    fd = open(name, O_RDONLY);
  if (!keep)
    fd = -2;
  if (fd != -1)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// Not: another variable is tested.
int open_tested_elsewhere(const char *name, int ok) {
  int fd = -1;
  if (ok)
    fd = open(name, O_RDONLY);
  if (ok >= 0)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// Not: -1 is true too.
int open_truth_test(const char *name, int ok) {
  int fd = -1;
  if (ok)
    fd = open(name, O_RDONLY);
  if (fd)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A descriptor kept in a global, made and marked in one function.
static int trace_fd = -1;
int shared_log_fd = -1;
void note_failure(const char *what);
int prepare_log(void);

void open_trace(const char *path) {
  char name[64];
  snprintf(name, sizeof name, "%s.%ld", path, (long)getpid());
  trace_fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (trace_fd < 0)
    return;
  fcntl(trace_fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-5]]:14: note: 'open' makes the descriptor here
}
// CHECK-FIXES: trace_fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT:   if (trace_fd < 0)
// CHECK-FIXES-NEXT:     return;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: }

void open_shared_log(const char *path) {
  shared_log_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (shared_log_fd != -1 && fcntl(shared_log_fd, F_SETFD, FD_CLOEXEC) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: 'open' makes the descriptor here
    // CHECK-MESSAGES: :[[@LINE-3]]:30: note: no automatic fix: its result is used for more than an error check
    note_failure("fcntl");
}

// Not: a function of the program runs between, and may change the global
// (or fork and exec with it open).
void open_shared_log_prepared(const char *path) {
  shared_log_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (shared_log_fd < 0 || prepare_log() != 0)
    return;
  fcntl(shared_log_fd, F_SETFD, FD_CLOEXEC);
}

// Not: the global was opened in another function.
void mark_shared_log(void) {
  if (shared_log_fd >= 0)
    fcntl(shared_log_fd, F_SETFD, FD_CLOEXEC);
}

// Not: the joined test is of a descriptor the caller gave.
int set_joined_given(int fd) {
  if (fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    return -1;
  return fd;
}

// Not: the flag call is on the other descriptor of a joined test.
int open_joined_other(const char *path, int sock) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 || fcntl(sock, F_SETFD, FD_CLOEXEC) < 0)
    return -1;
  return fd;
}

// Under an #if for systems whose open lacks the flag: the fallback is the
// author's to keep or drop, so the finding says so and gives no fix.
int open_config_portable(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
#ifndef HAVE_O_CLOEXEC_IN_OPEN
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'open' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: no automatic fix: it sits under an #if for systems without the flag
#endif
  return fd;
}
// CHECK-FIXES: int open_config_portable(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDONLY);
// CHECK-FIXES: fcntl(fd, F_SETFD, FD_CLOEXEC);

int accept_portable(int listener) {
  int c = accept(listener, NULL, NULL);
  if (c < 0)
    return -1;
#if !defined(HAVE_ACCEPT4) || !defined(SOCK_NONBLOCK_WORKS)
  ioctl(c, FIOCLEX);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'accept'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:11: note: 'accept' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: no automatic fix: it sits under an #if for systems without the flag
#endif
  return c;
}
// CHECK-FIXES: int accept_portable(int listener) {
// CHECK-FIXES-NEXT: int c = accept(listener, NULL, NULL);
// CHECK-FIXES: ioctl(c, FIOCLEX);

// An #if that names no flag is no fallback: the fix stands.
int open_config_traced(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
#ifndef NO_TRACE
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'open' makes the descriptor here
#endif
  return fd;
}
// CHECK-FIXES: int open_config_traced(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: #ifndef NO_TRACE
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: #endif

// A static only one function stores into, opened once and marked on every
// call: on entry it holds what an earlier call opened and marked, or -1.
static int spool_fd = -1;

static int spool_open(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+5]]:5: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+2]]:16: note: 'open' makes the descriptor here
  if (spool_fd < 0)
    spool_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (spool_fd >= 0)
    fcntl(spool_fd, F_SETFD, FD_CLOEXEC);
  return spool_fd;
}
// CHECK-FIXES: spool_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: {{^}}  return spool_fd;

int spool_write(const char *path, const char *line, size_t len) {
  int fd = spool_open(path);
  return fd < 0 ? -1 : (int)write(fd, line, len);
}

// The same for a stream opened on one of two paths, copied, its flags read
// back and the answer kept; a helper of this file that does not reach the
// opener runs first.
static FILE *debug_out = NULL;
static int debug_ready;

static char *debug_path(void) {
  return getuid() == geteuid() ? getenv("APP_DEBUG_FILE") : NULL;
}

static void debug_init(void) {
  char *path;
  if (debug_ready)
    return;
  debug_ready = 1;
  path = debug_path();
  if (path)
    debug_out = fopen(path, "a");
  if (!debug_out)
    debug_out = fopen("/dev/tty", "a");
  // CHECK-MESSAGES: :[[@LINE+7]]:16: warning: close-on-exec set by a second syscall after 'fopen'; mode "e" in the call {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: 'fopen' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE+5]]:16: note: no automatic fix: its result is used for more than an error check
  if (debug_out) {
    int dfd = fileno(debug_out);
    int dflags = fcntl(dfd, F_GETFD);
    if (dflags >= 0)
      dflags = fcntl(dfd, F_SETFD, dflags | FD_CLOEXEC);
    if (dflags < 0) {
      fclose(debug_out);
      debug_out = NULL;
    }
  }
}

void debug_note(const char *what) {
  debug_init();
  if (debug_out)
    fprintf(debug_out, "%s\n", what);
}

// Look-alikes. Zero-initialised, the static holds descriptor 0 on entry,
// which no call here made: without a path, standard input gets the flag.
static int input_fd;

static void input_open(const char *path) {
  if (path)
    input_fd = open(path, O_RDONLY);
  fcntl(input_fd, F_SETFD, FD_CLOEXEC);
}

void input_start(const char *path) { input_open(path); }

// A store whose descriptor only a later call marks: the quick path hands
// it out unmarked first.
static int late_fd = -1;

int late_open(const char *path, int quick) {
  if (quick) {
    late_fd = open(path, O_RDONLY);
    return late_fd;
  }
  if (late_fd < 0)
    late_fd = open(path, O_RDONLY);
  if (late_fd >= 0)
    fcntl(late_fd, F_SETFD, FD_CLOEXEC);
  return late_fd;
}

// A helper between the open and the flag call runs the writer again, which
// stores a descriptor it never marks.
static int relay_fd = -1;
static void relay_reset(void);

static void relay_open(int how, const char *path) {
  if (how == 1) {
    relay_fd = open(path, O_RDONLY);
    relay_reset();
    fcntl(relay_fd, F_SETFD, FD_CLOEXEC);
    return;
  }
  relay_fd = dup(0);
}

static void relay_reset(void) { relay_open(2, NULL); }

void relay_start(const char *path) { relay_open(1, path); }

// Two functions store into the static: the other adopts a caller's
// descriptor, which the flag call then marks.
static int sink_fd = -1;

static int sink_open(const char *path) {
  if (sink_fd < 0)
    sink_fd = open(path, O_WRONLY);
  if (sink_fd >= 0)
    fcntl(sink_fd, F_SETFD, FD_CLOEXEC);
  return sink_fd;
}

void sink_adopt(int fd) { sink_fd = fd; }
int sink_start(const char *path) { return sink_open(path); }

// The static's address goes to another unit, which may store anything.
static int hold_fd = -1;
void register_descriptor(int *where);

static int hold_open(const char *path) {
  if (hold_fd < 0)
    hold_fd = open(path, O_RDONLY);
  if (hold_fd >= 0)
    fcntl(hold_fd, F_SETFD, FD_CLOEXEC);
  return hold_fd;
}

int hold_start(const char *path) {
  register_descriptor(&hold_fd);
  return hold_open(path);
}

// A global of the program: another unit may store into it.
int shared_spool_fd = -1;

int shared_spool_open(const char *path) {
  if (shared_spool_fd < 0)
    shared_spool_fd = open(path, O_WRONLY | O_APPEND);
  if (shared_spool_fd >= 0)
    fcntl(shared_spool_fd, F_SETFD, FD_CLOEXEC);
  return shared_spool_fd;
}

// A descriptor copied from another place: into the caller's record, or into
// a second local. The copy's source holds at the flag call what it held at
// the copy.
struct peer {
  int fd;
  int events;
};

int peer_connect(struct peer *p, const struct sockaddr *sa, socklen_t len) {
  // CHECK-MESSAGES: :[[@LINE+6]]:7: warning: O_NONBLOCK set by more syscalls after 'socket'; SOCK_NONBLOCK {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:11: note: 'socket' makes the descriptor here
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  p->fd = s;
  if (fcntl(p->fd, F_SETFL, O_NONBLOCK) < 0) {
    close(s);
    return -1;
  }
  return connect(p->fd, sa, len);
}
// CHECK-FIXES: int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
// CHECK-FIXES-NEXT: if (s < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: p->fd = s;
// CHECK-FIXES-NEXT: return connect(p->fd, sa, len);

int open_marked_copy(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+6]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:13: note: 'open' makes the descriptor here
  int raw = open(path, O_RDONLY);
  if (raw < 0)
    return -1;
  int marked = raw;
  fcntl(marked, F_SETFD, FD_CLOEXEC);
  return raw;
}
// CHECK-FIXES: int raw = open(path, O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-NEXT: if (raw < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return raw;

// Look-alikes. The source replaced between the copy and the flag call: the
// flag goes to the first descriptor, the second one's open would change.
int open_then_replace(const char *path, const char *spare) {
  int cur = open(path, O_RDONLY);
  int first = cur;
  cur = open(spare, O_RDONLY);
  fcntl(first, F_SETFD, FD_CLOEXEC);
  return cur;
}

// The source handed to a function of the program after the copy, which may
// fork and exec with it.
void peer_register(int fd);

int open_registered(const char *path) {
  int raw = open(path, O_RDONLY);
  int marked = raw;
  peer_register(raw);
  fcntl(marked, F_SETFD, FD_CLOEXEC);
  return marked;
}

// A copy of the caller's descriptor.
int peer_adopt(struct peer *p) {
  int fd = p->fd;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A function's own static, opened on the first call and marked on each.
int journal_descriptor(const char *path) {
  static int fd = -1;
  // CHECK-MESSAGES: :[[@LINE+5]]:5: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+2]]:10: note: 'open' makes the descriptor here
  if (fd < 0)
    fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd >= 0)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
// CHECK-FIXES: fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: {{^}}  return fd;

// Look-alikes: the function's static handed out by address, which the
// other unit may fill; and one left 0 (standard input) until a path comes.
int journal_shared(const char *path) {
  static int fd = -1;
  register_descriptor(&fd);
  if (fd < 0)
    fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd >= 0)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

int journal_or_input(const char *path) {
  static int fd;
  if (path)
    fd = open(path, O_RDONLY);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A pipe in a record that a thread is then started on: the address taken
// is of another field, which cannot alter the pipe's.
struct lookup {
  int pipe[2];
  pthread_t thread;
};
void *resolve_in_thread(void *arg);

void lookup_start(struct lookup *job) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: close-on-exec set by a second syscall after 'pipe'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+2]]:7: note: 'pipe' makes both descriptors here
  // CHECK-MESSAGES: :[[@LINE+4]]:3: note: the same flag for the other descriptor
  if (pipe(job->pipe))
    abort();
  fcntl(job->pipe[0], F_SETFD, FD_CLOEXEC);
  fcntl(job->pipe[1], F_SETFD, FD_CLOEXEC);
  if (pthread_create(&job->thread, NULL, resolve_in_thread, job))
    abort();
}
// CHECK-FIXES: if (pipe2(job->pipe, O_CLOEXEC))
// CHECK-FIXES-NEXT: abort();
// CHECK-FIXES-NEXT: if (pthread_create(&job->thread, NULL, resolve_in_thread, job))

// Look-alike: the address of a pipe's descriptor goes to a function of the
// program, which may put another one there.
void watch_descriptor(int *fd);

void lookup_watched(struct lookup *job) {
  if (pipe(job->pipe))
    abort();
  watch_descriptor(&job->pipe[0]);
  fcntl(job->pipe[0], F_SETFD, FD_CLOEXEC);
  fcntl(job->pipe[1], F_SETFD, FD_CLOEXEC);
}

// The descriptor's address handed on after the flag call: nothing can
// store through it before it is taken.
void listener_keep(int *fd);

int listen_and_keep(void) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:11: note: 'socket' makes the descriptor here
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  fcntl(s, F_SETFD, FD_CLOEXEC);
  listener_keep(&s);
  return s;
}
// CHECK-FIXES: int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
// CHECK-FIXES-NEXT: if (s < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: listener_keep(&s);

// Look-alikes: the address handed on before the flag call, and kept in a
// pointer before the socket is made, through which a call between may
// store another descriptor.
void listener_reopen(int *fd);

int keep_then_mark(void) {
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  listener_keep(&s);
  fcntl(s, F_SETFD, FD_CLOEXEC);
  return s;
}

int mark_through_slot(void) {
  int s;
  int *slot = &s;
  s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  listener_reopen(slot);
  fcntl(s, F_SETFD, FD_CLOEXEC);
  return s;
}
