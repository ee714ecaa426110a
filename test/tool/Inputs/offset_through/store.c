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
