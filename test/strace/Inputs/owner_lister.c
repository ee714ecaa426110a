// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A listing of 1000 entries that names each one's owner and group and
// stamps it with the local time, asking the C library per entry.
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

int main(void) {
  unsigned long sum = 0;
  for (int i = 0; i < 1000; i++) {
    uid_t uid = 0;
    gid_t gid = 0;
    time_t when = 1700000000 + i * 60;
    struct passwd *pw = getpwuid(uid);
    struct group *gr = getgrgid(gid);
    struct tm *tm = localtime(&when);
    sum += (unsigned long)(pw ? pw->pw_name[0] : '?') +
           (unsigned long)(gr ? gr->gr_name[0] : '?') +
           (unsigned long)(tm ? tm->tm_min : 0);
  }
  printf("1000 entries, checksum %lu\n", sum);
  return 0;
}
