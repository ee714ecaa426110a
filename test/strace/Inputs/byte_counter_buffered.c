// byte_counter.c as syscall-small-reads' note says: a block read into a
// buffer, the bytes taken from it.
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
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < n; i++)
      lines += buf[i] == '\n';
  close(fd);
  printf("%ld lines\n", lines);
  return 0;
}
