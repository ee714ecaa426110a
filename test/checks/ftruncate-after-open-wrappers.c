// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-ftruncate-after-open %t -- -D_GNU_SOURCE

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// The project's own wrappers, known by their bodies: no options needed.
static int open_fresh(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    perror(path);
    exit(1);
  }
  return fd;
}

static int xcreat(const char *path) { return creat(path, 0644); }

static int open_keep(const char *path) {
  return open(path, O_WRONLY | O_CREAT, 0644);
}

static FILE *xfopen(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f)
    abort();
  return f;
}

static FILE *xfdopen(int fd) { return fdopen(fd, "w"); }

void reset_fresh(const char *path) {
  int fd = open_fresh(path);
  if (ftruncate(fd, 0) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'open_fresh' opens with O_TRUNC, which already emptied it
    // CHECK-MESSAGES: :[[@LINE-3]]:12: note: 'open_fresh' opens the file here
    perror("ftruncate");
  close(fd);
}

void reset_creat(const char *path) {
  int fd = xcreat(path);
  if (fd < 0)
    return;
  ftruncate(fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'ftruncate' to length 0: 'xcreat' opens with O_TRUNC, which already emptied it
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'xcreat' opens the file here
  close(fd);
}
// CHECK-FIXES: int fd = xcreat(path);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: close(fd);

void reset_stream(const char *path) {
  FILE *f = xfopen(path, "w");
  ftruncate(fileno(f), 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'ftruncate' to length 0: 'xfopen' with mode "w" truncates the file it opens
  // CHECK-MESSAGES: :[[@LINE-3]]:13: note: 'xfopen' opens the file here
  fclose(f);
}

// Must not flag: the wrapper keeps the file's contents.
void reset_kept(const char *path) {
  int fd = open_keep(path);
  if (fd >= 0 && ftruncate(fd, 0) == 0)
    close(fd);
}

// Must not flag: mode "a" through the same wrapper keeps the contents.
void reset_appended(const char *path) {
  FILE *f = xfopen(path, "a");
  ftruncate(fileno(f), 0);
  fclose(f);
}

// Must not flag: fdopen's "w" truncates nothing.
void reset_adopted(int fd) {
  FILE *f = xfdopen(fd);
  ftruncate(fileno(f), 0);
  fclose(f);
}
