// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Makes 1000 new files in the directory it is given, refusing any that
// exists: an lstat first, then an exclusive create.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int create_new(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0) {
    errno = EEXIST;
    return -1;
  }
  return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
}

int main(int argc, char **argv) {
  int made = 0, refused = 0;
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 500; i++) {
      char path[4096];
      snprintf(path, sizeof path, "%s/f%d", argc > 1 ? argv[1] : ".", i);
      int fd = create_new(path);
      if (fd >= 0) {
        made++;
        close(fd);
      } else if (errno == EEXIST) {
        refused++;
      }
    }
  printf("%d made, %d refused as existing\n", made, refused);
  return 0;
}
