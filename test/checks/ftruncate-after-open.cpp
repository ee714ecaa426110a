// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-ftruncate-after-open %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, exceptions, members, templates.

#include <fcntl.h>
#include <string>
#include <system_error>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

class Snapshot {
public:
  static int create(const std::string &path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
      throw std::system_error(errno, std::generic_category(), path);
    if (::ftruncate(fd, 0) != 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
      // CHECK-MESSAGES: :[[@LINE-5]]:14: note: 'open' opens the file here
      throw std::system_error(errno, std::generic_category(), "ftruncate");
    return fd;
  }
};
// CHECK-FIXES: throw std::system_error(errno, std::generic_category(), path);
// CHECK-FIXES-NEXT:     return fd;

// ------------------------------------------------------------ must not flag

// The descriptor is a member, set elsewhere.
class Log {
  int fd_ = -1;

public:
  void reset() { ::ftruncate(fd_, 0); }
};

// A template's open comes from its argument.
template <typename Opener> int reopen(Opener open_it) {
  int fd = open_it();
  ::ftruncate(fd, 0);
  return fd;
}
int use_reopen() {
  return reopen([] { return ::open("/tmp/x", O_WRONLY); });
}

// Written first, then emptied: a reset, not a redundancy.
int rewrite(const std::string &path, const std::string &text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (::write(fd, text.data(), text.size()) < 0 || ::ftruncate(fd, 0) != 0)
    return -1;
  return fd;
}
