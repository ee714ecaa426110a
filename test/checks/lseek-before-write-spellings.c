// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable

// The same programs spelled as real code writes them: a test kept in a flag,
// casts around the calls.

#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

// ---------------------------------------------------------------- must flag

// The seek's failure kept in a flag that only its `if` reads.
int put_at(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad)
    return -1;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    return -1;
  return 0;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// Casts around the open, the seek and the write.
int put_cast(const char *path, const void *buf, size_t n, off_t off) {
  int fd = (int)open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if ((off_t)lseek(fd, off, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if ((ssize_t)write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:16: note: the write at that offset
    return -1;
  return 0;
}
// CHECK-FIXES: int fd = (int)open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if ((ssize_t)pwrite(fd, buf, n, off) < 0)

// The seek's result stored as it is tested, and read nowhere else: its
// declaration goes with the test.
int put_stored(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  off_t ret;
  if (fd < 0)
    return -1;
  if ((ret = lseek(fd, off, SEEK_SET)) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    return -1;
  return 0;
}
// CHECK-FIXES: int put_stored(const char *path, const void *buf, size_t n, off_t off) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The same with the local given a value first, declared right before.
int put_stored_init(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  off_t moved = -1;
  if ((moved = lseek(fd, off, SEEK_SET)) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    return -1;
  return 0;
}
// CHECK-FIXES: int put_stored_init(const char *path, const void *buf, size_t n, off_t off) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// Declared with another local: the declaration cannot go whole, a note.
int put_stored_shared(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  off_t ret, want = off;
  if (fd < 0)
    return -1;
  if ((ret = lseek(fd, want, SEEK_SET)) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    // CHECK-MESSAGES: :[[@LINE-5]]:14: note: no automatic fix: the call's result is also kept in 'ret'; remove its declaration with the call
    return -1;
  return 0;
}

// A slot file's record: the stored result also compared with the offset
// asked for. One pwrite, but that test goes with the seek: a note.
int put_slot(const char *path, int slot, const void *rec, size_t n) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  off_t pos, ret;
  if (fd < 0)
    return -1;
  pos = (off_t)slot * (off_t)n;
  if ((ret = lseek(fd, pos, SEEK_SET)) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'lseek' then 'write' is one 'pwrite'
    close(fd);
    return -1;
  }
  if (ret != pos) {
    close(fd);
    return -1;
  }
  if (write(fd, rec, n) != (ssize_t)n) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    // CHECK-MESSAGES: :[[@LINE-11]]:14: note: no automatic fix: the call's result is also kept in 'ret', which the function uses elsewhere; remove those uses with the call
    close(fd);
    return -1;
  }
  return close(fd);
}

// The flag read again after its `if`: still one pwrite, but the flag stays,
// so no automatic fix.
int put_logged(const char *path, const void *buf, size_t n, off_t off,
               int *failed) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad)
    return -1;
  *failed = bad;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    // CHECK-MESSAGES: :[[@LINE-7]]:13: note: no automatic fix: the seek's test is kept in a flag declared apart or read elsewhere
    return -1;
  return 0;
}
// CHECK-FIXES: int bad = lseek(fd, off, SEEK_SET) < 0;

// The test copied into a second flag before its `if`.
int put_copied(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int failed = lseek(fd, off, SEEK_SET) == (off_t)-1;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'lseek' then 'write' is one 'pwrite'
  int bad = !!failed;
  if (bad)
    return -1;
  if (write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: the write at that offset
    return -1;
  return 0;
}
// CHECK-FIXES: int put_copied(const char *path, const void *buf, size_t n, off_t off) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The seek's and the write's tests joined by `||`: the write runs only
// after the seek succeeded, as with two `if`s.
int put_joined(const char *path, off_t off, const char *buf, size_t n) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if ((lseek(fd, off, SEEK_SET) < 0) || (write(fd, buf, n) != (ssize_t)n)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'lseek' then 'write' is one 'pwrite'
    close(fd);
    return -1;
  }
  return close(fd);
}
// CHECK-FIXES: if ((pwrite(fd, buf, n, off) != (ssize_t)n)) {

// The seek's test joined to the descriptor's with `||`: one branch fails
// for both, so the seek runs on every path past the test.
int put_seek_joined(const char *path, const void *buf, size_t n,
                    off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || lseek(fd, off, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  if (write(fd, buf, n) < 0)
    return -1;
  return close(fd);
}
// CHECK-FIXES: int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The stored seek and the write tested in one `if`: the seek's term and
// its local go.
int put_stored_joined(const char *path, const void *buf, size_t n,
                      off_t off) {
  off_t at;
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if ((at = lseek(fd, off, SEEK_SET)) < 0 || write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  return close(fd);
}
// CHECK-FIXES: off_t off) {
// CHECK-FIXES-NEXT: int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The joined test kept in a flag.
int put_seek_joined_flag(const char *path, const void *buf, size_t n,
                         off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  int bad = !!(fd < 0 || lseek(fd, off, SEEK_SET) < 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad)
    return -1;
  if (write(fd, buf, n) < 0)
    return -1;
  return close(fd);
}
// CHECK-FIXES: int bad = !!(fd < 0);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: if (bad)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0)

// The descriptor's test, the seek's and the write's in one condition.
int put_all_joined(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || lseek(fd, off, SEEK_SET) < 0 || write(fd, buf, n) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  return close(fd);
}
// CHECK-FIXES: if (fd < 0 || pwrite(fd, buf, n, off) < 0)

// The same, the seek's and the write's tests in their own parentheses.
int put_all_nested(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || (lseek(fd, off, SEEK_SET) < 0 || write(fd, buf, n) < 0))
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'lseek' then 'write' is one 'pwrite'
    return -1;
  return close(fd);
}
// CHECK-FIXES: if (fd < 0 || (pwrite(fd, buf, n, off) < 0))

// The seek's test kept in a flag, then joined with the write's.
int put_flag_or(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad || write(fd, buf, n) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: note: the write at that offset
    close(fd);
    return -1;
  }
  return close(fd);
}
// CHECK-FIXES: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: if (pwrite(fd, buf, n, off) < 0) {

// Earlier tests and the seek's kept in one flag, then joined with the
// write's: the seek's test leaves the flag, which keeps the others.
int put_flag_all_or(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  int bad = fd < 0 || lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad || write(fd, buf, n) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: note: the write at that offset
    if (fd >= 0)
      close(fd);
    return -1;
  }
  return close(fd);
}
// CHECK-FIXES: int bad = fd < 0;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: if (bad || pwrite(fd, buf, n, off) < 0) {

// The seek's test copied into a second flag, then joined with the
// write's: the copy reads the first flag, so both stay and there is no fix.
int put_copied_or(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int failed = lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'lseek' then 'write' is one 'pwrite'
  int bad = !!failed;
  if (bad || write(fd, buf, n) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: note: the write at that offset
    // CHECK-MESSAGES: :[[@LINE-5]]:16: note: no automatic fix: the seek's test is kept in a flag declared apart or read elsewhere
    close(fd);
    return -1;
  }
  return close(fd);
}

// The same flag read again after the `if`: reported, the flag kept.
int put_flag_or_kept(const char *path, const void *buf, size_t n, off_t off,
                     int *failed) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' then 'write' is one 'pwrite'
  if (bad || write(fd, buf, n) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: note: the write at that offset
    // CHECK-MESSAGES: :[[@LINE-4]]:13: note: no automatic fix: the seek's test is kept in a flag declared apart or read elsewhere
    *failed = bad;
    close(fd);
    return -1;
  }
  return close(fd);
}

