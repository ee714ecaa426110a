//===--- Fixes.h - Project-wide --fix -------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_FIXES_H
#define SYSCALL_TIDY_TOOL_FIXES_H

#include "Findings.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace syscall_tidy {

struct FixResult {
  unsigned Edits = 0;    ///< distinct edits applied
  unsigned Findings = 0; ///< findings whose fix was applied
};

/// Applies each distinct edit of the findings' fixes once, across files,
/// reformatting around the edits with the clang-format style \p StyleOf
/// names for a file ("" or "none": no reformatting). Each changed file is
/// written to a temporary file beside it and renamed over it, all or none:
/// on overlapping edits or any write failure no file is changed and
/// \p Error says why.
bool applyFixes(const std::vector<Finding> &Findings,
                llvm::function_ref<std::string(llvm::StringRef)> StyleOf,
                const SourceTexts &Texts, FixResult &Result,
                std::string &Error);

struct NewContent {
  std::string Path;
  std::string OldHash; ///< contentHash() of the text the fixes were made on
  std::string Text;
};

/// Replaces the files in \p Contents as one step, each as StagedFile does:
/// only when every new text is written beside its file, and every file
/// still has the text the fixes were made on, is any put in place.
bool replaceFiles(const std::vector<NewContent> &Contents, std::string &Error);

/// --export-fixes: the errors of all translation units as the YAML that
/// clang-apply-replacements reads, each header's error once.
void exportFixes(llvm::StringRef MainFile,
                 const std::vector<clang::tidy::ClangTidyError> &Errors,
                 llvm::raw_ostream &OS);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FIXES_H
