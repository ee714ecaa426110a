/* A runtime-style file layer, in the shape of OpenJDK's io_util_md.c. */
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define RESTARTABLE(_cmd, _result)                                             \
  do {                                                                         \
    do {                                                                       \
      _result = _cmd;                                                          \
    } while ((_result == -1) && (errno == EINTR));                             \
  } while (0)

int file_open(const char *path, int oflag, int mode) {
  int fd;
  RESTARTABLE(open64(path, oflag, mode), fd);
  if (fd != -1) {
    struct stat64 buf64;
    int result;
    RESTARTABLE(fstat64(fd, &buf64), result);
    if (result != -1) {
      if (S_ISDIR(buf64.st_mode)) {
        close(fd);
        errno = EISDIR;
        fd = -1;
      }
    } else {
      close(fd);
      fd = -1;
    }
  }
  return fd;
}

int file_create(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    errno = EISDIR;
    return -1;
  }
  return fd;
}

/* Reading: open(2) succeeds on a directory, so this fstat is needed (and its
 * st_size is used too). syscall-tidy leaves it alone. */
int file_open_read(const char *path, long *size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    close(fd);
    errno = EISDIR;
    return -1;
  }
  *size = (long)st.st_size;
  return fd;
}

int file_copy(int in, int out) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n == 0)
      return 0;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    for (ssize_t done = 0; done < n;) {
      ssize_t w = write(out, buf + done, (size_t)(n - done));
      if (w < 0) {
        if (errno == EINTR)
          continue;
        return -1;
      }
      done += w;
    }
  }
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
