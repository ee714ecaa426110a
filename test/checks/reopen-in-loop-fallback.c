// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A unit that asks getrandom first reads the device only as its fallback
// for kernels without the call: not reported.
// RUN: %check_syscall_tidy %s syscall-reopen-in-loop %t -- -D_GNU_SOURCE -Wall

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

static int from_device(unsigned char *buf, size_t n) {
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t got = read(fd, buf, n);
  close(fd);
  return got == (ssize_t)n ? 0 : -1;
}

int random_bytes(unsigned char *buf, size_t n) {
  if (getrandom(buf, n, 0) == (ssize_t)n)
    return 0;
  return errno == ENOSYS ? from_device(buf, n) : -1;
}
