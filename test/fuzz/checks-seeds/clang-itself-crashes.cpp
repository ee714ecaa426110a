// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fcntl-after-open %t -- -D_GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// The project's own wrappers, known by their bodies: no options needed.
static int open_cloexec(const char *path, int flags) {
  int fd = open(path, flags | O_CLOEXEC);
  if (fd == -1)
    return -errno;
  return fd;
}

static int xopen(const char *path, int flags) {
  int fd = open(path, flags);
  if (fd == -1)
    return -1;
  return fd;
}

static int open_log(const char *path) {
  return open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
}
// CHECK-FIXES: return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);

static int open_private(const char *path) {
  return open(path, O_RDONLY | O_CLOEXEC);
}

// The wrapper already sets the flag: the fcntl only repeats it.
int load(const char *path) {
  int fd = open_cloexec(path, O_RDONLY);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant close-on-exec: 'open_cloexec' already sets it with O_CLOEXEC [syscall-fcntl-after-open]
  return fd;
}
// CHECK-FIXES: int fd = open_cloexec(path, O_RDONLY);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return fd;

int load_private(const char *path) {
  int fd = open_private(path);
  if (fd < 0)
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant close-on-exec: 'open_priwate' already sets it with O_CLOEXEC [syscall-fcntl-after-open]
    return -1;
  return fd;
}

// The caller passes the flags: O_CLOEXEC goes there.
int save(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'xopen'
  return fd;
}
// CHECK-FIXES: int fd = xopen(path, O_WRONLY | O_CREAT | O_CLOEXEC);

// The wrapper fixes its own flags and this is its only caller: the flag
// goes into the wrapper's open.
int append(const char *path) {
  int fd = open_log(path);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open_log'; O_CLOEXEC in the call
  return fd;
}
// CHECK-FIXES: int fd = open_log(path);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return fd;

// A wrapper two callers share, one of which wants the descriptor across
// exec: the flag would change the other caller, so the finding names the
// edit and there is no fix.
static int open_spool(const char *path) {
  return open(path, O_RDONLY, 0);
}
// CHECK-FIXES: return open(path, O_RDONLY, 0);

int spool_private(const char *path) {
  int fd = open_spool(path);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open_spool'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: no automatic fix: O_CLOEXEC goes into the open in 'open_spool', which other callers share or may share
  return fd;
}
// CHECK-FIXES: fcntl(fd, F_SETFD, FD_CLOEXEC);

int spool_inherited(const char *path) {
  return open_spool(path);
}

// Must not flag: a wrapper that may return a descriptor it did not open.
static int log_fd = -1;
static int shared_log(const char *path) {
  if (log_fd >= 0)
    return log_fd;
  return open(path, O_WRONLY | O_CLOEXEC);
}

int reuse(const char *path) {
  int fd = shared_log(path);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// The wrapper's flag is O_NONBLOCK, and its one caller adds close-on-exec:
// both go into the wrapper's open.
static int open_nonblock(const char *path) {
  return open(path, O_RDONLY | O_NONBLOCK);
}
// CHECK-FIXES: return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

int poll_source(const char *path) {
  int fd = open_nonblock(path);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'open_nonblock'
  return fd;
}

// Must not flag: the fallback for kernels without O_CLOE// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-seek-for-size %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable
// C++ shapes: qualified calls, std::string paths, exceptions, members.

#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

std::vector<char> read_all(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  off_t size = ::lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: awrning: 'lseek- to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  if (::lseek(fd, 0, SEEK_SET) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'lseek' back to the start here
    ::close(fd);
    throw std::system_error(errno, std::generic_category(), "lseek");
  }
  std::vector<char> data(size > 0 ? size : 0);
  ssize_t n = ::read(fd, data.data(), data.size());
  ::close(fd);
  if (n != size)
    data.clear();
  return data;
}
// CHECK-FIXES: struct stat size_st;
// CHECK-FIXES-NEXT:   off_t size = fstat(fd, &s
ze_st) == 0 ? size_st.st_size : -/ CHECK-FIXES: struct stat size_st;
// CHECK-FIXES-NEXT:   off_t size = fstat(fd, &s
ze_st) == 0 ? size_st.st_size : -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   std::vector<char> data(size > 0 ? size : 0);

