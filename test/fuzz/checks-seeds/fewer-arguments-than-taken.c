// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fuzzer once crashed here: a call that passes fewer arguments than
// its maker takes, whose fix-it read an argument that is not there.

// Flag helpers of the project, known by their bodies: they read the flags
// back, set one, and on a failed fcntl close the descriptor and fail.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#define INVALID_SOCKET -1
#define ERR_ERRNO 14

// The caller's socket, through a pointer: closed and cleared on failure.
static int socket_nonblock(int *sock) {
  int opt;
  opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1) {
    close(*sock);
    *sock = INVALID_SOCKET;
    return ERR_ERRNO;
  }
  if (fcntl(*sock, F_SETFL, opt | O_NONBLOCK) == -1) {
    close(*sock);
    *sock = INVALID_SOCKET;
    return ERR_ERRNO;
  }
  return 0;
}

static int set_cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  if (flags < 0)
    return -1;
  return fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

// Sets or clears the flag by its second argument (0: non-blocking).
static void set_blocking(int fd, int state) {
  int mode;
  if ((mode = fcntl(fd, F_GETFL)) != -1) {
    if (!state)
      mode |= O_NONBLOCK;
    else
      mode &= ~O_NONBLOCK;
    fcntl(fd, F_SETFL, mode);
  }
}

// The same with the test the other way round (1: non-blocking).
static void set_nonblocking_to(int fd, int on) {
  int fl = fcntl(fd, F_GETFL, 0);
  if (fl < 0)
    return;
  if (on != 0)
    fl |= O_NONBLOCK;
  else
    fl &= ~O_NONBLOCK;
  fcntl(fd, F_SETFL, fl);
}

void log_msg(const char *what);

// ---------------------------------------------------------------- must flag

// A server's accept of each client, made non-blocking by the helper.
int accept_client(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  if (socket_nonblock(&s)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: O_NONBLOCK set by more syscalls after 'accept'; SOCK_NONBLOCK in the call that makes the descriptor saves them [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'accept' makes the descriptor here
    return -1;
  }
  return s;
}
// CHECK-FIXES: int s = accept4(listener, NULL, 0, SOCK_NONBLOCK);
// CHECK-FIXES-NEXT: if (s == INVALID_SOCKET)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return s;

// Both ends of a socket pair, one helper call each: one finding.
int make_pair(int *r, int *w) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == -1)
    return ERR_ERRNO;
  if (socket_nonblock(&sv[0])) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: O_NONBLOCK set by more syscalls after 'socketpair'; SOCK_NONBLOCK in the call that makes the descriptor saves them [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'socketpair' makes both descriptors here
    // CHECK-MESSAGES: :[[@LINE+4]]:7: note: the same flag for the other descriptor
    close(sv[1]);
    return ERR_ERRNO;
  }
  if (socket_nonblock(&sv[1])) {
    close(sv[0]);
    return ERR_ERRNO;
  }
  *r = sv[0];
  *w = sv[1];
  return 0;
}
// CHECK-FIXES: if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv) == -1)
// CHECK-FIXES-NEXT: return ERR_ERRNO;
// CHECK-FIXES-NEXT: *r = sv[0];

// A helper that takes the descriptor itself.
int listen_on(void) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  if (set_cloexec(s) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC in the call {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'socket' makes the descriptor here
    close(s);
    return -1;
  }
  return s;
}
// CHECK-FIXES: int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

// The server's listening socket, made non-blocking by the helper's 0.
int listen_local(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_blocking(fd, 0);
  return fd;
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: O_NONBLOCK set by more syscalls after 'socket'; SOCK_NONBLOCK in the call that makes the descriptor saves them [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'socket' makes the descriptor here
}
// CHECK-FIXES: int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
// CHECK-FIXES-NEXT: if (fd == -1)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return fd;

// The helper whose 1 sets the flag.
int accept_peer(int listener) {
  int fd = accept(listener NULL, 0);
  if (fd < 0)
    return -1;
  set_nonblocking_to(fd, 1);
  return fd;
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: O_NONBLOCK set by more syscalls after 'accept'; {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'accept' makes the descriptor here
}
// CHECK-FIXES: int fd = accept4(listener, NULL, 0, SOCK_NONBLOCK);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return fd;

// Calls that neither flag changes between the socket and the helper: an
// option set, and a listening socket's bind and listen.
int accept_keepalive(int listener) {
  int one = 1;
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
  if (socket_nonblock(&s))
    return -1;
  return s;
  // CHECK-MESSAGES: :[[@LINE-3]]:7: warning: O_NONBLOCK set by more syscalls after 'accept'; {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-8]]:11: note: 'accept' makes the descriptor here
}
// CHECK-FIXES: int s = accept4(listener, NULL, 0, SOCK_NONBLOCK);
// CHECK-FIXES-NEXT: if (s == INVALID_SOCKET)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
// CHECK-FIXES-NEXT: return s;

int listen_at(const struct sockaddr *at, socklen_t len) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  if (bind(fd, at, len) == -1 || listen(fd, 128) == -1) {
    close(fd);
    return -1;
  }
  set_blocking(fd, 0);
  return fd;
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: O_NONBLOCK set by more syscalls after 'socket'; {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-10]]:12: note: 'socket' makes the descriptor here
}
// CHECK-FIXES: int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
// CHECK-FIXES: if (bind(fd, at, len) == -1 || listen(fd, 128) == -1) {
// CHECK-FIXES-NEXT: close(fd);
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: return fd;

