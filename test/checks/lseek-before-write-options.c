// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t.wrap -check-suffix=WRAP \
// RUN:   -config="{CheckOptions: [{key: syscall-lseek-before-write.SeekFunctions, value: 'xlseek'}, {key: syscall-lseek-before-write.WriteFunctions, value: 'full_write;safe_write'}, {key: syscall-lseek-before-write.PwriteFunction, value: 'full_pwrite'}, {key: syscall-lseek-before-write.OpenLikeFunctions, value: 'xopen'}, {key: syscall-lseek-before-write.CloseFunctions, value: 'safe_close'}]}" -- -D_GNU_SOURCE
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t.nopwrite -check-suffix=NOPWRITE \
// RUN:   -config="{CheckOptions: [{key: syscall-lseek-before-write.SeekFunctions, value: 'xlseek'}, {key: syscall-lseek-before-write.WriteFunctions, value: 'full_write;safe_write'}, {key: syscall-lseek-before-write.OpenLikeFunctions, value: 'xopen'}, {key: syscall-lseek-before-write.FlagHandleSeeks, value: false}]}" -- -D_GNU_SOURCE

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

// Die-on-error and retry wrappers, as coreutils and git have them.
int xopen(const char *path, int flags, ...);
off_t xlseek(int fd, off_t off, int whence);
ssize_t full_write(int fd, const void *buf, size_t n);
ssize_t full_pwrite(int fd, const void *buf, size_t n, off_t off);
int safe_close(int fd); // defined in another file

int patch_wrapped(const char *path, off_t off, const char *s) {
  int fd = xopen(path, O_WRONLY);
  xlseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:3: warning: 'xlseek' then 'full_write' is one 'full_pwrite'
  // CHECK-MESSAGES-NOPWRITE: :[[@LINE-2]]:3: warning: 'xlseek' then 'full_write' is one 'pwrite'
  // CHECK-MESSAGES-NOPWRITE: :[[@LINE-3]]:3: note: no automatic fix: no positional form of 'full_write' is configured (option PwriteFunction)
  full_write(fd, s, strlen(s));
  return close(fd);
}
// CHECK-FIXES-WRAP: int fd = xopen(path, O_WRONLY);
// CHECK-FIXES-WRAP-EMPTY:
// CHECK-FIXES-WRAP-EMPTY:
// CHECK-FIXES-WRAP-EMPTY:
// CHECK-FIXES-WRAP-NEXT: full_pwrite(fd, s, strlen(s), off);

// FlagHandleSeeks turns the handle rule off.
struct out_handle {
  int fd;
  int oflags;
  off_t position;
};

void out_open(struct out_handle *h, const char *path) {
  h->oflags = O_WRONLY | O_CREAT;
  h->fd = xopen(path, h->oflags, 0644);
  h->position = 0;
}

void out_put(struct out_handle *h, const char *s) {
  xlseek(h->fd, h->position, SEEK_SET);
  // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:3: warning: 'xlseek' to the handle's stored position is redundant
  full_write(h->fd, s, strlen(s));
}
// CHECK-FIXES-WRAP: if ((h->oflags & O_ACCMODE) != O_WRONLY)
// CHECK-FIXES-WRAP-NEXT: xlseek(h->fd, h->position, SEEK_SET);

// A close wrapper defined elsewhere, named by CloseFunctions: nothing after
// the write relies on the offset. Without the option it is an unknown call.
int patch_then_close(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES-WRAP: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t w = write(fd, s, strlen(s));
  safe_close(fd);
  return w < 0 ? -1 : 0;
}
// CHECK-FIXES-WRAP: ssize_t w = pwrite(fd, s, strlen(s), off);
