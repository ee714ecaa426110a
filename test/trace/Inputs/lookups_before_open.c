// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A lookup right before the open of its path, three ways: access before a
// read (an existence test), stat before a read (the same), stat before a
// write (an existence test or a directory test: the open's EISDIR answers
// the latter).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct stat st;
  if (access(argv[1], R_OK) != 0) // ACCESS-READ
    return 1;
  int a = open(argv[1], O_RDONLY);
  if (stat(argv[2], &st) != 0) // STAT-READ
    return 1;
  int b = open(argv[2], O_RDONLY);
  if (stat(argv[3], &st) == 0 && S_ISDIR(st.st_mode)) // STAT-WRITE
    return 1;
  int c = open(argv[3], O_WRONLY | O_TRUNC);
  return a < 0 || b < 0 || c < 0;
}