// A function that sets the flag before anything else, then does more: the
// finding has no fix here (its other callers may want it blocking).
struct conn {
  int fd;
};
struct conn *conn_create(int fd) {
  struct conn *c;
  set_blocking(fd, 0);
  c = calloc(1, sizeof *c);
  if (c != NULL)
    c->fd = fd;
  return c;
}
struct conn *accept_conn(int listener) {
  int fd = accept(listener, NULL, 0);
  if (fd == -1)
    return NULL;
  return conn_create(fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_NONBLOCK set by more syscalls after 'accept'; {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'accept' makes the descriptor here
  // CHECK-MESSAGES: :[[@LINE-3]]:22: note: no automatic fix: 'conn_create' sets it before anything else; with the flag here, the call that sets it there can go when every caller of 'conn_create' makes the descriptor so
}

// ------------------------------------------------------------ must not flag

// The helper also logs on success: dropping its call would lose that.
static int socket_nonblock_logged(int *sock) {
  int opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1)
    return ERR_ERRNO;
  if (fcntl(*sock, F_SETFL, opt | O_NONBLOCK) == -1)
    return ERR_ERRNO;
  log_msg("non-blocking");
  return 0;
}
int accept_logged(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET || socket_nonblock_logged(&s))
    return -1;
  return s;
}

// A helper that clears the flag.
static int socket_blocking(int *sock) {
  int opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1)
    return ERR_ERRNO;
  return fcntl(*sock, F_SETFL, opt & ~O_NONBLOCK) == -1 ? ERR_ERRNO : 0;
}
int accept_blocking(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET || socket_blocking(&s))
    return -1;
  return s;
}

// A helper whose flag depends on its argument.
static int socket_mode(int *sock, int nonblocking) {
  int opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1)
    return ERR_ERRNO;
  return fcntl(*sock, F_SETFL, nonblocking ? opt | O_NONBLOCK : opt) == -1;
}
int accept_mode(int listener, int nonblocking) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET || socket_mode(&s, nonblocking))
    return -1;
  return s;
}

// The helper keeps the socket on success (a connection table).
static int registered[64];
static int socket_register(int *sock) {
  int opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1 || fcntl(*sock, F_SETFL, opt | O_NONBLOCK) == -1)
    return ERR_ERRNO;
  registered[*sock % 64] = *sock;
  return 0;
}
int accept_registered(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET || socket_register(&s))
    return -1;
  return s;
}

// The socket is read between the accept and the helper: that read waits
// for the peer, and would not with the flag.
int accept_greeted(int listener) {
  char hello;
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  if (read(s, &hello, 1) != 1 || socket_nonblock(&s))
    return -1;
  return s;
}

// A connect between the socket and the helper: it would not wait.
int connect_then_nonblock(const struct sockaddr *to, socklen_t len) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  if (connect(fd, to, len) == -1) {
    close(fd);
    return -1;
  }
  set_blocking(fd, 0);
  return fd;
}

// A descriptor the caller made: not this function's to make differently.
int adopt(int *sock) { return socket_nonblock(sock); }

// Only one end of the pair is made non-blocking.
int make_half_pair(int *r, int *w) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == -1)
    return ERR_ERRNO;
  if (socket_nonblock(&sv[0])) {
    close(sv[1]);
    return ERR_ERRNO;
  }
  *r = sv[0];
  *w = sv[1];
  return 0;
}

// The helper's argument makes the socket blocking.
int listen_blocking(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_blocking(fd, 1);
  return fd;
}

// The mode comes from the caller: not known here.
int listen_as(int state) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_blocking(fd, state);
  return fd;
}

// The flag depends on a setting of the program, not on an argument.
static int prefer_blocking;
static void set_blocking_by_setting(int fd, int unused) {
  int mode = fcntl(fd, F_GETFL);
  if (mode == -1)
    return;
  if (!prefer_blocking)
    mode |= O_NONBLOCK;
  fcntl(fd, F_SETFL, mode);
}
int listen_by_setting(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_blocking_by_setting(fd, 0);
  return fd;
}

