// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t -- -D_GNU_SOURCE

// Every note the check attaches, matched with notes checks: a note that no
// line expects fails this test.

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int open_append(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
    // CHECK-NOTES: :[[@LINE-4]]:12: note: 'open' opens with a write access mode here
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_APPEND);
// CHECK-FIXES-NEXT: return fd;

int open_flags(const char *path, int flags) {
  int fd = open(path, flags | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'fstat' is redundant when 'open' opens for writing
    // CHECK-NOTES: :[[@LINE-4]]:12: note: 'open' opens with the access mode in 'flags | O_CLOEXEC'
    // CHECK-NOTES: :[[@LINE-3]]:17: note: no automatic fix: the condition around the stat call does more
    perror(path);
    return -1;
  }
  return fd;
}
