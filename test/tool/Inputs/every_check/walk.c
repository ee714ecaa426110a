// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>

int count_dirs(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    char path[PATH_MAX];
    path_join(path, sizeof path, dir, e->d_name);
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  closedir(d);
  return n;
}

// Not: the size is read too.
long total_size(const char *dir) {
  DIR *d = opendir(dir);
  long n = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    char path[PATH_MAX];
    struct stat st;
    path_join(path, sizeof path, dir, e->d_name);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    n += st.st_size;
  }
  if (d)
    closedir(d);
  return n;
}
