// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, member functions, RAII wrappers, lambdas.

#include <fcntl.h>
#include <string>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

class Listener {
public:
  int open() {
    int s = ::socket(AF_INET6, SOCK_STREAM, 0);
    if (s < 0)
      throw std::system_error(errno, std::generic_category(), "socket");
    if (::fcntl(s, F_SETFD, FD_CLOEXEC) < 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
      // CHECK-MESSAGES: :[[@LINE-5]]:13: note: 'socket' makes the descriptor here
      ::close(s);
      throw std::system_error(errno, std::generic_category(), "fcntl");
    }
    return s;
  }
};
// CHECK-FIXES: int s = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
// CHECK-FIXES-NEXT:     if (s < 0)
// CHECK-FIXES-NEXT:       throw std::system_error(errno, std::generic_category(), "socket");
// CHECK-FIXES-NEXT:     return s;

int open_file(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd >= 0)
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: 'open' makes the descriptor here
  return fd;
}
// CHECK-FIXES: int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}  return fd;

// The descriptor a member, as RAII wrappers keep it.
class EventFd {
public:
  bool open() {
    fd_ = ::socket(AF_UNIX, SOCK_DGRAM, 0);
    if (fd_ < 0)
      return false;
    ::fcntl(fd_, F_SETFD, FD_CLOEXEC);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: close-on-exec set by a second syscall after 'socket'; SOCK_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'socket' makes the descriptor here
    return true;
  }
  // CHECK-FIXES: fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  // CHECK-FIXES-NEXT:     if (fd_ < 0)
  // CHECK-FIXES-NEXT:       return false;
  // CHECK-FIXES-EMPTY:
  // CHECK-FIXES-EMPTY:
  // CHECK-FIXES-NEXT:     return true;

  // Not flagged: reset() may replace the member between the two calls.
  bool reopen() {
    fd_ = ::socket(AF_UNIX, SOCK_DGRAM, 0);
    reset();
    return ::fcntl(fd_, F_SETFD, FD_CLOEXEC) == 0;
  }
  void reset();

private:
  int fd_ = -1;
};

// ------------------------------------------------------------ must not flag

// A member that holds the descriptor: not a local of this function.
class Conn {
  int fd_ = -1;

public:
  void adopt(int fd) {
    fd_ = fd;
    ::fcntl(fd_, F_SETFD, FD_CLOEXEC);
  }
};

// Inside a lambda: matched as a function of its own, where fd is captured.
int open_lazily(const char *path) {
  int fd = ::open(path, O_RDONLY);
  auto mark = [fd] { return ::fcntl(fd, F_SETFD, FD_CLOEXEC); };
  return mark() < 0 ? -1 : fd;
}

// A template: one instantiation's descriptor says nothing about another's.
template <typename Opener> int open_with(Opener open_it) {
  int fd = open_it();
  ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
int use_template() {
  return open_with([] { return ::open("/dev/null", O_RDONLY); });
}
