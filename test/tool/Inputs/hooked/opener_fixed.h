#include <fcntl.h>
#include <unistd.h>

static inline int open_output(const char *path) {
  return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}
