// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t -- -D_GNU_SOURCE -Wall

// Flag helpers of the project, known by their bodies: they read the flags
// back, set one, and on a failed fcntl close the descriptor and fail.
#include <fcntl.h>
#include <stdio.h>
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

// The socket is used between the accept and the helper.
int accept_nodelay(int listener) {
  int one = 1;
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
  if (socket_nonblock(&s))
    return -1;
  return s;
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
