// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fuzzer once crashed here: a field declaration that does not parse
// leaves holes (null initialisers) in the tables' initialiser lists.
#include <unistd.h>

static int xopen(const char *path, int flags) { return 0; }
static ssize_t put(int fd, const void *buf, size_t n) { return write(fd, buf, n); }

struct file_ops {
  int (*o  (const char *, int);
  ssize_t (*write)(int, const void *, size_t);
};

static const struct file_ops backends[] = {
    {xopen, put},
    {.open = xopen, .write = put},
};

ssize_t put_first(int fd, const void *buf, size_t n) {
  return backends[0].write(fd, buf, n);
}
