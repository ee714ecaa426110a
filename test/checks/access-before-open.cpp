// RUN: %check_syscall_tidy %s syscall-access-before-open %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, std::string paths, exceptions, std::fopen.

#include <cstdio>
#include <fcntl.h>
#include <string>
#include <system_error>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

int open_or_throw(const std::string &path) {
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'access' before 'open' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:12: note: 'open' of the same path here
  if (::access(path.c_str(), R_OK) != 0)
    throw std::system_error(errno, std::generic_category(), path);
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  return fd;
}
// CHECK-FIXES: int open_or_throw(const std::string &path) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   int fd = ::open(path.c_str(), O_RDONLY);

// ------------------------------------------------------------ must not flag

// Different exceptions: the caller learns which step failed.
int open_explained(const std::string &path) {
  if (::access(path.c_str(), F_OK) != 0)
    throw std::runtime_error("missing: " + path);
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  return fd;
}

// std::fopen with "a" creates the file the test found missing.
std::FILE *open_journal(const std::string &path) {
  if (::access(path.c_str(), W_OK) != 0)
    return nullptr;
  std::FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return nullptr;
  return f;
}
