//===--- Fixes.h - Project-wide --fix and --diff
//---------------------------===//

#ifndef SYSCALL_TIDY_TOOL_FIXES_H
#define SYSCALL_TIDY_TOOL_FIXES_H

#include "Findings.h"
#include "llvm/ADT/StringMap.h"

namespace syscall_tidy {

/// Applies each distinct edit of the findings' fixes once, across files. On
/// overlapping edits no file is touched and \p Error names both findings.
bool applyFixes(const std::vector<Finding> &Findings, unsigned &Applied,
                std::string &Error);

/// Changed lines per absolute path: [first, last] ranges.
using ChangedLines =
    llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>>;

/// Reads the lines a change touches: `git diff -U0 <Rev>` run in the current
/// directory, or a unified diff on standard input when \p Rev is "-".
bool loadDiff(llvm::StringRef Rev, ChangedLines &Changed, std::string &Error);

/// Whether \p F starts on a changed line.
bool touches(const ChangedLines &Changed, const Finding &F);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FIXES_H
