#include <fcntl.h>
#include <unistd.h>

int open_out(const char *path) {
  return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}
