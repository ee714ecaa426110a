// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-ftruncate-after-open %t -config="{CheckOptions: [{key: syscall-ftruncate-after-open.OpenLikeFunctions, value: 'xopen'}, {key: syscall-ftruncate-after-open.WriteFunctions, value: 'full_write'}]}" -- -D_GNU_SOURCE
// OpenLikeFunctions: wrappers that open; WriteFunctions: wrappers that write.

#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>

int xopen(const char *path, int flags, int mode);
int full_write(int fd, const void *buf, size_t n);

int open_fresh(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'xopen' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'xopen' opens the file here
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A write through the wrapper comes first: the truncate empties it again.
int restart(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || full_write(fd, "x", 1) < 0)
    return -1;
  ftruncate(fd, 0);
  return fd;
}
