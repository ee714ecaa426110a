// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int save_state(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int load_state(const char *path) {
  int fd = xopen(path, O_RDONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int save_log(const char *path) {
  int fd = xopen_append(path, O_WRONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int not_an_open(const char *name) {
  int fd = lookup_uid(name, O_WRONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}

int save_report(const char *path) {
  FILE *f = xfopen(path, "w");
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return -1;
  }
  return fclose(f);
}
