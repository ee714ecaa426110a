// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t -- -D_GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The project's own wrappers, known by their bodies: no options needed.
static int xopen(const char *path, int flags) {
  int fd = open(path, flags, 0644);
  if (fd < 0)
    abort();
  return fd;
}

static int create_log(const char *path) {
  return open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
}

static ssize_t write_all(int fd, const char *buf, size_t n) {
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(fd, buf + done, n - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    done += (size_t)w;
  }
  return (ssize_t)done;
}

static void xclose(int fd) {
  if (close(fd) != 0)
    abort();
}

// A seek then a full write through the wrapper: one positional write.
void patch(const char *path, off_t off, const char *s) {
  int fd = xopen(path, O_WRONLY);
  lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write_all' is one 'pwrite'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: no automatic fix: no positional form of 'write_all' is configured (option PwriteFunction)
  write_all(fd, s, strlen(s));
  xclose(fd);
}

// Must not flag: the wrapper adds O_APPEND, where pwrite appends.
void patch_log(const char *path, off_t off, const char *s) {
  int fd = create_log(path);
  if (fd < 0)
    return;
  lseek(fd, off, SEEK_SET);
  write_all(fd, s, strlen(s));
  xclose(fd);
}

void log_line(const char *path, const char *s) {
  int fd = create_log(path);
  if (fd < 0)
    return;
  lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'lseek' to the end: the file is opened for appending
  write_all(fd, s, strlen(s));
  xclose(fd);
}
// CHECK-FIXES: void log_line(const char *path, const char *s) {
// CHECK-FIXES-NEXT: int fd = create_log(path);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: write_all(fd, s, strlen(s));

// Must not flag: an O_APPEND open through the same wrapper, then a
// positional write's look-alike.
void patch_appended(const char *path, off_t off, const char *s) {
  int fd = xopen(path, O_WRONLY | O_APPEND);
  lseek(fd, off, SEEK_SET);
  write_all(fd, s, strlen(s));
  xclose(fd);
}

// Must not flag: the offset is read after the write.
off_t patch_and_tell(const char *path, off_t off, const char *s) {
  int fd = xopen(path, O_WRONLY);
  lseek(fd, off, SEEK_SET);
  write_all(fd, s, strlen(s));
  off_t end = lseek(fd, 0, SEEK_CUR);
  xclose(fd);
  return end;
}

// Must not flag: the wrapper's result is a position the caller uses.
off_t end_of(const char *path) {
  int fd = xopen(path, O_WRONLY);
  off_t end = lseek(fd, 0, SEEK_END);
  xclose(fd);
  return end;
}

// One-line helpers of the C library, as portability layers write them:
// each call is the call it passes on.
static off_t seek_to(int fd, off_t off, int whence) {
  return lseek(fd, off, whence);
}
static ssize_t put(int fd, const void *buf, size_t n) {
  return write(fd, buf, n);
}

int store_at(const char *path, off_t off, const char *rec, size_t n) {
  // CHECK-MESSAGES: :[[@LINE+2]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  int fd = xopen(path, O_WRONLY);
  seek_to(fd, off, SEEK_SET);
  put(fd, rec, n);
  xclose(fd);
  return 0;
}
// CHECK-FIXES: int store_at(const char *path, off_t off, const char *rec, size_t n) {
// CHECK-FIXES: int fd = xopen(path, O_WRONLY);
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

// Must not flag: the seek is relative, through the same helper.
int skip_and_store(const char *path, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  if (seek_to(fd, 16, SEEK_CUR) < 0)
    return -1;
  ssize_t w = put(fd, rec, n);
  xclose(fd);
  return w == (ssize_t)n ? 0 : -1;
}

// Must not flag: the offset is read back through the helper.
off_t store_and_tell(const char *path, off_t off, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  if (seek_to(fd, off, SEEK_SET) < 0)
    return -1;
  put(fd, rec, n);
  off_t end = seek_to(fd, 0, SEEK_CUR);
  xclose(fd);
  return end;
}

// A project's wrappers that exit when their call fails: on success each is
// its call. The fix would put a pwrite that does not exit in their place.
static off_t xlseek(int fd, off_t off, int whence) {
  off_t r = lseek(fd, off, whence);
  if (r == -1) {
    perror("lseek");
    exit(1);
  }
  return r;
}
static ssize_t xwrite(int fd, const void *buf, size_t n) {
  ssize_t r = write(fd, buf, n);
  if (r < 0) {
    perror("write");
    exit(1);
  }
  return r;
}

