// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-getpid-fork-check %t -- -std=c++17 -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-getpid-fork-check %t.fortify -- -std=c++17 -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <cstdio>
#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

void reconnect();

// ---------------------------------------------------------------- must flag

// A client that must not share its socket with a child: the owner's pid
// from the constructor's initialiser list, compared on each request.
class Client {
public:
  Client() : owner_(::getpid()) {}
  int send(const std::string &request) {
    if (owner_ != ::getpid())
      // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'getpid' compared with the pid saved in 'owner_' to notice a fork: a syscall on every call of 'send'
      // CHECK-MESSAGES: :[[@LINE-4]]:21: note: the pid is saved here
      reconnect();
    return static_cast<int>(request.size());
  }

private:
  pid_t owner_;
};

// A static member set once, compared by every instance.
struct Registry {
  static pid_t creator;
  static void init() { creator = getpid(); }
  bool owned() const { return getpid() == creator; }
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'getpid' compared with the pid saved in 'creator' to notice a fork: a syscall on every call of 'owned'
  // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the pid is saved here
};
pid_t Registry::creator;

// ------------------------------------------------------------ must not flag

// A pid kept in a local of the same call, compared after a child ran.
bool still_same(const std::vector<int> &work) {
  pid_t before = getpid();
  for (int w : work)
    std::printf("%d\n", w);
  return before == getpid();
}

// A member that takes a pid from the caller, never from getpid here.
class Peer {
public:
  explicit Peer(pid_t pid) : pid_(pid) {}
  bool is_self() const { return pid_ == getpid(); }

private:
  pid_t pid_;
};

// A lambda that logs the pid: a value, not a comparison.
void log_all(const std::vector<std::string> &lines) {
  auto prefix = [] { return std::to_string(getpid()) + ": "; };
  for (const std::string &l : lines)
    std::printf("%s%s\n", prefix().c_str(), l.c_str());
}