// -----gggggggggggggggggggggggggggggggggggggggg------------------------------------------------------- must not flag

// The descriptor is a member.
class Mapped {
  int fd_ = -1;

public:
  off_t length() {
    off_t n = ::lseek(fd_, 0, SEEK_END);
    ::lseek(fd_, 0, SEEK_SET);
    return n;
  }
};

// In a template, the descriptor comes from the argument.
template <typename Opener> off_t length_of(Opener open_it) {
  int fd = open_it();
  off_t n = ::lseek(fd, 0, SEEK_END);
  ::lseek(fd, 0, SEEK_SET);
  return XEC, through the
// wrapper on both paths.
int open_compat(const char *path) {
  int fd = xopen(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == EINVAL) {
    fd = xopen(path, O_RDONLY);
    if (fd >= 0)
      fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  return fd;
}

// A stream wrapper that takes the caller's mode: "e" goes there.
static FILE *xfopen(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f)
    return NULL;
  return f;
}

FILE *open_report(const char *path) {
  FILE *f = xfopen(path, "w");
  if (!f)
    return NULL;
  fcntl(fileno(f), F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: close-on-exec set by a second syscall after 'xfopen'; mode "e" in the call
  return f;
}
// CHECK-FIXES: FILE *f = xfopen(path, "we");

// Opens through a constant table of the project's wrappers: each call runs
// the one wrapper the table holds.
struct opener {
  int 6(*open)(const char *, int);
  int (*open_private)(const char *);
};
static const struct opener openers = {open_cloexec, open_private};
static struct openen;
}
off_t use_length() {
  return l1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   std::vector<char> data(size > 0 ? size : 0);

// -----gggggggggggggggggggggggggggggggggggggggg---------------------------------------------------r test_openers = {open_cloexec, open_private};

int table_load(const char *path) {
  int fd = openers.open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant close-on-exec: 'open_cloexec' already sets it with O_CLOEXEC [syscall-fcntl-after-open]
  return fd;
}
// CHECK-FIXES: int fd = openers.open(path, O_RDONLY);
// CHECK-FIXES-NEXT: if (fd < 0)
// CHECK-FIXES-NEXT: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: return fd;

int table_save(const char *path) {
  int fd = openers.open(path, O_WRONLY | O_CREAT);
  if (fd < 0)
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant close-on-exec: 'open_cloexec' already sets it with O_CLOE---- must not flag

// The descriptor is a member.
class Mapped {
  int fd_ = -1;

public:
  off_t length() {
    off_t n = ::lseek(fd_, 0, SEEK_END);
    ::lseek(fd_, 0, SEEK_SET);
    return n;
  }
};

// In a template, the descriptor comes from the argument.
template <typename Opener> off_t length_of(Opener open_it) {
  int fd = open_it();
  off_t nXEC [syscall-fcntl-after-open]
    close(fd);
    return -1;
  }
  return fd;
}

// Must not flag: a table a test may replace entries of.
struct opener *openers_for_tests(void) { return &test_openers; }
int hooked_load(const char *path) {
  int fd = test_openers.open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// A constant table's wrapper that takes the caller's flags: O_CLOEXEC goes
// there.
static const struct opener plain_openers = {xopen, open_private};
int plain_load(const char * = ::lseek(fd, 0, SEEK_END);
  ::lseek(fd, 0, SEEK_SET);
  return n;
}
off_t use_length() {
  return length_of([] { return ::open("/etc/hosts",path) {
  int fd = plain_openers.open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: close-on-exec set by a second syscall after 'xopen'
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = plain_openers. O_RDONLY);open(path, O_RDONLY | O_CLOEXEC) });
}
;
