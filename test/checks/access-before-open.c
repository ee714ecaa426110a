// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-access-before-open %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-access-before-open %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FAIL(msg)                                                              \
  do {                                                                         \
    perror(msg);                                                               \
    exit(1);                                                                   \
  } while (0)

int make_default(const char *path);

// ---------------------------------------------------------------- must flag

int open_input(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'access' before 'open' of the same path: 'open' fails the same way and its failure is handled the same; the test walks the path once more and races with the open [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+5]]:12: note: 'open' of the same path here
  if (access(path, R_OK) != 0) {
    perror(path);
    return -1;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    perror(path);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_input(const char *path) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   int fd = open(path, O_RDONLY | O_CLOEXEC);

FILE *open_table(const char *name) {
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'access' before 'fopen' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:13: note: 'fopen' of the same path here
  if (access(name, F_OK))
    return NULL;
  FILE *f = fopen(name, "r");
  if (!f)
    return NULL;
  return f;
}
// CHECK-FIXES: FILE *open_table(const char *name) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   FILE *f = fopen(name, "r");

int open_in(int dirfd, const char *name) {
  int fd;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'faccessat' before 'openat' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:8: note: 'openat' of the same path here
  if (faccessat(dirfd, name, R_OK, AT_EACCESS) < 0)
    FAIL(name);
  fd = openat(dirfd, name, O_RDONLY);
  if (fd == -1)
    FAIL(name);
  return fd;
}
// CHECK-FIXES: int fd;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   fd = openat(dirfd, name, O_RDONLY);

int open_writable(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'euidaccess' before 'open' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:12: note: 'open' of the same path here
  if (euidaccess(path, W_OK) == -1)
    goto fail;
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    goto fail;
  return fd;
fail:
  return -errno;
}
// CHECK-FIXES: int open_writable(const char *path) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   int fd = open(path, O_WRONLY | O_APPEND);

// stat as an existence test: the buffer is never read.
char *load_config(const char *path) {
  struct stat st;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'stat' before 'fopen' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:13: note: 'fopen' of the same path here
  if (stat(path, &st) < 0)
    return NULL;
  FILE *f = fopen(path, "re");
  if (f == NULL)
    return NULL;
  fclose(f);
  return strdup(path);
}
// CHECK-FIXES: char *load_config(const char *path) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   FILE *f = fopen(path, "re");

int open_relative(int dirfd, const char *name) {
  struct stat st;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'fstatat' before 'openat' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+3]]:12: note: 'openat' of the same path here
  if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
    FAIL(name);
  int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW);
  if (fd < 0)
    FAIL(name);
  return fd;
}
// CHECK-FIXES: int open_relative(int dirfd, const char *name) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW);

// The buffer shares its declaration with the symlink test's: flagged, and
// no fix (removing the stat would leave the declaration half used).
int open_not_link(const char *path) {
  struct stat st, lst;
  if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
    return -1;
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'stat' before 'open' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+1]]:7: note: no automatic fix: the stat buffer is declared with other variables or by a macro
  if (stat(path, &st) != 0)
    return -1;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}
// CHECK-FIXES: if (stat(path, &st) != 0)

