// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io.h"
#include <fcntl.h>
#include <unistd.h>

int save(const char *path, const char *text, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  struct stat st;
  if (fd < 0)
    return -1;
  if (xfstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  xwrite(fd, text, n);
  return close(fd);
}

// The helper logs too: not one fstat.
int save_logged(const char *path, const char *text, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  struct stat st;
  if (fd < 0)
    return -1;
  if (xfstat_logged(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  xwrite(fd, text, n);
  return close(fd);
}

// A read-only open of a directory succeeds: the test is needed.
int load(const char *path, char *buf, size_t n) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0)
    return -1;
  if (xfstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  ssize_t got = read(fd, buf, n);
  close(fd);
  return (int)got;
}
