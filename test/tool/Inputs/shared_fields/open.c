#include "store.h"
#include <fcntl.h>

int image_create(struct image *im, const char *name) {
  im->name = name;
  im->fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  return im->fd < 0 ? -1 : 0;
}

int report_open(struct report *r, const char *path) {
  r->fp = fopen(path, "w");
  return r->fp ? 0 : -1;
}

int logfile_create(struct logfile *l, const char *path) {
  l->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  return l->fd;
}

int spool_create(struct spool *s, const char *path) {
  s->fd = open(path, O_WRONLY | O_CREAT, 0600);
  return s->fd;
}

int cache_create(struct cache *c, const char *path) {
  c->fd = open(path, O_RDWR | O_CREAT, 0600);
  return c->fd;
}

int journal_create(struct journal *j, const char *path) {
  j->fd = open(path, O_WRONLY | O_CREAT, 0600);
  return j->fd;
}

void image_close(struct image *im) { im->fd = -1; }

int archive_create(struct archive *a, const char *path) {
  a->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  return a->fd;
}
