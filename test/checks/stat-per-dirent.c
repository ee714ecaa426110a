// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-stat-per-dirent %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-stat-per-dirent %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void visit(const char *path);
void show(const char *name, const struct stat *st);

// A project's own path buffer, read through a one-line accessor.
struct pathbuf {
  char *data;
  size_t dsize;
};
static inline const char *pb_string(const struct pathbuf *pb) {
  if (!pb || !pb->data)
    return "";
  return pb->data;
}
static inline const char *pb_expanded(const struct pathbuf *pb) {
  return pb ? realpath(pb->data, NULL) : "";
}
int pb_printf(struct pathbuf *pb, const char *fmt, ...);
struct pathbuf *pb_get(void);
void pb_release(struct pathbuf **pb);

// ---------------------------------------------------------------- must flag

// A tree walker's "is it a directory?" for every entry, with stat.
int count_subdirs(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'stat' of each directory entry only for its file type: the entry's d_type gives it without a syscall; keep 'stat' for DT_UNKNOWN and for symlinks, which it follows [syscall-stat-per-dirent]
      // CHECK-MESSAGES: :[[@LINE-6]]:15: note: the entry comes from 'readdir' here
      n++;
  }
  closedir(d);
  return n;
}
// CHECK-FIXES: if ((e->d_type != DT_UNKNOWN && e->d_type != DT_LNK ? (st.st_mode = DTTOIF(e->d_type), 0) : stat(path, &st)) == 0 && S_ISDIR(st.st_mode))

// lstat, the path built with strcpy and strcat, several type tests.
void classify_entries(const char *dir, int *files, int *links) {
  DIR *d = opendir(dir);
  struct dirent *e;
  if (!d)
    return;
  while ((e = readdir(d))) {
    char path[1024];
    struct stat st;
    strcpy(path, dir);
    strcat(path, "/");
    strcat(path, e->d_name);
    if (lstat(path, &st) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'lstat' of each directory entry only for its file type: the entry's d_type gives it without a syscall; keep 'lstat' for DT_UNKNOWN [syscall-stat-per-dirent]
      // CHECK-MESSAGES: :[[@LINE-8]]:15: note: the entry comes from 'readdir' here
      continue;
    if (S_ISREG(st.st_mode))
      ++*files;
    else if (S_ISLNK(st.st_mode))
      ++*links;
  }
  closedir(d);
}
// CHECK-FIXES: if ((e->d_type != DT_UNKNOWN ? (st.st_mode = DTTOIF(e->d_type), 0) : lstat(path, &st)) < 0)

// fstatat on the directory's descriptor, a switch on the type.
int tally(DIR *d, int counts[3]) {
  struct dirent *e;
  struct stat st;
  while ((e = readdir(d)) != NULL) {
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'fstatat' of each directory entry only for its file type: the entry's d_type gives it without a syscall; keep 'fstatat' for DT_UNKNOWN [syscall-stat-per-dirent]
      // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the entry comes from 'readdir' here
      return -1;
    switch (st.st_mode & S_IFMT) {
    case S_IFDIR:
      counts[0]++;
      break;
    case S_IFREG:
      counts[1]++;
      break;
    default:
      counts[2]++;
    }
  }
  return 0;
}
// CHECK-FIXES: if ((e->d_type != DT_UNKNOWN ? (st.st_mode = DTTOIF(e->d_type), 0) : fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW)) != 0)

// readdir in the body of an endless loop, fstatat following symlinks.
void visit_dirs(DIR *d, const char *base) {
  for (;;) {
    struct dirent *e = readdir(d);
    struct stat st;
    if (!e)
      break;
    if (fstatat(dirfd(d), e->d_name, &st, 0) == 0 && S_ISDIR(st.st_mode))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'fstatat' of each directory entry only for its file type: the entry's d_type gives it without a syscall; keep 'fstatat' for DT_UNKNOWN and for symlinks, which it follows [syscall-stat-per-dirent]
      // CHECK-MESSAGES: :[[@LINE-6]]:24: note: the entry comes from 'readdir' here
      visit(base);
  }
}
// CHECK-FIXES: if ((e->d_type != DT_UNKNOWN && e->d_type != DT_LNK ? (st.st_mode = DTTOIF(e->d_type), 0) : fstatat(dirfd(d), e->d_name, &st, 0)) == 0 && S_ISDIR(st.st_mode))

// A macro spells the stat: reported, no fix.
#define STAT_FAILS(p, s) (stat((p), (s)) != 0)
int count_files(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (STAT_FAILS(path, &st))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'stat' of each directory entry
      // CHECK-MESSAGES: :[[@LINE-4]]:15: note: the entry comes from 'readdir' here
      // CHECK-MESSAGES: :[[@LINE-3]]:9: note: no automatic fix: a macro spells the call
      continue;
    n += S_ISREG(st.st_mode);
  }
  closedir(d);
  return n;
}

// A yes/no directory helper of the file, called for every entry.
static int is_directory(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
static int is_real_directory(const char *p) {
  struct stat st;
  if (lstat(p, &st) < 0)
    return 0;
  return S_ISDIR(st.st_mode);
}

int count_through_helpers(const char *dir, int *real) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    n += is_directory(path);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'is_directory' stats each directory entry only to tell whether it is a directory: the entry's d_type says it without a syscall; keep 'is_directory' for DT_UNKNOWN and for symlinks, which it follows [syscall-stat-per-dirent]
    // CHECK-MESSAGES: :[[@LINE-4]]:15: note: the entry comes from 'readdir' here
    *real += is_real_directory(path);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'is_real_directory' stats each directory entry only to tell whether it is a directory: the entry's d_type says it without a syscall; keep 'is_real_directory' for DT_UNKNOWN [syscall-stat-per-dirent]
    // CHECK-MESSAGES: :[[@LINE-7]]:15: note: the entry comes from 'readdir' here
  }
  closedir(d);
  return n;
}
// CHECK-FIXES: n += (e->d_type != DT_UNKNOWN && e->d_type != DT_LNK ? e->d_type == DT_DIR : is_directory(path));
// CHECK-FIXES: *real += (e->d_type != DT_UNKNOWN ? e->d_type == DT_DIR : is_real_directory(path));

