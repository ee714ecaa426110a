#include <stdio.h>

// Records of a header: every unit that includes it may store into them.
struct image {
  int fd;
  const char *name;
};
struct report {
  FILE *fp;
};
struct logfile {
  int fd;
};
struct spool {
  int fd;
};
struct cache {
  int fd;
};
struct journal {
  int fd;
};
struct archive {
  int fd;
};

// A header's own store, seen by every unit that includes it.
static inline void journal_adopt(struct journal *j, int fd) { j->fd = fd; }

int image_create(struct image *im, const char *name);
int image_check(struct image *im);
int report_open(struct report *r, const char *path);
int report_check(struct report *r);
int logfile_check(struct logfile *l);
int spool_check(struct spool *s);
int cache_check(struct cache *c);
int journal_check(struct journal *j);
int archive_check(struct archive *a);
