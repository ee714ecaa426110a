#include <fcntl.h>
#include <unistd.h>

int open_log(const char *path) {
  return open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
}
