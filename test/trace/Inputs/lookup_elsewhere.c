// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A lookup in one function and the open of its path in another (an
// upload that tests the file, then a helper that opens it): the open
// answers the lookup, but no check has a shape across two functions.
// Within one helper the lookup and the open are that shape again.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0; // EXISTS: in its own function
}

static int open_it(const char *path) { return open(path, O_RDONLY); }

static int open_checked(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) // CHECKED: the open's function
    return -1;
  return open(path, O_RDONLY);
}

int main(int argc, char **argv) {
  int a = exists(argv[1]) ? open_it(argv[1]) : -1;
  int b = open_checked(argv[2]);
  return a < 0 || b < 0;
}
