/* lio_writer: full buffering with explicit flushes, large pieces written
 * with writev next to the buffered bytes (no copy), EINTR and short writes
 * continued, errors sticky. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"
#include "lio_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define LIO_WRITER_LIVE 0x6c696f77u

struct lio_writer {
  struct lio_writer_buffer b; /* first: the inline fast path reads it */
  unsigned magic;             /* as in lio_file: catches a second close */
  int error;                  /* sticky errno */
  int fd;                     /* -1 with a custom sink */
  int own_fd;
  int tty_lines;
  lio_sink_fn sink;
  void *sink_ctx;
};

/* The refusal of a NULL argument: a caller's bug, not a write that failed,
 * so it does not become the writer's sticky error. */
static int invalid(void) {
  errno = EINVAL;
  return -1;
}

static lio_writer *writer_new(size_t size) {
  lio_writer *w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->b.size = size ? size : LIO_WRITER_DEFAULT_BUFFER;
  w->b.buf = malloc(w->b.size);
  if (!w->b.buf) {
    free(w);
    return NULL;
  }
  w->fd = -1;
  w->magic = LIO_WRITER_LIVE;
  return w;
}

lio_writer *lio_writer_open_fd(int fd, size_t buffer_size, int flags) {
  if (fd < 0) { /* a failed open: fail now, not at the first flush */
    errno = EBADF;
    return NULL;
  }
  lio_writer *w = writer_new(buffer_size);
  if (!w)
    return NULL;
  w->fd = fd;
  w->own_fd = (flags & LIO_WRITER_OWN_FD) != 0;
  w->tty_lines = (flags & LIO_WRITER_TTY_LINES) && isatty(fd);
  w->b.slow = w->tty_lines;
  return w;
}

static ssize_t file_sink(void *ctx, const void *buf, size_t n) {
  return lio_file_write(ctx, buf, n);
}

lio_writer *lio_writer_open_file(lio_file *file, size_t buffer_size) {
  if (!file) {
    errno = EINVAL;
    return NULL;
  }
  return lio_writer_open_sink(file_sink, file, buffer_size);
}

lio_writer *lio_writer_open_sink(lio_sink_fn sink, void *ctx,
                                 size_t buffer_size) {
  if (!sink) {
    errno = EINVAL;
    return NULL;
  }
  lio_writer *w = writer_new(buffer_size);
  if (!w)
    return NULL;
  w->sink = sink;
  w->sink_ctx = ctx;
  return w;
}

static int fail(lio_writer *w, int err) {
  if (!w->error)
    w->error = err;
  w->b.slow = 1;
  errno = w->error;
  return -1;
}

/* Writes the iovecs out completely. A short write is continued where it
 * stopped; EINTR is retried; anything else becomes the sticky error. */
static int write_out(lio_writer *w, struct iovec *iov, int count) {
  while (count > 0) {
    ssize_t n;
    if (w->sink)
      n = w->sink(w->sink_ctx, iov[0].iov_base, iov[0].iov_len);
    else if (count == 1)
      n = write(w->fd, iov[0].iov_base, iov[0].iov_len);
    else
      n = writev(w->fd, iov, count);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return fail(w, errno);
    }
    if (n == 0 && iov[0].iov_len > 0)
      return fail(w, EIO); /* a sink that takes nothing would spin */
    size_t left = (size_t)n;
    while (count > 0 && left >= iov[0].iov_len) {
      left -= iov[0].iov_len;
      ++iov;
      --count;
    }
    if (count > 0) {
      iov[0].iov_base = (char *)iov[0].iov_base + left;
      iov[0].iov_len -= left;
    }
  }
  return 0;
}

/* Writes the buffer (and an extra piece after it) and empties the buffer
 * only once all of it is out, so that a failure keeps the data. */
static int drain(lio_writer *w, const void *extra, size_t extra_len) {
  struct iovec iov[2] = {{w->b.buf, w->b.used}, {(void *)extra, extra_len}};
  int first = w->b.used ? 0 : 1;
  int count = (extra_len ? 2 : 1) - first;
  if (count <= 0)
    return 0;
  if (write_out(w, iov + first, count) < 0) {
    /* Keep what the buffer still holds: move its unwritten tail forward. */
    if (first == 0 && iov[0].iov_base != w->b.buf) {
      size_t sent = (size_t)((char *)iov[0].iov_base - w->b.buf);
      if (sent < w->b.used) {
        memmove(w->b.buf, w->b.buf + sent, w->b.used - sent);
        w->b.used -= sent;
      } else {
        w->b.used = 0;
      }
    }
    return -1;
  }
  w->b.used = 0;
  return 0;
}

