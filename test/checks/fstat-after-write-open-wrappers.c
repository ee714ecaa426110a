// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t -- -D_GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// The project's own wrappers, known by their bodies: no options needed.
static void die(const char *what) {
  perror(what);
  exit(1);
}

int xopen(const char *path, int flags, int mode) {
  int fd = open(path, flags, mode);
  if (fd < 0)
    die(path);
  return fd;
}

static int open_output(const char *path) {
  int fd;
  fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  return fd;
}

static int open_input(const char *path) {
  return open(path, O_RDONLY);
}

int open_retry(const char *path, int flags) {
  int fd;
  do
    fd = open(path, flags);
  while (fd < 0 && errno == EINTR);
  return fd;
}

// Failure as a negative errno, as libuv's wrappers return it.
#define SYS_ERR(e) (-(e))
static int open_cloexec(const char *path, int flags) {
  int fd = open(path, flags | O_CLOEXEC);
  if (fd == -1)
    return SYS_ERR(errno);
  return fd;
}

int via_cloexec(const char *path) {
  int fd = open_cloexec(path, O_WRONLY | O_CREAT);
  if (fd < 0)
    return fd;
  struct stat st;
  if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open_cloexec'
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: read-only through the same wrapper.
int read_cloexec(const char *path) {
  int fd = open_cloexec(path, O_RDONLY);
  if (fd < 0)
    return fd;
  struct stat st;
  if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int via_xopen(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'xopen'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
// CHECK-FIXES-NEXT: return fd;

int via_fixed_flags(const char *path) {
  int fd = open_output(path);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open_output'
    close(fd);
    return -1;
  }
  return fd;
}

// A wrapper of a wrapper, assigned after the declaration.
int via_retry(const char *path) {
  int fd;
  fd = open_retry(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open_retry'
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: a read-only open through the same wrapper needs the check.
int read_through_xopen(const char *path) {
  int fd = xopen(path, O_RDONLY, 0);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: the wrapper opens read-only.
int read_through_input(const char *path) {
  int fd = open_input(path);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: the access mode is decided by a flag the caller cannot see.
static int open_mode_by_env(const char *path) {
  int flags = getenv("RO") ? O_RDONLY : O_WRONLY;
  return open(path, flags);
}

int through_env(const char *path) {
  int fd = open_mode_by_env(path);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: the wrapper may return a descriptor it did not open.
static int cached_fd = -1;
static int open_cached(const char *path) {
  if (cached_fd >= 0)
    return cached_fd;
  return open(path, O_WRONLY);
}

int through_cache(const char *path) {
  int fd = open_cached(path);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// Must not flag: the wrapper does something else with the descriptor first.
static int open_and_lock(const char *path) {
  int fd = open(path, O_WRONLY);
  if (fd >= 0 && lockf(fd, F_LOCK, 0) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int through_lock(const char *path) {
  int fd = open_and_lock(path);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// Must not flag: the stat's size is used too.
int size_through_xopen(const char *path, off_t *size) {
  int fd = xopen(path, O_WRONLY, 0);
  struct stat st;
  if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode))
    return -1;
  *size = st.st_size;
  return fd;
}
