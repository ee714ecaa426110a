// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-reopen-in-loop %t -- -std=c++17 -Wall

#include <fcntl.h>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

// Samples of the pressure-stall file in a range-for over slots.
std::vector<long> pressure(std::vector<long> slots) {
  char buf[128];
  for (long &slot : slots) {
    int fd = ::open("/proc/pressure/cpu", O_RDONLY);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'open' of '/proc/pressure/cpu' in every iteration
    if (fd < 0)
      break;
    slot = ::read(fd, buf, sizeof buf);
    ::close(fd);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here
  }
  return slots;
}

// ------------------------------------------------------------ must not flag

// A lambda's open is the lambda's, called once per element.
void each(const std::vector<int> &v) {
  char buf[16];
  auto once = [&] {
    int fd = ::open("/proc/self/statm", O_RDONLY);
    if (fd >= 0) {
      (void)::read(fd, buf, sizeof buf);
      ::close(fd);
    }
  };
  once();
  (void)v;
}
