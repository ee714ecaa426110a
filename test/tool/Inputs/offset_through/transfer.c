// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "transfer.h"
#include <errno.h>
#include <poll.h>

// Calls f with the descriptor until all is moved, waiting in poll(2) when
// it would block.
static size_t transfer_all(transfer_fn f, int fd, void *buf, size_t n) {
  char *s = buf;
  size_t pos = 0;
  struct pollfd pfd;
  pfd.fd = fd;
  pfd.events = f == read ? POLLIN : POLLOUT;
  while (n > pos) {
    ssize_t res = (f)(fd, s + pos, n - pos);
    if (res == -1) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN) {
        (void)poll(&pfd, 1, -1);
        continue;
      }
      return 0;
    }
    if (res == 0)
      return pos;
    pos += (size_t)res;
  }
  return pos;
}

size_t transfer(transfer_fn f, int fd, void *buf, size_t n) {
  return transfer_all(f, fd, buf, n);
}

// Calls f with a log's descriptor, and reads the data itself.
static int log_fd = 2;
size_t transfer_logged(transfer_fn f, int fd, void *buf, size_t n) {
  (void)f(log_fd, buf, n);
  return (size_t)pread(fd, buf, n, 0);
}
