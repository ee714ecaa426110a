// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-repeated-lookup %t -- -std=c++17 -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-repeated-lookup %t.fortify -- -std=c++17 -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

// A path held in a std::string, tested and then created exclusively.
int create_new(const std::string &path) {
  if (::access(path.c_str(), F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'access' tests whether 'path.c_str()' exists only to fail, right before 'open' creates it exclusively
    return -EEXIST;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: note: created here, failing if it exists
  return fd;
}

// A descriptor of a std::string path, then its size by the same path.
long size_of_open(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st {};
  long size = stat(path.c_str(), &st) == 0 ? static_cast<long>(st.st_size) : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'stat' of 'path.c_str()' while 'fd' holds it open: 'fstat(fd, ...)' answers
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: opened here
  // CHECK-FIXES: long size = fstat(fd, &st) == 0 ? static_cast<long>(st.st_size) : -1;
  ::close(fd);
  return size;
}

// ------------------------------------------------------------ must not flag

// The descriptor goes to an owner that may close it before the stat.
struct Owner {
  explicit Owner(int fd);
  ~Owner();
  void release();
};
long size_after_owner(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0)
    return -1;
  Owner owner(fd);
  owner.release();
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? static_cast<long>(st.st_size) : -1;
}

// The string changes between the two lookups.
bool both_exist(std::string path) {
  struct stat st;
  bool first = ::stat(path.c_str(), &st) == 0;
  path += ".bak";
  bool second = ::stat(path.c_str(), &st) == 0;
  return first && second;
}

// The result of the test is returned to the caller, not only a failure.
bool exists(const std::string &path) {
  return ::access(path.c_str(), F_OK) == 0;
}
