// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C library calls that make syscalls per item: the user database, the
// zone file and the random device asked again for each of five items.
#define _GNU_SOURCE
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  unsigned long sum = 0;
  for (int i = 0; i < 5; i++) {
    struct passwd *pw = getpwuid(0); // LOOKUP
    time_t t = 1700000000 + i;
    struct tm *tm = localtime(&t); // ZONE
    unsigned char b = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC); // RANDOM
    if (fd >= 0 && read(fd, &b, 1) == 1)
      sum += b;
    if (fd >= 0)
      close(fd);
    sum += (pw ? 1u : 0u) + (tm ? (unsigned)tm->tm_min : 0u);
  }
  printf("%d\n", sum > 0);
  return 0;
}
