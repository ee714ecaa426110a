//===--- OutputSink.h - Standard output or --output, checked --------------===//

#ifndef SYSCALL_TIDY_TOOL_OUTPUTSINK_H
#define SYSCALL_TIDY_TOOL_OUTPUTSINK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

namespace syscall_tidy {

/// Where the findings go. A write that fails (a full disk, /dev/full, a
/// closed stdout) is found at finish() and becomes a message, never LLVM's
/// "IO failure on output stream" abort at exit.
class OutputSink {
public:
  /// Opens \p Path ("" for standard output); false with \p Error set.
  bool open(const std::string &Path, std::string &Error);
  llvm::raw_ostream &stream();
  bool toStdout() const { return !File; }
  /// Flushes and closes; false when anything was lost.
  bool finish();

private:
  std::unique_ptr<llvm::raw_fd_ostream> File;
};

/// finish() of a stream that is not an OutputSink (--export-fixes).
bool finishStream(llvm::raw_fd_ostream &Stream);

/// Writes \p Path through a file beside it (named for this process) that
/// is renamed over it, so that a reader, or a concurrent run, sees the old
/// file or the new one whole; false with the reason in \p Error.
bool writeAside(const std::string &Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write,
                std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_OUTPUTSINK_H