// The helper sets the flag on the branch its 0 does not take.
static void set_blocking_inverted(int fd, int state) {
  int mode = fcntl(fd, F_GETFL);
  if (mode == -1)
    return;
  if (state == 0)
    mode &= ~O_NONBLOCK;
  else
    mode |= O_NONBLOCK;
  fcntl(fd, F_SETFL, mode);
}
int listen_inverted(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_blocking_inverted(fd, 0);
  return fd;
}

// The flags come from the caller, not read back from the descriptor.
static void set_flags_to(int fd, int flags, int block) {
  int mode = flags;
  if (!block)
    mode |= O_NONBLOCK;
  fcntl(fd, F_SETFL, mode);
}
int listen_with_flags(int flags) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  set_flags_to(fd, flags, 0);
  return fd;
}

// Functions that do something with the descriptor before the flag, that
// may return first, that set it on some paths, or that make it blocking.
struct conn *conn_greet(int fd) {
  write(fd, "+OK\r\n", 5);
  set_blocking(fd, 0);
  return NULL;
}
struct conn *conn_limited(int fd, int full) {
  if (full)
    return NULL;
  set_blocking(fd, 0);
  return NULL;
}
struct conn *conn_maybe(int fd, int nonblocking) {
  if (nonblocking)
    set_blocking(fd, 0);
  return NULL;
}
struct conn *conn_blocking(int fd) {
  set_blocking(fd, 1);
  return NULL;
}
void accept_others(int listener, int full) {
  int a = accept(listener, NULL, 0);
  if (a != -1)
    conn_greet(a);
  int b = accept(listener, NULL, 0);
  if (b != -1)
    conn_limited(b, full);
  int c = accept(listener, NULL, 0);
  if (c != -1)
    conn_maybe(c, full);
  int d = accept(listener, NULL, 0);
  if (d != -1)
    conn_blocking(d);
}

// Flags declared with a placeholder and read back later, and failure
// branches that log through a macro the build compiles out: still only
// the flag on the way to success.
#define HELPER_DEBUG 0
void log_line(const char *fmt, ...);
#define DEBUG_LINE(...)                                                        \
  do {                                                                         \
    if (HELPER_DEBUG)                                                          \
      log_line(__VA_ARGS__);                                                   \
  } while (0)
void fatal(const char *why) __attribute__((noreturn));

static void make_nonblocking(int fd) {
  int fl = 0;
  fl = fcntl(fd, F_GETFL, 0);
  if (fl == -1)
    fatal("F_GETFL");
  if (fcntl(fd, F_SETFL, fl | O_NONBLOCK) == -1)
    fatal("F_SETFL");
}

static int mark_cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  if (flags == -1) {
    DEBUG_LINE("F_GETFD failed on %d", fd);
    return 0;
  }
  flags |= FD_CLOEXEC;
  if (fcntl(fd, F_SETFD, flags) < 0) {
    DEBUG_LINE("F_SETFD failed on %d", fd);
    return 0;
  }
  return 1;
}

// A failure branch that goes on for one errno: taken only when the set
// failed, whatever it does.
static void set_nonblocking_quiet(int fd) {
  int fl = 0;
  fl = fcntl(fd, F_GETFL, 0);
  if (fl == -1)
    fatal("F_GETFL");
  if (fcntl(fd, F_SETFL, fl | O_NONBLOCK) == -1) {
    if (errno == ENODEV) {
      DEBUG_LINE("ignoring ENODEV on %d", fd);
    } else {
      fatal("F_SETFL");
    }
  }
}

int forward_listen(void) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: O_NONBLOCK set by more syscalls after 'socket'; SOCK_NONBLOCK {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:11: note: 'socket' makes the descriptor here
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  make_nonblocking(s);
  return s;
}
// CHECK-FIXES: int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
// CHECK-FIXES-NEXT: if (s < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return s;

int agent_listen(void) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: O_NONBLOCK set by more syscalls after 'socket'; SOCK_NONBLOCK {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:11: note: 'socket' makes the descriptor here
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  set_nonblocking_quiet(s);
  return s;
}
// CHECK-FIXES: int s = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
// CHECK-FIXES-NEXT: if (s < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return s;

int open_state_file(const char *path) {
  int fd = open(path, O_RDWR);
  if (fd < 0)
    return -1;
  mark_cloexec(fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' makes the descriptor here
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_RDWR | O_CLOEXEC);

// Look-alikes: the placeholder still reaches the test of the read-back on
// one path (the read is made only when asked), and a test that a success
// passes too (no flags set is an answer): the log is on the way to success.
static void maybe_nonblocking(int fd, int ask) {
  int fl = 0;
  if (ask)
    fl = fcntl(fd, F_GETFL, 0);
  if (fl == 0)
    log_line("no flags read on %d", fd);
  fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static void nonblocking_or_report(int fd) {
  int fl = 0;
  fl = fcntl(f