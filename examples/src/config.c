/* Set-up code as daemons write it: each function spends syscalls that the
 * calls it already makes could do (syscall-access-before-open,
 * syscall-fcntl-after-open, syscall-seek-for-size,
 * syscall-ftruncate-after-open). */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

char *config_load(const char *path, size_t *len) {
  if (access(path, R_OK) != 0) {
    perror(path);
    return NULL;
  }
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    perror(path);
    return NULL;
  }
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
    close(fd);
    return NULL;
  }
  off_t size = lseek(fd, 0, SEEK_END);
  if (size < 0 || lseek(fd, 0, SEEK_SET) < 0) {
    close(fd);
    return NULL;
  }
  char *text = malloc((size_t)size + 1);
  if (text && read(fd, text, (size_t)size) == size) {
    text[size] = '\0';
    *len = (size_t)size;
  } else {
    free(text);
    text = NULL;
  }
  close(fd);
  return text;
}

int pidfile_create(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) != 0) {
    close(fd);
    return -1;
  }
  dprintf(fd, "%ld\n", (long)getpid());
  return fd;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
