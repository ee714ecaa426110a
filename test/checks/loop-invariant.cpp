// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-loop-invariant %t -- -std=c++17 -D_GNU_SOURCE -Wall
// C++ shapes: range-for, streams, members, qualified calls, lambdas.

#include <algorithm>
#include <iostream>
#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

void logAll(const std::vector<std::string> &items) {
  for (const std::string &item : items)
    std::clog << '[' << ::getpid() << "] " << item << '\n';
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
  // CHECK-FIXES-NEXT:     for (const auto &row : rows_) {
  // CHECK-FIXES-NEXT:       if (is_tty)

private:
  std::vector<std::string> rows_;
};

// ------------------------------------------------------------ must not flag

// The range of a range-for is evaluated once.
void forRange() {
  for (int c : std::vector<int>(3, static_cast<int>(::getuid())))
    std::cout << c << '\n';
}

// In a lambda the algorithm calls: the lambda is a function of its own.
void each(const std::vector<std::string> &items) {
  std::for_each(items.begin(), items.end(), [](const std::string &s) {
    std::clog << ::getpid() << ' ' << s << '\n';
  });
}

pid_t spawn(const std::string &cmd);

// A fork through a function of another file is not seen; one that forks
// here is.
void spawnAll(const std::vector<std::string> &cmds) {
  for (const std::string &cmd : cmds) {
    if (::fork() == 0)
      ::execlp(cmd.c_str(), cmd.c_str(), static_cast<char *>(nullptr));
    std::clog << ::getpid() << " started " << cmd << '\n';
  }
}