int put_record(const char *path, off_t off, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  xlseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'xlseek' then 'xwrite' is one 'pwrite'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: no automatic fix: 'xwrite' exits when its call fails; 'pwrite' in their place would not
  xwrite(fd, rec, n);
  xclose(fd);
  return 0;
}
// CHECK-FIXES: xlseek(fd, off, SEEK_SET);

// The exiting seek followed by a read is one pread, but a pread would not
// exit where the seek did: a note, no fix.
int get_record(const char *path, off_t off, char *rec, size_t n) {
  int fd = xopen(path, O_RDONLY);
  xlseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'xlseek' then 'read' is one 'pread'
  ssize_t r = read(fd, rec, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: note: the read at that offset
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: no automatic fix: 'xlseek' exits when its call fails
  xclose(fd);
  return r < 0 ? -1 : 0;
}

// Must not flag: the offset the exiting seek returns is used.
off_t append_record(const char *path, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  off_t at = xlseek(fd, 0, SEEK_END);
  xwrite(fd, rec, n);
  xclose(fd);
  return at;
}

// Calls through a constant table of the project's functions, as code with
// backends or test seams writes them: each runs the one function the table
// holds, so the seek and the write are seek_to and put.
struct file_ops {
  int (*open)(const char *, int);
  off_t (*seek)(int, off_t, int);
  ssize_t (*write)(int, const void *, size_t);
  void (*close)(int);
};
static const struct file_ops posix_ops = {xopen, seek_to, put, xclose};
static const struct file_ops *const default_ops = &posix_ops;
static const struct file_ops backends[] = {
    {xopen, seek_to, put, xclose},
    {.open = xopen, .seek = seek_to, .write = put, .close = xclose},
};
static ssize_t put_counted(int fd, const void *buf, size_t n);
static const struct file_ops mixed[] = {
    {xopen, seek_to, put, xclose},
    {xopen, seek_to, put_counted, xclose},
};
static ssize_t (*const put_fn)(int, const void *, size_t) = put;

int table_store(const char *path, off_t off, const char *rec, size_t n) {
  int fd = posix_ops.open(path, O_WRONLY);
  posix_ops.seek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  posix_ops.write(fd, rec, n);
  posix_ops.close(fd);
  return 0;
}
// CHECK-FIXES: int fd = posix_ops.open(path, O_WRONLY);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

int pointer_store(const char *path, off_t off, const char *rec, size_t n) {
  int fd = default_ops->open(path, O_WRONLY);
  default_ops->seek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  (*default_ops->write)(fd, rec, n);
  default_ops->close(fd);
  return 0;
}
// CHECK-FIXES: int fd = default_ops->open(path, O_WRONLY);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

int backend_store(int which, const char *path, off_t off, const char *rec,
                  size_t n) {
  int fd = backends[which].open(path, O_WRONLY);
  backends[which].seek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  put_fn(fd, rec, n);
  backends[which].close(fd);
  return 0;
}
// CHECK-FIXES: int fd = backends[which].open(path, O_WRONLY);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

int first_backend_store(const char *path, off_t off, const char *rec,
                        size_t n) {
  int fd = xopen(path, O_WRONLY);
  mixed[0].seek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  mixed[0].write(fd, rec, n);
  xclose(fd);
  return 0;
}
// CHECK-FIXES: int fd = xopen(path, O_WRONLY);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

// Must not flag: the entries differ, and the second writes elsewhere.
static ssize_t put_counted(int fd, const void *buf, size_t n) {
  static unsigned long writes;
  ++writes;
  return n ? (ssize_t)n : (ssize_t)(fd & 0);
}
int mixed_store(int which, const char *path, off_t off, const char *rec,
                size_t n) {
  int fd = xopen(path, O_WRONLY);
  mixed[which].seek(fd, off, SEEK_SET);
  mixed[which].write(fd, rec, n);
  xclose(fd);
  return 0;
}

// Must not flag: a table that is not constant may be written anywhere (a
// test installs a fake through a pointer, another unit replaces it).
static struct file_ops hooks = {xopen, seek_to, put, xclose};
static ssize_t (*put_hook)(int, const void *, size_t) = put;
struct file_ops *hooks_for_tests(void) { return &hooks; }
int hooked_store(const char *path, off_t off, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  hooks.seek(fd, off, SEEK_SET);
  hooks.write(fd, rec, n);
  seek_to(fd, off, SEEK_SET);
  put_hook(fd, rec, n);
  xclose(fd);
  return 0;
}

// Must not flag: a constant table of another unit, whose entries this one
// does not see.
extern const struct file_ops remote_ops;
int remote_store(const char *path, off_t off, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  remote_ops.seek(fd, off, SEEK_SET);
  remote_ops.write(fd, rec, n);
  xclose(fd);
  return 0;
}

// Must not flag: through the table, the seek's position is read back.
off_t table_store_and_tell(const char *path, off_t off, const char *rec,
                           size_t n) {
  int fd = posix_ops.open(path, O_WRONLY);
  posix_ops.seek(fd, off, SEEK_SET);
  posix_ops.write(fd, rec, n);
  off_t end = posix_ops.seek(fd, 0, SEEK_CUR);
  posix_ops.close(fd);
  return end;
}

// A record only this file defines, reached through the pointer a function
// receives: the file gives its entries seek_to and put (or nothing) and
// nothing else, so the calls through them are those.
struct sink {
  off_t (*seek)(int, off_t, int);
  ssize_t (*write)(int, const void *, size_t);
};
void sink_init(struct sink *s) {
  s->seek = seek_to;
  s->write = put;
}
static const struct sink seek_only = {seek_to, NULL};

int sink_store(struct sink *s, const char *path, off_t off, const char *rec,
               size_t n) {
  int fd = xopen(path, O_WRONLY);
  s->seek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'seek_to' then 'put' is one 'pwrite'
  s->write(fd, rec, n);
  xclose(fd);
  return 0;
}
// CHECK-FIXES: int sink_store(struct sink *s, const char *path, off_t off, const char *rec,
// CHECK-FIXES: int fd = xopen(path, O_WRONLY);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: pwrite(fd, rec, n, off);

off_t sink_skip(int fd, off_t by) { return seek_only.seek(fd, by, SEEK_CUR); }

// Must not flag: the caller sets the entry.
struct pluggable {
  ssize_t (*write)(int, const void *, size_t);
};
void pluggable_set(struct pluggable *p,
                   ssize_t (*w)(int, const void *, size_t)) {
  p->write = w;
}
int pluggable_store(struct pluggable *p, const char *path, off_t off,
                    const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  seek_to(fd, off, SEEK_SET);
  p->write(fd, rec, n);
  xclose(fd);
  return 0;
}

// Must not flag: the entry's address is handed out, to be set anywhere.
struct exposed {
  ssize_t (*write)(int, const void *, size_t);
};
void exposed_init(struct exposed *e) { e->write = put; }
void *exposed_slot(struct exposed *e) { return &e->write; }
int exposed_store(struct exposed *e, const char *path, off_t off,
                  const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  seek_to(fd, off, SEEK_SET);
  e->write(fd, rec, n);
  xclose(fd);
  return 0;
}

// Must not flag: a constant union's member, which the initialiser may have
// set through another member.
static const union {
  ssize_t (*write)(int, const void *, size_t);
  ssize_t (*count)(int, const void *, size_t);
} either = {put};
int either_store(const char *path, off_t off, const char *rec, size_t n) {
  int fd = xopen(path, O_WRONLY);
  seek_to(fd, off, SEEK_SET);
  either.count(fd, rec, n);
  xclose(fd);
  return 0;
}

// A full-transfer helper handed the function to call (write or read) and
// the descriptor, waiting in poll(2) when it would block: it writes
// when handed write, through a cast to its parameter's type.
typedef ssize_t (*transfer_fn)(int, void *, size_t);
#define vwrite (transfer_fn) write
static size_t transfer_all(transfer_fn f, int fd, void *buf, size_t n) {
  char *s = buf;
  size_t pos = 0;
  struct pollfd pfd;
  pfd.fd = fd;
  pfd.events = f == read ? POLLIN : POLLOUT;
  while (n > pos) {
    ssize_t res = (f)(fd, s + pos, n - pos);
    if (res == -1) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN) {
        (void)poll(&pfd, 1, -1);
        continue;
      }
      return 0;
    }
    if (res == 0)
      return pos;
    pos += (size_t)res;
  }
  return pos;
}
static size_t transfer(transfer_fn f, int fd, void *buf, size_t n) {
  return transfer_all(f, fd, buf, n);
}

