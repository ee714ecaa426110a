#include "store.h"

// No call in this unit: it only moves descriptors between records.
void archive_take(struct archive *to, struct archive *from) {
  to->fd = from->fd;
  from->fd = -1;
}
