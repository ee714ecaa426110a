// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Unpacks 500 items into 5 directories under the directory it is given:
// each item's directory made again (EEXIST accepted) and the base resolved
// again, for every item.
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *base = argc > 1 ? argv[1] : ".";
  char real[PATH_MAX], dir[PATH_MAX + 16], file[PATH_MAX + 32];
  int made = 0;
  for (int i = 0; i < 500; i++) {
    if (!realpath(base, real))
      return 1;
    snprintf(dir, sizeof dir, "%s/d%d", real, i / 100);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
      return 1;
    snprintf(file, sizeof file, "%s/f%d", dir, i);
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
      return 1;
    close(fd);
    made++;
  }
  printf("%d items unpacked\n", made);
  return 0;
}
