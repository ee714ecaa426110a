#include "store.h"
#include <fcntl.h>

int logfile_follow(struct logfile *l, const char *path) {
  l->fd = open(path, O_RDONLY);
  return l->fd;
}
