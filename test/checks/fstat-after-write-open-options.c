// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t.wrap -check-suffix=WRAP \
// RUN:   -config="{CheckOptions: [{key: syscall-fstat-after-write-open.OpenLikeFunctions, value: 'xopen;safe_open'}, {key: syscall-fstat-after-write-open.FopenLikeFunctions, value: 'xfopen'}]}" -- -D_GNU_SOURCE
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t.static -check-suffix=STATIC \
// RUN:   -config="{CheckOptions: [{key: syscall-fstat-after-write-open.FlagRuntimeAccessMode, value: false}]}" -- -D_GNU_SOURCE

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int xopen(const char *path, int flags, ...);
FILE *xfopen(const char *path, const char *mode);

// Project wrappers count as opens once named in the options.
int open_wrapped(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'xopen'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES-WRAP: int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
// CHECK-FIXES-WRAP-NEXT: return fd;

FILE *fopen_wrapped(const char *path) {
  FILE *f = xfopen(path, "a");
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'xfopen'
    fclose(f);
    return NULL;
  }
  return f;
}
// CHECK-FIXES-WRAP: FILE *f = xfopen(path, "a");
// CHECK-FIXES-WRAP-NEXT: return f;

// A run-time access mode: reported unless FlagRuntimeAccessMode is off.
int open_dynamic(const char *path, int oflag) {
  int fd = open(path, oflag);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:18: warning: 'fstat' is redundant when 'open' opens for writing
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES-WRAP: struct stat st;
// CHECK-FIXES-WRAP-NEXT: if ((oflag & O_ACCMODE) == O_RDONLY && fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
