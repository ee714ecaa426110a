// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writes made through the program's own wrappers: a checked write, and a
// line writer over it, called from two places, and the checked write
// called directly once.
#include <fcntl.h>
#include <unistd.h>

static int xwrite(int fd, const void *b, size_t n) {
  return write(fd, b, n) == (ssize_t)n ? 0 : -1; // XWRITE
}
static int put_line(int fd, const char *s) {
  return xwrite(fd, s, 2); // PUT-LINE
}
static void header(int fd) {
  for (int i = 0; i < 5; ++i)
    put_line(fd, "h\n"); // HEADER
}
static void body(int fd) {
  for (int i = 0; i < 7; ++i)
    put_line(fd, "b\n"); // BODY
}

int main(void) {
  int fd = open("/dev/null", O_WRONLY);
  header(fd);
  body(fd);
  xwrite(fd, "e\n", 2); // DIRECT
  return 0;
}
