// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The shapes of four checks, made at run time, and their look-alikes: a
// seek to the end and back for the size; small reads of a file; an
// ftruncate to 0 right after an open that emptied the file; a stat of
// each entry of a directory being listed.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *dir = argv[1], *file = argv[2], *other = argv[3];
  char path[4096], buf[4096], c;
  int fd = open(file, O_RDWR);
  off_t size = lseek(fd, 0, SEEK_END); // SIZE-END
  lseek(fd, 0, SEEK_SET);              // SIZE-BACK: flagged
  lseek(fd, 0, SEEK_END);              // END-THEN-ELSEWHERE
  lseek(fd, 2, SEEK_SET);              // ELSEWHERE: not back, not flagged
  lseek(fd, 0, SEEK_SET);
  for (off_t i = 0; i < size && i < 10; ++i)
    read(fd, &c, 1); // ONE-BYTE: all but the first flagged
  lseek(fd, 0, SEEK_SET);
  for (int i = 0; i < 3; ++i)
    read(fd, buf, sizeof buf); // BLOCKS: not flagged
  close(fd);
  int p[2];
  pipe(p);
  write(p[1], "0123456789", 10);
  for (int i = 0; i < 10; ++i)
    read(p[0], &c, 1); // PIPE: as small as what arrives, not flagged

  int made = open(other, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ftruncate(made, 0); // TRUNCATE-FRESH: flagged
  close(made);
  int kept = open(other, O_WRONLY);
  ftruncate(kept, 0); // TRUNCATE-KEPT: the open kept its contents
  close(kept);
  made = open(other, O_WRONLY | O_TRUNC);
  write(made, "x", 1);
  ftruncate(made, 0); // TRUNCATE-AFTER-WRITE: not flagged
  close(made);

  struct stat st;
  DIR *d = opendir(dir);
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    stat(path, &st);  // PER-ENTRY: flagged, each
    stat(other, &st); // ELSEWHERE-STAT: another directory
  }
  closedir(d);
  snprintf(path, sizeof path, "%s/a", dir);
  stat(path, &st); // AFTER-CLOSEDIR: not flagged
  return 0;
}