int lio_writer_write_slow(lio_writer *w, const void *data, size_t n) {
  if (!w || (!data && n))
    return invalid();
  if (w->error)
    return fail(w, w->error);
  if (!n)
    return 0; /* data may be NULL: nothing to copy */
  if (n <= w->b.size - w->b.used) {
    memcpy(w->b.buf + w->b.used, data, n);
    w->b.used += n;
    if (w->tty_lines && memchr(data, '\n', n))
      return lio_writer_flush(w);
    return 0;
  }
  /* A piece that fills the buffer: one writev of buffer + piece when it is
   * large, else top up the buffer and write it. */
  if (n >= w->b.size)
    return drain(w, data, n);
  size_t room = w->b.size - w->b.used;
  memcpy(w->b.buf + w->b.used, data, room);
  w->b.used = w->b.size;
  if (drain(w, NULL, 0) < 0)
    return -1;
  memcpy(w->b.buf, (const char *)data + room, n - room);
  w->b.used = n - room;
  return 0;
}

int lio_writer_puts(lio_writer *w, const char *s) {
  if (!s)
    return invalid();
  return lio_writer_write(w, s, strlen(s));
}

int lio_writer_putc(lio_writer *w, int c) {
  if (!w)
    return invalid();
  if (w->error || w->b.used == w->b.size || w->tty_lines) {
    char ch = (char)c;
    return lio_writer_write(w, &ch, 1);
  }
  w->b.buf[w->b.used++] = (char)c;
  return 0;
}

int lio_writer_put_uint(lio_writer *w, unsigned long long value) {
  char digits[24];
  char *p = digits + sizeof digits;
  do
    *--p = (char)('0' + value % 10);
  while (value /= 10);
  return lio_writer_write(w, p, (size_t)(digits + sizeof digits - p));
}

int lio_writer_put_int(lio_writer *w, long long value) {
  if (value >= 0)
    return lio_writer_put_uint(w, (unsigned long long)value);
  if (lio_writer_putc(w, '-') < 0)
    return -1;
  return lio_writer_put_uint(w, 0ULL - (unsigned long long)value);
}

int lio_writer_vprintf(lio_writer *w, const char *fmt, va_list ap) {
  if (!w || !fmt)
    return invalid();
  if (w->error)
    return fail(w, w->error);
  va_list again;
  va_copy(again, ap);
  size_t room = w->b.size - w->b.used;
  int n = vsnprintf(w->b.buf + w->b.used, room, fmt, ap);
  int rc = 0;
  if (n < 0) {
    rc = fail(w, errno ? errno : EINVAL);
  } else if ((size_t)n < room) {
    w->b.used += (size_t)n; /* formatted in place */
    if (w->tty_lines && memchr(w->b.buf + w->b.used - n, '\n', (size_t)n))
      rc = lio_writer_flush(w);
  } else {
    char *tmp = malloc((size_t)n + 1);
    if (!tmp) {
      rc = fail(w, ENOMEM);
    } else {
      vsnprintf(tmp, (size_t)n + 1, fmt, again);
      rc = lio_writer_write(w, tmp, (size_t)n);
      free(tmp);
    }
  }
  va_end(again);
  return rc;
}

int lio_writer_printf(lio_writer *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = lio_writer_vprintf(w, fmt, ap);
  va_end(ap);
  return rc;
}

int lio_writer_flush(lio_writer *w) {
  if (!w)
    return invalid();
  if (w->error)
    return fail(w, w->error);
  return drain(w, NULL, 0);
}

int lio_writer_error(const lio_writer *w) {
  if (!w)
    return errno = EINVAL;
  return w->error;
}

size_t lio_writer_pending(const lio_writer *w) {
  if (!w) {
    errno = EINVAL;
    return 0;
  }
  return w->b.used;
}

int lio_writer_close(lio_writer *w) {
  if (!w)
    return 0;
  if (w->magic != LIO_WRITER_LIVE) {
    lio_misuse("lio_writer_close: the writer was closed before");
    errno = EBADF;
    return -1;
  }
  w->magic = 0;
  int rc = lio_writer_flush(w);
  int err = rc < 0 ? errno : 0;
  if (w->own_fd && close(w->fd) != 0 && rc == 0) {
    rc = -1;
    err = errno;
  }
  free(w->b.buf);
  free(w);
  if (rc < 0)
    errno = err;
  return rc;
}
