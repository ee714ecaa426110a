// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-ftruncate-after-open %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-ftruncate-after-open %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIE(what)                                                              \
  do {                                                                         \
    perror(what);                                                              \
    exit(1);                                                                   \
  } while (0)

struct sink {
  int fd;
};
void write_header(struct sink *s);
void fill(int fd);

// ---------------------------------------------------------------- must flag

int save_snapshot(const char *path, const char *data, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' opens the file here
    close(fd);
    return -1;
  }
  ssize_t w = write(fd, data, n);
  close(fd);
  return w == (ssize_t)n ? 0 : -1;
}
// CHECK-FIXES: int save_snapshot(const char *path, const char *data, size_t n) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   ssize_t w = write(fd, data, n);

int create_output(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+5]]:3: warning: redundant 'ftruncate' to length 0: 'creat' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:12: note: 'creat' opens the file here
  int fd = creat(path, 0644);
  if (fd < 0)
    return -1;
  ftruncate(fd, 0);
  return fd;
}
// CHECK-FIXES: int fd = creat(path, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A pid file: O_EXCL makes a new file, which is empty.
int write_pidfile(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd == -1)
    return -1;
  if (ftruncate(fd, 0) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'open' with O_CREAT | O_EXCL made a new, empty file, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' opens the file here
    DIE("ftruncate");
  dprintf(fd, "%ld\n", (long)getpid());
  return fd;
}
// CHECK-FIXES: int write_pidfile(const char *path) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT:   if (fd == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   dprintf(fd, "%ld\n", (long)getpid());

// The flags in a local, as option parsers build them.
int open_report(const char *path, int dirfd) {
  int flags = O_WRONLY | O_CREAT | O_TRUNC;
  int fd = openat(dirfd, path, flags | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'openat' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'openat' opens the file here
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int flags = O_WRONLY | O_CREAT | O_TRUNC;
// CHECK-FIXES-NEXT:   int fd = openat(dirfd, path, flags | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A stream opened "w", truncated again through its descriptor.
FILE *open_table(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return NULL;
  if (ftruncate(fileno(f), 0)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'fopen' with mode "w" truncates the file it opens, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:13: note: 'fopen' opens the file here
    fclose(f);
    return NULL;
  }
  return f;
}
// CHECK-FIXES: FILE *f = fopen(path, "w");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return NULL;
// CHECK-FIXES-NEXT:   return f;

// Its descriptor copied into a local first: the copy goes with the call.
FILE *open_index(const char *path) {
  FILE *ix = fopen(path, "w");
  if (!ix)
    return NULL;
  int ixfd = fileno(ix);
  if (ftruncate(ixfd, 0) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'fopen' with mode "w" truncates the file it opens, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-6]]:14: note: 'fopen' opens the file here
    fclose(ix);
    return NULL;
  }
  return ix;
}
// CHECK-FIXES: FILE *ix = fopen(path, "w");
// CHECK-FIXES-NEXT:   if (!ix)
// CHECK-FIXES-NEXT:     return NULL;
// CHECK-FIXES-NEXT:   return ix;

// Look-alikes: a header written through the stream before the copy, and
// after it (flushed): the truncation empties what was written.
FILE *open_index_with_header(const char *path) {
  FILE *ix = fopen(path, "w");
  if (!ix)
    return NULL;
  fputs("# index\n", ix);
  int ixfd = fileno(ix);
  if (ftruncate(ixfd, 0) != 0) {
    fclose(ix);
    return NULL;
  }
  return ix;
}

FILE *open_index_flushed(const char *path) {
  FILE *ix = fopen(path, "w");
  if (!ix)
    return NULL;
  int ixfd = fileno(ix);
  fputs("# index\n", ix);
  fflush(ix);
  if (ftruncate(ixfd, 0) != 0) {
    fclose(ix);
    return NULL;
  }
  return ix;
}

// The result is kept: flagged, but the fix is the author's.
int reset_log(const char *path, int *err) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  int rc = ftruncate(fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: 'open' opens the file here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: no automatic fix: its result is used for more than an error check
  *err = rc;
  return fd;
}

