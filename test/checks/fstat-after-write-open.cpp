// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t -- -std=c++17 -Wall
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-fstat-after-write-open %t.fortify -- -std=c++17 -Wall -O2 -D_FORTIFY_SOURCE=2

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <vector>

int openIndex(int dirfd);

namespace {
constexpr int kCreateFlags = O_WRONLY | O_CREAT | O_TRUNC;
} // namespace

// ---------------------------------------------------------------- must flag

class FileWriter {
public:
  explicit FileWriter(const std::string &path) : fd_(openOrThrow(path)) {}
  ~FileWriter() { ::close(fd_); }

private:
  // Throwing is a rejection; the exception text would change, so no fix.
  static int openOrThrow(const std::string &path) {
    int fd = ::open(path.c_str(), kCreateFlags, 0644);
    if (fd < 0)
      throw std::system_error(errno, std::generic_category(), path);
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: redundant 'fstat': its result only rejects a directory, and 'open' with a write access mode already fails with EISDIR on one [syscall-fstat-after-write-open]
      // CHECK-MESSAGES: :[[@LINE-2]]:9: note: no automatic fix: the removed code also calls 'generic_category'
      ::close(fd);
      throw std::system_error(EISDIR, std::generic_category(), path);
    }
    return fd;
  }
  int fd_;
};

// std::fopen in binary write mode, through fileno.
std::FILE *openDump(const char *path) {
  std::FILE *f = std::fopen(path, "wb");
  if (f == nullptr)
    return nullptr;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'fopen'
    std::fclose(f);
    return nullptr;
  }
  return f;
}
// CHECK-FIXES: std::FILE *f = std::fopen(path, "wb");
// CHECK-FIXES-NEXT:   if (f == nullptr)
// CHECK-FIXES-NEXT:     return nullptr;
// CHECK-FIXES-NEXT:   return f;

// A lambda, and a mode copied into `const auto`.
auto openOut = [](const char *p) {
  int fd = open(p, O_WRONLY | O_CREAT, 0600);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: redundant 'fstat'
    const auto mode = st.st_mode;
    if (S_ISDIR(mode)) {
      close(fd);
      return -1;
    }
  }
  return fd;
};
// CHECK-FIXES: int fd = open(p, O_WRONLY | O_CREAT, 0600);
// CHECK-FIXES-NEXT:   return fd;

// bool result: `return false` rejects.
bool openLog(const char *path, int &out) {
  const int fd = ::open(path, O_RDWR | O_APPEND | O_CREAT, 0640);
  if (fd < 0)
    return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    ::close(fd);
    return false;
  }
  out = fd;
  return true;
}
// CHECK-FIXES: if (fd < 0)
// CHECK-FIXES-NEXT:     return false;
// CHECK-FIXES-NEXT:   out = fd;

// A run-time access mode in a method: guarded for O_RDONLY.
struct Opener {
  int open(const char *path, int flags) const {
    int fd = ::open(path, flags, 0666);
    if (fd < 0)
      return -1;
    // CHECK-MESSAGES: :[[@LINE+2]]:9: warning: 'fstat' is redundant when 'open' opens for writing
    struct stat st;
    if (fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        errno = EISDIR;
        return -1;
      }
    }
    return fd;
  }
};
// CHECK-FIXES: struct stat st;
// CHECK-FIXES-NEXT:     if ((flags & O_ACCMODE) == O_RDONLY && fstat(fd, &st) == 0) {
// CHECK-FIXES-NEXT:       if (S_ISDIR(st.st_mode)) {

// stat of the same std::string path before creat().
int recreate(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'stat' before 'creat'
    return -EISDIR;
  return ::creat(path.c_str(), 0644);
}
// CHECK-FIXES: int recreate(const std::string &path) {
// CHECK-FIXES-NEXT:   return ::creat(path.c_str(), 0644);

// fopen "r+" updates: it opens O_RDWR.
std::FILE *openUpdate(const std::string &path) {
  std::FILE *f = std::fopen(path.c_str(), "r+");
  if (!f)
    return nullptr;
  struct stat st;
  if (::fstat(::fileno(f), &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    std::fclose(f);
    return nullptr;
  }
  return f;
}
// CHECK-FIXES: std::FILE *f = std::fopen(path.c_str(), "r+");
// CHECK-FIXES-NEXT:   if (!f)
// CHECK-FIXES-NEXT:     return nullptr;
// CHECK-FIXES-NEXT:   return f;

namespace storage {
// openat relative to a directory descriptor, O_LARGEFILE, a nested namespace.
int createSegment(int dirfd, const char *name) {
  const int fd = ::openat(dirfd, name, O_RDWR | O_CREAT | O_LARGEFILE, 0600);
  if (fd == -1)
    return -1;
  struct ::stat st;
  if (::fstat(fd, &st) == -1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat': its result only rejects a directory, and 'openat'
    ::close(fd);
    return -1;
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    errno = EISDIR;
    return -1;
  }
  return fd;
}
// CHECK-FIXES: if (fd == -1)
// CHECK-FIXES-NEXT:     return -1;
// CHECK-FIXES-NEXT:   return fd;
} // namespace storage

// stat of a std::string path before std::fopen "w".
std::FILE *openReport(const std::string &path) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'stat' before 'fopen'
    return nullptr;
  std::FILE *f = std::fopen(path.c_str(), "w");
  return f;
}
// CHECK-FIXES: std::FILE *openReport(const std::string &path) {
// CHECK-FIXES-NEXT:   std::FILE *f = std::fopen(path.c_str(), "w");

