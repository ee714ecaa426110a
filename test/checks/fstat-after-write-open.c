// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// OpenJDK's EINTR retry macro.
#define RESTARTABLE(_cmd, _result)                                             \
  do {                                                                         \
    do {                                                                       \
      _result = _cmd;                                                          \
    } while ((_result == -1) && (errno == EINTR));                             \
  } while (0)

int walk_directory(int fd);
void log_stat(const struct stat *st);
int take_fd(int *fd);

// ---------------------------------------------------------------- must flag

int open_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
    close(fd);
    errno = EISDIR;
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_log(const char *path) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;
// CHECK-FIXES-NEXT: }

// `S_ISDIR (m)` with a blank, and the stat's own error check.
int open_output(const char *path) {
  struct stat st;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd == -1)
    return -1;
  if (fstat(fd, &st) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    close(fd);
    return -1;
  }
  if (S_ISDIR (st.st_mode)) {
    close(fd);
    errno = EISDIR;
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_output(const char *path) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
// CHECK-FIXES-NEXT:   if (fd == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// The mask spelled out, and O_RDWR.
int open_db(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT, 0600);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: redundant 'fstat'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_db(const char *path) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_RDWR | O_CREAT, 0600);
// CHECK-FIXES-NEXT:   return fd;

// A local copy of st_mode; flags folded through a local variable.
int open_journal(const char *path) {
  int flags = O_CREAT | O_APPEND | O_WRONLY;
  int fd = open(path, flags, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    close(fd);
    return -1;
  }
  mode_t mode = st.st_mode;
  if (S_ISDIR(mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, flags, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// creat() always opens for writing; `goto` to the error path.
int make_file(const char *path) {
  int fd = creat(path, 0644);
  struct stat st;
  if (fd < 0)
    goto fail;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'creat'
    goto fail_close;
  return fd;
fail_close:
  close(fd);
fail:
  return -1;
}
// CHECK-FIXES: int fd = creat(path, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     goto fail;
// CHECK-FIXES-NEXT:   return fd;

// openat, with the open in the condition.
int open_in(int dirfd, const char *name) {
  int fd;
  struct stat st;
  if ((fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0)
    return -1;
  if (fstat(fd, &st) == -1 || S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'openat'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: if ((fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// OpenJDK's handleOpen with a constant write mode: the whole check goes.
int open_for_write(const char *path) {
  int fd;
  RESTARTABLE(open64(path, O_WRONLY | O_CREAT | O_TRUNC, 0666), fd);
  if (fd != -1) {
    struct stat64 buf64;
    int result;
    RESTARTABLE(fstat64(fd, &buf64), result);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: redundant 'fstat64': its result only rejects a directory, and 'open64'
    if (result != -1) {
      if (S_ISDIR(buf64.st_mode)) {
        close(fd);
        errno = EISDIR;
        fd = -1;
      }
    } else {
      close(fd);
      fd = -1;
    }
  }
  return fd;
}
// CHECK-FIXES: RESTARTABLE(open64(path, O_WRONLY | O_CREAT | O_TRUNC, 0666), fd);
// CHECK-FIXES-NEXT:   return fd;

// OpenJDK's handleOpen as it was: the access mode is a parameter, so the
// stat is kept for O_RDONLY only (the JDK-8373647 fix).
int handleOpen(const char *path, int oflag, int mode) {
  int fd;
  RESTARTABLE(open64(path, oflag, mode), fd);
  if (fd != -1) {
    struct stat64 buf64;
    int result;
    RESTARTABLE(fstat64(fd, &buf64), result);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'fstat64' is redundant when 'open64' opens for writing
    if (result != -1) {
      if (S_ISDIR(buf64.st_mode)) {
        close(fd);
        errno = EISDIR;
        fd = -1;
      }
    } else {
      close(fd);
      fd = -1;
    }
  }
  return fd;
}
// CHECK-FIXES: RESTARTABLE(open64(path, oflag, mode), fd);
// CHECK-FIXES-NEXT:   if (fd != -1 && (oflag & O_ACCMODE) == O_RDONLY) {

// Flags built up on two paths (append or truncate): write-only on both,
// so the access mode is known and the stat goes.
int open_log_paths(const char *path, int append) {
  int flags = O_WRONLY | O_CREAT;
  if (append)
    flags |= O_APPEND;
  else
    flags |= O_TRUNC;
  int fd = open(path, flags, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, flags, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// The same buffer filled by an lstat before the open (a symlink check):
// that result is the lstat's, not the fstat's, and the buffer stays.
int open_no_symlink(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
    return -1;
  int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0644);
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_no_symlink(const char *path) {
// CHECK-FIXES-NEXT:   struct stat st;
// CHECK-FIXES-NEXT:   if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A run-time access mode outside an `if`: the stat gets its own guard, on
// the flags variable itself (O_CLOEXEC cannot change the access mode).
int open_with(const char *path, int oflag) {
  // CHECK-MESSAGES: :[[@LINE+5]]:7: warning: 'fstat' is redundant when 'open' opens for writing
  struct stat st;
  int fd = open(path, oflag | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    errno = EISDIR;
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, oflag | O_CLOEXEC, 0644);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   if ((oflag & O_ACCMODE) == O_RDONLY && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
// CHECK-FIXES-NEXT:     close(fd);

// A run-time access mode and a separate result variable: the statements
// get a guard of their own.
int open_with_result(const char *path, int oflag) {
  // CHECK-MESSAGES: :[[@LINE+5]]:12: warning: 'fstat' is redundant when 'open' opens for writing
  struct stat st;
  int fd = open(path, oflag);
  if (fd < 0)
    return -1;
  int rc = fstat(fd, &st);
  if (rc != 0 || S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, oflag);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   if ((oflag & O_ACCMODE) == O_RDONLY) {
// CHECK-FIXES-NEXT:     int rc = fstat(fd, &st);
// CHECK-FIXES-NEXT:     if (rc != 0 || S_ISDIR(st.st_mode)) {
// CHECK-FIXES-NEXT:       close(fd);
// CHECK-FIXES-NEXT:       return -1;
// CHECK-FIXES-NEXT:     }
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT:   return fd;

// glibc's TEMP_FAILURE_RETRY around both calls.
int open_retry(const char *path) {
  int fd = TEMP_FAILURE_RETRY(open(path, O_WRONLY | O_CREAT, 0644));
  if (fd < 0)
    return -1;
  struct stat st;
  if (TEMP_FAILURE_RETRY(fstat(fd, &st)) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: redundant 'fstat'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = TEMP_FAILURE_RETRY(open(path, O_WRONLY | O_CREAT, 0644));
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// A stream: fstat(fileno(f)) after fopen "w".
FILE *open_report(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return NULL;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'fopen'
    fclose(f);
    return NULL;
  }
  return f;
}
// CHECK-FIXES: FILE *f = fopen(path, "w");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return NULL;
// CHECK-FIXES-NEXT:   return f;

// fstatat(fd, "", ..., AT_EMPTY_PATH) stats the descriptor itself.
int open_at_empty(const char *path) {
  int fd = open(path, O_WRONLY);
  struct stat st;
  if (fd < 0 || (fstatat(fd, "", &st, AT_EMPTY_PATH) == 0 && S_ISDIR(st.st_mode)))
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: redundant 'fstatat'
    // CHECK-MESSAGES: :[[@LINE-2]]:18: note: no automatic fix: the condition around the stat call does more
    return -1;
  return fd;
}

// statx with AT_EMPTY_PATH; the test reads stx_mode.
int open_statx(const char *path) {
  int fd = open(path, O_WRONLY | O_TRUNC);
  if (fd < 0)
    return -1;
  struct statx stx;
  if (statx(fd, "", AT_EMPTY_PATH, STATX_TYPE, &stx) == 0 && S_ISDIR(stx.stx_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'statx'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_TRUNC);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;

// stat of the same path before a write open: redundant and racy.
int save_config(const char *path, const char *text) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'stat' before 'open': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one (checking first also races with the open)
    errno = EISDIR;
    return -1;
  }
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  ssize_t n = write(fd, text, strlen(text));
  close(fd);
  return n < 0 ? -1 : 0;
}
// CHECK-FIXES: int save_config(const char *path, const char *text) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

// lstat before fopen "a".
FILE *open_append(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'lstat' before 'fopen'
    return NULL;
  return fopen(path, "a");
}
// CHECK-FIXES: FILE *open_append(const char *path) {
// CHECK-FIXES-NEXT:   return fopen(path, "a");

// The rejection also logs: flagged, but the fix is left to the author.
int open_logged(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no automatic fix: the removed code also calls 'fprintf'
    fprintf(stderr, "%s: is a directory\n", path);
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_logged(const char *path) {
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_CREAT, 0644);
// CHECK-FIXES-NEXT:   struct stat st;

// Negated tests: the directory is rejected by an else branch or by the code
// after the test. Reported; restructuring is left to the author.
int open_negated(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: redundant 'fstat'
    // CHECK-MESSAGES: :[[@LINE-2]]:18: note: no automatic fix: the code after the directory test rejects the file
    return fd;
  close(fd);
  return -1;
}

int open_negated_else(const char *path) {
  int fd = open(path, O_RDWR);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: redundant 'fstat'
    // CHECK-MESSAGES: :[[@LINE-2]]:17: note: no automatic fix: the condition around the stat call does more
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    return fd;
  } else {
    close(fd);
    errno = EISDIR;
    return -1;
  }
}

// A static helper every caller hands a descriptor opened for writing.
static int reject_directory(int fd) {
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: no automatic fix: the stat is in a helper that every caller in this file hands a descriptor opened for writing; remove it there
    close(fd);
    return -1;
  }
  return fd;
}

int create_checked(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  return reject_directory(fd);
}

// The descriptor in an out-parameter, as libraries that return a status
// write it.
int open_appender(const char *path, int *out_fd) {
  struct stat st;
  *out_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (*out_fd < 0)
    return -errno;
  if (fstat(*out_fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
    close(*out_fd);
    *out_fd = -1;
    return -EISDIR;
  }
  return 0;
}
// CHECK-FIXES: int open_appender(const char *path, int *out_fd) {
// CHECK-FIXES-NEXT:   *out_fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
// CHECK-FIXES-NEXT:   if (*out_fd < 0)
// CHECK-FIXES-NEXT:     return -errno;
// CHECK-FIXES-NEXT:   return 0;

// The descriptor in a field of the caller's struct.
struct image {
  int fd;
  long size;
};
int image_create(struct image *im, const char *name) {
  struct stat st;
  im->fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (im->fd == -1)
    return -1;
  if (fstat(im->fd, &st) < 0 || S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    close(im->fd);
    return -1;
  }
  im->size = 0;
  return 0;
}
// CHECK-FIXES: int image_create(struct image *im, const char *name) {
// CHECK-FIXES-NEXT:   im->fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
// CHECK-FIXES-NEXT:   if (im->fd == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   im->size = 0;

// A yes/no directory test in a helper: the write-mode caller's call is
// flagged (rejections: a positive errno, errno and NULL, -1), never the
// helper, never the read-only caller.
static int is_dir(int fd) {
  struct stat st;
  return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
}
static int fd_is_directory(int fd) {
  struct stat st;
  if (fstat(fd, &st) < 0)
    return 0;
  return S_ISDIR(st.st_mode);
}

int create_output(const char *path, int *out) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return errno;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: redundant 'is_dir': it only tests for a directory with a stat, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
  if (is_dir(fd)) {
    close(fd);
    return EISDIR;
  }
  *out = fd;
  return 0;
}
// CHECK-FIXES: return errno;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   *out = fd;

FILE *open_report_stream(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT, 0600);
  if (fd == -1)
    return NULL;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: redundant 'fd_is_directory'
  if (fd_is_directory(fd)) {
    close(fd);
    errno = EISDIR;
    return NULL;
  }
  return fdopen(fd, "w+");
}
// CHECK-FIXES: return NULL;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return fdopen(fd, "w+");

int open_spool(const char *path) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: redundant 'is_dir'
  if (is_dir(fd))
    return -1;
  return fd;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return fd;

// A field of a record only this file defines, opened in one function and
// tested for a directory in another: every store into it is a write open.
struct dump {
  int fd;
};

static int dump_open(struct dump *d, const char *path) {
  d->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  return d->fd < 0 ? -1 : 0;
}

int dump_begin(struct dump *d, const char *path) {
  struct stat st;
  if (dump_open(d, path) < 0)
    return -1;
  if (fstat(d->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    close(d->fd);
    return -1;
  }
  return 0;
}
// CHECK-FIXES: int dump_begin(struct dump *d, const char *path) {
// CHECK-FIXES-NEXT:   if (dump_open(d, path) < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return 0;

// The descriptor copied into another local before the stat: the copy
// holds the open's descriptor while the source still does.
int open_copied(const char *path) {
  int raw = open(path, O_WRONLY | O_CREAT, 0644);
  if (raw < 0)
    return -1;
  int fd = raw;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open'
    close(fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_copied(const char *path) {
// CHECK-FIXES-NEXT:   int raw = open(path, O_WRONLY | O_CREAT, 0644);
// CHECK-FIXES-NEXT:   if (raw < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   int fd = raw;
// CHECK-FIXES-NEXT:   return fd;
// CHECK-FIXES-NEXT: }

// A stream's descriptor copied into a local: the branch closes the stream
// by the stream's name, which goes with the rest of the rejection.
int open_stream_copied(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  int fd = fileno(f);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'fopen'
    fclose(f);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_stream_copied(const char *path) {
// CHECK-FIXES-NEXT:   FILE *f = fopen(path, "w");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   int fd = fileno(f);
// CHECK-FIXES-NEXT:   return fd;
// CHECK-FIXES-NEXT: }

// A copy whose rejection also closes a descriptor that is neither the copy
// nor its source: found, and the code is left to the author.
int open_copied_closing_other(const char *path, int log_fd) {
  int raw = open(path, O_WRONLY | O_CREAT, 0644);
  if (raw < 0)
    return -1;
  int fd = raw;
  struct stat st;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'open'
  // CHECK-MESSAGES: :[[@LINE+1]]:7: note: no automatic fix: the removed code also calls 'close'
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(log_fd);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int fd = raw;
// CHECK-FIXES-NEXT:   struct stat st;
// CHECK-FIXES: if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
// CHECK-FIXES-NEXT:     close(log_fd);

// ------------------------------------------------------------ must not flag

// The lstat's result read after the fstat wrote the buffer: the buffer's
// other use may see the fstat's result, so the stat stays.
int open_then_compare(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0)
    return -1;
  int fd = open(path, O_WRONLY, 0);
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return st.st_nlink > 1 ? -1 : fd;
}

// Already guarded, in the boolean spellings real code uses: a comparison of
// the test with 0, an early return, a local flag that holds the test.
int open_guard_eq0(const char *path, int oflag) {
  int fd = open(path, oflag);
  struct stat st;
  if (fd >= 0 && ((oflag & O_ACCMODE) != O_RDONLY) == 0 &&
      fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int open_guard_early(const char *path, int oflag) {
  int fd = open(path, oflag);
  if (fd < 0 || ((oflag & O_ACCMODE) != O_RDONLY) != 0)
    return fd;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int open_guard_local(const char *path, int oflag) {
  int read_only = (oflag & O_ACCMODE) == O_RDONLY;
  int fd = open(path, oflag);
  struct stat st;
  if (read_only && fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// Write modes return before the reading fopen, in both spellings.
FILE *open_stream_guarded(const char *path, const char *mode) {
  if (mode[0] == 'w' || mode[0] == 'a')
    return fopen(path, mode);
  FILE *f = fopen(path, mode);
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    errno = EISDIR;
    return NULL;
  }
  return f;
}

FILE *open_stream_guarded_deref(const char *path, const char *mode) {
  if (*mode == 'w' || *mode == 'a')
    return fopen(path, mode);
  FILE *f = fopen(path, mode);
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return NULL;
  }
  return f;
}

// Run-time flags with O_PATH added: no data access, whatever oflag holds,
// so nothing fails with EISDIR and the test stays.
int open_path_with(const char *path, int oflag) {
  int fd = open(path, oflag | O_PATH | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// The guard already written on the flags variable of `oflag | O_CLOEXEC`.
int open_cloexec_guarded(const char *path, int oflag) {
  int fd = open(path, oflag | O_CLOEXEC, 0644);
  struct stat st;
  if ((oflag & O_ACCMODE) == O_RDONLY && fd >= 0 && fstat(fd, &st) == 0 &&
      S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// O_RDONLY: open succeeds on a directory, the check is needed.
int open_read(const char *path) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// O_PATH and O_DIRECTORY opens are not data opens.
int open_path(const char *path) {
  int fd = open(path, O_PATH | O_WRONLY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int open_dir(const char *path) {
  int fd = open(path, O_RDONLY | O_DIRECTORY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// st_size is used: the stat is needed.
long open_sized(const char *path) {
  int fd = open(path, O_RDWR);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || S_ISDIR(st.st_mode))
    return -1;
  return (long)st.st_size;
}

// S_ISREG and st_blksize are other facts than "is a directory".
int open_regular(const char *path, long *blksize) {
  int fd = open(path, O_WRONLY | O_APPEND);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return -1;
  *blksize = st.st_blksize;
  return fd;
}

// Mode bits are used.
int open_private(const char *path) {
  int fd = open(path, O_WRONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || S_ISDIR(st.st_mode) ||
      (st.st_mode & 0077) != 0)
    return -1;
  return fd;
}

// The directory test chooses an action instead of failing.
int open_any(const char *path) {
  int fd = open(path, O_RDWR);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return walk_directory(fd);
  return fd;
}

// Skipping directories in a loop is a choice too.
int count_writable(char **paths, int n) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    int fd = open(paths[i], O_WRONLY);
    struct stat st;
    if (fd < 0)
      continue;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      close(fd);
      continue;
    }
    ++count;
    close(fd);
  }
  return count;
}

// The descriptor comes from the caller.
int check_fd(int fd) {
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// On one path the descriptor is not from the open.
int open_or_dup(const char *path, int other) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    fd = dup(other);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// The descriptor's address escapes: any call may replace it.
int open_shared(const char *path) {
  int fd = open(path, O_WRONLY);
  take_fd(&fd);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// The stat buffer is passed on.
int open_traced(const char *path) {
  int fd = open(path, O_WRONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return -1;
  log_stat(&st);
  if (S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// The code wants a directory, not a file.
int open_required_dir(const char *path) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// fopen "r" reads: fopen succeeds on a directory.
FILE *open_input(const char *path) {
  FILE *f = fopen(path, "r");
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return NULL;
  }
  return f;
}

// Already guarded as in the JDK fix.
int open_guarded(const char *path, int oflag) {
  int fd = open(path, oflag, 0666);
  struct stat st;
  if (fd >= 0 && (oflag & O_ACCMODE) == O_RDONLY && fstat(fd, &st) == 0 &&
      S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// Already guarded by an early return for write modes.
int open_early(const char *path, int oflag) {
  int fd = open(path, oflag, 0666);
  if (fd < 0 || (oflag & O_ACCMODE) != O_RDONLY)
    return fd;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// An fopen mode from the caller, guarded by an early return for "w"/"a".
FILE *open_mode(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f || *mode == 'w' || *mode == 'a')
    return f;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return NULL;
  }
  return f;
}

// fstatat of a name under the descriptor is about another file.
int open_sibling(const char *path, const char *name) {
  int fd = open(path, O_WRONLY);
  struct stat st;
  if (fd >= 0 && fstatat(fd, name, &st, 0) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

// stat of the parent directory, then an open of a file inside it.
int create_in(const char *dir, const char *file) {
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    return -1;
  return open(file, O_WRONLY | O_CREAT, 0644);
}

// stat before a read-only open of the same path.
int load(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return open(path, O_RDONLY);
}

// stat, then an open that only some paths reach.
int maybe_create(const char *path, int create) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  if (!create)
    return 0;
  return open(path, O_WRONLY | O_CREAT, 0644);
}

// dup2 makes the descriptor name another file.
int open_redirected(const char *path, int other) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  dup2(other, fd);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// A static helper one of whose callers opens for reading.
static int not_a_directory(int fd) {
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int open_pair(const char *out, const char *in, int *rfd) {
  *rfd = not_a_directory(open(in, O_RDONLY));
  int fd = open(out, O_WRONLY | O_CREAT, 0644);
  return not_a_directory(fd);
}

void image_reset(struct image *im);

// The struct is handed on between the open and the stat: the helper may
// have put another descriptor in the field.
int image_reopen(struct image *im, const char *name) {
  struct stat st;
  im->fd = open(name, O_WRONLY | O_CREAT, 0644);
  image_reset(im);
  if (fstat(im->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// The caller's descriptor, read through the out-parameter.
int check_out(int *fdp) {
  struct stat st;
  if (fstat(*fdp, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// A read-only open into the field: the directory test is needed.
int image_open(struct image *im, const char *name) {
  struct stat st;
  im->fd = open(name, O_RDONLY);
  if (im->fd < 0)
    return -1;
  if (fstat(im->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(im->fd);
    return -1;
  }
  return 0;
}

// Another image's field.
int image_copy(struct image *dst, struct image *src, const char *name) {
  struct stat st;
  dst->fd = open(name, O_WRONLY | O_CREAT, 0644);
  if (fstat(src->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// The read-only caller of the same helpers: the test is needed.
int open_source(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if (is_dir(fd) || fd_is_directory(fd)) {
    close(fd);
    return -1;
  }
  return fd;
}

// The test chooses what to do with a directory.
int open_any_kind(const char *path) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (is_dir(fd))
    return walk_directory(fd);
  return fd;
}

// A helper that reports more than the file type.
static int is_big_dir(int fd) {
  struct stat st;
  return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) && st.st_nlink > 2;
}
int open_big(const char *path) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (is_big_dir(fd))
    return -1;
  return fd;
}

// A helper that is true when the stat fails, too.
static int not_regular_dir(int fd) {
  struct stat st;
  if (fstat(fd, &st) < 0)
    return 1;
  return S_ISDIR(st.st_mode);
}
int open_strict(const char *path) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if (not_regular_dir(fd))
    return -1;
  return fd;
}

// The field is also stored from a read-only open: the directory test is
// what rejects a directory there.
struct source {
  int fd;
};

static int source_open(struct source *src, const char *path, int writing) {
  if (writing)
    src->fd = open(path, O_WRONLY | O_CREAT, 0644);
  else
    src->fd = open(path, O_RDONLY);
  return src->fd < 0 ? -1 : 0;
}

int source_begin(struct source *src, const char *path, int writing) {
  struct stat st;
  if (source_open(src, path, writing) < 0)
    return -1;
  if (fstat(src->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(src->fd);
    return -1;
  }
  return 0;
}

// The read-only guard kept in a local stored after its declaration, as
// C89 code writes it: the stat guards read-only opens only.
int open_guard_stored(const char *path, int oflag) {
  int read_only, fd;
  struct stat st;
  read_only = (oflag & O_ACCMODE) == O_RDONLY;
  fd = open(path, oflag);
  if (read_only && fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// A copy of a read-only descriptor: the stat is needed.
int open_copied_readonly(const char *path) {
  int raw = open(path, O_RDONLY);
  if (raw < 0)
    return -1;
  int fd = raw;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

// The source given another descriptor between the copy and the stat: the
// copy is not followed.
int open_copied_then_replaced(const char *path, const char *other) {
  int raw = open(path, O_WRONLY | O_CREAT, 0644);
  if (raw < 0)
    return -1;
  int fd = raw;
  raw = open(other, O_RDONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    close(raw);
    return -1;
  }
  close(raw);
  return fd;
}

// A copy of the caller's descriptor, opened nobody knows how.
int copied_parameter(int raw) {
  int fd = raw;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}
