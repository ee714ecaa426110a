// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An lstat asks of the link, the open of what it points to: two
// questions, even beside an access of the path asked before them.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct stat st;
  if (access(argv[1], R_OK) != 0) // ACCESS
    return 1;
  lstat(argv[1], &st);                // LINK: not what the open asks
  int fd = open(argv[1], O_RDONLY);   // OPEN: answers the access
  return fd < 0;
}
