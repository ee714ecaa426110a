/* lio_sampler: a /proc or /sys file kept open and read again at offset 0
 * for each sample, opened anew in a forked child. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lio_sampler {
  int fd;
  pid_t pid; /* the process that opened fd: /proc/self is per process */
  char path[];
};

lio_sampler *lio_sampler_open(const char *path) {
  if (!path) {
    errno = EINVAL;
    return NULL;
  }
  size_t len = strlen(path);
  lio_sampler *s = malloc(sizeof *s + len + 1);
  if (!s)
    return NULL;
  memcpy(s->path, path, len + 1);
  s->fd = open(path, O_RDONLY | O_CLOEXEC);
  if (s->fd < 0) {
    int saved = errno;
    free(s);
    errno = saved;
    return NULL;
  }
  s->pid = lio_getpid();
  return s;
}

ssize_t lio_sampler_read(lio_sampler *s, void *buf, size_t n) {
  if (!s || (!buf && n)) {
    errno = EINVAL;
    return -1;
  }
  pid_t now = lio_getpid();
  if (now != s->pid) {
    int fd = open(s->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return -1;
    close(s->fd); /* the child's copy of the parent's descriptor */
    s->fd = fd;
    s->pid = now;
  }
  ssize_t r;
  do
    r = pread(s->fd, buf, n, 0);
  while (r < 0 && errno == EINTR);
  return r;
}

int lio_sampler_close(lio_sampler *s) {
  if (!s)
    return 0;
  int r = close(s->fd);
  free(s);
  return r;
}
