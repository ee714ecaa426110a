// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// owner_lister.c in the forms syscall-costly-libc-in-loop names: the names
// kept by id (here a one-entry cache of each; leanio's lio_user_name and
// lio_group_name keep 64), and localtime_r, which reads the zone once.
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

int main(void) {
  unsigned long sum = 0;
  uid_t last_uid = (uid_t)-1;
  gid_t last_gid = (gid_t)-1;
  char user[64] = "?", group[64] = "?";
  for (int i = 0; i < 1000; i++) {
    uid_t uid = 0;
    gid_t gid = 0;
    time_t when = 1700000000 + i * 60;
    if (uid != last_uid) {
      struct passwd *pw = getpwuid(uid);
      snprintf(user, sizeof user, "%s", pw ? pw->pw_name : "?");
      last_uid = uid;
    }
    if (gid != last_gid) {
      struct group *gr = getgrgid(gid);
      snprintf(group, sizeof group, "%s", gr ? gr->gr_name : "?");
      last_gid = gid;
    }
    struct tm tm;
    struct tm *ok = localtime_r(&when, &tm);
    sum += (unsigned long)user[0] + (unsigned long)group[0] +
           (unsigned long)(ok ? tm.tm_min : 0);
  }
  printf("1000 entries, checksum %lu\n", sum);
  return 0;
}