// Blocks written at the offsets a peer sent, out of order: the seek's
// failure and the write's are joined and kept in a flag the test reads;
// on success the else arm moves on.
int store_blocks(const char *path, const off_t *offs, char **blocks,
                 const size_t *lens, int m, int resume) {
  int write_error = 0;
  size_t done = 0;
  int fd = open(path, O_WRONLY | O_CREAT | (resume ? 0 : O_TRUNC), 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if ((lseek(fd, offs[i], SEEK_SET) == -1 ||
         transfer(vwrite, fd, blocks[i], lens[i]) != lens[i]) &&
        !write_error) {
      write_error = 1;
    } else {
      done += lens[i];
    }
  }
  // CHECK-MESSAGES: :[[@LINE-8]]:10: warning: 'lseek' then 'transfer' is one 'pwrite'
  // CHECK-MESSAGES: :[[@LINE-9]]:10: note: no automatic fix: 'transfer' is not called as write(fd, buf, n)
  close(fd);
  return write_error ? -1 : (int)done;
}

// Handed read, the helper reads at the offset the seek set: one pread,
// written by hand.
int load_blocks(const char *path, const off_t *offs, char **blocks,
                const size_t *lens, int m) {
  int fd = open(path, O_RDWR);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        transfer(read, fd, blocks[i], lens[i]) != lens[i])
      break;
  }
  // CHECK-MESSAGES: :[[@LINE-4]]:9: warning: 'lseek' then 'transfer' is one 'pread'
  // CHECK-MESSAGES: :[[@LINE-4]]:9: note: the read at that offset
  // CHECK-MESSAGES: :[[@LINE-6]]:9: note: no automatic fix: 'transfer' is not called as read(fd, buf, n)
  close(fd);
  return 0;
}

