// Counts the directories and regular files of a tree, stat'ing every entry
// only to learn its type, as small tree walkers do.
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static long dirs, files;

static void walk(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  if (!d)
    return;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode)) {
      dirs++;
      walk(path);
    } else if (S_ISREG(st.st_mode)) {
      files++;
    }
  }
  closedir(d);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  walk(argv[1]);
  printf("%ld directories, %ld files\n", dirs, files);
  return 0;
}
