//===--- LspProtocol.h - Findings in the Language Server Protocol's terms ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_LSPPROTOCOL_H
#define SYSCALL_TIDY_TOOL_LSPPROTOCOL_H

#include "Findings.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>

namespace syscall_tidy {

/// The absolute path a file:// URI names; std::nullopt for another scheme
/// or a malformed escape.
std::optional<std::string> pathOfUri(llvm::StringRef Uri);
/// The file:// URI of an absolute \p Path.
std::string uriOfPath(llvm::StringRef Path);

/// A file's text with its line starts: LSP positions count lines from 0
/// and characters in UTF-16 code units, findings count bytes.
class LineIndex {
public:
  explicit LineIndex(std::string Text);
  llvm::json::Value position(unsigned Offset) const;
  /// {start, end}; an empty range is widened to the identifier or
  /// character at \p Begin, which editors can underline.
  llvm::json::Value range(unsigned Begin, unsigned End,
                          bool Widen = false) const;
  /// The byte offset of an LSP position; std::nullopt when it is outside
  /// the text.
  std::optional<unsigned> offset(const llvm::json::Value &Position) const;
  llvm::StringRef text() const { return Text; }

private:
  std::string Text;
  std::vector<unsigned> Starts;
};

/// A finding of \p File as an LSP diagnostic: the check is its code, its
/// page its codeDescription, its notes relatedInformation. \p Lines of
/// other files (notes) come from \p Texts.
llvm::json::Object diagnosticOf(const Finding &F, const LineIndex &Lines,
                                SourceTexts &Texts);

/// A finding's fix-its as a WorkspaceEdit's changes ({uri: [TextEdit]}),
/// added to \p Changes; false (nothing added) when a file's text is not at
/// hand.
bool addEdits(const Finding &F, const LineIndex &Lines, const std::string &File,
              SourceTexts &Texts, llvm::json::Object &Changes);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_LSPPROTOCOL_H
