/* lio_entry_type: a directory entry's file type from readdir's d_type,
 * with an fstatat only where d_type does not say it. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

int lio_entry_type(int dirfd, const struct dirent *entry, int flags,
                   mode_t *type) {
  if (!entry || !type || (flags & ~LIO_FOLLOW)) {
    errno = EINVAL;
    return -1;
  }
#ifdef _DIRENT_HAVE_D_TYPE
  /* d_type describes the entry itself, as lstat does: following a symlink
   * needs the stat. */
  if (entry->d_type != DT_UNKNOWN &&
      !(entry->d_type == DT_LNK && (flags & LIO_FOLLOW))) {
    *type = DTTOIF(entry->d_type);
    return 0;
  }
#endif
  struct stat st;
  if (fstatat(dirfd, entry->d_name, &st,
              (flags & LIO_FOLLOW) ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
    return -1;
  *type = st.st_mode & S_IFMT;
  return 0;
}