// ------------------------------------------------------------ must not flag

// The seek's result kept where other functions read it.
off_t last_pos;
int put_shared_pos(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if ((last_pos = lseek(fd, off, SEEK_SET)) == -1)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// The stored result of a relative seek: the write's offset is not the
// expression the seek was handed.
int put_skip(const char *path, const void *buf, size_t n, off_t gap) {
  int fd = open(path, O_RDWR | O_CLOEXEC, 0600);
  off_t at;
  if (fd < 0)
    return -1;
  if ((at = lseek(fd, gap, SEEK_CUR)) == -1)
    return -1;
  return write(fd, buf, n) < 0 ? -1 : (int)at;
}

// The same flag, but a trailer written after relies on the offset the
// first write leaves.
int put_flag_all_or_trailer(const char *path, const void *buf, size_t n,
                            off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  int bad = fd < 0 || lseek(fd, off, SEEK_SET) < 0;
  if (bad || write(fd, buf, n) < 0) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  if (write(fd, "\n", 1) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// The flag carries the seek's success; the offset is used after the write
// (a second write follows).
int put_twice(const char *path, const char *a, const char *b, size_t n,
              off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int ok = lseek(fd, off, SEEK_SET) >= 0;
  if (!ok)
    return -1;
  if (write(fd, a, n) < 0)
    return -1;
  return write(fd, b, n) < 0 ? -1 : 0;
}

// A relative seek: no absolute offset for pwrite.
int put_unless(const char *path, const void *buf, size_t n, off_t off,
               int quiet) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int skip = quiet != 0;
  (void)lseek(fd, off, SEEK_CUR);
  if (skip)
    return 0;
  return write(fd, buf, n) < 0 ? -1 : 0;
}

// An append-mode descriptor: pwrite would not append.
int put_append(const char *path, const void *buf, size_t n, off_t off) {
  int fd = (int)open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  if (bad)
    return -1;
  return (ssize_t)write(fd, buf, n) < 0 ? -1 : 0;
}

// The offset the write leaves read back, cast, after the write.
off_t put_then_tell(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  if (bad)
    return -1;
  if ((ssize_t)write(fd, buf, n) < 0)
    return -1;
  return (off_t)lseek(fd, 0, SEEK_CUR);
}

// The write's test comes first: the seek after it sets where a reader
// handed the descriptor starts.
int put_then_rewind(int fd, const char *buf, size_t n) {
  if ((write(fd, buf, n) != (ssize_t)n) || (lseek(fd, 0, SEEK_SET) < 0))
    return -1;
  return 0;
}

// Joined by `&&`: the write runs when the seek failed.
int put_if_seek_failed(const char *path, off_t off, const char *buf,
                       size_t n) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  if ((lseek(fd, off, SEEK_SET) < 0) && (write(fd, buf, n) < 0)) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// -1 on the path that does not open; the test keeps it from the seek.
int put_if_enabled(const char *path, int enabled, const char *buf, size_t n) {
  int fd = -1;
  if (enabled)
    fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd >= 0) {
    lseek(fd, 0, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'lseek' to offset 0{{.*}} [syscall-lseek-before-write]
    write(fd, buf, n);
    close(fd);
  }
  return fd >= 0 ? 0 : -1;
}
// CHECK-FIXES: if (fd >= 0) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     write(fd, buf, n);

// Not: a descriptor the caller gave reaches the seek too.
int put_into(const char *path, int given, const char *buf, size_t n) {
  int fd = given;
  if (path)
    fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd >= 0) {
    lseek(fd, 0, SEEK_SET);
    write(fd, buf, n);
  }
  return fd;
}

// Not: the joined branch only logs, so past it the seek may not have run.
void log_failure(void);
int put_joined_logged(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT, 0600);
  if (fd < 0 || lseek(fd, off, SEEK_SET) < 0)
    log_failure();
  write(fd, buf, n);
  return close(fd);
}

