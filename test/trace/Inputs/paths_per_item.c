// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Paths asked again per item: a stat of a file held open, a chmod by path
// after the close, the item's directory made again, the working directory
// asked again, and a configuration file read again, for four items; then
// one file opened at two sites.
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char cwd[PATH_MAX], path[PATH_MAX], line[64];
  if (argc < 2 || chdir(argv[1]) != 0)
    return 2;
  long sizes = 0;
  for (int i = 0; i < 4; i++) {
    if (mkdir("out", 0755) != 0 && errno != EEXIST) // MKDIR
      return 1;
    if (!getcwd(cwd, sizeof cwd)) // CWD
      return 1;
    FILE *conf = fopen("app.conf", "r"); // CONF
    if (conf) {
      if (!fgets(line, sizeof line, conf))
        line[0] = '\0';
      fclose(conf);
    }
    snprintf(path, sizeof path, "%s/out/f%d", cwd, i);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
      return 1;
    struct stat st;
    if (write(fd, "x", 1) != 1 || stat(path, &st) != 0) // HELD
      return 1;
    sizes += st.st_size;
    close(fd);
    chmod(path, 0644); // CHMOD
  }
  // One file opened at two sites once each, its metadata and then its
  // data: no loop opens it again (the second open has no check yet).
  int meta = open("data.bin", O_RDONLY | O_CLOEXEC); // META
  struct stat ms;
  if (meta < 0 || fstat(meta, &ms) != 0)
    return 1;
  close(meta);
  int data = open("data.bin", O_RDONLY | O_CLOEXEC); // DATA
  if (data < 0 || read(data, line, sizeof line) < 0)
    return 1;
  close(data);
  printf("%ld\n", sizes);
  return 0;
}
