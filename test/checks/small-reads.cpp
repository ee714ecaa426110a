// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-small-reads %t -- -std=c++17 -Wall -Werror=unused-variable

#include <fstream>
#include <string>

// ---------------------------------------------------------------- must flag

// An input file stream made unbuffered, then read a character at a time.
long countLines(const std::string &path) {
  std::ifstream in(path);
  in.rdbuf()->pubsetbuf(nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pubsetbuf(nullptr, 0)' makes the input file stream unbuffered: each 'get' then reads one byte with a read(2); remove it and let the stream's buffer fill [syscall-small-reads]
  long lines = 0;
  char c;
  while (in.get(c))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: note: read a character at a time here
    lines += c == '\n';
  return lines;
}
// CHECK-FIXES: std::ifstream in(path);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: long lines = 0;

// ------------------------------------------------------------ must not flag

// Read in blocks: the unbuffered stream costs a read(2) per block only.
long countBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  in.rdbuf()->pubsetbuf(nullptr, 0);
  char block[4096];
  long n = 0;
  while (in.read(block, sizeof block) || in.gcount() > 0)
    n += in.gcount();
  return n;
}

// The stream keeps its buffer.
long countLinesBuffered(const std::string &path) {
  std::ifstream in(path);
  long lines = 0;
  char c;
  while (in.get(c))
    lines += c == '\n';
  return lines;
}
