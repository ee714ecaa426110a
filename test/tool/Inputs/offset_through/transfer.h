// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

typedef ssize_t (*transfer_fn)(int, void *, size_t);
#define vwrite (transfer_fn) write

size_t transfer(transfer_fn f, int fd, void *buf, size_t n);
size_t transfer_logged(transfer_fn f, int fd, void *buf, size_t n);