// Not: with `&&` the write runs when the seek was skipped.
int put_and(const char *path, const void *buf, size_t n, off_t off, int seek) {
  int fd = open(path, O_WRONLY | O_CREAT, 0600);
  if (fd < 0)
    return -1;
  if (seek && lseek(fd, off, SEEK_SET) < 0)
    return -1;
  write(fd, buf, n);
  return close(fd);
}

// Not: the flag holds the seek's success, so the write runs after a
// failed seek.
int put_flag_ok_or(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int ok = lseek(fd, off, SEEK_SET) >= 0;
  if (ok || write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Not: the seek's flag joined by `&&`: the write runs only when it failed.
int put_flag_and(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  if (bad && write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Not: a write before the flag's `if` relies on the offset the seek set.
int put_flag_between(const char *path, const void *buf, size_t n, off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  int bad = lseek(fd, off, SEEK_SET) < 0;
  write(fd, "#", 1);
  if (bad || write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Not: the seek's test is true when it succeeded: the write runs after a
// failed seek, in each spelling.
int put_if_seek_worked(const char *path, const void *buf, size_t n,
                       off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) >= 0) {
    close(fd);
    return -1;
  }
  if (write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

int put_or_if_seek_worked(const char *path, const void *buf, size_t n,
                          off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) == off || write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

int put_nested_or_if_seek_worked(const char *path, const void *buf, size_t n,
                                 off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || (lseek(fd, off, SEEK_SET) == off || write(fd, buf, n) < 0))
    return -1;
  return close(fd);
}

int put_stored_or_if_seek_worked(const char *path, const void *buf, size_t n,
                                 off_t off) {
  off_t at;
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if ((at = lseek(fd, off, SEEK_SET)) == off || write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

int put_else_if_seek_worked(const char *path, const void *buf, size_t n,
                            off_t off) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) == off) {
    close(fd);
    return -1;
  } else if (write(fd, buf, n) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Not: the seek's test comes first, and another test shares its branch.
int put_seek_first(const char *path, const void *buf, size_t n, off_t off,
                   int full) {
  int fd = open(path, O_WRONLY | O_CREAT, 0600);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0 || full)
    return -1;
  write(fd, buf, n);
  return close(fd);
}

// Records written at their offsets in a loop, the failure kept in a flag
// the test also reads: the seek's failed path reaches the next record's
// absolute seek, which needs no offset either. The flags are one of two
// values, neither with O_APPEND.
int put_records(const char *path, const off_t *offs, char *const *data,
                const size_t *lens, int m, int resume) {
  int write_error = 0;
  int fd = open(path, O_WRONLY | O_CREAT | (resume ? 0 : O_TRUNC), 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if ((lseek(fd, offs[i], SEEK_SET) == -1 ||
         write(fd, data[i], lens[i]) != (ssize_t)lens[i]) &&
        !write_error) {
      write_error = 1;
    }
  }
  // CHECK-MESSAGES: :[[@LINE-6]]:10: warning: 'lseek' then 'write' is one 'pwrite'
  close(fd);
  return write_error;
}
// CHECK-FIXES: if ((pwrite(fd, data[i], lens[i], offs[i]) != (ssize_t)lens[i]) &&

// Flags chosen by a condition, neither with O_APPEND.
int put_maybe_truncating(const char *path, off_t off, const char *buf,
                         size_t n, int trunc) {
  int fd = open(path, O_WRONLY | O_CREAT | (trunc ? O_TRUNC : 0), 0644);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0) {
    close(fd);
    return -1;
  }
  write(fd, buf, n);
  // CHECK-MESSAGES: :[[@LINE-5]]:7: warning: 'lseek' then 'write' is one 'pwrite'
  return close(fd);
}

// Not: one of the two flag values appends, where pwrite appends too.
int put_maybe_appending(const char *path, off_t off, const char *buf,
                        size_t n, int append) {
  int fd = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0644);
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0) {
    close(fd);
    return -1;
  }
  write(fd, buf, n);
  return close(fd);
}

// Not: one arm is the caller's flags, which may append.
int put_caller_flags(const char *path, off_t off, const char *buf, size_t n,
                     int resume, int extra) {
  int fd = open(path, O_WRONLY | (resume ? 0 : extra));
  if (fd < 0)
    return -1;
  if (lseek(fd, off, SEEK_SET) < 0) {
    close(fd);
    return -1;
  }
  write(fd, buf, n);
  return close(fd);
}

int note_failure(int *count);

// Not: the test beside the joined ones calls a function, which the fix
// would run in another order of events.
int put_records_counted(const char *path, const off_t *offs,
                        char *const *data, const size_t *lens, int m) {
  int failures = 0;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if ((lseek(fd, offs[i], SEEK_SET) == -1 ||
         write(fd, data[i], lens[i]) != (ssize_t)lens[i]) &&
        note_failure(&failures))
      break;
  }
  close(fd);
  return failures;
}

// Not: each record after a gap from where the last one ended: the seek is
// relative, and the next one relies on the offset the write moved.
int put_records_with_gaps(const char *path, const off_t *gaps,
                          char *const *data, const size_t *lens, int m) {
  int write_error = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if ((lseek(fd, gaps[i], SEEK_CUR) == -1 ||
         write(fd, data[i], lens[i]) != (ssize_t)lens[i]) &&
        !write_error) {
      write_error = 1;
    }
  }
  close(fd);
  return write_error;
}

