// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t.stdout -check-suffix=STDOUT \
// RUN:   -config="{CheckOptions: [{key: syscall-unbuffered-autoflush.FlagStdout, value: true}, {key: syscall-unbuffered-autoflush.BufferSize, value: '65536'}]}" -- -std=c++17
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t.default -check-suffix=DEFAULT -- -std=c++17

#include <cstdio>
#include <iostream>
#include <vector>

// stdout of a batch program redirected to a file: reported with FlagStdout.
void printAll(const std::vector<int> &values) {
  for (int v : values)
    std::cout << v << std::endl;
  // CHECK-MESSAGES-STDOUT: :[[@LINE-1]]:23: warning: 'std::endl' flushes the file stream on every iteration
}
// CHECK-FIXES-STDOUT: std::cout << v << '\n';
// CHECK-FIXES-STDOUT-NEXT: std::cout.flush();

// The buffer size of the fix is an option.
int dump(const char *path, const std::vector<int> &values) {
  std::FILE *f = std::fopen(path, "w");
  std::setvbuf(f, nullptr, _IONBF, 0);
  // CHECK-MESSAGES-STDOUT: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 2 write(2) calls per record
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:3: warning: 'setvbuf' makes a file stream unbuffered: 2 write(2) calls per record
  for (int v : values) {
    std::fprintf(f, "%d", v);
    std::fputc('\n', f);
  }
  return std::fclose(f);
}
// CHECK-FIXES-STDOUT: std::setvbuf(f, nullptr, _IOFBF, 65536);
// CHECK-FIXES-DEFAULT: std::setvbuf(f, nullptr, _IOFBF, BUFSIZ);
