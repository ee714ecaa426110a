/* lio_reader: a read-ahead buffer over a descriptor: one read(2) per buffer
 * however small the pieces the caller takes, EINTR and short reads
 * continued, errors sticky. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIO_READER_DEFAULT_BUFFER 65536

struct lio_reader {
  unsigned char *buf;
  size_t size, start, end; /* buffered bytes are buf[start, end) */
  int fd, own_fd;
  int error; /* sticky errno */
  int eof;
};

lio_reader *lio_reader_open_fd(int fd, size_t buffer_size, int flags) {
  if (fd < 0 || (flags & ~LIO_READER_OWN_FD)) {
    errno = fd < 0 ? EBADF : EINVAL;
    return NULL;
  }
  lio_reader *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->size = buffer_size ? buffer_size : LIO_READER_DEFAULT_BUFFER;
  r->buf = malloc(r->size);
  if (!r->buf) {
    free(r);
    return NULL;
  }
  r->fd = fd;
  r->own_fd = (flags & LIO_READER_OWN_FD) != 0;
  return r;
}

/* Refills an empty buffer: 1 with bytes, 0 at the end, -1 on error. */
static int refill(lio_reader *r) {
  if (r->error) {
    errno = r->error;
    return -1;
  }
  if (r->eof)
    return 0;
  ssize_t n;
  do
    n = read(r->fd, r->buf, r->size);
  while (n < 0 && errno == EINTR);
  if (n < 0) {
    r->error = errno;
    return -1;
  }
  r->start = 0;
  r->end = (size_t)n;
  r->eof = n == 0;
  return n > 0;
}

ssize_t lio_reader_read(lio_reader *r, void *buf, size_t n) {
  if (!r || (!buf && n)) {
    errno = EINVAL;
    return -1;
  }
  size_t got = 0;
  while (got < n) {
    if (r->start == r->end) {
      /* What the caller has is theirs even if the next refill fails; the
       * error comes with the next call. */
      int more = refill(r);
      if (more <= 0)
        return got ? (ssize_t)got : more;
    }
    size_t take = r->end - r->start;
    if (take > n - got)
      take = n - got;
    memcpy((unsigned char *)buf + got, r->buf + r->start, take);
    r->start += take;
    got += take;
  }
  return (ssize_t)got;
}

int lio_reader_getc(lio_reader *r) {
  if (!r) {
    errno = EINVAL;
    return LIO_READER_ERROR;
  }
  if (r->start == r->end) {
    int more = refill(r);
    if (more <= 0)
      return more == 0 ? LIO_READER_EOF : LIO_READER_ERROR;
  }
  return r->buf[r->start++];
}

ssize_t lio_reader_getdelim(lio_reader *r, char *buf, size_t cap, int delim) {
  if (!r || !buf || cap == 0) {
    errno = EINVAL;
    return -1;
  }
  size_t got = 0;
  while (got + 1 < cap) {
    if (r->start == r->end) {
      int more = refill(r);
      if (more < 0 && !got)
        return -1;
      if (more <= 0)
        break;
    }
    unsigned char c = r->buf[r->start++];
    buf[got++] = (char)c;
    if (c == (unsigned char)delim)
      break;
  }
  buf[got] = '\0';
  return (ssize_t)got;
}

int lio_reader_error(const lio_reader *r) {
  if (!r)
    return errno = EINVAL;
  return r->error;
}

int lio_reader_close(lio_reader *r) {
  if (!r)
    return 0;
  int rc = 0;
  if (r->own_fd && close(r->fd) != 0)
    rc = -1;
  free(r->buf);
  free(r);
  return rc;
}
