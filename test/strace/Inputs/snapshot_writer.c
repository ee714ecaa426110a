// Writes 1,000 snapshot files as a state saver does: open with O_TRUNC,
// truncate again, write the state, close.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int save(const char *path, const char *state) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  if (ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  size_t n = strlen(state);
  int ok = write(fd, state, n) == (ssize_t)n;
  return close(fd) == 0 && ok ? 0 : -1;
}

int main(int argc, char **argv) {
  char path[4096], state[64];
  for (int i = 0; i < 1000; i++) {
    snprintf(path, sizeof path, "%s/snapshot-%d", argv[1], i % 10);
    snprintf(state, sizeof state, "generation %d\n", i);
    if (save(path, state) != 0)
      return 1;
  }
  return 0;
}
