// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t -- -D_GNU_SOURCE -Wall

// The same programs spelled as real code writes them: one exit through a
// cleanup label, a directory test kept in a flag, a helper that keeps its
// answer in a local before returning it.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int walk_directory(int fd);

static int is_dir(int fd) {
  struct stat st;
  int dir = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  return dir;
}

// ---------------------------------------------------------------- must flag

// The rejection leaves through the cleanup label with a failure value.
int open_log(const char *path) {
  int ret;
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) {
    ret = -1;
    goto out;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
    close(fd);
    ret = -1;
    goto out;
  }
  ret = fd;
out:
  return ret;
}

// The helper's answer kept in a flag by the caller too.
int open_out(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  int dir = is_dir(fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: redundant 'is_dir': it only tests for a directory with a stat, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
  if (dir) {
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_out(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: return fd;

// st_mode copied into a local declared apart from its value.
int open_spool(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  struct stat st;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: redundant 'fstat': its result only rejects a directory
  if (fstat(fd, &st) != 0) {
    close(fd);
    return -1;
  }
  mode_t mode;
  mode = st.st_mode;
  if (S_ISDIR(mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_APPEND);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return fd;

// ------------------------------------------------------------ must not flag

// Through the cleanup label, but the branch walks the directory: the value
// the function returns is computed there.
int open_any(const char *path) {
  int ret;
  int fd = open(path, O_RDWR);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ret = walk_directory(fd);
    goto out;
  }
  ret = fd;
out:
  return ret;
}

// The flag is the helper's answer on a read-only descriptor.
int open_in(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  int dir = is_dir(fd);
  if (dir) {
    close(fd);
    return -1;
  }
  return fd;
}

// The flag chooses what to do with a directory instead of failing.
int open_either(const char *path) {
  int fd = open(path, O_RDWR);
  if (fd < 0)
    return -1;
  int dir = is_dir(fd);
  if (dir)
    return walk_directory(fd);
  return fd;
}

// The flag is read again after its `if`.
int open_counted(const char *path, int *dirs) {
  int fd = open(path, O_RDONLY | O_DIRECTORY);
  if (fd < 0)
    return -1;
  int dir = is_dir(fd);
  if (!dir) {
    close(fd);
    return -1;
  }
  *dirs += dir;
  return fd;
}

// The copy declared apart gets a second value: it is not the stat's alone.
int open_spool_or_fifo(const char *path, mode_t fifo) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) != 0) {
    close(fd);
    return -1;
  }
  mode_t mode;
  mode = st.st_mode;
  if (fifo)
    mode = fifo;
  if (S_ISDIR(mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// A log kept only when enabled: -1 on the other path, which the test of
// the descriptor turns back before the stat.
int open_log_if(const char *path, int enabled) {
  int fd = -1;
  struct stat st;
  if (enabled)
    fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory{{.*}} [syscall-fstat-after-write-open]
    // CHECK-MESSAGES: :[[@LINE-5]]:10: note: 'open' opens with a write access mode here
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_log_if(const char *path, int enabled) {
// CHECK-FIXES-NEXT:   int fd = -1;
// CHECK-FIXES-NEXT:   if (enabled)
// CHECK-FIXES-NEXT:     fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// Not: standard input on the other path passes the test and is no open of
// this function's.
int open_log_or_stdin(const char *path) {
  int fd = 0;
  struct stat st;
  if (path)
    fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// Not: the test is of the flag, and -1 reaches the stat.
int open_log_flagged(const char *path, int enabled) {
  int fd = -1;
  struct stat st;
  if (enabled)
    fd = open(path, O_WRONLY | O_APPEND);
  if (enabled < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// A negated test whose fall-through rejects, one exit through a cleanup
// label: the code after the goto runs only when jumped to.
int open_negated_cleanup(const char *path) {
  int rv;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: redundant 'fstat'
    // CHECK-MESSAGES: :[[@LINE-2]]:18: note: no automatic fix: the code after the directory test rejects the file
    rv = fd;
    goto out;
  }
  close(fd);
  rv = -1;
  goto out;
out:
  return rv;
}

// Not: the fall-through keeps going with a result of its own, so a
// directory is accepted there.
int open_negated_cleanup_accepts(const char *path) {
  int rv;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    rv = fd;
    goto out;
  }
  rv = walk_directory(fd);
  goto out;
out:
  return rv;
}

// Not: the fall-through runs into the label without leaving.
int open_negated_falls_into_cleanup(const char *path, int *saved) {
  int rv;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    rv = fd;
    goto out;
  }
  rv = fd;
out:
  *saved = rv;
  return rv;
}

// A directory-test helper joined to the descriptor's test with `||`.
static int fd_names_directory(int fd) {
  struct stat st;
  return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
}
int open_spool_joined(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0 || fd_names_directory(fd))
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: redundant 'fd_names_directory'
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_APPEND);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return -1;

// Not: the joined branch does not leave, so a directory goes on past it.
void note_failure(void);
int open_spool_joined_noted(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0 || fd_names_directory(fd))
    note_failure();
  return fd;
}

// Not: a read-only open succeeds on a directory; the joined test is what
// rejects it.
int open_spool_reader(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0 || fd_names_directory(fd))
    return -1;
  return fd;
}

// A record's descriptor, opened for writing by a store and by a brace
// initialiser: the fstat only rejects a directory, which neither opens.
struct page {
  int fd;
};
int page_check(struct page *pg);
void page_create(struct page *pg, const char *path) {
  pg->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}
int page_new(const char *path) {
  struct page pg = {open(path, O_WRONLY | O_CREAT, 0600)};
  return page_check(&pg);
}
int page_check(struct page *pg) {
  struct stat st;
  if (fstat(pg->fd, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
    // CHECK-MESSAGES: :[[@LINE-7]]:21: note: 'open' opens with a write access mode here
    return -1;
  return 0;
}
// CHECK-FIXES: int page_check(struct page *pg) {
// CHECK-FIXES-NEXT: return 0;

// Must not flag: the brace initialiser opens read-only, which a directory
// allows.
struct sheet {
  int fd;
};
int sheet_check(struct sheet *s);
void sheet_create(struct sheet *s, const char *path) {
  s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}
int sheet_view(const char *path) {
  struct sheet s = {.fd = open(path, O_RDONLY)};
  return sheet_check(&s);
}
int sheet_check(struct sheet *s) {
  struct stat st;
  if (fstat(s->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}
