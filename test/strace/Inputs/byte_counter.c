// Counts the newlines of a file, reading it a byte at a time.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 1;
  long lines = 0;
  char c;
  while (read(fd, &c, 1) == 1)
    lines += c == '\n';
  close(fd);
  printf("%ld lines\n", lines);
  return 0;
}
