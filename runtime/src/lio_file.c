/* lio_file: a handle that keeps the file position in user space. The kernel
 * offset is used while it equals the logical position; otherwise the handle
 * reads and writes at the position with pread/pwrite instead of seeking.
 * So a write-only handle never seeks, and a read-write handle does not
 * resynchronise its read-ahead with an lseek before writing (Erlang/OTP's
 * prim_file fix, taken one step further). */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"
#include "lio_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Marks a live handle; close overwrites it, so that a second close of
 * the same handle is caught while the memory still holds it. */
#define LIO_FILE_LIVE 0x6c696f66u
#define LIO_DEAD 0xdeadu

struct lio_file {
  unsigned magic;
  int fd;
  int oflag;
  off_t pos;  /* logical position; -1 unknown (after an O_APPEND write) */
  off_t kpos; /* the kernel's offset; -1 unknown */
  char *rbuf; /* read-ahead, allocated for read-capable handles only */
  size_t rlen, roff;
};

lio_file *lio_file_adopt(int fd, int oflag) {
  if (fd < 0) {
    errno = EBADF;
    return NULL;
  }
  lio_file *f = calloc(1, sizeof *f);
  if (!f)
    return NULL;
  f->magic = LIO_FILE_LIVE;
  f->fd = fd;
  f->oflag = oflag;
  f->pos = f->kpos = (oflag & O_APPEND) ? -1 : 0;
  if ((oflag & O_ACCMODE) != O_WRONLY) {
    f->rbuf = malloc(LIO_READ_BUFFER);
    if (!f->rbuf) {
      free(f);
      return NULL;
    }
  }
  return f;
}

lio_file *lio_file_open(const char *path, int oflag, mode_t mode) {
  int fd = lio_open(path, oflag, mode);
  if (fd < 0)
    return NULL;
  lio_file *f = lio_file_adopt(fd, oflag);
  if (!f) {
    int err = errno;
    close(fd);
    errno = err;
  }
  return f;
}

/* The refusal of a NULL handle or buffer: -1 with EINVAL. */
static int invalid(void) {
  errno = EINVAL;
  return -1;
}

int lio_file_fd(const lio_file *f) { return f ? f->fd : invalid(); }

/* write(2) or pwrite(2) until all is written; EINTR and short writes go on. */
static ssize_t write_all(int fd, const char *p, size_t n, off_t at) {
  size_t done = 0;
  while (done < n) {
    ssize_t w = at < 0 ? write(fd, p + done, n - done)
                       : pwrite(fd, p + done, n - done, at + (off_t)done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    done += (size_t)w;
  }
  return (ssize_t)done;
}

ssize_t lio_file_write(lio_file *f, const void *buf, size_t n) {
  if (!f || (!buf && n))
    return invalid();
  f->rlen = f->roff = 0; /* what was read ahead may be overwritten */
  if (f->oflag & O_APPEND) {
    ssize_t w = write_all(f->fd, buf, n, -1);
    f->pos = f->kpos = -1; /* at the end, wherever that is */
    return w;
  }
  int at_kernel_offset = f->kpos == f->pos;
  ssize_t w = write_all(f->fd, buf, n, at_kernel_offset ? -1 : f->pos);
  if (w < 0) {
    f->kpos = -1; /* a partial write moved it by an unknown amount */
    return -1;
  }
  f->pos += w;
  if (at_kernel_offset)
    f->kpos = f->pos;
  return w;
}

ssize_t lio_file_write_at(lio_file *f, const void *buf, size_t n, off_t off) {
  /* write_all takes a negative offset for "the kernel's": refuse it here. */
  if (!f || (!buf && n) || off < 0)
    return invalid();
  f->rlen = f->roff = 0;
  return write_all(f->fd, buf, n, off);
}

/* One read(2) or pread(2) at the logical position, EINTR retried. */
static ssize_t read_at_pos(lio_file *f, void *buf, size_t n) {
  ssize_t r;
  int at_kernel_offset = f->kpos == f->pos;
  do
    r = at_kernel_offset ? read(f->fd, buf, n) : pread(f->fd, buf, n, f->pos);
  while (r < 0 && errno == EINTR);
  if (r > 0 && at_kernel_offset)
    f->kpos += r;
  return r;
}

ssize_t lio_file_read(lio_file *f, void *buf, size_t n) {
  if (!f || (!buf && n))
    return invalid();
  if (!f->rbuf) {
    errno = EBADF;
    return -1;
  }
  if (!n)
    return 0; /* buf may be NULL: nothing to copy */
  if (lio_file_tell(f) < 0)
    return -1;
  if (f->roff == f->rlen) {
    if (n >= LIO_READ_BUFFER) { /* large reads skip the buffer */
      ssize_t r = read_at_pos(f, buf, n);
      if (r > 0)
        f->pos += r;
      return r;
    }
    ssize_t r = read_at_pos(f, f->rbuf, LIO_READ_BUFFER);
    if (r <= 0)
      return r;
    f->rlen = (size_t)r;
    f->roff = 0;
  }
  size_t take = f->rlen - f->roff < n ? f->rlen - f->roff : n;
  memcpy(buf, f->rbuf + f->roff, take);
  f->roff += take;
  f->pos += (off_t)take;
  return (ssize_t)take;
}

off_t lio_file_tell(lio_file *f) {
  if (!f)
    return invalid();
  if (f->pos < 0) {
    off_t end = lseek(f->fd, 0, SEEK_CUR); /* only after O_APPEND writes */
    if (end < 0)
      return -1;
    f->pos = f->kpos = end;
  }
  return f->pos;
}

off_t lio_file_seek(lio_file *f, off_t off, int whence) {
  if (!f)
    return invalid();
  off_t base;
  struct stat st;
  switch (whence) {
  case SEEK_SET:
    base = 0;
    break;
  case SEEK_CUR:
    base = lio_file_tell(f);
    break;
  case SEEK_END:
    base = fstat(f->fd, &st) == 0 ? st.st_size : -1;
    break;
  default:
    return invalid();
  }
  if (base < 0)
    return -1;
  /* Checked: a wrapped sum is a negative position, which the writes would
   * take for "at the kernel's offset" (the start of the file, say). */
  off_t target;
  if (__builtin_add_overflow(base, off, &target)) {
    errno = EOVERFLOW;
    return -1;
  }
  if (target < 0)
    return invalid();
  /* Inside the read-ahead: move within it; elsewhere: drop it. */
  off_t start = f->pos - (off_t)f->roff;
  if (f->rlen && f->pos >= 0 && target >= start &&
      target <= start + (off_t)f->rlen)
    f->roff = (size_t)(target - start);
  else
    f->rlen = f->roff = 0;
  f->pos = target;
  return target;
}

int lio_file_close(lio_file *f) {
  if (!f)
    return 0;
  if (f->magic != LIO_FILE_LIVE) {
    lio_misuse("lio_file_close: the handle was closed before");
    errno = EBADF;
    return -1;
  }
  f->magic = LIO_DEAD;
  int rc = close(f->fd);
  free(f->rbuf);
  free(f);
  return rc;
}
