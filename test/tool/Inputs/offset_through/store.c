// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "transfer.h"
#include <fcntl.h>

int store_blocks(const char *path, const off_t *offs, char **blocks,
                 const size_t *lens, int m) {
  int write_error = 0;
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if ((lseek(fd, offs[i], SEEK_SET) == -1 ||
         transfer(vwrite, fd, blocks[i], lens[i]) != lens[i]) &&
        !write_error)
      write_error = 1;
  }
  close(fd);
  return write_error;
}

int store_blocks_logged(const char *path, const off_t *offs, char **blocks,
                        const size_t *lens, int m) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        transfer_logged(vwrite, fd, blocks[i], lens[i]) != lens[i])
      break;
  }
  close(fd);
  return 0;
}

int load_blocks(const char *path, const off_t *offs, char **blocks,
                const size_t *lens, int m) {
  int fd = open(path, O_RDWR);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        transfer(read, fd, blocks[i], lens[i]) != lens[i])
      break;
  }
  close(fd);
  return 0;
}

int load_blocks_and_tail(const char *path, const off_t *offs, char **blocks,
                         const size_t *lens, int m, char *tail, size_t t) {
  int fd = open(path, O_RDONLY);
  if (fd == -1)
    return -1;
  for (int i = 0; i < m; i++) {
    if (lseek(fd, offs[i], SEEK_SET) == -1 ||
        transfer(read, fd, blocks[i], lens[i]) != lens[i])
      break;
  }
  ssize_t got = read(fd, tail, t);
  close(fd);
  return got < 0 ? -1 : 0;
}

static int slot_fds[8], slot_oflags[8];

static int slot_fd(int s) { return s >= 0 && s < 8 ? slot_fds[s] : -1; }

static int slot_flags(int s) { return s >= 0 && s < 8 ? slot_oflags[s] : 0; }

int slot_read(int s, off_t off, char *buf, size_t n) {
  int fd = slot_fd(s);
  if (fd == -1 || lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return (int)read(fd, buf, n);
}

int slot_write(int s, off_t off, char *buf, size_t n) {
  int fd = slot_fd(s);
  if (fd == -1)
    return -1;
  if ((slot_flags(s) & O_APPEND) == 0 && lseek(fd, off, SEEK_SET) == -1)
    return -1;
  return transfer(vwrite, fd, buf, n) == n ? 0 : -1;
}
