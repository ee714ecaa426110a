// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io.h"
#include <fcntl.h>
#include <unistd.h>

int open_config(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  xfcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A helper that loops: not one fcntl.
int open_config_retry(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  fcntl_retry(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A descriptor made elsewhere: no open to give the flag to.
void keep_private(int fd) { xfcntl(fd, F_SETFD, FD_CLOEXEC); }
