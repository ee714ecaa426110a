// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-costly-libc-in-loop %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-costly-libc-in-loop %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <netdb.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define QUIET(stmt)                                                            \
  do {                                                                         \
    stmt;                                                                      \
  } while (0)

struct entry {
  const char *name;
  uid_t uid;
  gid_t gid;
  time_t mtime;
  const char *owner;
};

// ---------------------------------------------------------------- must flag

// A long listing: the owner and group of every entry of a directory.
void list_long(DIR *d) {
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    struct stat st;
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
      continue;
    struct passwd *pw = getpwuid(st.st_uid);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'getpwuid' in every iteration of the loop: glibc's files backend opens, reads and closes /etc/passwd on every call; keep the answers by id in a small cache (leanio's lio_user_name) [syscall-costly-libc-in-loop]
    struct group *gr = getgrgid(st.st_gid);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'getgrgid' in every iteration of the loop: glibc's files backend opens, reads and closes /etc/group on every call; keep the answers by id in a small cache (leanio's lio_group_name) [syscall-costly-libc-in-loop]
    printf("%s %s %s\n", pw ? pw->pw_name : "?", gr ? gr->gr_name : "?",
           e->d_name);
  }
}

// A helper that names an owner, called for every archive entry.
static const char *owner_name(uid_t uid) {
  struct passwd *pw = getpwuid(uid);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'getpwuid' in every iteration of a loop: glibc's files backend opens, reads and closes /etc/passwd on every call; keep the answers by id in a small cache (leanio's lio_user_name) [syscall-costly-libc-in-loop]
  return pw ? pw->pw_name : "?";
}
void list_archive(struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; i++) {
    entries[i].owner = owner_name(entries[i].uid);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: note: 'owner_name' is called in every iteration of this loop
    printf("%s %s\n", entries[i].owner, entries[i].name);
  }
}

// Extraction maps each entry's owner name to an id, with the _r form.
int map_owners(const char **names, uid_t *ids, size_t n) {
  char buf[1024];
  for (size_t i = 0; i < n; i++) {
    struct passwd pw, *found = NULL;
    int rc;
    QUIET(rc = getpwnam_r(names[i], &pw, buf, sizeof buf, &found));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'getpwnam_r' in every iteration of the loop: glibc's files backend opens, reads and closes /etc/passwd on every call; keep the answers by name in a small cache (leanio's lio_user_id) [syscall-costly-libc-in-loop]
    // CHECK-MESSAGES: :22:5: note: expanded from macro 'QUIET'
    ids[i] = rc == 0 && found ? found->pw_uid : (uid_t)-1;
  }
  return 0;
}

// A logger that stamps every line with the local time.
void log_lines(FILE *out, const char **lines, size_t n) {
  for (size_t i = 0; i < n; i++) {
    time_t now = time(NULL);
    struct tm *tm = localtime(&now);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'localtime' in every iteration of the loop: while TZ is unset, glibc stats /etc/localtime on every call to see whether the zone changed; 'localtime_r' reads it once [syscall-costly-libc-in-loop]
    char stamp[32];
    strftime(stamp, sizeof stamp, "%H:%M:%S", tm);
    fprintf(out, "%s %s\n", stamp, lines[i]);
  }
}

// Modification times of a listing, through ctime.
void list_times(const struct entry *entries, size_t n) {
  size_t i = 0;
  while (i < n) {
    printf("%s %s", entries[i].name, ctime(&entries[i].mtime));
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'ctime' in every iteration of the loop: while TZ is unset, glibc stats /etc/localtime on every call to see whether the zone changed; 'ctime_r' reads it once [syscall-costly-libc-in-loop]
    i++;
  }
}

// Parsing a local date per record.
long parse_dates(struct tm *dates, size_t n) {
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += (long)mktime(&dates[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'mktime' in every iteration of the loop: while TZ is unset, glibc stats /etc/localtime on every call to see whether the zone changed; set TZ once at start-up (setenv("TZ", ":/etc/localtime", 0)) and it is read once [syscall-costly-libc-in-loop]
  return sum;
}

// The same base resolved for every entry.
void list_under(const char *base, const char **names, size_t n) {
  char real[PATH_MAX];
  for (size_t i = 0; i < n; i++) {
    if (!realpath(base, real))
      // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'realpath' with the same inputs in every iteration of the loop, and nothing in the loop changes directories, links or the working directory: the answer is the same each time, so ask once before the loop; a readlink or more per component saved per iteration [syscall-costly-libc-in-loop]
      return;
    printf("%s/%s\n", real, names[i]);
  }
}

// The working directory asked for every line of a report.
void report_paths(const char **names, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd) == NULL)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'getcwd' with the same working directory in every iteration of the loop, and nothing in the loop changes directories, links or the working directory: the answer is the same each time, so ask once before the loop; a syscall saved per iteration [syscall-costly-libc-in-loop]
      return;
    printf("%s/%s\n", cwd, names[i]);
  }
}