// The test's result kept in a local that nothing else reads: the local
// goes with the test.
int open_spool(const char *path) {
  int rc;
  if ((rc = access(path, R_OK)) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: redundant 'access' before 'open' of the same path
    // CHECK-MESSAGES: :[[@LINE+2]]:12: note: 'open' of the same path here
    return -1;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  return fd;
}
// CHECK-FIXES: int open_spool(const char *path) {
// CHECK-FIXES-NEXT: int fd = open(path, O_RDONLY | O_CLOEXEC);

// The same, the result also returned: a note names it.
int open_queue(const char *path, int *fdp) {
  int rc = 0;
  if ((rc = access(path, R_OK)) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: redundant 'access' before 'open' of the same path
    // CHECK-MESSAGES: :[[@LINE+3]]:12: note: 'open' of the same path here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: no automatic fix: the call's result is also kept in 'rc', which the function uses elsewhere; remove those uses with the call
    return -1;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  *fdp = fd;
  return rc;
}

// ------------------------------------------------------------ must not flag

// The result kept in a local, before an open that creates: the test says
// "no such file", the open makes one.
int open_journal(const char *path) {
  int rc;
  if ((rc = access(path, W_OK)) != 0)
    return -1;
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  return fd;
}

// The result kept in a local, before an open of another path.
int open_sibling(const char *path, const char *sibling) {
  int rc;
  if ((rc = access(path, R_OK)) != 0)
    return -1;
  int fd = open(sibling, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  return fd;
}

// A different message: the program tells "missing" from "unreadable".
int open_reported(const char *path) {
  if (access(path, F_OK) != 0) {
    fprintf(stderr, "%s: no such file\n", path);
    return -1;
  }
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(stderr, "%s: cannot open\n", path);
    return -1;
  }
  return fd;
}

// Create versus open: the test decides which.
int open_or_create(const char *path) {
  if (access(path, F_OK) != 0)
    return make_default(path);
  int fd = open(path, O_RDWR);
  if (fd < 0)
    return -1;
  return fd;
}

// An open that creates succeeds where the test failed.
int open_creating(const char *path) {
  if (access(path, F_OK) != 0)
    return -1;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  return fd;
}

FILE *open_for_writing(const char *path) {
  if (access(path, W_OK) != 0)
    return NULL;
  FILE *f = fopen(path, "w");
  if (!f)
    return NULL;
  return f;
}

// X_OK asks about exec.
int open_script(const char *path) {
  if (access(path, X_OK) != 0)
    return -1;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// The test guards the open instead of failing.
int open_if_there(const char *path) {
  int fd = -1;
  if (access(path, R_OK) == 0)
    fd = open(path, O_RDONLY);
  return fd;
}

// A set-user-ID program asks for the real user on purpose.
int open_as_caller(const char *path) {
  if (getuid() != geteuid() && access(path, R_OK) != 0)
    return -1;
  if (access(path, R_OK) != 0)
    return -1;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// Another path is opened.
int open_backup(const char *path, const char *backup) {
  if (access(path, R_OK) != 0)
    return -1;
  int fd = open(backup, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// Something happens between the test and the open.
int open_logged(const char *path) {
  if (access(path, R_OK) != 0)
    return -1;
  fprintf(stderr, "opening %s\n", path);
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// The open's failure is not checked: the test is all the checking there is.
int open_unchecked(const char *path) {
  if (access(path, R_OK) != 0)
    return -1;
  int fd = open(path, O_RDONLY);
  return fd;
}

// The stat's result is used: the size sizes the buffer.
char *read_sized(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return NULL;
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  char *buf = malloc(st.st_size + 1);
  fclose(f);
  return buf;
}

// The buffer outlives the function: its caller reads it.
static struct stat last_seen;
int open_remembered(const char *path) {
  if (stat(path, &last_seen) != 0)
    return -1;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// AT_EMPTY_PATH stats the directory descriptor, not the name.
int open_empty_path(int dirfd, const char *name) {
  struct stat st;
  if (fstatat(dirfd, name, &st, AT_EMPTY_PATH) != 0)
    return -1;
  int fd = openat(dirfd, name, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// The stat decides whether to create the file.
int open_or_init(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return make_default(path);
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  return fd;
}

// The same report, once through a one-line helper of perror: the failure is
// handled the same.
static void report(const char *what) { perror(what); }
int open_through_report(const char *path) {
  // CHECK-MESSAGES: :[[@LINE+2]]:7: warning: redundant 'access' before 'open' of the same path: {{.*}} [syscall-access-before-open]
  // CHECK-MESSAGES: :[[@LINE+5]]:12: note: 'open' of the same path here
  if (access(path, R_OK) != 0) {
    report(path);
    return -1;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    perror(path);
    return -1;
  }
  return fd;
}
// CHECK-FIXES: int open_through_report(const char *path) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   int fd = open(path, O_RDONLY | O_CLOEXEC);

// Must not flag: the test tells the user something else, through a helper
// that does more than pass perror on.
static void report_missing(const char *what) {
  fprintf(stderr, "%s: missing\n", what);
}
int open_explained(const char *path) {
  if (access(path, R_OK) != 0) {
    report_missing(path);
    return -1;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    perror(path);
    return -1;
  }
  return fd;
}
