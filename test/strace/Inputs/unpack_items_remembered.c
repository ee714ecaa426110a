// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// unpack_items.c in the forms syscall-costly-libc-in-loop names: the base
// resolved once, and a directory made only when it differs from the last.
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *base = argc > 1 ? argv[1] : ".";
  char real[PATH_MAX], dir[PATH_MAX + 16], file[PATH_MAX + 32];
  char last[sizeof dir] = "";
  int made = 0;
  if (!realpath(base, real))
    return 1;
  for (int i = 0; i < 500; i++) {
    snprintf(dir, sizeof dir, "%s/d%d", real, i / 100);
    if (strcmp(dir, last) != 0) {
      if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return 1;
      strcpy(last, dir);
    }
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
