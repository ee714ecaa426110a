// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t -config="{CheckOptions: [{key: syscall-fcntl-after-open.CloexecFunctions, value: 'fd_cloexec;set_close_on_exec'}]}" -- -D_GNU_SOURCE
// CloexecFunctions: helpers of other files that set close-on-exec.

#include <fcntl.h>
#include <unistd.h>

int fd_cloexec(int fd);
int set_close_on_exec(int fd);
int set_nonblocking(int fd);

int open_state(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if (fd_cloexec(fd) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'open'; O_CLOEXEC {{.*}} [syscall-fcntl-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' makes the descriptor here
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_RDONLY | O_CLOEXEC);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A helper of another file that is not listed: unknown, not flagged.
int open_nonblocking(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd >= 0)
    set_nonblocking(fd);
  return fd;
}
