#include "store.h"
#include <errno.h>
#include <sys/stat.h>

// The opens are in open.c; these only reject directories.
int image_check(struct image *im) {
  struct stat st;
  if (fstat(im->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return -1;
  }
  return 0;
}

int report_check(struct report *r) {
  struct stat st;
  if (fstat(fileno(r->fp), &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// reader.c also stores a read-only open here.
int logfile_check(struct logfile *l) {
  struct stat st;
  if (fstat(l->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// adopt.c stores a descriptor it was given.
int spool_check(struct spool *s) {
  struct stat st;
  if (fstat(s->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// adopt.c hands the field's address to a function that fills it.
int cache_check(struct cache *c) {
  struct stat st;
  if (fstat(c->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// store.h's journal_adopt() stores any descriptor.
int journal_check(struct journal *j) {
  struct stat st;
  if (fstat(j->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}

// move.c, a unit without a call, stores a descriptor from another record.
int archive_check(struct archive *a) {
  struct stat st;
  if (fstat(a->fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return 0;
}
