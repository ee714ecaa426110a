// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-seek-for-size %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, std::string paths, exceptions, members.

#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

std::vector<char> read_all(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  off_t size = ::lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'lseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  if (::lseek(fd, 0, SEEK_SET) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'lseek' back to the start here
    ::close(fd);
    throw std::system_error(errno, std::generic_category(), "lseek");
  }
  std::vector<char> data(size > 0 ? size : 0);
  ssize_t n = ::read(fd, data.data(), data.size());
  ::close(fd);
  if (n != size)
    data.clear();
  return data;
}
// CHECK-FIXES: struct stat size_st;
// CHECK-FIXES-NEXT:   off_t size = fstat(fd, &size_st) == 0 ? size_st.st_size : -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   std::vector<char> data(size > 0 ? size : 0);

// ------------------------------------------------------------ must not flag

// The descriptor is a member.
class Mapped {
  int fd_ = -1;

public:
  off_t length() {
    off_t n = ::lseek(fd_, 0, SEEK_END);
    ::lseek(fd_, 0, SEEK_SET);
    return n;
  }
};

// In a template, the descriptor comes from the argument.
template <typename Opener> off_t length_of(Opener open_it) {
  int fd = open_it();
  off_t n = ::lseek(fd, 0, SEEK_END);
  ::lseek(fd, 0, SEEK_SET);
  return n;
}
off_t use_length() {
  return length_of([] { return ::open("/etc/hosts", O_RDONLY); });
}
