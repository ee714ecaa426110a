//===--- EnclosingFunctions.h - The function each finding lies in --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A finding's fingerprint names its function, so that a baseline entry
// follows the finding when lines are inserted above it and two functions
// with the same statement stay apart.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_ENCLOSINGFUNCTIONS_H
#define SYSCALL_TIDY_TOOL_ENCLOSINGFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringMap.h"
#include <string>
#include <vector>

namespace syscall_tidy {

/// The function definitions of a translation unit outside system headers,
/// by file (absolute, as findings name files) and offset range.
class EnclosingFunctions {
public:
  void collect(clang::ASTContext &Context);

  /// The qualified name of the innermost function around \p Offset of
  /// \p File; empty outside functions. A binary search and a climb out of
  /// nested ranges: a file of many functions and findings costs no product
  /// of the two.
  std::string at(llvm::StringRef File, unsigned Offset) const;

private:
  struct Range {
    unsigned Begin, End;
    std::string Name;
    /// The innermost range around this one (an index), or -1.
    int Parent = -1;
  };
  void collect(const clang::DeclContext &Context,
               const clang::SourceManager &SM);
  void collect(const clang::Decl *D, const clang::SourceManager &SM);
  llvm::StringMap<std::vector<Range>> Ranges;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_ENCLOSINGFUNCTIONS_H
