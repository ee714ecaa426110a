//===--- BoundedInput.cpp - Files and JSON read within limits -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "BoundedInput.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace syscall_tidy {

std::optional<std::string> readBounded(const std::string &Path,
                                       uint64_t MaxBytes, std::string &Error,
                                       bool RegularOnly) {
  int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (FD < 0) {
    Error = std::strerror(errno);
    return std::nullopt;
  }
  struct stat Status;
  std::optional<std::string> Text;
  if (::fstat(FD, &Status) != 0) {
    Error = std::strerror(errno);
  } else if (S_ISDIR(Status.st_mode)) {
    Error = "is a directory";
  } else if (RegularOnly && !S_ISREG(Status.st_mode)) {
    Error = "not a regular file";
  } else if (S_ISREG(Status.st_mode) && uint64_t(Status.st_size) > MaxBytes) {
    Error = "larger than " + std::to_string(MaxBytes) + " bytes";
  } else {
    // A pipe or a device has no size to trust: read up to the bound.
    if (!S_ISREG(Status.st_mode))
      ::fcntl(FD, F_SETFL, ::fcntl(FD, F_GETFL) & ~O_NONBLOCK);
    Text.emplace();
    char Buffer[1 << 16];
    for (;;) {
      ssize_t N = ::read(FD, Buffer, sizeof Buffer);
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0) {
        Error = std::strerror(errno);
        Text.reset();
        break;
      }
      if (N == 0)
        break;
      if (Text->size() + N > MaxBytes) {
        Error = "larger than " + std::to_string(MaxBytes) + " bytes";
        Text.reset();
        break;
      }
      Text->append(Buffer, N);
    }
  }
  ::close(FD);
  return Text;
}

std::optional<llvm::json::Value> parseBoundedJson(llvm::StringRef Text,
                                                  std::string &Error) {
  // One pass over the text, skipping strings, finds the deepest nesting
  // before the recursive parser sees it.
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxJsonDepth) {
        Error = "JSON nested deeper than " + std::to_string(MaxJsonDepth) +
                " levels";
        return std::nullopt;
      }
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    Error = llvm::toString(Parsed.takeError());
    return std::nullopt;
  }
  return std::move(*Parsed);
}

} // namespace syscall_tidy