// Must not flag: the function to call comes from the caller, not a name.
int store_blocks_with(transfer_fn how, const char *path, const off_t *offs,
                      char **blocks, const size_t *lens, int m) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        transfer(how, fd, blocks[i], lens[i]) != lens[i])
      break;
  }
  close(fd);
  return 0;
}

void watch_later(struct pollfd *pfd);

// Must not flag: the helper also hands the descriptor's record to another
// function, which may keep it and use the offset.
static size_t transfer_watched(transfer_fn f, int fd, void *buf, size_t n) {
  struct pollfd pfd;
  pfd.fd = fd;
  pfd.events = POLLOUT;
  watch_later(&pfd);
  return (size_t)(f)(fd, buf, n);
}
int store_block_watched(const char *path, off_t off, char *block, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  if (lseek(fd, off, SEEK_SET) == -1 ||
      transfer_watched(vwrite, fd, block, n) != n) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Must not flag: the helper calls its function with another descriptor
// (a log it copies to) and writes the data itself at its own offset.
static int log_fd = 2;
static size_t transfer_logged(transfer_fn f, int fd, void *buf, size_t n) {
  (void)f(log_fd, buf, n);
  return (size_t)pread(fd, buf, n, 0);
}
int store_block_logged(const char *path, off_t off, char *block, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  if (lseek(fd, off, SEEK_SET) == -1 ||
      transfer_logged(vwrite, fd, block, n) != n) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Must not flag: two function parameters, the descriptor handed to each.
static size_t transfer_both(transfer_fn f, transfer_fn g, int fd, void *buf,
                            size_t n) {
  (void)g(fd, buf, n);
  return (size_t)f(fd, buf, n);
}
int store_block_twice(const char *path, off_t off, char *block, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  if (lseek(fd, off, SEEK_SET) == -1 ||
      transfer_both(vwrite, vwrite, fd, block, n) != n) {
    close(fd);
    return -1;
  }
  return close(fd);
}

void remember_fd(int *fd);

// Must not flag: the address of the record's descriptor field goes to
// another function, which may keep it.
static size_t transfer_remembered(transfer_fn f, int fd, void *buf,
                                  size_t n) {
  struct pollfd pfd;
  pfd.fd = fd;
  pfd.events = POLLOUT;
  remember_fd(&pfd.fd);
  (void)poll(&pfd, 1, -1);
  return (size_t)(f)(fd, buf, n);
}
int store_block_remembered(const char *path, off_t off, char *block,
                           size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  if (lseek(fd, off, SEEK_SET) == -1 ||
      transfer_remembered(vwrite, fd, block, n) != n) {
    close(fd);
    return -1;
  }
  return close(fd);
}
