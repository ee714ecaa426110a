// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-seek-for-size %t -- -D_GNU_SOURCE

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// A stream-opening wrapper that checks what it opened before returning it,
// and closes it on the way to each failure return.
static FILE *checked_fopen(const char *path, const char *mode) {
  FILE *fptr = fopen(path, mode);
  if (!fptr)
    return NULL;
  struct stat st;
  if (fstat(fileno(fptr), &st) < 0) {
    fclose(fptr);
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    fclose(fptr);
    return NULL;
  }
  return fptr;
}

long size_of(const char *path) {
  FILE *f = checked_fopen(path, "rb");
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'fseek' to the end and back only to learn the size: 'fstat' gives it (st_size) in one call and leaves the offset alone [syscall-seek-for-size]
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  fclose(f);
  return n;
}

// Must not flag: the wrapper hands back a stream it may have read from.
static FILE *fopen_skip_bom(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f && fgetc(f) != 0xEF)
    rewind(f);
  return f;
}

long size_after_bom(const char *path) {
  FILE *f = fopen_skip_bom(path);
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  fclose(f);
  return n;
}

// Must not flag: the wrapper may return a stream it did not open.
static FILE *log_stream;
static FILE *open_or_stderr(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return stderr;
  return f;
}

long size_or_console(const char *path) {
  FILE *f = open_or_stderr(path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  return n;
}

// Must not flag: the wrapper closes the stream on a path that returns it.
static FILE *reopen_twice(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f && getenv("FRESH")) {
    fclose(f);
    log_stream = f;
  }
  return f;
}

long size_reopened(const char *path) {
  FILE *f = reopen_twice(path);
  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  fclose(f);
  return n;
}
