//===--- Findings.h - The one list of findings every output renders ------===//

#ifndef SYSCALL_TIDY_TOOL_FINDINGS_H
#define SYSCALL_TIDY_TOOL_FINDINGS_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace syscall_tidy {

/// A place in a file: 1-based line and column, and the byte offset.
struct Position {
  std::string File; ///< absolute path
  unsigned Offset = 0, Line = 0, Column = 0;
};

struct Edit {
  Position Begin, End;
  std::string Text;
};

struct Note {
  std::string Message;
  Position At;
};

struct Finding {
  std::string Check;
  bool IsError = false;
  std::string Message;
  Position Begin, End;
  std::string LineText; ///< the source line, for stable fingerprints
  std::vector<Note> Notes;
  std::vector<Edit> Fixes;
};

/// Converts clang-tidy's errors into findings, reading each file once.
class FindingCollector {
public:
  void add(const clang::tidy::ClangTidyError &Error);
  /// Sorted by file, line, column, check, message; duplicates (a header
  /// seen from several translation units) removed.
  std::vector<Finding> take();

private:
  Position position(const std::string &File, unsigned Offset);
  llvm::StringRef contents(const std::string &File);
  llvm::StringMap<std::string> Files;
  std::vector<Finding> All;
};

/// The check's page in docs/checks/.
std::string helpUri(llvm::StringRef Check);

/// A path relative to \p Root when it lies below it.
std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root);

/// A fingerprint that survives line shifts: check, file, message and the
/// text of the flagged line.
std::string fingerprint(const Finding &F, llvm::StringRef Root);

/// Output formats; each renders the whole list.
struct RenderOptions {
  std::string SourceRoot; ///< paths in SARIF/GitHub/GitLab are relative to it
  std::string ToolVersion;
};
void renderText(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options);
void renderJson(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options);
void renderSarif(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                 const RenderOptions &Options);
void renderGithub(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options);
void renderGitlab(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FINDINGS_H