// One host resolved again for every message.
int send_all(const char *host, const char **msgs, size_t n) {
  struct addrinfo hints;
  memset(&hints, 0, sizeof hints);
  hints.ai_socktype = SOCK_STREAM;
  for (size_t i = 0; i < n; i++) {
    struct addrinfo *res;
    if (getaddrinfo(host, "25", &hints, &res) != 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'getaddrinfo' with the same inputs in every iteration of the loop, and nothing in the loop waits: the answer is the same each time, so ask once before the loop; a dozen syscalls or more saved per iteration [syscall-costly-libc-in-loop]
      return -1;
    printf("%s\n", msgs[i]);
    freeaddrinfo(res);
  }
  return 0;
}

// mkdir -p per file: each file's directory made again, EEXIST accepted.
int unpack(const char *root, const char **dirs, size_t n) {
  char path[PATH_MAX];
  for (size_t i = 0; i < n; i++) {
    snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'mkdir' of each item's directory in every iteration of the loop, its EEXIST taken for success: items in one directory make it again and again; remember the last directory made and skip the mkdir while it is the same; one syscall saved per item [syscall-costly-libc-in-loop]
      return -1;
  }
  return 0;
}

// The same through a helper, its result ignored.
static void ensure_dir(const char *dir) { mkdir(dir, 0755); }
// CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'mkdir' of each item's directory in every iteration of a loop

void spool_all(const char **dirs, size_t n) {
  for (size_t i = 0; i < n; i++)
    ensure_dir(dirs[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'ensure_dir' is called in every iteration of this loop
}

// Guards that only filter items leave the lookup per item: a failed lstat
// skips its entry, a flag the loop never changes picks the long format
// (a directory listing's reply, made in a helper its loop calls).
static char *long_line(const char *name, const struct stat *st) {
  char when[32], *line = NULL;
  struct tm *tm = localtime(&st->st_mtime);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'localtime' in every iteration of a loop: {{.*}} [syscall-costly-libc-in-loop]
  strftime(when, sizeof when, "%b %d %H:%M", tm);
  if (asprintf(&line, "%s %s", when, name) < 0)
    return NULL;
  return line;
}
int list_replies(DIR *dir, const char *path, int long_view, char **lines) {
  struct dirent *dp;
  int count = 0, r;
  while ((dp = readdir(dir)) != NULL) {
    char full[PATH_MAX];
    struct stat st;
    if (dp->d_name[0] == '.' && strcmp(dp->d_name, "..") != 0)
      continue;
    snprintf(full, sizeof full, "%s/%s", path, dp->d_name);
    r = lstat(full, &st);
    if (r == -1)
      continue;
    if (long_view) {
      lines[count] = long_line(dp->d_name, &st);
      // CHECK-MESSAGES: :[[@LINE-1]]:22: note: 'long_line' is called in every iteration of this loop
    }
    if (++count == 100)
      break;
  }
  return count;
}

// ------------------------------------------------------------ must not flag

// A one-entry cache: the lookup runs only when the owner changes.
void list_cached(const struct entry *entries, size_t n) {
  uid_t last = (uid_t)-1;
  const char *name = "?";
  for (size_t i = 0; i < n; i++) {
    if (entries[i].uid != last) {
      struct passwd *pw = getpwuid(entries[i].uid);
      name = pw ? pw->pw_name : "?";
      last = entries[i].uid;
    }
    printf("%s %s\n", name, entries[i].name);
  }
}

// A hit skips the rest of the iteration.
int known(uid_t uid);
void list_skipping(const struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (known(entries[i].uid))
      continue;
    struct passwd *pw = getpwuid(entries[i].uid);
    printf("%s\n", pw ? pw->pw_name : "?");
  }
}

// A helper with its own cache returns before the lookup.
static uid_t cached_uid = (uid_t)-1;
static char cached_name[64];
static const char *cached_owner(uid_t uid) {
  if (uid == cached_uid)
    return cached_name;
  struct passwd *pw = getpwuid(uid);
  snprintf(cached_name, sizeof cached_name, "%s", pw ? pw->pw_name : "?");
  cached_uid = uid;
  return cached_name;
}
void list_through_cache(const struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; i++)
    printf("%s %s\n", cached_owner(entries[i].uid), entries[i].name);
}

// Once, before the loop.
void list_mine(const struct entry *entries, size_t n) {
  struct passwd *me = getpwuid(getuid());
  for (size_t i = 0; i < n; i++)
    if (me && entries[i].uid == me->pw_uid)
      printf("%s\n", entries[i].name);
}

// The reentrant time calls and UTC ones read no zone per call.
void stamp_all(FILE *out, const time_t *times, size_t n) {
  for (size_t i = 0; i < n; i++) {
    struct tm tm;
    char buf[64];
    localtime_r(&times[i], &tm);
    strftime(buf, sizeof buf, "%c", &tm);
    fprintf(out, "%s %s\n", buf, asctime(gmtime(&times[i])));
  }
}

// A statement macro's loop runs once.
const char *group_of(gid_t gid) {
  struct group *gr = NULL;
  QUIET(gr = getgrgid(gid));
  return gr ? gr->gr_name : "?";
}

// Walking the database itself is one open for the whole walk.
size_t count_users(void) {
  size_t n = 0;
  setpwent();
  while (getpwent() != NULL)
    n++;
  endpwent();
  return n;
}

// A helper that no loop calls.
static const char *login_name(uid_t uid) {
  struct passwd *pw = getpwuid(uid);
  return pw ? pw->pw_name : "?";
}
void greet(void) { printf("hello %s\n", login_name(getuid())); }

// A filter on what the loop keeps is a cache: the lookup runs when it
// misses only (the guard reads what a later statement changes).
struct last_owner {
  uid_t uid;
  const char *name;
};
void list_remembered(const struct entry *entries, size_t n,
                     struct last_owner *seen) {
  for (size_t i = 0; i < n; i++) {
    if (seen->uid == entries[i].uid)
      continue;
    struct passwd *pw = getpwuid(entries[i].uid);
    seen->uid = entries[i].uid;
    seen->name = pw ? pw->pw_name : "?";
    printf("%s\n", seen->name);
  }
}

// Marked as looked up in an array the loop fills.
void list_marked(const struct entry *entries, size_t n) {
  char done[1024] = {0};
  for (size_t i = 0; i < n; i++) {
    if (entries[i].uid < 1024 && done[entries[i].uid])
      continue;
    struct passwd *pw = getpwuid(entries[i].uid);
    if (entries[i].uid < 1024)
      done[entries[i].uid] = 1;
    printf("%s\n", pw ? pw->pw_name : "?");
  }
}

// A guard on a global another function may set.
extern int want_owners;
void list_if_wanted(const struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (want_owners) {
      struct passwd *pw = getpwuid(entries[i].uid);
      printf("%s\n", pw ? pw->pw_name : "?");
    }
  }
}

