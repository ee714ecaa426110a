// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-repeated-lookup %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// METAMORPHIC-CHANGES: die-wrapper: an open whose failure nothing tests
// exits on failure once wrapped, and then its file is held at the lookup.

// Opens whose failure goes on without a descriptor: the lookup by path
// still answers where fstat of -1 would fail. None is flagged.

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// The open is not tested: on failure there is no descriptor to ask.
long size_unchecked(const char *path) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  long size = stat(path, &st) == 0 ? (long)st.st_size : -1;
  if (fd >= 0)
    close(fd);
  return size;
}

// The wrapper reports the failure and returns it, and
// nothing tests it: the stat by path may answer where fstat of -1 fails.
static int logged_open(const char *path, int flags) {
  int fd = open(path, flags);
  if (fd < 0)
    perror(path);
  return fd;
}

long logged_size(const char *path) {
  int fd = logged_open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  int rc = stat(path, &st);
  if (fd >= 0)
    close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// A wrapper that exits on failure of another call (its
// open is not the call whose failure ends the program).
static int open_after_check(const char *path, int flags) {
  if (access(path, F_OK) != 0)
    exit(1);
  return open(path, flags);
}

long checked_path_size(const char *path) {
  int fd = open_after_check(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  int rc = stat(path, &st);
  if (fd >= 0)
    close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}
