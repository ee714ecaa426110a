/* A tiny segment store: fixed-size records written at their own offsets,
 * a write loop that keeps its own position, and an append-only index. */
#include "segment.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static int put_record(int fd, off_t off, const void *buf, size_t n) {
  if (lseek(fd, off, SEEK_SET) < 0)
    return -1;
  if (write(fd, buf, n) != (ssize_t)n)
    return -1;
  return 0;
}

int segment_write(const char *path, const char (*records)[SEGMENT_RECORD],
                  int count) {
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  int rc = 0;
  for (int i = count - 1; i >= 0 && rc == 0; --i)
    rc = put_record(fd, (off_t)i * SEGMENT_RECORD, records[i], SEGMENT_RECORD);
  if (close(fd) != 0)
    rc = -1;
  return rc;
}

int segment_dump(const char *path, const char **lines, int count) {
  off_t pos = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  for (int i = 0; i < count; ++i) {
    lseek(fd, pos, SEEK_SET);
    ssize_t n = write(fd, lines[i], strlen(lines[i]));
    if (n < 0)
      break;
    pos += n;
  }
  return close(fd);
}

int segment_index_add(const char *path, const char *entry) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  lseek(fd, 0, SEEK_END);
  ssize_t n = write(fd, entry, strlen(entry));
  if (close(fd) != 0 || n < 0)
    return -1;
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
