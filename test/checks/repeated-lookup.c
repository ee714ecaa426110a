// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-repeated-lookup %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-repeated-lookup %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

void report(const char *msg, const char *path);

// A project's own path buffer, read through a one-line accessor.
struct pathbuf {
  char *data;
  size_t dsize;
};
static inline const char *pb_string(const struct pathbuf *pb) {
  return pb ? pb->data : "";
}
int pb_printf(struct pathbuf *pb, const char *fmt, ...);

// ---------------------------------------------------------------- must flag

// A copy tool refuses to overwrite: lstat, then an exclusive create that
// refuses by itself.
int create_destination(const char *dst) {
  struct stat st;
  if (lstat(dst, &st) == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lstat' tests whether 'dst' exists only to fail, right before 'open' creates it exclusively, which fails with EEXIST by itself: drop the test and act on that error; one syscall saved, and no window between the test and the create [syscall-repeated-lookup]
    errno = EEXIST;
    return -1;
  }
  int fd = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: note: created here, failing if it exists
  return fd;
}

// access(F_OK) before mkdir.
int make_spool(const char *dir) {
  if (access(dir, F_OK) == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'access' tests whether 'dir' exists only to fail, right before 'mkdir' creates it exclusively
    report("already exists", dir);
    return -1;
  }
  if (mkdir(dir, 0700) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: created here, failing if it exists
    return -1;
  return 0;
}

// A stat in a negated test, before a link.
int publish(const char *tmp, const char *name) {
  struct stat st;
  if (!stat(name, &st))
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'stat' tests whether 'name' exists only to fail, right before 'link' creates it exclusively
    return -1;
  return link(tmp, name);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: created here, failing if it exists
}

// The same stat twice, with only string work between.
long file_size_twice(const char *path) {
  struct stat st, again;
  if (stat(path, &st) != 0)
    return -1;
  size_t n = strlen(path);
  if (stat(path, &again) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'stat' of 'path' again, with nothing between that could change the file or the path: the first call's answer still holds, so keep it; one syscall saved [syscall-repeated-lookup]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: first looked up here
    return -1;
  return (long)again.st_size + (long)n;
}

// The same access of a literal path.
int config_readable(void) {
  int a = access("/etc/example.conf", R_OK);
  int b = access("/etc/example.conf", R_OK);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'access' of '/etc/example.conf' again
  // CHECK-MESSAGES: :[[@LINE-3]]:11: note: first looked up here
  return a == 0 && b == 0;
}

// Opened, then its size asked by path: fstat of the descriptor answers.
long opened_size(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  if (stat(path, &st) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'stat' of 'path' while 'fd' holds it open: 'fstat(fd, ...)' answers for the same file without walking the path again, and for the file the code holds even if another is renamed over the path [syscall-repeated-lookup]
    // CHECK-MESSAGES: :[[@LINE-6]]:12: note: opened here
    // CHECK-FIXES: if (fstat(fd, &st) != 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return (long)st.st_size;
}

// A stream opened in the condition, read, then the file's times by path.
long stream_mtime(const char *name, char *line, int size) {
  FILE *f;
  if ((f = fopen(name, "re")) == NULL)
    return -1;
  if (!fgets(line, size, f))
    line[0] = '\0';
  struct stat sb;
  int rc = stat(name, &sb);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'stat' of 'name' while 'f' holds it open: 'fstat(fileno(f), ...)' answers
  // CHECK-MESSAGES: :[[@LINE-7]]:12: note: opened here
  // CHECK-FIXES: int rc = fstat(fileno(f), &sb);
  fclose(f);
  return rc == 0 ? (long)sb.st_mtime : -1;
}

// Declared, assigned, checked with a goto to the cleanup; a read between.
long header_and_size(const char *path, char *buf, size_t n) {
  int fd;
  long size = -1;
  fd = open(path, O_RDONLY);
  if (fd == -1)
    goto out;
  if (read(fd, buf, n) < 0)
    goto done;
  struct stat st;
  if (stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'stat' of 'path' while 'fd' holds it open
    // CHECK-MESSAGES: :[[@LINE-8]]:8: note: opened here
    // CHECK-FIXES: if (fstat(fd, &st) == 0)
    size = (long)st.st_size;
done:
  close(fd);
out:
  return size;
}

// Written, closed, then its mode set by path.
int save_with_mode(const char *path, const char *text, mode_t mode) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  size_t n = strlen(text);
  if (write(fd, text, n) != (ssize_t)n) {
    close(fd);
    return -1;
  }
  if (close(fd) != 0)
    return -1;
  return chmod(path, mode);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'chmod' of 'path' by path right after 'fd' was closed: 'fchmod(fd, ...)' before the close does the same without walking the path again, and to the file that was opened even if another is renamed over the path [syscall-repeated-lookup]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: closed here: call 'fchmod' before it
}

// A stream written and closed, then its owner and times set by path.
int save_owned(const char *tmp, uid_t uid, gid_t gid,
               const struct timespec times[2]) {
  FILE *out = fopen(tmp, "we");
  if (!out)
    return -1;
  fputs("data\n", out);
  fclose(out);
  if (chown(tmp, uid, gid) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'chown' of 'tmp' by path right after 'out' was closed: 'fchown(fileno(out), ...)' before the close
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: closed here: call 'fchown' before it
    return -1;
  (void)times;
  return 0;
}

// utimensat relative to the working directory, following links.
int stamp(const char *path, const struct timespec times[2]) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  ssize_t w = write(fd, "\n", 1);
  close(fd);
  int rc = utimensat(AT_FDCWD, path, times, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'utimensat' of 'path' by path right after 'fd' was closed: 'futimens(fd, ...)'
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: closed here: call 'futimens' before it
  return w == 1 ? rc : -1;
}

// An open through a wrapper that exits when it fails, so nothing tests
// it; the size then asked by path.
static int must_open(const char *path, int flags) {
  int fd = open(path, flags);
  if (fd < 0) {
    perror(path);
    exit(1);
  }
  return fd;
}

long wrapped_size(const char *path) {
  int fd = must_open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (stat(path, &st) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'stat' of 'path' while 'fd' holds it open
    // CHECK-MESSAGES: :[[@LINE-4]]:12: note: opened here
    // CHECK-FIXES: if (fstat(fd, &st) != 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return (long)st.st_size;
}

// The project's variadic open that retries on EINTR and exits on failure.
static int open_or_die(const char *path, int flags, ...) {
  int fd;
  do
    fd = open(path, flags, 0600);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    exit(2);
  }
  return fd;
}

long size_of_opened(const char *path) {
  int fd = open_or_die(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  int rc = stat(path, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'stat' of 'path' while 'fd' holds it open
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: opened here
  // CHECK-FIXES: int rc = fstat(fd, &st);
  close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// A wrapper of that wrapper never returns a failure either.
static int open_read_only(const char *path) {
  return open_or_die(path, O_RDONLY | O_CLOEXEC);
}

long size_through_two(const char *path) {
  int fd = open_read_only(path);
  struct stat st;
  int rc = stat(path, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'stat' of 'path' while 'fd' holds it open
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: opened here
  // CHECK-FIXES: int rc = fstat(fd, &st);
  close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// The same path in the project's buffer, tested twice.
int config_present(const struct pathbuf *rc) {
  if (access(pb_string(rc), F_OK) != 0)
    return 0;
  if (access(pb_string(rc), F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'access' of 'pb_string(rc)' again, with nothing between that could change the file or the path
    // CHECK-MESSAGES: :[[@LINE-4]]:7: note: first looked up here
    return 0;
  return 1;
}

// Both tests joined in one condition: the second runs after the first.
int lock_present(const char *lock) {
  if (access(lock, F_OK) != 0 || access(lock, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'access' of 'lock' again, with nothing between that could change the file or the path
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: first looked up here
    return 0;
  return 1;
}

// ------------------------------------------------------------ must not flag

// Two questions in one condition: readable, then writable.
int lock_usable(const char *lock) {
  return access(lock, R_OK) == 0 && access(lock, W_OK) == 0;
}

// A removal between the tests of one condition.
int lock_stuck(const char *lock) {
  return access(lock, F_OK) == 0 && unlink(lock) == 0 &&
         access(lock, F_OK) == 0;
}

// The first test runs only when asked to: the second may be the only one.
int lock_seen(const char *lock, int check_first) {
  if ((check_first && access(lock, F_OK) == 0) || access(lock, F_OK) == 0)
    return 1;
  return 0;
}

// The buffer filled anew between the tests: another path each time.
int find_config(struct pathbuf *buf, const char *sysconf) {
  pb_printf(buf, "%s/appconfig", sysconf);
  if (access(pb_string(buf), F_OK) == 0)
    return 1;
  pb_printf(buf, "%s/AppConfig", sysconf);
  if (access(pb_string(buf), F_OK) == 0)
    return 2;
  return 0;
}

// The buffer's text replaced between the tests.
int find_fallback(struct pathbuf *buf, char *fallback) {
  if (access(pb_string(buf), F_OK) == 0)
    return 1;
  buf->data = fallback;
  if (access(pb_string(buf), F_OK) == 0)
    return 2;
  return 0;
}

// The outer wrapper returns a failure of its own: nothing tests it here.
static int open_if_named(const char *path) {
  if (!*path)
    return -1;
  return open_or_die(path, O_RDONLY | O_CLOEXEC);
}

long size_if_named(const char *path) {
  int fd = open_if_named(path);
  struct stat st;
  int rc = stat(path, &st);
  if (fd >= 0)
    close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// The link itself, which the open followed: lstat answers for another file.
long mode_of(const char *path) {
  int fd = open_or_die(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  int rc = lstat(path, &st);
  close(fd);
  return rc == 0 ? (long)st.st_mode : -1;
}

// The buffer is read: the stat answers more than existence.
int create_checked(const char *dst) {
  struct stat st;
  if (lstat(dst, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return open(dst, O_WRONLY | O_CREAT | O_EXCL, 0644);
}

// A create that is not exclusive needs the test.
int create_or_truncate(const char *dst) {
  if (access(dst, F_OK) == 0)
    return -1;
  return open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}

// Something between the test and the create.
int create_after_cleanup(const char *dst) {
  struct stat st;
  if (lstat(dst, &st) == 0)
    return -1;
  unlink("/tmp/example.lock");
  return open(dst, O_WRONLY | O_CREAT | O_EXCL, 0644);
}

// The test continues on success (no early exit).
int create_if_missing(const char *dst) {
  struct stat st;
  if (stat(dst, &st) == 0)
    report("exists", dst);
  return open(dst, O_WRONLY | O_CREAT | O_EXCL, 0644);
}

// Another file is created.
int create_sibling(const char *dst, const char *other) {
  if (access(dst, F_OK) == 0)
    return -1;
  return open(other, O_WRONLY | O_CREAT | O_EXCL, 0644);
}

// lstat then stat: different questions.
int link_target_is_dir(const char *path) {
  struct stat l, s;
  if (lstat(path, &l) != 0 || !S_ISLNK(l.st_mode))
    return 0;
  if (stat(path, &s) != 0)
    return 0;
  return S_ISDIR(s.st_mode);
}

// Polling: the file changes under other processes, with a sleep between.
int wait_for_lock(const char *lock) {
  struct stat st;
  if (stat(lock, &st) != 0)
    return 0;
  sleep(1);
  return stat(lock, &st) == 0;
}

// A write between: the second lookup sees the change.
long size_after_append(const char *path, int fd) {
  struct stat st;
  if (stat(path, &st) != 0)
    return -1;
  if (write(fd, "x", 1) != 1)
    return -1;
  if (stat(path, &st) != 0)
    return -1;
  return (long)st.st_size;
}

// The path changes between.
int two_paths(char *path, size_t size) {
  struct stat st;
  int a = stat(path, &st);
  path[0] = '.';
  int b = stat(path, &st);
  (void)size;
  return a + b;
}

// A label between: another path joins.
int retried(const char *path) {
  struct stat st;
  int tries = 0;
  if (stat(path, &st) == 0)
    return 1;
again:
  if (stat(path, &st) == 0)
    return 1;
  if (++tries < 3)
    goto again;
  return 0;
}

// The first lookup runs on some paths only.
int maybe_twice(const char *path, int verbose) {
  struct stat st;
  if (verbose && stat(path, &st) == 0)
    report("present", path);
  return stat(path, &st) == 0;
}

// An open with O_CREAT between.
long created_size(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0)
    return (long)st.st_size;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd >= 0)
    close(fd);
  if (stat(path, &st) != 0)
    return -1;
  return (long)st.st_size;
}

// lstat while the file is open asks about the link, not the file.
int opened_is_link(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  struct stat st;
  int link = lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
  close(fd);
  return link;
}

// Closed before the stat.
long size_after_close(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  close(fd);
  struct stat st;
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

// Opened without following links: the descriptor may be the link.
long size_no_follow(const char *path) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW);
  if (fd < 0)
    return -1;
  struct stat st;
  long size = stat(path, &st) == 0 ? (long)st.st_size : -1;
  close(fd);
  return size;
}

// Did the path stay the file that was opened? Both answers on purpose.
int still_same_file(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  struct stat held, named;
  if (fstat(fd, &held) != 0 || stat(path, &named) != 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return held.st_ino == named.st_ino && held.st_dev == named.st_dev;
}

// Renamed between: the path names another file now.
long size_after_rename(const char *path, const char *old) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  rename(old, path);
  struct stat st;
  long size = stat(path, &st) == 0 ? (long)st.st_size : -1;
  close(fd);
  return size;
}

void hand_over(int fd);

// The descriptor is handed to a function that may close it.
long size_after_hand_over(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  hand_over(fd);
  struct stat st;
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

// Relative to another directory: another file than the path from here.
long size_in_dir(int dir, const char *name) {
  int fd = openat(dir, name, O_RDONLY);
  if (fd < 0)
    return -1;
  struct stat st;
  long size = stat(name, &st) == 0 ? (long)st.st_size : -1;
  close(fd);
  return size;
}

// Another file removed between the close and the chmod.
int save_then_clean(const char *path, const char *lock) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  close(fd);
  unlink(lock);
  return chmod(path, 0644);
}

// The mode of another path after the close.
int save_and_publish(const char *tmp, const char *dst) {
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  close(fd);
  return chmod(dst, 0644);
}

// Renamed before the chmod: the path is the new name's.
int save_renamed(const char *tmp, const char *dst) {
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  close(fd);
  if (rename(tmp, dst) != 0)
    return -1;
  return chmod(dst, 0644);
}

// Times of the link itself: no descriptor form follows it.
int stamp_link(const char *path, const struct timespec times[2]) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  close(fd);
  return utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW);
}

// The owner of the link itself.
int own_link(const char *path, uid_t uid) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  close(fd);
  return lchown(path, uid, (gid_t)-1);
}

// Closed on one branch only.
int maybe_closed(const char *path, int keep) {
  int fd = open(path, O_WRONLY | O_CREAT, 0600);
  if (fd < 0)
    return -1;
  if (!keep)
    close(fd);
  return chmod(path, 0600);
}

// Through a constant table of the file calls, as a test seam writes it:
// the entry is stat itself, and fstat replaces the whole entry.
static const struct {
  int (*open)(const char *, int, ...);
  int (*stat)(const char *, struct stat *);
} file_calls = {open, stat};

long table_size(const char *path) {
  int fd = file_calls.open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  int rc = file_calls.stat(path, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'stat' of 'path' while 'fd' holds it open: 'fstat(fd, ...)' answers
  // CHECK-MESSAGES: :[[@LINE-6]]:12: note: opened here
  // CHECK-FIXES: int rc = fstat(fd, &st);
  close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// Must not flag: the dying wrapper's descriptor is replaced before the
// stat.
long replaced_size(const char *path, const char *other) {
  int fd = must_open(path, O_RDONLY | O_CLOEXEC);
  close(fd);
  fd = must_open(other, O_RDONLY | O_CLOEXEC);
  struct stat st;
  int rc = stat(path, &st);
  close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}

// Must not flag: a table a test fills with a fake.
static struct {
  int (*stat)(const char *, struct stat *);
} fake_calls = {stat};
void use_fake_stat(int (*fake)(const char *, struct stat *)) {
  fake_calls.stat = fake;
}

long faked_size(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  int rc = fake_calls.stat(path, &st);
  close(fd);
  return rc == 0 ? (long)st.st_size : -1;
}
