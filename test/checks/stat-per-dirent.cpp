// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-stat-per-dirent %t -- -std=c++17 -D_GNU_SOURCE -Wall -Werror=unused-variable

#include <dirent.h>
#include <string>
#include <sys/stat.h>
#include <vector>

// ---------------------------------------------------------------- must flag

// Subdirectories by name, the path a std::string.
std::vector<std::string> subdirectories(const std::string &dir) {
  std::vector<std::string> out;
  DIR *d = ::opendir(dir.c_str());
  if (!d)
    return out;
  while (dirent *e = ::readdir(d)) {
    std::string path = dir + "/" + e->d_name;
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'stat' of each directory entry only for its file type
      // CHECK-MESSAGES: :[[@LINE-5]]:22: note: the entry comes from 'readdir' here
      out.push_back(path);
  }
  ::closedir(d);
  return out;
}
// CHECK-FIXES: if ((e->d_type != DT_UNKNOWN && e->d_type != DT_LNK ? (st.st_mode = DTTOIF(e->d_type), 0) : ::stat(path.c_str(), &st)) == 0 && S_ISDIR(st.st_mode))

// ------------------------------------------------------------ must not flag

// The modification time is wanted.
long newest(const std::string &dir) {
  long best = 0;
  DIR *d = ::opendir(dir.c_str());
  if (!d)
    return -1;
  while (dirent *e = ::readdir(d)) {
    std::string path = dir + "/" + e->d_name;
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_mtime > best)
      best = st.st_mtime;
  }
  ::closedir(d);
  return best;
}

// A list of names, not entries.
int countDirs(const std::vector<std::string> &names) {
  int n = 0;
  for (const std::string &name : names) {
    struct stat st;
    if (::stat(name.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      n++;
  }
  return n;
}