// Ids that are distinct for each item, where a cache by id saves nothing:
// a peer's list of ids parsed one by one (the reply to a batch request),
// and the entries of a tree keyed by id.
int next_u32(void *msg, unsigned *out);
int reply_names(void *msg, void (*put)(const char *)) {
  unsigned n;
  while (next_u32(msg, &n) == 0) {
    struct passwd *pw = getpwuid((uid_t)n);
    put(pw ? pw->pw_name : "");
  }
  return 0;
}
struct acl_entry {
  unsigned id;
  struct acl_entry *next;
};
void show_acl(const struct acl_entry *list) {
  for (const struct acl_entry *e = list; e != NULL; e = e->next) {
    struct group *gr = getgrgid(e->id);
    printf("%s\n", gr ? gr->gr_name : "unknown");
  }
}

// The user's groups, a set: each gid once.
int group_names(const char *user, gid_t base, char **names) {
  gid_t gids[64];
  int n = 64, j = 0;
  if (getgrouplist(user, base, gids, &n) == -1)
    return -1;
  for (int i = 0; i < n; i++) {
    struct group *gr = getgrgid(gids[i]);
    if (gr != NULL)
      names[j++] = gr->gr_name;
  }
  return j;
}

// The cache's answer asked before the guard, by the program's own function:
// kept in a local, or filled through its address.
int in_cache(uid_t uid);
void cache_get(uid_t uid, const char **name);
void list_checked(const struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; i++) {
    int hit = in_cache(entries[i].uid);
    if (hit)
      continue;
    struct passwd *pw = getpwuid(entries[i].uid);
    printf("%s\n", pw ? pw->pw_name : "?");
  }
}
void list_filled(const struct entry *entries, size_t n) {
  const char *name;
  for (size_t i = 0; i < n; i++) {
    cache_get(entries[i].uid, &name);
    if (name != NULL)
      continue;
    struct passwd *pw = getpwuid(entries[i].uid);
    printf("%s\n", pw ? pw->pw_name : "?");
  }
}

// A lookup on some iterations only.
void warn_foreign(const struct entry *entries, size_t n, uid_t self) {
  for (size_t i = 0; i < n; i++)
    if (entries[i].uid != self && getpwuid(entries[i].uid) == NULL)
      fprintf(stderr, "unknown owner of %s\n", entries[i].name);
}

