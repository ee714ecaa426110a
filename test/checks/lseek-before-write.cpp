// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t -- -std=c++17 -Wall
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-lseek-before-write %t.fortify -- -std=c++17 -Wall -O2 -D_FORTIFY_SOURCE=2

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

class Journal {
public:
  explicit Journal(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644)) {}
  ~Journal() { ::close(fd_); }

  // A member fd: the SEEK_CUR no-op is flagged whatever its origin.
  bool append(const std::string &line) {
    ::lseek(fd_, 0, SEEK_CUR);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'lseek(fd, 0, SEEK_CUR)' whose result is unused does nothing
    return ::write(fd_, line.data(), line.size()) ==
           static_cast<ssize_t>(line.size());
  }

private:
  int fd_;
};
// CHECK-FIXES: bool append(const std::string &line) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     return ::write(fd_, line.data(), line.size()) ==

// std::fseek on a stream std::fopen'ed "wb".
bool saveBlob(const char *path, const std::vector<char> &blob) {
  std::FILE *f = std::fopen(path, "wb");
  if (f == nullptr)
    return false;
  std::fseek(f, 0, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'fseek' to offset 0
  bool ok = std::fwrite(blob.data(), 1, blob.size(), f) == blob.size();
  return std::fclose(f) == 0 && ok;
}
// CHECK-FIXES: return false;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   bool ok = std::fwrite(blob.data(), 1, blob.size(), f) == blob.size();

// O_APPEND log opened in a lambda.
auto appendLog = [](const char *path, const std::string &msg) {
  int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (fd < 0)
    return false;
  ::lseek(fd, 0, SEEK_END);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: redundant 'lseek' to the end
  bool ok = ::write(fd, msg.data(), msg.size()) >= 0;
  ::close(fd);
  return ok;
};
// CHECK-FIXES: return false;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   bool ok = ::write(fd, msg.data(), msg.size()) >= 0;

// A page store: each page at its own offset.
namespace store {
bool writePages(const std::string &path,
                const std::vector<std::vector<char>> &pages) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return false;
  off_t offset = 0;
  for (const auto &page : pages) {
    ::lseek(fd, offset, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'lseek' then 'write' is one 'pwrite'
    if (::write(fd, page.data(), page.size()) < 0)
      break;
    offset += 4096;
  }
  return ::close(fd) == 0;
}
} // namespace store
// CHECK-FIXES: for (const auto &page : pages) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     if (::pwrite(fd, page.data(), page.size(), offset) < 0)

// A write-only stream with a no-op fseek between records.
void dumpAll(const char *path, const std::vector<std::string> &lines) {
  std::FILE *out = std::fopen(path, "a");
  for (const std::string &line : lines) {
    std::fputs(line.c_str(), out);
    std::fseek(out, 0, SEEK_CUR);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'fseek(f, 0, SEEK_CUR)'
  }
  std::fclose(out);
}
// CHECK-FIXES: std::fputs(line.c_str(), out);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   }

// A rewind right after ::open in a member function.
class Snapshot {
public:
  bool save(const std::string &path, const std::string &data) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
      return false;
    ::lseek(fd, 0, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'lseek' to offset 0
    bool ok = ::write(fd, data.data(), data.size()) >= 0;
    return ::close(fd) == 0 && ok;
  }
};
// CHECK-FIXES: return false;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     bool ok = ::write(fd, data.data(), data.size()) >= 0;

// lseek + write, both checked the same way, in a bool function.
bool patchAt(const std::string &path, off_t at, const std::vector<char> &d) {
  int fd = ::open(path.c_str(), O_WRONLY);
  if (fd < 0)
    return false;
  bool ok = true;
  if (::lseek(fd, at, SEEK_SET) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lseek' then 'write' is one 'pwrite'
    ok = false;
  if (::write(fd, d.data(), d.size()) < 0)
    ok = false;
  ::close(fd);
  return ok;
}
// CHECK-FIXES: bool ok = true;
// CHECK-FIXES-NEXT:   if (::pwrite(fd, d.data(), d.size(), at) < 0)

// A position the loop keeps, over a range-for.
bool appendChunks(const std::string &path,
                  const std::vector<std::string> &chunks) {
  off_t pos = 0;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (const std::string &c : chunks) {
    ::lseek(fd, pos, SEEK_SET);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: redundant 'lseek': the previous write on this write-only descriptor already left the offset at 'pos'
    ssize_t n = ::write(fd, c.data(), c.size());
    if (n < 0)
      break;
    pos += n;
  }
  return ::close(fd) == 0;
}
// CHECK-FIXES: for (const std::string &c : chunks) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     ssize_t n = ::write(fd, c.data(), c.size());

// A helper private to this file (anonymous namespace) that seeks and writes.
namespace {
bool putBlock(int fd, off_t off, const std::string &block) {
  ::lseek(fd, off, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'write' is one 'pwrite'
  return ::write(fd, block.data(), block.size()) >= 0;
}
} // namespace
// CHECK-FIXES: bool putBlock(int fd, off_t off, const std::string &block) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   return ::pwrite(fd, block.data(), block.size(), off) >= 0;

struct BlockFile {
  bool store(const std::string &path, const std::string &a) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    bool ok = putBlock(fd, 0, a) && putBlock(fd, 4096, a);
    ::close(fd);
    return ok;
  }
};

// A handle with its open flags, in C++.
struct Handle {
  int fd;
  int flags;
  off_t pos;
  bool open(const char *path, int how) {
    flags = how;
    fd = ::open(path, how, 0644);
    pos = 0;
    return fd >= 0;
  }
  ssize_t write(const char *p, size_t n) {
    if (::lseek(fd, pos, SEEK_SET) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'lseek' to the handle's stored position is redundant when the handle is write-only
      return -1;
    ssize_t w = ::write(fd, p, n);
    if (w > 0)
      pos += w;
    return w;
  }
};
// CHECK-FIXES: if ((flags & O_ACCMODE) != O_WRONLY && ::lseek(fd, pos, SEEK_SET) < 0)

// ------------------------------------------------------------ must not flag

// The offset is the result wanted.
off_t sizeOf(int fd) { return ::lseek(fd, 0, SEEK_END); }

// "w+" reads back what it wrote: the seek before the read is needed.
std::string roundTrip(const char *path, const std::string &text) {
  std::FILE *f = std::fopen(path, "w+");
  std::fputs(text.c_str(), f);
  std::fseek(f, 0, SEEK_SET);
  char buf[64] = {};
  std::fgets(buf, sizeof buf, f);
  std::fclose(f);
  return buf;
}

// An fd that is a member: its origin is unknown here.
class Segment {
public:
  bool put(off_t off, const std::string &s) {
    ::lseek(fd_, off, SEEK_SET);
    return ::write(fd_, s.data(), s.size()) >= 0;
  }
  int fd_ = -1;
};

// After the write the file offset is used by the next write.
bool writeRecord(const char *path, off_t at, const std::string &key,
                 const std::string &value) {
  int fd = ::open(path, O_WRONLY);
  ::lseek(fd, at, SEEK_SET);
  ::write(fd, key.data(), key.size());
  ::write(fd, value.data(), value.size());
  return ::close(fd) == 0;
}

// After a first write, a rewind on one branch only.
bool maybeRewind(const char *path, bool rewind, const std::string &s) {
  int fd = ::open(path, O_WRONLY);
  ::write(fd, "#", 1);
  if (rewind) {
    ::lseek(fd, 0, SEEK_SET);
  }
  ::write(fd, s.data(), s.size());
  ::write(fd, s.data(), s.size());
  return ::close(fd) == 0;
}

// Template code: the mode is a template argument.
template <int Flags> bool writeAt(const char *path, off_t at, const char *s) {
  int fd = ::open(path, Flags);
  ::lseek(fd, at, SEEK_SET);
  bool ok = ::write(fd, s, std::strlen(s)) >= 0;
  ::close(fd);
  return ok;
}
bool useTemplate(const char *p) {
  return writeAt<O_WRONLY>(p, 0, "x") && writeAt<O_WRONLY | O_APPEND>(p, 0, "y");
}

// O_APPEND: never a pwrite.
bool appendAt(const char *path, off_t at, const std::string &s) {
  int fd = ::open(path, O_WRONLY | O_APPEND);
  ::lseek(fd, at, SEEK_SET);
  bool ok = ::write(fd, s.data(), s.size()) >= 0;
  ::close(fd);
  return ok;
}

// A lambda's descriptor comes from its caller.
auto writeAtStart = [](int fd, const std::string &s) {
  ::lseek(fd, 0, SEEK_SET);
  return ::write(fd, s.data(), s.size()) >= 0;
};

// A handle without flags.
struct PlainHandle {
  int fd;
  off_t pos;
  ssize_t write(const char *p, size_t n) {
    ::lseek(fd, pos, SEEK_SET);
    return ::write(fd, p, n);
  }
};

// A private helper whose caller goes on writing at the offset it left.
namespace {
bool putHeader(int fd, const std::string &h) {
  ::lseek(fd, 0, SEEK_SET);
  return ::write(fd, h.data(), h.size()) >= 0;
}
} // namespace
bool writeDocument(const char *path, const std::string &h,
                   const std::string &body) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  putHeader(fd, h);
  ::write(fd, body.data(), body.size());
  return ::close(fd) == 0;
}

// Read-write: the seek positions the read, which then is one pread.
std::string readBack(const char *path, const std::string &s) {
  int fd = ::open(path, O_RDWR | O_CREAT, 0644);
  ::write(fd, s.data(), s.size());
  ::lseek(fd, 0, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lseek' then 'read' is one 'pread'
  std::string out(s.size(), '\0');
  ::read(fd, &out[0], out.size());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the read at that offset
  ::close(fd);
  return out;
}
// CHECK-FIXES: std::string readBack(const char *path, const std::string &s) {
// CHECK-FIXES-NEXT: int fd = ::open(path, O_RDWR | O_CREAT, 0644);
// CHECK-FIXES-NEXT: ::write(fd, s.data(), s.size());
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: std::string out(s.size(), '\0');
// CHECK-FIXES-NEXT: ::pread(fd, &out[0], out.size(), 0);
