//===--- OutputSink.cpp - Standard output or --output, checked ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "OutputSink.h"
#include "BoundedInput.h"
#include "Hashing.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace syscall_tidy {

bool OutputSink::open(const std::string &Path, std::string &Error,
                      const std::string &Named) {
  if (Path.empty())
    return true;
  std::error_code EC;
  File =
      std::make_unique<llvm::raw_fd_ostream>(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    Error = "cannot write " +
            (Named.empty() ? "--output '" + Path + "'" : Named) + ": " +
            EC.message();
  return !EC;
}

llvm::raw_ostream &OutputSink::stream() {
  return File ? static_cast<llvm::raw_ostream &>(*File) : llvm::outs();
}

bool OutputSink::finish() { return finishStream(File ? *File : llvm::outs()); }

bool finishStream(llvm::raw_fd_ostream &Stream) {
  Stream.flush();
  if (&Stream != &llvm::outs())
    Stream.close();
  bool Good = !Stream.has_error();
  Stream.clear_error(); // reported by the caller; LLVM must not abort
  return Good;
}

namespace {

bool writeAll(int FD, llvm::StringRef Text) {
  while (!Text.empty()) {
    ssize_t N = ::write(FD, Text.data(), Text.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (N == 0)
        errno = EIO;
      return false;
    }
    Text = Text.drop_front(N);
  }
  return true;
}

std::string lastError() { return std::strerror(errno); }

/// Closes \p FD after writes that went as \p Written says; false with
/// the first error (a close can report a write the disk refused late).
bool closeWritten(int FD, bool Written, std::string &Error) {
  int WriteErrno = errno;
  if (::close(FD) != 0 && Written) {
    Written = false;
    WriteErrno = errno;
  }
  if (!Written)
    Error = std::strerror(WriteErrno);
  return Written;
}

} // namespace

StagedFile::StagedFile(StagedFile &&Other) noexcept
    : Path(std::move(Other.Path)), Target(std::move(Other.Target)),
      Temporary(std::move(Other.Temporary)), Text(std::move(Other.Text)),
      InPlace(Other.InPlace) {
  Other.Temporary.clear();
}

StagedFile::~StagedFile() {
  if (!Temporary.empty())
    ::unlink(Temporary.c_str());
}

bool StagedFile::stage(const std::string &Where, std::string NewText,
                       std::string &Error, bool SyncIt) {
  Path = Target = Where;
  Sync = SyncIt;
  auto RewriteInPlace = [&] {
    InPlace = true;
    Text = std::move(NewText);
    return true;
  };
  struct stat Link;
  if (::lstat(Where.c_str(), &Link) == 0 && S_ISLNK(Link.st_mode)) {
    char Resolved[PATH_MAX];
    // A link to a file not there yet: creating through it keeps the link.
    if (!::realpath(Where.c_str(), Resolved))
      return RewriteInPlace();
    Target = Resolved;
  }
  struct stat Original;
  bool Exists = ::stat(Target.c_str(), &Original) == 0;
  if (!Exists && errno != ENOENT) {
    Error = lastError();
    return false;
  }
  if (Exists && S_ISDIR(Original.st_mode)) {
    Error = "is a directory";
    return false;
  }
  // A device, a FIFO, or a file other names share.
  if (Exists && (!S_ISREG(Original.st_mode) || Original.st_nlink > 1))
    return RewriteInPlace();
  llvm::SmallString<256> Model(Target);
  Model += ".syscall-tidy-%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Made;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Made)) {
    Error = "cannot write beside it: " + EC.message();
    return false;
  }
  Temporary = Made.str().str();
  bool Written = writeAll(FD, NewText) && (!Sync || ::fsync(FD) == 0);
  if (Written && Exists) {
    Written = ::fchmod(FD, Original.st_mode & 07777) == 0;
    if (Written &&
        (Original.st_uid != ::geteuid() || Original.st_gid != ::getegid()) &&
        ::fchown(FD, Original.st_uid, Original.st_gid) != 0) {
      // Renaming would hand the file to this user: write it in place.
      ::close(FD);
      ::unlink(Temporary.c_str());
      Temporary.clear();
      return RewriteInPlace();
    }
  }
  return closeWritten(FD, Written, Error);
}

bool StagedFile::unchangedSince(llvm::StringRef Hash) const {
  std::string Ignored;
  std::optional<std::string> Now =
      readBounded(Target, MaxInputBytes, Ignored, /*RegularOnly=*/true);
  return Now && contentHash(*Now) == Hash;
}

bool StagedFile::commit(std::string &Error) {
  if (!InPlace) {
    if (::rename(Temporary.c_str(), Target.c_str()) != 0) {
      Error = lastError();
      return false;
    }
    Temporary.clear();
    return true;
  }
  int FD = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
  if (FD < 0) {
    Error = lastError();
    return false;
  }
  struct stat Status;
  bool Regular = ::fstat(FD, &Status) == 0 && S_ISREG(Status.st_mode);
  // The whole text first, then the old tail cut off: a file is never
  // shorter than its new text, even for a moment.
  bool Written =
      writeAll(FD, Text) && (!Regular || (::ftruncate(FD, Text.size()) == 0 &&
                                          (!Sync || ::fsync(FD) == 0)));
  return closeWritten(FD, Written, Error);
}

bool writeWhole(const std::string &Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write,
                std::string &Error, bool Sync) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  Write(Out);
  Out.flush();
  StagedFile File;
  return File.stage(Path, std::move(Text), Error, Sync) && File.commit(Error);
}

} // namespace syscall_tidy
