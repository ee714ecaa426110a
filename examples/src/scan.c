#include "scan.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int scan_subdirs(const char *dir) {
  /* A stat of every entry only to learn whether it is a directory, which
   * readdir's d_type already says. */
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  closedir(d);
  return n;
}

long scan_peak_rss(int samples) {
  /* /proc/self/statm opened, read and closed for every sample. */
  char buf[128];
  long peak = 0;
  for (int i = 0; i < samples; i++) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      break;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
      break;
    buf[n] = '\0';
    long pages = strtol(buf, NULL, 10);
    if (pages > peak)
      peak = pages;
  }
  return peak;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
