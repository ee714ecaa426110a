// proc_sampler.c in the form syscall-reopen-in-loop describes: the file
// opened once, read at offset 0 for every sample, closed after the loop.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  char buf[256];
  int positive = 0;
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  for (int i = 0; fd >= 0 && i < 1000; i++) {
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
      break;
    buf[n] = '\0';
    positive += atol(buf) > 0;
  }
  if (fd >= 0)
    close(fd);
  printf("%d samples\n", positive);
  return 0;
}
