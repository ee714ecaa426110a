// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Temporary names with random suffixes: /dev/urandom opened, read and
// closed for each name.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int random_suffix(unsigned char *buf, size_t n) {
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t got = read(fd, buf, n);
  close(fd);
  return got == (ssize_t)n ? 0 : -1;
}

int main(void) {
  static const char digits[] = "0123456789abcdefghijklmnopqrstuv";
  int made = 0;
  for (int i = 0; i < 1000; i++) {
    unsigned char raw[8];
    char name[32] = "tmp.";
    if (random_suffix(raw, sizeof raw) != 0)
      return 1;
    for (size_t k = 0; k < sizeof raw; k++)
      name[4 + k] = digits[raw[k] % 32];
    made += strlen(name) == 12;
  }
  printf("%d names of 12 characters\n", made);
  return 0;
}
