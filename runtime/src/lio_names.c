/* lio_user_name, lio_group_name, lio_user_id, lio_group_id: the user and
 * group database asked once per id or name and kept in a small cache, since
 * glibc's "files" backend opens, reads and closes /etc/passwd or /etc/group
 * on every getpwuid/getgrgid call. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 64

/* One answer: an id and its name, or "no such entry" (Missing). */
struct slot {
  int used, missing;
  unsigned long id;
  char *name;
};

enum kind { USER_BY_ID, GROUP_BY_ID, USER_BY_NAME, GROUP_BY_NAME, KINDS };

static struct slot cache[KINDS][SLOTS];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

/* A child of fork gets the lock free even if another thread of the parent
 * held it at the fork. */
static void reset_lock(void) { pthread_mutex_init(&cache_lock, NULL); }
static void register_reset(void) { pthread_atfork(NULL, NULL, reset_lock); }

static size_t slot_of(unsigned long id, const char *name) {
  uint64_t h = 1469598103934665603ull;
  if (name)
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
      h = (h ^ *p) * 1099511628211ull;
  else
    h = (h ^ id) * 1099511628211ull;
  return (size_t)(h % SLOTS);
}

/* Copies the cached answer for (id or name) out, under the lock: 1 when
 * the cache held it (the result in *rc), 0 when it must be asked. */
static int cached(enum kind k, unsigned long id, const char *name,
                  char *buf, size_t size, unsigned long *id_out, int *rc) {
  struct slot *s = &cache[k][slot_of(id, name)];
  int hit = 0;
  pthread_mutex_lock(&cache_lock);
  if (s->used && (name ? strcmp(s->name, name) == 0 : s->id == id)) {
    hit = 1;
    if (s->missing) {
      *rc = ENOENT;
    } else if (buf && strlen(s->name) >= size) {
      *rc = ERANGE;
    } else {
      if (buf)
        strcpy(buf, s->name);
      if (id_out)
        *id_out = s->id;
      *rc = 0;
    }
  }
  pthread_mutex_unlock(&cache_lock);
  return hit;
}

static void remember(enum kind k, unsigned long id, const char *name,
                     int missing) {
  char *copy = strdup(name);
  if (!copy)
    return; /* not kept: the next call asks again */
  struct slot *s = &cache[k][slot_of(k >= USER_BY_NAME ? 0 : id,
                                     k >= USER_BY_NAME ? name : NULL)];
  pthread_mutex_lock(&cache_lock);
  free(s->name);
  s->used = 1;
  s->missing = missing;
  s->id = id;
  s->name = copy;
  pthread_mutex_unlock(&cache_lock);
}

/* Asks the database through the reentrant call, growing its buffer on
 * ERANGE: 0 with the name and id, ENOENT when there is no such entry, or
 * the lookup's errno. */
static int ask(enum kind k, unsigned long id, const char *name,
               char **found_name, unsigned long *found_id) {
  size_t size = 1024;
  for (;;) {
    char *mem = malloc(size);
    if (!mem)
      return ENOMEM;
    int rc;
    struct passwd pw, *pwp = NULL;
    struct group gr, *grp = NULL;
    if (k == USER_BY_ID)
      rc = getpwuid_r((uid_t)id, &pw, mem, size, &pwp);
    else if (k == USER_BY_NAME)
      rc = getpwnam_r(name, &pw, mem, size, &pwp);
    else if (k == GROUP_BY_ID)
      rc = getgrgid_r((gid_t)id, &gr, mem, size, &grp);
    else
      rc = getgrnam_r(name, &gr, mem, size, &grp);
    if (rc == ERANGE && size < (1u << 20)) {
      free(mem);
      size *= 2;
      continue;
    }
    if (rc == 0 && !pwp && !grp)
      rc = ENOENT;
    if (rc == 0) {
      *found_name = strdup(pwp ? pwp->pw_name : grp->gr_name);
      *found_id = pwp ? (unsigned long)pwp->pw_uid : (unsigned long)grp->gr_gid;
      if (!*found_name)
        rc = ENOMEM;
    }
    free(mem);
    return rc;
  }
}

static int lookup(enum kind k, unsigned long id, const char *name, char *buf,
                  size_t size, unsigned long *id_out) {
  if ((k < USER_BY_NAME && !buf) || (k >= USER_BY_NAME && (!name || !id_out))) {
    errno = EINVAL;
    return -1;
  }
  pthread_once(&cache_once, register_reset);
  int rc;
  if (!cached(k, id, name, buf, size, id_out, &rc)) {
    char *found = NULL;
    unsigned long found_id = 0;
    rc = ask(k, id, name, &found, &found_id);
    if (rc == 0 || rc == ENOENT)
      /* by id: keep the name; by name: keep the name asked for */
      remember(k, rc == 0 ? found_id : id, name ? name : found ? found : "",
               rc == ENOENT);
    if (rc == 0 && buf && strlen(found) >= size)
      rc = ERANGE;
    else if (rc == 0 && buf)
      strcpy(buf, found);
    if (rc == 0 && id_out)
      *id_out = found_id;
    free(found);
  }
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  return 0;
}

int lio_user_name(uid_t uid, char *buf, size_t size) {
  return lookup(USER_BY_ID, uid, NULL, buf, size, NULL);
}

int lio_group_name(gid_t gid, char *buf, size_t size) {
  return lookup(GROUP_BY_ID, gid, NULL, buf, size, NULL);
}

int lio_user_id(const char *name, uid_t *uid) {
  unsigned long id = 0;
  if (!uid) {
    errno = EINVAL;
    return -1;
  }
  int rc = lookup(USER_BY_NAME, 0, name, NULL, 0, &id);
  if (rc == 0)
    *uid = (uid_t)id;
  return rc;
}

int lio_group_id(const char *name, gid_t *gid) {
  unsigned long id = 0;
  if (!gid) {
    errno = EINVAL;
    return -1;
  }
  int rc = lookup(GROUP_BY_NAME, 0, name, NULL, 0, &id);
  if (rc == 0)
    *gid = (gid_t)id;
  return rc;
}
