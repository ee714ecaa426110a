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

// ------------------------------------------------------------ must not flag

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
