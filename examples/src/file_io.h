#ifndef EXAMPLES_FILE_IO_H
#define EXAMPLES_FILE_IO_H

#include <stddef.h>

/* open(2) with EINTR retries that refuses directories, as runtimes do. */
int file_open(const char *path, int oflag, int mode);
/* Opens path for writing from scratch. */
int file_create(const char *path);
/* Opens an existing file for reading; fills *size. */
int file_open_read(const char *path, long *size);
/* Copies from one descriptor to another. Returns 0 or -1. */
int file_copy(int in, int out);

#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
