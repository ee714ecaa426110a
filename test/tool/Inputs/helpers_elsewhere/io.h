// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <sys/stat.h>
#include <sys/types.h>

ssize_t xwrite(int fd, const void *buf, size_t n);
ssize_t xwrite_all(int fd, const void *buf, size_t n);
off_t xlseek(int fd, off_t off, int whence);
int xfstat(int fd, struct stat *st);
int xfstat_logged(int fd, struct stat *st);
int xfcntl(int fd, int cmd, int arg);
int fcntl_retry(int fd, int cmd, int arg);