// A static member with a run-time mode, fopen's mode string: no fix.
struct Streams {
  static std::FILE *open(const char *path, const char *mode) {
    std::FILE *f = std::fopen(path, mode);
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'fstat' is redundant when 'fopen' opens for writing
      // CHECK-MESSAGES: :[[@LINE-2]]:14: note: no automatic fix: the access mode is a run-time fopen mode string; skip the stat unless the mode opens read-only
      std::fclose(f);
      return nullptr;
    }
    return f;
  }
};

// The descriptor a member of the writer that opens it.
class SegmentWriter {
public:
  bool create(const std::string &path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd_ < 0)
      return false;
    struct stat st;
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: redundant 'fstat'
      ::close(fd_);
      fd_ = -1;
      return false;
    }
    return true;
  }
  // CHECK-FIXES: fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  // CHECK-FIXES-NEXT:     if (fd_ < 0)
  // CHECK-FIXES-NEXT:       return false;
  // CHECK-FIXES-NEXT:     return true;

  // Not flagged: adopt() may have replaced the member.
  bool createAdopted(const std::string &path, int other) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    adopt(other);
    struct stat st;
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode))
      return false;
    return true;
  }
  void adopt(int fd);

private:
  int fd_ = -1;
};

// A yes/no directory test in a helper, called where the descriptor is
// opened for writing.
static bool isDirectory(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
}
int createJournal(const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), path);
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: redundant 'isDirectory'
  if (isDirectory(fd)) {
    ::close(fd);
    throw std::system_error(EISDIR, std::generic_category(), path);
  }
  return fd;
}
// CHECK-FIXES: throw std::system_error(errno, std::generic_category(), path);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return fd;

// ------------------------------------------------------------ must not flag

struct Reader {
  int open(const char *path) {
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      return -1;
    }
    return fd;
  }
};

std::vector<char> slurpForUpdate(const char *path) {
  int fd = ::open(path, O_RDWR);
  struct stat st;
  if (fd < 0 || ::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode))
    return {};
  std::vector<char> data(static_cast<size_t>(st.st_size));
  ::close(fd);
  return data;
}

class Log {
public:
  bool isDirectory() const {
    struct stat st;
    return ::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode);
  }
  int fd_ = -1;
};

std::FILE *openInput(const char *path) {
  std::FILE *f = std::fopen(path, "rb");
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    return nullptr;
  }
  return f;
}

bool writableIsDirectory(const char *path) {
  int fd = ::open(path, O_WRONLY);
  struct stat st;
  bool dir = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  ::close(fd);
  return dir;
}

int serve(const char *path) {
  int fd = ::open(path, O_RDWR);
  struct stat st;
  if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return openIndex(fd);
  return fd;
}

int openChecked(const char *path, int flags) {
  int fd = ::open(path, flags);
  struct stat st;
  if (fd >= 0 && !(flags & (O_WRONLY | O_RDWR))) {
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      return -1;
    }
  }
  return fd;
}

auto statLater = [](int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? -1 : fd;
};

// Templates: one instantiation's access mode says nothing about another's.
template <int Flags> int openAs(const char *path) {
  int fd = ::open(path, Flags, 0644);
  struct stat st;
  if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return -1;
  }
  return fd;
}
int useTemplates(const char *path) {
  return openAs<O_WRONLY | O_CREAT>(path) + openAs<O_RDONLY>(path);
}

// The directory test's result is stored and used later.
int openAndRemember(const char *path, bool &wasDir) {
  int fd = ::open(path, O_WRONLY);
  struct stat st;
  wasDir = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  return fd;
}

// Reading through an fstream-sized buffer: st_blksize matters.
std::vector<char> bufferFor(const char *path) {
  int fd = ::open(path, O_WRONLY | O_APPEND);
  struct stat st;
  if (fd < 0 || ::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode))
    return {};
  ::close(fd);
  return std::vector<char>(static_cast<size_t>(st.st_blksize));
}

// An fstat on a descriptor the RAII owner got from elsewhere.
class Owned {
public:
  explicit Owned(int fd) : fd_(fd) {}
  bool ok() const {
    struct stat st;
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode))
      return false;
    return true;
  }

private:
  int fd_;
};

// O_DIRECTORY: the code wants a directory.
int openDirFd(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && ::fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Skipping directories in a loop is a choice, not a rejection.
int countWritable(const std::vector<std::string> &paths) {
  int count = 0;
  for (const std::string &path : paths) {
    int fd = ::open(path.c_str(), O_WRONLY);
    struct stat st;
    if (fd < 0)
      continue;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      continue;
    }
    ++count;
    ::close(fd);
  }
  return count;
}

// The same helper on a descriptor opened for reading.
int openJournal(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0 || isDirectory(fd))
    return -1;
  return fd;
}