// A loop that grows the buffer of an _r lookup until it fits: one lookup
// per size, not per item (the EINTR retry inside is no loop of its own).
int name_of(uid_t uid, char **name) {
  struct passwd pw, *found = NULL;
  char *buf = NULL;
  int rc;
  for (size_t size = 1024;; size *= 2) {
    char *bigger = realloc(buf, size);
    if (bigger == NULL)
      break;
    buf = bigger;
    do
      rc = getpwuid_r(uid, &pw, buf, size, &found);
    while (rc == EINTR);
    if (rc != ERANGE)
      break;
  }
  *name = found ? strdup(found->pw_name) : NULL;
  free(buf);
  return rc;
}

// The path changes per item.
void resolve_each(const char **names, size_t n) {
  char real[PATH_MAX];
  for (size_t i = 0; i < n; i++)
    if (realpath(names[i], real))
      puts(real);
}

// The loop changes directory: the working directory differs each time.
void walk_down(const char **dirs, size_t n) {
  char cwd[PATH_MAX];
  for (size_t i = 0; i < n; i++) {
    if (chdir(dirs[i]) != 0 || !getcwd(cwd, sizeof cwd))
      return;
    puts(cwd);
  }
}

// The base is rewritten in the loop.
void resolve_prefixes(char *base, size_t n) {
  char real[PATH_MAX];
  for (size_t i = 0; i < n; i++) {
    base[i] = '\0';
    if (realpath(base, real))
      puts(real);
  }
}

// A retry loop that waits between lookups: the answer may change.
struct addrinfo *resolve_retry(const char *host) {
  struct addrinfo *res = NULL;
  for (int tries = 0; tries < 5; tries++) {
    if (getaddrinfo(host, "80", NULL, &res) == 0)
      break;
    sleep(1);
  }
  return res;
}

// A symlink made in the loop may change what the path resolves to.
void link_and_resolve(const char *target, const char **links, size_t n) {
  char real[PATH_MAX];
  for (size_t i = 0; i < n; i++) {
    if (symlink(target, links[i]) != 0)
      continue;
    if (realpath("current", real))
      puts(real);
  }
}

// Every mkdir must make a new directory: EEXIST is an error here.
int make_fresh(const char **dirs, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (mkdir(dirs[i], 0700) != 0)
      return -1;
  return 0;
}

// mkdir -p itself: a different component in each iteration.
int make_parents(char *path) {
  for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
    *p = '\0';
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
      return -1;
    *p = '/';
  }
  return 0;
}

// A directory made only when the item asks for one.
void make_some(const char **dirs, const int *want, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (want[i])
      mkdir(dirs[i], 0755);
}

// A one-line helper of localtime, as portability layers write them: its
// call in the loop is localtime's, and is reported there, not in the helper.
static struct tm *local_of(const time_t *t) { return localtime(t); }
void hours_of(const time_t *times, size_t n, int *hours) {
  for (size_t i = 0; i < n; i++) {
    struct tm *tm = local_of(&times[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'localtime' in every iteration of the loop: while TZ is unset
    hours[i] = tm ? tm->tm_hour : -1;
  }
}

// Must not flag: the helper passes on localtime_r, which reads the zone
// once.
static struct tm *local_into(const time_t *t, struct tm *out) {
  return localtime_r(t, out);
}
void hours_of_r(const time_t *times, size_t n, int *hours) {
  struct tm tm;
  for (size_t i = 0; i < n; i++)
    hours[i] = local_into(&times[i], &tm) ? tm.tm_hour : -1;
}

// Must not flag: the same helper of localtime, called once, not per item.
int hour_now(void) {
  time_t now = time(NULL);
  struct tm *tm = local_of(&now);
  return tm ? tm->tm_hour : -1;
}

// Not: a search for the first directory that works. Each candidate is a
// different directory, and the loop stops at the first one made; only a
// failure's `continue` reaches the next.
char *socket_dir(const char **candidates, int n, char *buf, size_t size) {
  for (int i = 0; i < n; i++) {
    const char *base = candidates[i];
    if (base == NULL)
      continue;
    else if (strcmp(base, "/tmp") == 0) {
      snprintf(buf, size, "%s/app-%lu", base, (unsigned long)getuid());
      if (mkdir(buf, 0700) == -1 && errno != EEXIST)
        continue;
    } else {
      snprintf(buf, size, "%s/app", base);
      if (mkdir(buf, 0700) == -1 && errno != EEXIST)
        continue;
    }
    return buf;
  }
  return NULL;
}

// Not: the working directory asked again because the buffer was too small
// for it; each retry has a bigger buffer.
struct text {
  char *data;
  size_t size;
};
void text_grow(struct text *t, size_t size);
const char *current_dir(struct text *t) {
  text_grow(t, PATH_MAX);
  char *got = getcwd(t->data, t->size);
  while (!got && errno == ERANGE) {
    text_grow(t, t->size + 256);
    got = getcwd(t->data, t->size);
  }
  return got;
}