// Retried on EINTR by glibc's macro.
int truncate_retry(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (TEMP_FAILURE_RETRY(ftruncate(fd, 0)) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC, which already emptied it, and nothing has written to it since; remove the call [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' opens the file here
    // CHECK-MESSAGES: :[[@LINE-3]]:26: note: no automatic fix: its result is used for more than an error check
    return -1;
  return fd;
}

// The descriptor in a field of the sink being reset.
int sink_reset(struct sink *s, const char *path) {
  s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (s->fd == -1)
    return -errno;
  if (ftruncate(s->fd, 0) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC, which already emptied it, {{.*}} [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:11: note: 'open' opens the file here
    close(s->fd);
    return -errno;
  }
  return 0;
}
// CHECK-FIXES: s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT:   if (s->fd == -1)
// CHECK-FIXES-NEXT:     return -errno;
// CHECK-FIXES-NEXT:   return 0;

// The truncation's test joined to the open's with `||`.
int create_joined(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd == -1 || ftruncate(fd, 0))
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: redundant 'ftruncate' to length 0
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT: if (fd == -1)
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return -1;

// The result stored as it is tested and read nowhere else: the local goes
// with the test.
int create_stored(const char *path) {
  int rc;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if ((rc = ftruncate(fd, 0)) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'open' opens the file here
    return -1;
  return fd;
}
// CHECK-FIXES: int create_stored(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return fd;

// The stored result also reported: flagged, the reads go by hand.
int create_stored_logged(const char *path, int *err) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int rc = 0;
  if (fd < 0)
    return -1;
  if ((rc = ftruncate(fd, 0)) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: redundant 'ftruncate' to length 0
    // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'open' opens the file here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: no automatic fix: the call's result is also kept in 'rc', which the function uses elsewhere; remove those uses with the call
    close(fd);
    return -1;
  }
  *err = rc;
  return fd;
}

// ------------------------------------------------------------ must not flag

// The result stored as it is tested, after a write: the truncation empties
// what was written.
int rewrite_stored(const char *path, const char *hdr, size_t n) {
  int rc;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (write(fd, hdr, n) < 0)
    return -1;
  if ((rc = ftruncate(fd, 0)) != 0)
    return -1;
  return fd;
}

// The result stored as it is tested, on a file opened without O_TRUNC.
int reset_stored(const char *path) {
  int rc;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  if ((rc = ftruncate(fd, 0)) != 0)
    return -1;
  return fd;
}

// Without O_TRUNC the old contents are there: emptying them is the point.
int rewrite_in_place(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Something was written first.
int restart_file(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (write(fd, "x", 1) != 1 || ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Preallocation: a length other than 0.
int preallocate(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 1 << 20) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// A descriptor from the caller: who knows what it holds.
int clear_file(int fd) { return ftruncate(fd, 0); }

// O_TRUNC only on some paths.
int open_maybe_truncating(const char *path, int truncate_it) {
  int flags = O_WRONLY | O_CREAT;
  if (truncate_it)
    flags |= O_TRUNC;
  int fd = open(path, flags, 0644);
  if (fd >= 0 && ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Read-only: ftruncate fails with EINVAL here; not ours to remove.
int probe(const char *path) {
  int fd = open(path, O_RDONLY | O_TRUNC);
  if (fd >= 0)
    ftruncate(fd, 0);
  return fd;
}

// A helper that may write got the descriptor first.
int open_filled(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  fill(fd);
  if (ftruncate(fd, 0) < 0)
    return -1;
  return fd;
}

// A stream opened for update keeps its contents.
FILE *open_database(const char *path) {
  FILE *f = fopen(path, "r+");
  if (f && ftruncate(fileno(f), 0) != 0) {
    fclose(f);
    return NULL;
  }
  return f;
}

// Appending keeps them too.
FILE *open_journal(const char *path) {
  FILE *f = fopen(path, "a");
  if (f)
    ftruncate(fileno(f), 0);
  return f;
}

// Log rotation: the writes of earlier iterations come before the truncate.
void rotate(const char *path, const char *lines[], int n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  for (int i = 0; i < n; i++) {
    if (lines[i][0] == '\0') {
      ftruncate(fd, 0);
      continue;
    }
    write(fd, lines[i], strlen(lines[i]));
  }
  close(fd);
}

// The descriptor went into a struct that a helper writes through.
int open_sink(struct sink *s, const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  s->fd = fd;
  write_header(s);
  return ftruncate(fd, 0);
}

// dup2 made it another file.
int redirect(const char *path, int other) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  dup2(other, fd);
  if (ftruncate(fd, 0) < 0)
    return -1;
  return fd;
}

// Opened on one path only; the other reuses a descriptor from outside.
int open_or_reuse(const char *path, int fallback) {
  int fd = fallback;
  if (path)
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (ftruncate(fd, 0) < 0)
    return -1;
  return fd;
}

// The sink is handed to a function that may write before the truncate.
int sink_restart(struct sink *s, const char *path) {
  s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (s->fd == -1)
    return -1;
  write_header(s);
  return ftruncate(s->fd, 0);
}

// The field was written to between.
int sink_rewrite(struct sink *s, const char *path) {
  s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (s->fd == -1)
    return -1;
  fill(s->fd);
  return ftruncate(s->fd, 0);
}

// A spool kept in a global, opened and truncated in one function.
static int spool_fd = -1;
int flush_spool(void);

int open_spool(const char *path) {
  spool_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (spool_fd < 0)
    return -1;
  if (ftruncate(spool_fd, 0) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC{{.*}} [syscall-ftruncate-after-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:14: note: 'open' opens the file here
    return -1;
  return 0;
}
// CHECK-FIXES: spool_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
// CHECK-FIXES-NEXT:   if (spool_fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return 0;

// Not: a function of the program runs between, and may write through the
// global.
int reopen_spool(const char *path) {
  spool_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (spool_fd < 0 || flush_spool() != 0)
    return -1;
  return ftruncate(spool_fd, 0);
}

// Not: the global was opened elsewhere.
int truncate_spool(void) { return ftruncate(spool_fd, 0); }

// Not: a joined truncation of a file opened without O_TRUNC.
int reset_joined(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1 || ftruncate(fd, 0))
    return -1;
  return fd;
}

// A descriptor copied into a second local before the truncation.
int open_spool_copy(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+4]]:3: warning: redundant 'ftruncate' to length 0: 'open' opens with O_TRUNC{{.*}} [syscall-ftruncate-after-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:13: note: 'open' opens the file here
  int raw = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int out = raw;
  ftruncate(out, 0);
  return raw;
}
// CHECK-FIXES: int raw = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
// CHECK-FIXES-NEXT: return raw;

// Not: a header written through the source after the copy.
int open_spool_header(const char *path) {
  int raw = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int out = raw;
  if (write(raw, "#\n", 2) != 2)
    return -1;
  ftruncate(out, 0);
  return raw;
}
