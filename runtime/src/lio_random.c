/* lio_random: random bytes with one getrandom(2) call, where code opens,
 * reads and closes /dev/urandom for each request. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

/* Kernels before 3.17 have no getrandom: read the device instead. */
static ssize_t from_device(unsigned char *buf, size_t n) {
  int fd;
  do
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return -1;
  size_t done = 0;
  while (done < n) {
    ssize_t got = read(fd, buf + done, n - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      int saved = got < 0 ? errno : EIO;
      close(fd);
      errno = saved;
      return -1;
    }
    done += (size_t)got;
  }
  close(fd);
  return (ssize_t)n;
}

ssize_t lio_random(void *buf, size_t n) {
  if (!buf && n > 0) {
    errno = EINVAL;
    return -1;
  }
  unsigned char *out = buf;
  size_t done = 0;
  while (done < n) {
    ssize_t got = getrandom(out + done, n - done, 0);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0 && errno == ENOSYS)
      return done == 0 ? from_device(out, n) : -1;
    if (got < 0)
      return -1;
    done += (size_t)got;
  }
  return (ssize_t)n;
}
