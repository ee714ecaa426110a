//===--- OutputSink.h - Standard output or --output, checked --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef SYSCALL_TIDY_TOOL_OUTPUTSINK_H
#define SYSCALL_TIDY_TOOL_OUTPUTSINK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>

namespace syscall_tidy {

/// Where the findings go. A write that fails (a full disk, /dev/full, a
/// closed stdout) is found at finish() and becomes a message, never LLVM's
/// "IO failure on output stream" abort at exit.
class OutputSink {
public:
  /// Opens \p Path ("" for standard output); false with \p Error set,
  /// naming the file as \p Named says ("--output 'PATH'" by default).
  bool open(const std::string &Path, std::string &Error,
            const std::string &Named = "");
  llvm::raw_ostream &stream();
  bool toStdout() const { return !File; }
  /// Flushes and closes; false when anything was lost.
  bool finish();

private:
  std::unique_ptr<llvm::raw_fd_ostream> File;
};

/// finish() of a stream that is not an OutputSink (--export-fixes).
bool finishStream(llvm::raw_fd_ostream &Stream);

/// New text for a file that may be the user's, put in place without
/// changing what the file is: a symlink is written through to its target,
/// a device or FIFO is written to directly, a regular file keeps its mode
/// and owner, and one with other hard links (or an owner this process
/// cannot give) is rewritten in place once the text is complete. A new or
/// ordinary file is written beside and renamed over, so that readers see
/// the old text or the new one whole.
class StagedFile {
public:
  StagedFile() = default;
  StagedFile(StagedFile &&Other) noexcept;
  StagedFile &operator=(StagedFile &&) = delete;
  ~StagedFile();

  /// Prepares \p Text for \p Path; false with the reason in \p Error.
  /// Without \p Sync the text is not flushed to the disk before it takes
  /// the name: only for files whose reader tells a cut text from a whole
  /// one (the cache's entries carry their digest).
  bool stage(const std::string &Path, std::string Text, std::string &Error,
             bool Sync = true);
  /// Whether \p Path still has the text whose contentHash() is \p Hash.
  bool unchangedSince(llvm::StringRef Hash) const;
  /// Puts the text in place; false with the reason in \p Error.
  bool commit(std::string &Error);
  const std::string &path() const { return Path; }

private:
  std::string Path, Target, Temporary, Text;
  bool InPlace = false, Sync = true;
};

/// Gives \p Path the text \p Write produces, as StagedFile does (\p Sync
/// as there); false with the reason in \p Error.
bool writeWhole(const std::string &Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write,
                std::string &Error, bool Sync = true);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_OUTPUTSINK_H
