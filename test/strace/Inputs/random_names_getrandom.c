// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// random_names.c in the form syscall-reopen-in-loop names: one
// getrandom(2) per name.
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

static int random_suffix(unsigned char *buf, size_t n) {
  return getrandom(buf, n, 0) == (ssize_t)n ? 0 : -1;
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
