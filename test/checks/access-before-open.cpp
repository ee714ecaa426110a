// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-access-before-open %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, std::string paths, exceptions, std::fopen.

#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
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

// A stat as the existence test, the buffer declared in the block.
std::FILE *open_manifest(const std::string &dir) {
  const std::string path = dir + "/MANIFEST";
  struct stat st;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'stat' before 'fopen' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:18: note: 'fopen' of the same path here
  if (::stat(path.c_str(), &st) != 0)
    return nullptr;
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (f == nullptr)
    return nullptr;
  return f;
}
// CHECK-FIXES: const std::string path = dir + "/MANIFEST";
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   std::FILE *f = std::fopen(path.c_str(), "rb");

// ------------------------------------------------------------ must not flag

// The stat tells a directory from a file before the open.
int open_file_only(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || S_ISDIR(st.st_mode))
    return -1;
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

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
