// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Questions asked again and changes made again: ids, the umask, symlinks
// read, files synced; and their look-alikes that are not redundant.
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char dir[4096], file[4200], link_path[4200], other[4200], buf[256];
  snprintf(dir, sizeof dir, "%s", argv[1]);
  snprintf(file, sizeof file, "%s/file", dir);
  snprintf(link_path, sizeof link_path, "%s/link", dir);
  snprintf(other, sizeof other, "%s/other", dir);
  struct stat st;

  for (int i = 0; i < 3; ++i)
    if (getuid() == 12345) // GETUID: 2 of 3
      return 1;
  if (setuid(getuid()) != 0) // GETUID-AGAIN and SETUID
    return 1;
  if (getuid() == 12345) // AFTER-SETUID: not redundant
    return 1;

  umask(077); // UMASK-FIRST: not redundant (the mask was 022)
  umask(077); // UMASK-SAME: redundant
  umask(022); // UMASK-BACK: not redundant

  int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  write(fd, "x", 1);
  fsync(fd); // SYNC-AFTER-WRITE: not redundant
  fsync(fd); // SYNC-AGAIN: redundant
  write(fd, "y", 1);
  fsync(fd); // SYNC-AFTER-SECOND-WRITE: not redundant
  fchmod(fd, 0600);
  fsync(fd); // SYNC-AFTER-FCHMOD: not redundant
  close(fd);

  symlink(file, link_path);
  readlink(link_path, buf, sizeof buf); // READLINK-FIRST
  readlink(link_path, buf, sizeof buf); // READLINK-AGAIN: redundant
  unlink(link_path);
  symlink(other, link_path);
  readlink(link_path, buf, sizeof buf); // READLINK-NEW: not redundant

  stat(file, &st);
  link(file, other);
  stat(file, &st); // STAT-AFTER-LINK: not redundant (st_nlink changed)
  return 0;
}
