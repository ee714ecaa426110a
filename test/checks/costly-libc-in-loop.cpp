// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-costly-libc-in-loop %t -- -std=c++17 -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-costly-libc-in-loop %t.fortify -- -std=c++17 -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <ctime>
#include <grp.h>
#include <map>
#include <pwd.h>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <vector>

struct File {
  std::string path;
  uid_t uid;
  gid_t gid;
};

// ---------------------------------------------------------------- must flag

// The owners of a file list, per file, in a range-for.
std::vector<std::string> owners(const std::vector<File> &files) {
  std::vector<std::string> out;
  for (const File &f : files) {
    const passwd *pw = ::getpwuid(f.uid);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'getpwuid' in every iteration of the loop: glibc's files backend opens, reads and closes /etc/passwd on every call; keep the answers by id in a small cache (leanio's lio_user_name) [syscall-costly-libc-in-loop]
    out.push_back(pw ? pw->pw_name : std::to_string(f.uid));
  }
  return out;
}

// ------------------------------------------------------------ must not flag

// A map of the names already asked for.
std::vector<std::string> groups(const std::vector<File> &files) {
  std::map<gid_t, std::string> known;
  std::vector<std::string> out;
  for (const File &f : files) {
    auto it = known.find(f.gid);
    if (it == known.end()) {
      const group *gr = ::getgrgid(f.gid);
      it = known.emplace(f.gid, gr ? gr->gr_name : "?").first;
    }
    out.push_back(it->second);
  }
  return out;
}

// The reentrant time call.
std::vector<int> hours(const std::vector<std::time_t> &times) {
  std::vector<int> out;
  for (std::time_t t : times) {
    std::tm tm{};
    localtime_r(&t, &tm);
    out.push_back(tm.tm_hour);
  }
  return out;
}

// A loop whose whole body is the mkdir of each item's directory.
void spool_dirs(const std::vector<std::string> &dirs) {
  for (size_t i = 0; i < dirs.size(); i++)
    mkdir(dirs[i].c_str(), 0755);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mkdir' of each item's directory in every iteration of the loop
}

// Must not flag: the name is made from the counter itself, a new
// directory in each iteration.
void make_numbered(const std::string &dir) {
  for (int i = 0; i < 5; i++)
    mkdir((dir + "/d" + std::to_string(i)).c_str(), 0755);
}
