#include <dirent.h>
#include <sys/stat.h>

#ifndef NO_SCAN
int count_dirs(const char *path) {
  DIR *d = opendir(path);
  struct dirent *e;
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d))) {
    struct stat st;
    if (fstatat(dirfd(d), e->d_name, &st, 0) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  closedir(d);
  return n;
}
#endif