// A tree removal's path kept in the project's buffer and read through its
// accessor.
int remove_tree(const char *dir) {
  struct dirent *de;
  struct stat st = {0};
  int rc = 0;
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  struct pathbuf *cur = pb_get();
  while ((de = readdir(d))) {
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
      continue;
    pb_printf(cur, "%s/%s", dir, de->d_name);
    if (stat(pb_string(cur), &st) == -1) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'stat' of each directory entry only for its file type
      // CHECK-MESSAGES: :[[@LINE-6]]:16: note: the entry comes from 'readdir' here
      rc = 1;
      continue;
    }
    if (S_ISDIR(st.st_mode))
      rc |= remove_tree(pb_string(cur));
    else
      rc |= unlink(pb_string(cur));
  }
  closedir(d);
  pb_release(&cur);
  return rc | rmdir(dir);
}
// CHECK-FIXES: if ((de->d_type != DT_UNKNOWN && de->d_type != DT_LNK ? (st.st_mode = DTTOIF(de->d_type), 0) : stat(pb_string(cur), &st)) == -1) {

// ------------------------------------------------------------ must not flag

// The buffer holds a fixed name under the directory, not the entry.
int count_marked(const char *dir) {
  struct dirent *de;
  struct stat st;
  int n = 0;
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  struct pathbuf *mark = pb_get();
  while ((de = readdir(d))) {
    pb_printf(mark, "%s/%s", dir, ".mark");
    if (stat(pb_string(mark), &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  closedir(d);
  pb_release(&mark);
  return n;
}

// The path read through a function that does more than read the buffer.
int any_resolved_dir(const char *dir) {
  struct pathbuf *cur = pb_get();
  DIR *d = opendir(dir);
  int found = 0;
  for (struct dirent *de; d && !found && (de = readdir(d));) {
    struct stat st;
    pb_printf(cur, "%s/%s", dir, de->d_name);
    found = stat(pb_expanded(cur), &st) == 0 && S_ISDIR(st.st_mode);
  }
  if (d)
    closedir(d);
  pb_release(&cur);
  return found;
}

// The entry's name with a suffix: another file (an editor's backup), which
// d_type does not describe.
int has_backup_link(DIR *d, const char *dir) {
  char path[4096];
  struct stat lst;
  for (struct dirent *e = readdir(d); e; e = readdir(d)) {
    strcpy(path, dir);
    strcat(path, "/");
    strcat(path, e->d_name);
    strcat(path, "~");
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
      return 1;
  }
  return 0;
}

// The size is wanted (du): d_type has none.
long long total_size(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  long long sum = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
      sum += st.st_size;
  }
  closedir(d);
  return sum;
}

// Permission bits: executables in a directory.
int count_executables(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & S_IXUSR))
      n++;
  }
  closedir(d);
  return n;
}

// The whole stat goes on to another function.
void list_long(DIR *d) {
  struct dirent *e;
  struct stat st;
  while ((e = readdir(d)) != NULL)
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(st.st_mode))
      show(e->d_name, &st);
}

// The code already asks d_type and stats only DT_UNKNOWN entries.
int count_subdirs_typed(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
#ifdef _DIRENT_HAVE_D_TYPE
    if (e->d_type != DT_UNKNOWN) {
      n += e->d_type == DT_DIR;
      continue;
    }
#endif
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  closedir(d);
  return n;
}

// Paths from the command line, not from readdir.
int count_dirs_in(char **paths, int n) {
  struct stat st;
  int dirs = 0;
  for (int i = 0; i < n; i++)
    if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
      dirs++;
  return dirs;
}

// The inode is compared too (a walker's cycle check).
int find_loop(const char *dir, ino_t top) {
  DIR *d = opendir(dir);
  struct dirent *e;
  struct stat st;
  char path[4096];
  int found = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_ino == top)
      found = 1;
  }
  closedir(d);
  return found;
}

// The directory itself is stat'ed in the loop, not the entry.
int dir_still_there(DIR *d, const char *dir) {
  struct dirent *e;
  struct stat st;
  int n = 0;
  while ((e = readdir(d)) != NULL)
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  return n;
}

// Entries from a list the program keeps, not from readdir.
struct listed {
  struct dirent *next;
};
struct dirent *next_entry(struct listed *l);

int count_listed(struct listed *l, const char *dir) {
  struct dirent *e;
  struct stat st;
  char path[4096];
  int n = 0;
  while ((e = next_entry(l)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  return n;
}

// The helper on names from the command line, and a helper that wants more
// than the type.
int count_named_dirs(char **names, int n) {
  int dirs = 0;
  for (int i = 0; i < n; i++)
    dirs += is_directory(names[i]);
  return dirs;
}

static int is_big_directory(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode) && st.st_size > 4096;
}

int count_big(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[4096];
  int n = 0;
  if (!d)
    return -1;
  while ((e = readdir(d)) != NULL) {
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    n += is_big_directory(path);
  }
  closedir(d);
  return n;
}
