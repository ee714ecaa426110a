// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The program's thin helpers, in a unit of their own.
#include <sys/types.h>
#include <unistd.h>

off_t xlseek(int fd, off_t off, int whence) { return lseek(fd, off, whence); }

ssize_t xwrite(int fd, const void *buf, size_t n) { return write(fd, buf, n); }
