// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-small-reads %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-small-reads %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void handle_body(int fd);

// ---------------------------------------------------------------- must flag

// A word counter that reads its file a byte at a time.
long count_words(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  long words = 0;
  int in_word = 0;
  char c;
  while (read(fd, &c, 1) == 1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'read' of 1 byte per call in a loop: a syscall for every 1 byte of the file; read a block into a buffer and take them from it (leanio's lio_reader) [syscall-small-reads]
    // CHECK-MESSAGES: :[[@LINE-8]]:12: note: 'open' opens the file here
    if (isspace((unsigned char)c))
      in_word = 0;
    else if (!in_word) {
      in_word = 1;
      words++;
    }
  }
  close(fd);
  return words;
}

// Fixed records of 8 bytes, the descriptor opened read-write.
uint64_t sum_records(const char *path) {
  uint64_t sum = 0, v;
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return 0;
  for (;;) {
    ssize_t n = read(fd, &v, sizeof v);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'read' of 8 bytes per call in a loop: a syscall for every 8 bytes of the file
    // CHECK-MESSAGES: :[[@LINE-6]]:12: note: 'open' opens the file here
    if (n != sizeof v)
      break;
    sum += v;
  }
  close(fd);
  return sum;
}

// getc on a stream made unbuffered.
int count_lines(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  setvbuf(f, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE+4]]:16: warning: 'getc' on a stream made unbuffered: a read(2) for every character of the file; keep stdio's buffer (drop the unbuffering) or read blocks (leanio's lio_reader_getc) [syscall-small-reads]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: made unbuffered here
  int lines = 0;
  int ch;
  while ((ch = getc(f)) != EOF)
    lines += ch == '\n';
  fclose(f);
  return lines;
}

// fgetc after setbuf(f, NULL).
long checksum(const char *path) {
  FILE *f = fopen(path, "rb");
  long sum = 0;
  if (!f)
    return -1;
  setbuf(f, NULL);
  // CHECK-MESSAGES: :[[@LINE+2]]:20: warning: 'fgetc' on a stream made unbuffered
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: made unbuffered here
  for (int c; (c = fgetc(f)) != EOF;)
    sum += c;
  fclose(f);
  return sum;
}

// ------------------------------------------------------------ must not flag

// A descriptor from the caller: a pipe or a socket must not be read ahead.
long count_bytes_fd(int fd) {
  long n = 0;
  char c;
  while (read(fd, &c, 1) == 1)
    n++;
  return n;
}

// A terminal or a device gives what it has per read.
int read_key(void) {
  int fd = open("/dev/tty", O_RDONLY);
  char c = 0;
  if (fd < 0)
    return -1;
  while (read(fd, &c, 1) == 1 && c != 'q')
    ;
  close(fd);
  return c;
}

// A header read up to its end, then the rest handed on: a buffer would
// take some of the body.
int skip_header(const char *path) {
  int fd = open(path, O_RDONLY);
  char c, prev = 0;
  if (fd < 0)
    return -1;
  while (read(fd, &c, 1) == 1) {
    if (c == '\n' && prev == '\n')
      break;
    prev = c;
  }
  handle_body(fd);
  return close(fd);
}

// Blocks, not bytes.
long count_blocks(const char *path) {
  int fd = open(path, O_RDONLY);
  char buf[4096];
  long n = 0;
  if (fd < 0)
    return -1;
  while (read(fd, buf, sizeof buf) > 0)
    n++;
  close(fd);
  return n;
}

// A socket, not a file.
int read_reply(int port) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  char c;
  int n = 0;
  while (read(s, &c, 1) == 1 && c != '\n')
    n++;
  close(s);
  return n + port;
}

// Seeks between the reads: every record's own offset.
long sparse_bytes(const char *path, const off_t *at, int count) {
  int fd = open(path, O_RDONLY);
  long sum = 0;
  char c;
  if (fd < 0)
    return -1;
  for (int i = 0; i < count; i++) {
    lseek(fd, at[i], SEEK_SET);
    if (read(fd, &c, 1) == 1)
      sum += c;
  }
  close(fd);
  return sum;
}

// Once, not in a loop.
int first_byte(const char *path) {
  int fd = open(path, O_RDONLY);
  unsigned char c = 0;
  if (fd < 0)
    return -1;
  if (read(fd, &c, 1) != 1)
    c = 0;
  close(fd);
  return c;
}

// Once, retried on EINTR: the retry loop is not an iteration of the
// program's, spelled by hand or by glibc's macro.
int first_byte_retried(const char *path) {
  int fd = open(path, O_RDONLY);
  unsigned char c = 0;
  ssize_t n;
  if (fd < 0)
    return -1;
  do
    n = read(fd, &c, 1);
  while (n < 0 && errno == EINTR);
  if (TEMP_FAILURE_RETRY(read(fd, &c, 1)) != 1)
    c = 0;
  close(fd);
  return n == 1 ? c : 0;
}

// stdio's buffer is kept: getc costs no syscall each.
int count_lines_buffered(const char *path) {
  FILE *f = fopen(path, "r");
  int lines = 0, ch;
  if (!f)
    return -1;
  while ((ch = getc(f)) != EOF)
    lines += ch == '\n';
  fclose(f);
  return lines;
}

// Standard input, byte by byte: interactive on purpose.
int read_answer(void) {
  char c;
  while (read(STDIN_FILENO, &c, 1) == 1)
    if (c == 'y' || c == 'n')
      return c;
  return 0;
}