// Each record at its offset, the joined test the loop's whole body.
int put_records_unbraced(const char *path, const off_t *offs,
                         char *const *data, const size_t *lens, int m) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++)
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        write(fd, data[i], lens[i]) != (ssize_t)lens[i])
      break;
  // CHECK-MESSAGES: :[[@LINE-3]]:9: warning: 'lseek' then 'write' is one 'pwrite'
  return close(fd);
}
// CHECK-FIXES: if (pwrite(fd, data[i], lens[i], offs[i]) != (ssize_t)lens[i])

// Not: a trailer written after the loop relies on the offset the last
// record's write left.
int put_records_then_trailer(const char *path, const off_t *offs,
                             char *const *data, const size_t *lens, int m) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++)
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        write(fd, data[i], lens[i]) != (ssize_t)lens[i])
      break;
  write(fd, "\n", 1);
  return close(fd);
}

// Not: the variable is given the next file's descriptor between the seek
// and the write, which goes to that file at its own offset.
int seek_then_switch_file(const char *first, const char *second, off_t off,
                          const char *buf, size_t n) {
  int fd = open(first, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  lseek(fd, off, SEEK_SET);
  fd = open(second, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t put = write(fd, buf, n);
  close(fd);
  return put < 0 ? -1 : 0;
}
