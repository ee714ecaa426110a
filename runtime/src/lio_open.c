/* lio_open: open(2) that makes the directory check only where open does not
 * already make it. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"
#include "lio_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int lio_open(const char *path, int oflag, mode_t mode) {
  if (!path) {
    errno = EINVAL;
    return -1;
  }
  int fd;
  do
    fd = open(path, oflag | O_CLOEXEC, mode);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return -1;
  /* O_WRONLY and O_RDWR fail with EISDIR on a directory; O_PATH and
   * O_DIRECTORY opens ask for directories. Only O_RDONLY needs a look. */
  int wants_dir = (oflag & O_DIRECTORY) != 0;
#ifdef O_PATH
  wants_dir |= (oflag & O_PATH) != 0;
#endif
  if ((oflag & O_ACCMODE) != O_RDONLY || wants_dir)
    return fd;
  struct stat st;
  /* st is unset when fstat fails: test the two apart. */
  int err = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
  if (err) {
    close(fd);
    errno = err;
    return -1;
  }
  return fd;
}

void lio_misuse(const char *what) {
  static int reported;
  if (!reported) {
    reported = 1;
    fprintf(stderr, "leanio: %s\n", what);
  }
#ifndef NDEBUG
  abort();
#endif
}
