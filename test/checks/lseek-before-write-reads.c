// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t -- -D_GNU_SOURCE -Wall

// A seek then one read at its offset is one pread, in the shapes servers and
// file formats write it; and the reads that rely on the offset the seek left.

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

// The seek and the read fail the same way: one pread.
int read_record(const char *path, off_t off, void *rec, size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'read' is one 'pread': the read comes from the offset the seek sets and nothing after it uses the file offset; one syscall instead of two [syscall-lseek-before-write]
    close(fd);
    return -1;
  }
  if (read(fd, rec, n) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the read at that offset
    close(fd);
    return -1;
  }
  close(fd);
  return 0;
}
// CHECK-FIXES: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pread(fd, rec, n, off) < 0) {

// O_APPEND moves only writes: a pread reads where it is told.
int peek_log(const char *path, off_t off, char *buf, size_t n) {
  int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'read' is one 'pread'
  ssize_t got = read(fd, buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: note: the read at that offset
  close(fd);
  return got < 0 ? -1 : 0;
}
// CHECK-FIXES: int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
// CHECK-FIXES: ssize_t got = pread(fd, buf, n, off);

// The seek's test joined with the read's.
int read_exact_at(const char *path, off_t off, char *buf, size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  int rc = 0;
  if (lseek(fd, off, SEEK_SET) == -1 || read(fd, buf, n) != (ssize_t)n)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'read' is one 'pread'
    // CHECK-MESSAGES: :[[@LINE-2]]:41: note: the read at that offset
    rc = -1;
  close(fd);
  return rc;
}
// CHECK-FIXES: if (pread(fd, buf, n, off) != (ssize_t)n)

// An unchecked seek, and a read only when there is something to read: the
// path without the read needs no offset either.
int read_some_at(const char *path, off_t off, char *buf, size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t got = 0;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'read' is one 'pread'
  if (n > 0)
    got = read(fd, buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: the read at that offset
  close(fd);
  return (int)got;
}
// CHECK-FIXES: ssize_t got = 0;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: if (n > 0)
// CHECK-FIXES-NEXT: got = pread(fd, buf, n, off);

// A server's handle table: each request seeks to the offset it carries.
// Where the length is 0 the read is skipped, and a failed seek is reported
// there: a note, no fix.
struct handle {
  int fd;
  int flags;
};
static struct handle handles[64];

static int handle_to_fd(int h) {
  return h >= 0 && h < 64 ? handles[h].fd : -1;
}

int serve_read(int h, off_t off, char *buf, size_t len, int *status) {
  int fd, ret;
  if ((fd = handle_to_fd(h)) == -1)
    goto out;
  if (lseek(fd, off, SEEK_SET) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'read' is one 'pread'
    *status = errno;
    goto out;
  }
  if (len == 0) {
    ret = 0;
  } else if ((ret = read(fd, buf, len)) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:21: note: the read at that offset
    // CHECK-MESSAGES: :[[@LINE-9]]:7: note: no automatic fix: the read runs on some paths only, and on the others the seek's failure is reported; a pread on its path does both
    *status = errno;
    goto out;
  }
  return ret;
out:
  return -1;
}

static int handle_to_flags(int h) {
  return h >= 0 && h < 64 ? handles[h].flags : 0;
}

// An appending handle's write goes to the end whatever the offset; any
// other seeks first, and there the seek and the write are one pwrite (a
// note: the write stays for appending handles).
int serve_write(int h, off_t off, const char *buf, size_t len) {
  int fd = handle_to_fd(h);
  ssize_t ret = -1;
  if (fd < 0)
    return -1;
  if (!(handle_to_flags(h) & O_APPEND) && lseek(fd, off, SEEK_SET) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  else
    ret = write(fd, buf, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: the write at that offset
  // CHECK-MESSAGES: :[[@LINE-6]]:43: note: no automatic fix: the write also runs without the seek where the flags append; make the seek's path one pwrite by hand
  return (int)ret;
}

// The same with the handle's flags kept in a local, as C89 code writes it.
int serve_write_c89(int h, off_t off, const char *buf, size_t len) {
  int fd, fl;
  ssize_t ret = -1;
  fd = handle_to_fd(h);
  fl = handle_to_flags(h);
  if (fd < 0)
    return -1;
  if (!(fl & O_APPEND) && lseek(fd, off, SEEK_SET) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  else
    ret = write(fd, buf, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: the write at that offset
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: no automatic fix: the write also runs without the seek where the flags append
  return (int)ret;
}

// Appending handles refused, the flags stored where they are tested.
int serve_pwrite(int h, off_t off, const char *buf, size_t len) {
  int fd, fl;
  fd = handle_to_fd(h);
  if (fd < 0 || ((fl = handle_to_flags(h)) & O_APPEND))
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return (int)write(fd, buf, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: note: the write at that offset
}
// CHECK-FIXES: if (fd < 0 || ((fl = handle_to_flags(h)) & O_APPEND))
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return (int)pwrite(fd, buf, len, off);

// The flags fetched and tested before the descriptor.
int serve_checked_first(int h, off_t off, const char *buf, size_t len) {
  int fl = handle_to_flags(h);
  if (fl & O_APPEND)
    return -1;
  int fd = handle_to_fd(h);
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return (int)write(fd, buf, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: note: the write at that offset
}
// CHECK-FIXES: int fd = handle_to_fd(h);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return (int)pwrite(fd, buf, len, off);

int serve_touch(int h, const struct timeval *times) {
  int fd = handle_to_fd(h);
  return fd < 0 ? -1 : futimes(fd, times);
}

int serve_close(int h) {
  int fd = handle_to_fd(h);
  if (fd == -1)
    return -1;
  handles[h].fd = -1;
  return close(fd);
}

// ------------------------------------------------------------ must not flag

// The flags tested are another handle's.
int serve_copy(int h, int from, off_t off, const char *buf, size_t len) {
  int fd = handle_to_fd(h);
  int fl = handle_to_flags(from);
  if (fd < 0 || (fl & O_APPEND))
    return -1;
  lseek(fd, off, SEEK_SET);
  return (int)write(fd, buf, len);
}

// The flags read again on one path and not tested again.
int serve_reload(int h, int reload, off_t off, const char *buf, size_t len) {
  int fl = handle_to_flags(h);
  if (fl & O_APPEND)
    return -1;
  if (reload)
    fl = handle_to_flags(h);
  int fd = handle_to_fd(h);
  lseek(fd, off, SEEK_SET);
  return (int)write(fd, buf, len) + (fl & 0);
}

// Tested once, read again in every round of the loop.
int serve_rounds(int h, int n, off_t off, const char *buf, size_t len) {
  int fl = handle_to_flags(h);
  if (fl & O_APPEND)
    return -1;
  for (int i = 0; i < n; i++) {
    int fd = handle_to_fd(h);
    lseek(fd, off, SEEK_SET);
    if (write(fd, buf, len) < 0)
      return -1;
    fl = handle_to_flags(h);
  }
  return fl;
}

// The local holds the handle's flags on one path only: on the other the
// test passes whatever the handle appends.
int serve_maybe(int h, int known, off_t off, const char *buf, size_t len) {
  int fd = handle_to_fd(h);
  int fl;
  if (known)
    fl = handle_to_flags(h);
  else
    fl = 0;
  if (fd < 0 || (fl & O_APPEND))
    return -1;
  lseek(fd, off, SEEK_SET);
  return (int)write(fd, buf, len);
}

// The loop's reads rely on the offset each read leaves.
long sum_from(const char *path, off_t off) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  char buf[4096];
  long total = 0;
  ssize_t n;
  if (lseek(fd, off, SEEK_SET) < 0) {
    close(fd);
    return -1;
  }
  while ((n = read(fd, buf, sizeof buf)) > 0)
    total += n;
  close(fd);
  return total;
}

// A header then its body: the second read relies on the first's offset.
int read_header_body(const char *path, off_t off, char *hdr, char *body,
                     size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  if (read(fd, hdr, 16) != 16 || read(fd, body, n) < 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return 0;
}

// Where the read stopped is asked for next.
off_t read_and_tell(int *out, const char *path, off_t off, char *buf,
                    size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  *out = (int)read(fd, buf, n);
  off_t at = lseek(fd, 0, SEEK_CUR);
  close(fd);
  return at;
}

// The descriptor goes back to the caller positioned after the magic.
int open_after_magic(const char *path, off_t magic_at, char *magic) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, magic_at, SEEK_SET);
  if (read(fd, magic, 4) != 4) {
    close(fd);
    return -1;
  }
  return fd;
}

// A descriptor of unknown origin: the caller may read on from here.
ssize_t read_at_exported(int fd, off_t off, void *buf, size_t n) {
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  return read(fd, buf, n);
}

// A lookup whose descriptors another function reads from where they are.
static int stream_fds[8];

static int stream_fd(int s) { return s >= 0 && s < 8 ? stream_fds[s] : -1; }

int stream_read_at(int s, off_t off, char *buf, size_t n) {
  int fd = stream_fd(s);
  if (fd == -1 || lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return (int)read(fd, buf, n);
}

int stream_read_next(int s, char *buf, size_t n) {
  int fd = stream_fd(s);
  return fd == -1 ? -1 : (int)read(fd, buf, n);
}

// A lookup whose descriptors are written without a seek unless they append:
// there the write relies on the offset.
static int log_fds[8], log_flags[8];

static int log_fd(int l) { return l >= 0 && l < 8 ? log_fds[l] : -1; }

static int log_flags_of(int l) { return l >= 0 && l < 8 ? log_flags[l] : 0; }

int log_read_at(int l, off_t off, char *buf, size_t n) {
  int fd = log_fd(l);
  if (fd == -1 || lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return (int)read(fd, buf, n);
}

int log_write(int l, off_t off, const char *buf, size_t n) {
  int fd = log_fd(l);
  if (fd == -1)
    return -1;
  if ((log_flags_of(l) & O_APPEND) != 0 && lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return (int)write(fd, buf, n);
}

// The append test is of the caller's mode, not of the descriptor's flags:
// where it says append the write goes to wherever the offset is.
static int seg_fds[8];

static int seg_fd(int g) { return g >= 0 && g < 8 ? seg_fds[g] : -1; }

int seg_read_at(int g, off_t off, char *buf, size_t n) {
  int fd = seg_fd(g);
  if (fd == -1 || lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return (int)read(fd, buf, n);
}

int seg_write_as(int g, int mode, off_t off, const char *buf, size_t n) {
  int fd = seg_fd(g);
  if (fd == -1)
    return -1;
  if (!(mode & O_APPEND) && lseek(fd, off, SEEK_SET) == -1)
    return -1;
  else
    return (int)write(fd, buf, n);
}

// A relative seek skips bytes from where the offset is.
int skip_then_read(const char *path, char *buf, size_t n) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  char magic[4];
  if (read(fd, magic, sizeof magic) != 4) {
    close(fd);
    return -1;
  }
  lseek(fd, 12, SEEK_CUR);
  ssize_t got = read(fd, buf, n);
  close(fd);
  return got < 0 ? -1 : 0;
}

// A stream reads through its buffer: no pread for that.
int stream_record(const char *path, long off, char *rec, size_t n) {
  FILE *f = fopen(path, "re");
  if (!f)
    return -1;
  fseek(f, off, SEEK_SET);
  size_t got = fread(rec, 1, n, f);
  fclose(f);
  return got == n ? 0 : -1;
}

// A scattered read: readv has a positional form, but not the one the fix
// writes.
int read_parts_at(const char *path, off_t off, struct iovec *iov, int cnt) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  ssize_t got = readv(fd, iov, cnt);
  close(fd);
  return got < 0 ? -1 : 0;
}

// Read, change and write the record back: the write relies on the offset
// the read left.
int bump_counter(const char *path, off_t off) {
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return -1;
  char c;
  lseek(fd, off, SEEK_SET);
  if (read(fd, &c, 1) != 1) {
    close(fd);
    return -1;
  }
  c++;
  ssize_t put = write(fd, &c, 1);
  close(fd);
  return put == 1 ? 0 : -1;
}
