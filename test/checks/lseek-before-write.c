// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RECORD 64

int process(int fd);

// ---------------------------------------------------------------- must flag

// A stray "where am I" whose answer nobody reads.
int append_line(int fd, const char *line) {
  lseek(fd, 0, SEEK_CUR);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek(fd, 0, SEEK_CUR)' whose result is unused does nothing: it only reads the offset; remove the syscall [syscall-lseek-before-write]
  return write(fd, line, strlen(line)) < 0 ? -1 : 0;
}
// CHECK-FIXES: int append_line(int fd, const char *line) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return write(fd, line, strlen(line)) < 0 ? -1 : 0;

int append_void(int fd, const char *line) {
  (void)lseek(fd, 0, SEEK_CUR);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'lseek(fd, 0, SEEK_CUR)' whose result is unused
  return write(fd, line, strlen(line)) < 0 ? -1 : 0;
}
// CHECK-FIXES: int append_void(int fd, const char *line) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return write(fd, line, strlen(line)) < 0 ? -1 : 0;

// A rewind right after the open: the offset is 0 already.
int save(const char *path, const char *data, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  fstat(fd, &st);
  lseek(fd, 0, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'lseek' to offset 0: nothing has read, written or moved the offset since the open, so it is 0 already [syscall-lseek-before-write]
  ssize_t w = write(fd, data, n);
  close(fd);
  return w == (ssize_t)n ? 0 : -1;
}
// CHECK-FIXES: fstat(fd, &st);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   ssize_t w = write(fd, data, n);

// O_APPEND already writes at the end.
int log_append(const char *path, const char *msg) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'lseek' to the end: the file is opened for appending, so every write goes to the end anyway [syscall-lseek-before-write]
  ssize_t w = write(fd, msg, strlen(msg));
  close(fd);
  return w < 0 ? -1 : 0;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   ssize_t w = write(fd, msg, strlen(msg));

// The same for a stream opened "a".
int log_stream(const char *path, const char *msg) {
  FILE *f = fopen(path, "a");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'fseek' to the end
  fputs(msg, f);
  return fclose(f);
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   fputs(msg, f);

// fseek(f, 0, SEEK_CUR) on a write-only stream.
int dump(const char *path, const int *v, size_t n) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  for (size_t i = 0; i < n; ++i) {
    fseek(f, 0, SEEK_CUR);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'fseek(f, 0, SEEK_CUR)': the stream is opened only for writing
    fprintf(f, "%d\n", v[i]);
  }
  return fclose(f);
}
// CHECK-FIXES: for (size_t i = 0; i < n; ++i) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     fprintf(f, "%d\n", v[i]);

// A stream rewound right after fopen.
int rewrite(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'fseek' to offset 0
  fputs(text, f);
  return fclose(f);
}
// CHECK-FIXES: FILE *f = fopen(path, "w");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   fputs(text, f);

// lseek + write, then close: one pwrite.
int patch(const char *path, off_t off, const void *buf, size_t n) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite': the write goes to the offset the seek sets and nothing after it uses the file offset; one syscall instead of two [syscall-lseek-before-write]
  ssize_t w = write(fd, buf, n);
  close(fd);
  return w == (ssize_t)n ? 0 : -1;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   ssize_t w = pwrite(fd, buf, n, off);

// Both calls checked, with the same error handling: still one error path.
int patch_checked(const char *path, off_t off, const void *buf, size_t n) {
  int fd = open(path, O_RDWR | O_CREAT, 0600);
  if (fd < 0)
    return -1;
  int rc = 0;
  if (lseek(fd, off, SEEK_SET) == (off_t)-1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'write' is one 'pwrite'
    rc = -1;
  if (write(fd, buf, n) != (ssize_t)n)
    rc = -1;
  close(fd);
  return rc;
}
// CHECK-FIXES: int rc = 0;
// CHECK-FIXES-NEXT:   if (pwrite(fd, buf, n, off) != (ssize_t)n)
// CHECK-FIXES-NEXT:     rc = -1;

// Fixed-size records, each written at its own offset.
int write_records(const char *path, const char (*rec)[RECORD], int count) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  for (int i = 0; i < count; ++i) {
    lseek(fd, (off_t)i * RECORD, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'lseek' then 'write' is one 'pwrite'
    if (write(fd, rec[i], RECORD) != RECORD)
      break;
  }
  return close(fd);
}
// CHECK-FIXES: for (int i = 0; i < count; ++i) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     if (pwrite(fd, rec[i], RECORD, (off_t)i * RECORD) != RECORD)

// The common real shape: a static helper that seeks, then writes.
static int put_block(int fd, off_t off, const void *buf, size_t n) {
  if (lseek(fd, off, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if (write(fd, buf, n) != (ssize_t)n)
    return -1;
  return 0;
}
// CHECK-FIXES: static int put_block(int fd, off_t off, const void *buf, size_t n) {
// CHECK-FIXES-NEXT:   if (pwrite(fd, buf, n, off) != (ssize_t)n)

int store_blocks(const char *path, const char *a, const char *b) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  int rc = put_block(fd, 0, a, 512);
  if (rc == 0)
    rc = put_block(fd, 4096, b, 512);
  close(fd);
  return rc;
}

// A run-time mode, but the code refuses O_APPEND first.
int patch_flags(const char *path, int flags, off_t off, const char *s) {
  if (flags & O_APPEND)
    return -1;
  int fd = open(path, flags);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t w = write(fd, s, strlen(s));
  close(fd);
  return w < 0 ? -1 : 0;
}
// CHECK-FIXES: ssize_t w = pwrite(fd, s, strlen(s), off);

// The same with O_CLOEXEC added to the caller's flags, as most opens do:
// the added bit holds no O_APPEND, so the caller's test still decides.
int patch_flags_cloexec(const char *path, int flags, off_t off,
                        const char *s) {
  if (flags & O_APPEND)
    return -1;
  int fd = open(path, flags | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}
// CHECK-FIXES: ssize_t n = pwrite(fd, s, strlen(s), off);

// Flags built up on two paths, none with O_APPEND: the mode is known.
int patch_paths(const char *path, int create, off_t off, const char *s) {
  int flags = O_WRONLY;
  if (create)
    flags |= O_CREAT;
  int fd = open(path, flags, 0644);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}
// CHECK-FIXES: ssize_t n = pwrite(fd, s, strlen(s), off);

// The write in the else branch of the seek's error check: one pwrite too,
// but merging the branches is the author's call.
int patch_else(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  ssize_t n;
  if (lseek(fd, off, SEEK_SET) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'write' is one 'pwrite'
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no automatic fix: the write is in the else branch of the seek's error check
    n = -1;
  } else {
    n = write(fd, s, strlen(s));
  }
  close(fd);
  return n < 0 ? -1 : 0;
}

// A close wrapper of the file (git's and systemd's shape): its body only
// closes what it is handed, so the offset is not used after the write.
static void close_logged(int fd) {
  if (close(fd) != 0)
    perror("close");
}

int patch_then_close(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t n = write(fd, s, strlen(s));
  close_logged(fd);
  return n < 0 ? -1 : 0;
}
// CHECK-FIXES: ssize_t n = pwrite(fd, s, strlen(s), off);

// Different error handling for the two calls: reported, fixed by hand.
int patch_logged(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'write' is one 'pwrite'
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no automatic fix: the seek's error handling differs from the write's
    perror("lseek");
    close(fd);
    return -1;
  }
  ssize_t w = write(fd, s, strlen(s));
  close(fd);
  return w < 0 ? -1 : 0;
}

// The loop keeps the position it writes at, and seeks to it each time.
int write_chunks(const char *path, const char **chunks, int count) {
  off_t pos = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'lseek': the previous write on this write-only descriptor already left the offset at 'pos' [syscall-lseek-before-write]
    ssize_t n = write(fd, chunks[i], strlen(chunks[i]));
    if (n < 0)
      break;
    pos += n;
  }
  return close(fd);
}
// CHECK-FIXES: for (int i = 0; i < count; ++i) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     ssize_t n = write(fd, chunks[i], strlen(chunks[i]));

// The same with the seek's result checked: reported, but the check would
// also reject pipes, so the fix is the author's.
int write_all_chunks(const char *path, const char **chunks, int count) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  off_t pos = 0;
  for (int i = 0; i < count; ++i) {
    size_t len = strlen(chunks[i]);
    if (lseek(fd, pos, SEEK_SET) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: redundant 'lseek': the previous write on this write-only descriptor already left the offset at 'pos'
      // CHECK-MESSAGES: :[[@LINE-2]]:9: note: no automatic fix: the error check would also reject descriptors that cannot seek (pipes)
      return -1;
    ssize_t n = write(fd, chunks[i], len);
    if (n != (ssize_t)len)
      return -1;
    pos += n;
  }
  return close(fd);
}

// A handle that keeps its open flags and its logical position, and seeks to
// the position before each write (Erlang/OTP's prim_file before its fix).
struct io_handle {
  int fd;
  int flags;
  off_t pos;
};

int handle_open(struct io_handle *h, const char *path, int flags) {
  h->fd = open(path, flags, 0644);
  h->flags = flags;
  h->pos = 0;
  return h->fd < 0 ? -1 : 0;
}

ssize_t handle_write(struct io_handle *h, const void *buf, size_t n) {
  if (lseek(h->fd, h->pos, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' to the handle's stored position is redundant when the handle is write-only: without a read buffer nothing moves the offset away from it; skip the seek unless the handle can read [syscall-lseek-before-write]
    return -1;
  ssize_t w = write(h->fd, buf, n);
  if (w > 0)
    h->pos += w;
  return w;
}
// CHECK-FIXES: if ((h->flags & O_ACCMODE) != O_WRONLY && lseek(h->fd, h->pos, SEEK_SET) < 0)

void handle_put(struct io_handle *h, const char *s) {
  lseek(h->fd, h->pos, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' to the handle's stored position is redundant
  h->pos += write(h->fd, s, strlen(s));
}
// CHECK-FIXES: void handle_put(struct io_handle *h, const char *s) {
// CHECK-FIXES-NEXT:   if ((h->flags & O_ACCMODE) != O_WRONLY)
// CHECK-FIXES-NEXT:     lseek(h->fd, h->pos, SEEK_SET);

// The write retried on EINTR (glibc's TEMP_FAILURE_RETRY): a retry follows
// a failed attempt that wrote nothing, so pwrite does the same.
int patch_retry(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t w = TEMP_FAILURE_RETRY(write(fd, s, strlen(s)));
  close(fd);
  return w < 0 ? -1 : 0;
}
// CHECK-FIXES: ssize_t w = TEMP_FAILURE_RETRY(pwrite(fd, s, strlen(s), off));

// The descriptor in a field, closed before the function returns.
struct record_file {
  int fd;
  off_t at;
};
int record_save(struct record_file *r, const char *path, const char *s) {
  r->fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (r->fd < 0)
    return -1;
  lseek(r->fd, r->at, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  ssize_t n = write(r->fd, s, strlen(s));
  close(r->fd);
  r->fd = -1;
  return n < 0 ? -1 : 0;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   ssize_t n = pwrite(r->fd, s, strlen(s), r->at);

// The seek on one branch, the write after the join: one pwrite on that
// branch, the write on the other; a note, no fix.
int put_maybe_at(const char *path, off_t at, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (at >= 0)
    lseek(fd, at, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'lseek' then 'write' is one 'pwrite'
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no automatic fix: the seek runs on one branch only: there a pwrite at its offset does both, and the write stays on the other path
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}

// A descriptor in a field of a record only this file defines, opened in
// one function and written at offsets through a static helper in another
// (disk-image and database-page writers): every use of the field in the
// file seeks first or is positional, so nothing relies on the offset the
// helper's write leaves.
struct image {
  int fd;
  off_t size;
};

static int image_open(struct image *im, const char *name) {
  int fd = open(name, O_RDWR | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  im->fd = fd;
  im->size = 0;
  return 0;
}

static ssize_t image_write_at(int fd, off_t off, const void *buf, size_t n) {
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return write(fd, buf, n);
}
// CHECK-FIXES: static ssize_t image_write_at(int fd, off_t off, const void *buf, size_t n) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return pwrite(fd, buf, n, off);

// Its read is one pread too: a failed pread returns -1 as the seek did.
static ssize_t image_read_at(int fd, off_t off, void *buf, size_t n) {
  if (lseek(fd, off, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'read' is one 'pread': the read comes from the offset
    return -1;
  return read(fd, buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: the read at that offset
}
// CHECK-FIXES: static ssize_t image_read_at(int fd, off_t off, void *buf, size_t n) {
// CHECK-FIXES-NEXT: return pread(fd, buf, n, off);

int image_put(struct image *im, off_t off, const void *buf, size_t n) {
  if (im->fd < 0 || image_write_at(im->fd, off, buf, n) != (ssize_t)n)
    return -1;
  if (off + (off_t)n > im->size)
    im->size = off + (off_t)n;
  return 0;
}

ssize_t image_get(struct image *im, off_t off, void *buf, size_t n) {
  return image_read_at(im->fd, off, buf, n);
}

int image_close(struct image *im) {
  int r = close(im->fd);
  im->fd = -1;
  return r;
}

// The same with the seek and the write in the function that uses the field.
struct journal {
  int fd;
};

static int journal_open(struct journal *j, const char *path) {
  j->fd = open(path, O_WRONLY | O_CREAT, 0600);
  return j->fd < 0 ? -1 : 0;
}

int journal_put(struct journal *j, off_t slot, const char *rec) {
  lseek(j->fd, slot * RECORD, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return write(j->fd, rec, RECORD) == RECORD ? 0 : -1;
}
// CHECK-FIXES: int journal_put(struct journal *j, off_t slot, const char *rec) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return pwrite(j->fd, rec, RECORD, slot * RECORD) == RECORD ? 0 : -1;

int journal_start(struct journal *j, const char *path) {
  return journal_open(j, path);
}

// Descriptors looked up from a handle table this file keeps, with the flags
// from a sibling lookup of the same handle: under the no-O_APPEND test the
// seek and the write are one pwrite, and every lookup in the file seeks
// before it writes.
struct handle_table {
  int fds[16];
  int oflags[16];
};
static struct handle_table handles;
static int handle_to_fd(int h) { return handles.fds[h]; }
static int handle_to_flags(int h) { return handles.oflags[h]; }

int table_write_at(int h, const void *buf, size_t n, off_t off) {
  int fd = handle_to_fd(h);
  int flags = handle_to_flags(h);
  if (!(flags & O_APPEND)) {
    if (lseek(fd, off, SEEK_SET) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'lseek' then 'write' is one 'pwrite'
      return -1;
    if (write(fd, buf, n) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: note: the write at that offset
      return -1;
    return 0;
  }
  return -1;
}
// CHECK-FIXES: if (!(flags & O_APPEND)) {
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The flags read from the descriptor itself.
int handle_put_at(int h, const char *s, off_t off) {
  int fd = handle_to_fd(h);
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0 || (fl & O_APPEND) != 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return write(fd, s, strlen(s)) < 0 ? -1 : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: the write at that offset
}
// CHECK-FIXES: int fl = fcntl(fd, F_GETFL);
// CHECK-FIXES: return pwrite(fd, s, strlen(s), off) < 0 ? -1 : 0;

// The same with the flags stored after their declaration, as C89 code
// writes it.
int handle_put_at_c89(int h, const char *s, off_t off) {
  int fd, fl;
  fd = handle_to_fd(h);
  if ((fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_APPEND) != 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return write(fd, s, strlen(s)) < 0 ? -1 : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: the write at that offset
}
// CHECK-FIXES: if ((fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_APPEND) != 0)
// CHECK-FIXES: return pwrite(fd, s, strlen(s), off) < 0 ? -1 : 0;

// The chunk loop with the count tested where it is stored.
int write_chunks_tested(const char *path, const char **chunks, int count) {
  off_t pos = 0;
  ssize_t n;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'lseek': the previous write on this write-only descriptor already left the offset at 'pos' [syscall-lseek-before-write]
    if ((n = write(fd, chunks[i], strlen(chunks[i]))) < 0)
      break;
    pos += n;
  }
  return close(fd);
}
// CHECK-FIXES: int write_chunks_tested(const char *path, const char **chunks, int count) {
// CHECK-FIXES: for (int i = 0; i < count; ++i) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     if ((n = write(fd, chunks[i], strlen(chunks[i]))) < 0)

// A statement-like macro that discards a call's result, as projects write
// them to silence unused-result warnings.
#define QUIET(call)                                                            \
  do {                                                                         \
    (void)(call);                                                              \
  } while (0)

// The unused "where am I" inside a statement-like macro: the macro's
// statement goes.
int append_quiet(int fd, const char *line) {
  QUIET(lseek(fd, 0, SEEK_CUR));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'lseek(fd, 0, SEEK_CUR)' whose result is unused does nothing: it only reads the offset; remove the syscall [syscall-lseek-before-write]
  return write(fd, line, strlen(line)) < 0 ? -1 : 0;
}
// CHECK-FIXES: int append_quiet(int fd, const char *line) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return write(fd, line, strlen(line)) < 0 ? -1 : 0;

// ------------------------------------------------------------ must not flag

// The else branch moves the offset expression before it writes.
int patch_else_moved(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  ssize_t n;
  if (lseek(fd, off, SEEK_SET) == -1) {
    n = -1;
  } else {
    off += 1;
    n = write(fd, s, strlen(s));
  }
  close(fd);
  return n < 0 || off < 0 ? -1 : 0;
}

// O_APPEND on one of the paths that build the flags: never fused.
int patch_maybe_append(const char *path, int append, off_t off,
                       const char *s) {
  int flags = O_WRONLY;
  if (append)
    flags |= O_APPEND;
  int fd = open(path, flags);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}

// Flags that grow in a loop are not a small set of constants.
int patch_loop_flags(const char *path, const int *extra, int k, off_t off,
                     const char *s) {
  int flags = O_WRONLY;
  for (int i = 0; i < k; ++i)
    flags |= extra[i];
  int fd = open(path, flags);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}

// A "close" helper that first cuts the file where the last write ended: it
// relies on the offset, so the seek + write stays as it is.
static void finish_file(int fd) {
  off_t end = lseek(fd, 0, SEEK_CUR);
  if (end >= 0)
    ftruncate(fd, end);
  close(fd);
}

int patch_then_finish(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  ssize_t n = write(fd, s, strlen(s));
  finish_file(fd);
  return n < 0 ? -1 : 0;
}

// O_APPEND added to run-time flags: Linux's pwrite would append, so the
// seek + write is never fused, whatever the caller tested.
int patch_appending(const char *path, int flags, off_t off, const char *s) {
  if (flags & O_APPEND)
    return -1;
  int fd = open(path, flags | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}

// The offset is the answer the code wants.
off_t where(int fd) {
  off_t pos = lseek(fd, 0, SEEK_CUR);
  return pos;
}

// Its size, even on an O_APPEND descriptor.
off_t log_size(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  off_t end = lseek(fd, 0, SEEK_END);
  close(fd);
  return end;
}

// fseek to the end, then ftell.
long stream_size(const char *path) {
  FILE *f = fopen(path, "a");
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fclose(f);
  return size;
}

// C requires a seek between a read and a write on an update stream.
int update(const char *path) {
  FILE *f = fopen(path, "r+");
  char buf[16];
  if (!f || !fgets(buf, sizeof buf, f))
    return -1;
  fseek(f, 0, SEEK_CUR);
  fputs("updated\n", f);
  return fclose(f);
}

// "a+" reads too: the seek positions the reads.
int tail_then_append(const char *path, char *buf, size_t n) {
  FILE *f = fopen(path, "a+");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  size_t got = fread(buf, 1, n, f);
  fputs("more\n", f);
  fclose(f);
  return (int)got;
}

// A relative seek leaves a hole on purpose.
int sparse(const char *path, const char *data, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  lseek(fd, 1 << 20, SEEK_CUR);
  ssize_t w = write(fd, data, n);
  close(fd);
  return w < 0 ? -1 : 0;
}

// A loop of writes relies on the offset the seek set.
int write_from(const char *path, off_t off, const char **parts, int count) {
  int fd = open(path, O_WRONLY);
  lseek(fd, off, SEEK_SET);
  for (int i = 0; i < count; ++i)
    write(fd, parts[i], strlen(parts[i]));
  return close(fd);
}

// Header then body: the second write relies on the first.
int write_two(const char *path, off_t off, const char *hdr, const char *body) {
  int fd = open(path, O_WRONLY);
  lseek(fd, off, SEEK_SET);
  write(fd, hdr, strlen(hdr));
  write(fd, body, strlen(body));
  return close(fd);
}

// Rewind, truncate, and write the new contents with later writes.
int replace_contents(int fd, const char *a, const char *b) {
  lseek(fd, 0, SEEK_SET);
  ftruncate(fd, 0);
  write(fd, a, strlen(a));
  write(fd, b, strlen(b));
  return 0;
}

// A descriptor of unknown origin: the caller may rely on the offset.
int put_at(int fd, off_t off, const char *s) {
  lseek(fd, off, SEEK_SET);
  return write(fd, s, strlen(s)) < 0 ? -1 : 0;
}

// O_APPEND: pwrite would append on Linux whatever the offset.
int patch_append(const char *path, off_t off, const char *s) {
  int fd = open(path, O_WRONLY | O_APPEND);
  lseek(fd, off, SEEK_SET);
  ssize_t w = write(fd, s, strlen(s));
  close(fd);
  return w < 0 ? -1 : 0;
}

// A run-time mode that may hold O_APPEND.
int patch_any(const char *path, int flags, off_t off, const char *s) {
  int fd = open(path, flags);
  lseek(fd, off, SEEK_SET);
  ssize_t w = write(fd, s, strlen(s));
  close(fd);
  return w < 0 ? -1 : 0;
}

// Read-write: after the write the code reads on from the offset.
int write_then_read(const char *path, off_t off, char *buf, size_t n) {
  int fd = open(path, O_RDWR);
  lseek(fd, off, SEEK_SET);
  write(fd, buf, n);
  ssize_t r = read(fd, buf, n);
  close(fd);
  return (int)r;
}

// A rewind after reading is needed before writing.
int read_then_rewrite(const char *path, char *buf, size_t n) {
  int fd = open(path, O_RDWR);
  read(fd, buf, n);
  lseek(fd, 0, SEEK_SET);
  write(fd, buf, n);
  ssize_t r = read(fd, buf, n);
  close(fd);
  return (int)r;
}

// The descriptor is handed back to the caller after the write.
int create_with_header(const char *path, const char *hdr) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  lseek(fd, 128, SEEK_SET);
  write(fd, hdr, strlen(hdr));
  return fd;
}

// A helper whose caller goes on writing at the offset it left.
static int put_header(int fd, const char *hdr) {
  lseek(fd, 0, SEEK_SET);
  return write(fd, hdr, strlen(hdr)) < 0 ? -1 : 0;
}

int write_file(const char *path, const char *hdr, const char *body) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  put_header(fd, hdr);
  write(fd, body, strlen(body));
  return close(fd);
}

// A conditional seek.
int maybe_seek(const char *path, int at_end, const char *s) {
  int fd = open(path, O_WRONLY);
  if (at_end)
    lseek(fd, 0, SEEK_END);
  write(fd, s, strlen(s));
  return close(fd);
}

// The descriptor goes to another function before the rewind.
int after_process(const char *path, const char *s) {
  int fd = open(path, O_RDWR);
  process(fd);
  lseek(fd, 0, SEEK_SET);
  write(fd, s, strlen(s));
  write(fd, s, strlen(s));
  return close(fd);
}

// The position is not checked against a failed write (-1).
int write_unchecked(const char *path, const char **chunks, int count) {
  off_t pos = 0;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    ssize_t n = write(fd, chunks[i], strlen(chunks[i]));
    pos += n;
    write(fd, "\n", 1);
  }
  return close(fd);
}

// The position starts at a caller's offset: the first seek is needed.
int write_from_offset(const char *path, off_t start, const char **chunks,
                      int count) {
  off_t pos = start;
  int fd = open(path, O_WRONLY);
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    ssize_t n = write(fd, chunks[i], strlen(chunks[i]));
    if (n < 0)
      break;
    pos += n;
    write(fd, "", 0);
  }
  return close(fd);
}

// Read-write: a read between writes moves the offset away from pos.
int rewrite_records(const char *path, char *buf, size_t len, int count) {
  off_t pos = 0;
  int fd = open(path, O_RDWR);
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    ssize_t n = write(fd, buf, len);
    if (n < 0)
      break;
    pos += n;
    read(fd, buf, len);
  }
  return close(fd);
}

// Handles that already skip the seek when they cannot read.
ssize_t handle_write_fixed(struct io_handle *h, const void *buf, size_t n) {
  if ((h->flags & O_ACCMODE) == O_WRONLY)
    return write(h->fd, buf, n);
  lseek(h->fd, h->pos, SEEK_SET);
  return write(h->fd, buf, n);
}

// A handle without flags: nothing tells whether it reads.
struct plain_handle {
  int fd;
  off_t pos;
};

ssize_t plain_write(struct plain_handle *h, const void *buf, size_t n) {
  lseek(h->fd, h->pos, SEEK_SET);
  return write(h->fd, buf, n);
}

// A read follows the seek: the position is for reading.
ssize_t handle_read(struct io_handle *h, void *buf, size_t n) {
  lseek(h->fd, h->pos, SEEK_SET);
  return read(h->fd, buf, n);
}

// A loop that also continues after a short write relies on the offset.
int write_fully(const char *path, off_t off, const char *s, ssize_t n) {
  int fd = open(path, O_WRONLY);
  ssize_t w;
  lseek(fd, off, SEEK_SET);
  do
    w = write(fd, s, (size_t)n);
  while ((w < 0 && errno == EINTR) || (w > 0 && (s += w, n -= w) > 0));
  return close(fd);
}

// The seek is made for the errno it leaves: can this descriptor seek?
int is_pipe(int fd) {
  errno = 0;
  lseek(fd, 0, SEEK_CUR);
  return errno == ESPIPE;
}

// The descriptor stays open in the field: later writes elsewhere may rely
// on the offset the write leaves.
int record_start(struct record_file *r, const char *path, const char *hdr) {
  r->fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (r->fd < 0)
    return -1;
  lseek(r->fd, 512, SEEK_SET);
  return write(r->fd, hdr, strlen(hdr)) < 0 ? -1 : 0;
}

int record_more(struct record_file *r, const char *s) {
  return write(r->fd, s, strlen(s)) < 0 ? -1 : 0;
}

// The field is opened for appending.
int record_append(struct record_file *r, const char *path, const char *s) {
  r->fd = open(path, O_WRONLY | O_APPEND);
  if (r->fd < 0)
    return -1;
  lseek(r->fd, r->at, SEEK_SET);
  ssize_t n = write(r->fd, s, strlen(s));
  close(r->fd);
  return n < 0 ? -1 : 0;
}

// The seek on one branch, and a second write relies on the offset.
int put_two_maybe_at(const char *path, off_t at, const char *a,
                     const char *b) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (at >= 0) {
    lseek(fd, at, SEEK_SET);
  }
  write(fd, a, strlen(a));
  write(fd, b, strlen(b));
  return close(fd);
}

// Something runs between the branch and the write.
int put_logged(const char *path, off_t at, const char *s) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (at >= 0)
    lseek(fd, at, SEEK_SET);
  fprintf(stderr, "writing %s\n", path);
  ssize_t n = write(fd, s, strlen(s));
  close(fd);
  return n < 0 ? -1 : 0;
}

// The field is also stored from an O_APPEND open: pwrite would append.
struct segment {
  int fd;
};

static int segment_open(struct segment *sg, const char *path, int append) {
  if (append)
    sg->fd = open(path, O_WRONLY | O_APPEND);
  else
    sg->fd = open(path, O_WRONLY | O_CREAT, 0644);
  return sg->fd < 0 ? -1 : 0;
}

static ssize_t segment_write_at(int fd, off_t off, const void *buf, size_t n) {
  lseek(fd, off, SEEK_SET);
  return write(fd, buf, n);
}

int segment_put(struct segment *sg, const char *path, off_t off,
                const char *s) {
  if (segment_open(sg, path, off < 0))
    return -1;
  return segment_write_at(sg->fd, off, s, strlen(s)) < 0 ? -1 : 0;
}

// The field's address escapes: anything may store any descriptor in it.
struct spool {
  int fd;
};
int open_into(int *fd, const char *path);

int spool_put(struct spool *sp, const char *path, off_t off, const char *s) {
  if (open_into(&sp->fd, path) < 0)
    return -1;
  lseek(sp->fd, off, SEEK_SET);
  return write(sp->fd, s, strlen(s)) < 0 ? -1 : 0;
}

// Another function writes on from where the last write left the offset.
struct table {
  int fd;
};

static int table_open(struct table *t, const char *path) {
  t->fd = open(path, O_WRONLY | O_CREAT, 0644);
  return t->fd < 0 ? -1 : 0;
}

int table_put_at(struct table *t, off_t at, const char *row) {
  lseek(t->fd, at, SEEK_SET);
  return write(t->fd, row, strlen(row)) < 0 ? -1 : 0;
}

int table_put_next(struct table *t, const char *row) {
  return write(t->fd, row, strlen(row)) < 0 ? -1 : 0;
}

int table_start(struct table *t, const char *path) {
  return table_open(t, path);
}

// The same through a helper that writes at the current offset, and with
// the descriptor copied out of the field.
struct ledger {
  int fd;
};

static int ledger_open(struct ledger *l, const char *path) {
  l->fd = open(path, O_WRONLY | O_CREAT, 0644);
  return l->fd < 0 ? -1 : 0;
}

static ssize_t ledger_append(int fd, const char *s) {
  return write(fd, s, strlen(s));
}

int ledger_put_at(struct ledger *l, off_t at, const char *s) {
  lseek(l->fd, at, SEEK_SET);
  return write(l->fd, s, strlen(s)) < 0 ? -1 : 0;
}

int ledger_more(struct ledger *l, const char *s) {
  return ledger_append(l->fd, s) < 0 ? -1 : 0;
}

struct stash {
  int fd;
};

static int stash_open(struct stash *st, const char *path) {
  st->fd = open(path, O_WRONLY | O_CREAT, 0644);
  return st->fd < 0 ? -1 : 0;
}

int stash_put_at(struct stash *st, off_t at, const char *s) {
  lseek(st->fd, at, SEEK_SET);
  return write(st->fd, s, strlen(s)) < 0 ? -1 : 0;
}

int stash_more(struct stash *st, const char *s) {
  int fd = st->fd;
  return write(fd, s, strlen(s)) < 0 ? -1 : 0;
}

int ledger_and_stash_start(struct ledger *l, struct stash *st,
                           const char *path) {
  return ledger_open(l, path) || stash_open(st, path);
}

// A handle's "flags" that are not its open flags (extraction options), and
// a handle that already seeks only when its position is elsewhere.
#define EXTRACT_SPARSE 0x100
struct extract_handle {
  int fd;
  int flags;
  off_t offset;
};

ssize_t extract_write(struct extract_handle *a, const char *buf, size_t n) {
  if (a->flags & EXTRACT_SPARSE)
    n = n > 512 ? 512 : n;
  if (lseek(a->fd, a->offset, SEEK_SET) < 0)
    return -1;
  return write(a->fd, buf, n);
}

struct tracked_handle {
  int fd;
  int flags;
  off_t pos, fd_pos;
};

int tracked_open(struct tracked_handle *t, const char *path) {
  t->flags = O_WRONLY | O_CREAT;
  t->fd = open(path, t->flags, 0644);
  t->pos = t->fd_pos = 0;
  return t->fd < 0 ? -1 : 0;
}

ssize_t tracked_write(struct tracked_handle *t, const char *buf, size_t n) {
  if (t->pos != t->fd_pos) {
    if (lseek(t->fd, t->pos, SEEK_SET) < 0)
      return -1;
    t->fd_pos = t->pos;
  }
  ssize_t w = write(t->fd, buf, n);
  if (w > 0)
    t->pos = t->fd_pos += w;
  return w;
}

// Looked up from a handle, but nothing tests for O_APPEND: on an O_APPEND
// descriptor pwrite would append too.
int table_write_unguarded(int h, const void *buf, size_t n, off_t off) {
  int fd = handle_to_fd(h);
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// The flags of another handle say nothing about this descriptor.
int table_copy_at(int from, int to, const void *buf, size_t n, off_t off) {
  int fd = handle_to_fd(to);
  int flags = handle_to_flags(from);
  if (flags & O_APPEND)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// A lookup whose descriptors another function writes at the current
// offset: a pwrite would leave the offset behind for that write.
static int journal_fds[8], journal_flags[8];
static int journal_fd(int j) { return journal_fds[j]; }
static int journal_oflags(int j) { return journal_flags[j]; }

int journal_write_at(int j, const void *buf, size_t n, off_t off) {
  int fd = journal_fd(j);
  int flags = journal_oflags(j);
  if (flags & O_APPEND)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

int journal_continue(int j, const void *buf, size_t n) {
  int fd = journal_fd(j);
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// A lookup other files can call (and rely on the offset through).
int shared_fd(int h);
int shared_flags(int h);
int shared_write_at(int h, const void *buf, size_t n, off_t off) {
  int fd = shared_fd(h);
  int flags = shared_flags(h);
  if (flags & O_APPEND)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// The write is followed by one that relies on the offset the first left.
int table_write_two(int h, const char *a, const char *b, off_t off) {
  int fd = handle_to_fd(h);
  int flags = handle_to_flags(h);
  if (flags & O_APPEND)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  if (write(fd, a, strlen(a)) < 0)
    return -1;
  return write(fd, b, strlen(b)) < 0 ? -1 : 0;
}

// The rewind in a statement-like macro after a read: the offset moved.
int rewrite_quiet(int fd, char *buf, size_t n) {
  if (read(fd, buf, n) < 0)
    return -1;
  QUIET(lseek(fd, 0, SEEK_SET));
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// A loop that continues after a short write, around an EINTR retry: the
// outer loop relies on the offset the write leaves.
int write_fully_retried(const char *path, off_t off, const char *s,
                        ssize_t n) {
  int fd = open(path, O_WRONLY);
  ssize_t w;
  lseek(fd, off, SEEK_SET);
  do
    w = TEMP_FAILURE_RETRY(write(fd, s, (size_t)n));
  while (w > 0 && (s += w, n -= w) > 0);
  return close(fd);
}

// The flags read again after a change that may add O_APPEND: the test was
// of the old flags.
int handle_put_after_setfl(int h, const char *s, off_t off, int append) {
  int fd = handle_to_fd(h);
  int fl;
  if ((fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_APPEND) != 0)
    return -1;
  if (append)
    fcntl(fd, F_SETFL, fl | O_APPEND);
  fl = fcntl(fd, F_GETFL);
  lseek(fd, off, SEEK_SET);
  return write(fd, s, strlen(s)) < 0 ? -1 : fl;
}

// Look-alikes of a stream rewound right after its open. An append mode may
// start at the end (glibc puts "a" there, the BSDs "a+" too), so the rewind
// before reading a log back moves it.
int read_log_back(const char *path, char *line, int n) {
  FILE *f = fopen(path, "a+");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_SET);
  if (!fgets(line, n, f))
    line[0] = '\0';
  return fclose(f);
}

long log_start(const char *path) {
  FILE *f = fopen(path, "a");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_SET);
  long at = ftell(f);
  fclose(f);
  return at;
}

// A stream over a descriptor keeps the descriptor's offset.
int reread_descriptor(int fd, char *line, int n) {
  FILE *f = fdopen(fd, "r");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_SET);
  if (!fgets(line, n, f))
    line[0] = '\0';
  return fclose(f);
}

// A mode the caller chooses.
int reread_as(const char *path, const char *mode, char *line, int n) {
  FILE *f = fopen(path, mode);
  if (!f)
    return -1;
  fseek(f, 0, SEEK_SET);
  if (!fgets(line, n, f))
    line[0] = '\0';
  return fclose(f);
}
