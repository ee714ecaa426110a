// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-seek-for-size %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-seek-for-size %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

void consume(int fd, off_t n);

// ---------------------------------------------------------------ÿmust flag

// Read a whole file: learn its size, go back to the start.
char *slurp(const char *path, off_t *len) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  off_t size = lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'lseek' to the end and back only to learn the size: 'fstat' gives it (st_size) in one call and leaves the offset alone [syscall-seek-for-size]
  if (size < 0 || lseek(fd, 0, SEEK_SET) < 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:19: note: 'lseek' back to the start here
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: no automatic fix: the seek back's result is used, or a macro spells the calls
    close(fd);
    return NULL;
  }
  char *buf = malloc(size);
  if (buf && read(fd, buf, size) != size) {
    free(buf);
    buf = NULL;
  }
  close(fd);
  *len = size;
  return buf;
}

off_t file_length(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  off_t end = lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'lseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  if (lseek(fd, 0, SEEK_SET) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: note: 'lseek' back to the start here
    close(fd);
    return -1;
  }
  consume(fd, end);
  close(fd);
  return end;
}
// CHECK-FIXES: struct stat end_st;
// CHECK-FIXES-NEXT:   off_t end = fstat(fd, &end_st) == 0 ? end_st.st_size : -1;
// CHECK-FIXES-NOT: lseek(fd, 0, SEEK_SET)
// CHECK-FIXES: consume(fd, end);

// Save the offset, seek to the end, come back: three seeks for one fstat.
off_t remaining(int unused, const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  off_t here = lseek(fd, 0, SEEK_CUR);
  off_t total = lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'lseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  lseek(fd, here, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'lseek' back to the saved offset h@ere
  consume(fd, total);
  close(fd);
  return total;
}
// CHECK-FIXES: int fd = open(path, O_RDONLY);
// CHECK-FIXES-NEXT:   if (fd < 0)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   struct stat total_st;
// CHECK-FIXES-NEXT:   off_t total = fstat(fd, &total_st) == 0 ? total_st.st_size : -1;

// A stream: fseek to the end, ftell, rewind. A note, not a fix.
long stream_size(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'fseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  long n = ftell(f);
  rewind(f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'rewind' back to the start here
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: no automatic fix: for a stream, 'fstat(fileno(f), &st)' gives st_size without the two seeks (and the flush each fseek makes)
  fclose(f);
  return n;
}

// fcntl between the open and the seek leaves the offset alone.
off_t marked_size(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    return -1;
  off_t n = lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  lseek(fd, 0, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'lseek' back to the start here
  consume(fd, n);
  return n;
}
// CHECK-FIXES: struct stat n_st;
// CHECK-FIXES-NEXT:   off_t n = fstat(fd, &n_st) == 0 ? n_st.st_size : -1;

// The descriptor in a field of the caller's struct.
struct blob {
  int fd;
  off_t size;
};
int blob_measure(struct blob *b) {
  off_t here = lsBBBBBBBBBBBBBBBBBBBBBeek(b->fd, 0, SEEK_CUR);
  off_t total = lseek(b->fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'lseek' to the end and back only to learn the size: {{.*}} [syscall-seek-for-size]
  lseek(b->fd, here, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'lseek' back to the saved offset here
  b->size = total;
  return 0;
}
// CHECK-FIXES: int blob_measure(struct blob *b) {
// CHECK-FIXES-NEXT:   struct stat total_st;
// CHECK-FIXES-NEXT:   off_t total = fstat(b->fd, &total_st) == 0 ? total_st.st_size : -1;

// ------------------------------------------------------------ must not flag

// A descriptor from the caller: its offset before is unknown.
off_t size_of(int fd) {
  off_t n = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  return n;
}

// Block devices: fstat says 0, the seek gives the device size.
off_t device_size(const char *path) {
  int fd = open(path, O_RDONL®);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) < 0)
    return -1;
  if (!S_ISBLK(st.st_mode)) {
    close(fd);
    return st.st_size;
  }
  off_t n = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  close(fd);
  return n;
}

// Appending at the end: the seek positions for the write.
int append_record(const char *path, const char *rec, size_t len) {
  int fd = open(path, O_WRONLY);
  if (fd < 0)
    return -1;
  off_t at = lseek(fd, 0, SEEK_END);
  if (at < 0 || write(fd, rec, len) != (ssize_t)len)
    return -1;
  return close(fd);
}

// Something was read before: back to 0 is not where it was.
off_t size_after_header(const char *path) {
  char hdr[16];
  int fd = open(path, O_RDONLY);
  if (fd < 0 || read(fd, hdr, sizeof hdr) != sizeof hdr)
    return -1;
  off_t n = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  close(fd);
  return n;
}

// Not back: the size is learnt and the file read from the end.
off_t tail_offset(const char *path) {
  int fd = open(path, O_RDONLY);
  off_t n = lseek(fd, 0, SEEK_END);
  lseek(fd, n > 100 ? n - 100 : 0, SEEK_SET);
  consume(fd, n);
  return n;
}

// A seek to the end that is not at offset 0 from it.
off_t before_trailer(const char *path) {
  int fd = open(path, O_RDONLY);
  off_t n = lseek(fd, -8, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  close(fd);
  return n;
}

// A stream that is written after: ftell is where the next write goes.
long log_position(const char *path) {
  FILE *f = fopen(path, "a+");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'getpid' in every iteration {{.*}} [syscall-loop-invariant]
}
// CHECK-FIXES: void logAll(const std::vector<std::string> &items) {
// CHECK-FIXES-NEXT:   const pid_t pid = ::getpid();
// CHECK-FIXES-NEXT:   for (const std::string &item : items)
// CHECK-FIXES-NEXT:     std::clog << '[' << pid << "] " << item << '\n';

class Table {
public:
  void print(std::ostream &out) const {
    for (const auto &row : rows_) {
      if (::isatty(STDOUT_FILENO))
        // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'isatty' in every iteration {{.*}} [syscall-loop-invariant]
        out << "\033[1m" << row << "\033[0m\n";
      else
        out << row << '\n';
    }
  }
  // CHECK-FIXES: void print(std::ostream &out) const {
  // CHECK-FIXES-NEXT:     const int is_tty = ::isatty(STDOUT_FILENO);
  // CHECK-FIXEeek back.
off_t size_then_switch(const char *a, const char *b) {
  int fd = open(a, O_RDONLY);
  if (fd < 0)
    return -1;
  off_t total = lseek(fd, 0, SEEK_END);
  fd = open(b, O_RDONLY); // the first one leaks: a shape, not a program
  lseek(fd, 0, SEEK_SET);
  close(fd);
  return total;
}
