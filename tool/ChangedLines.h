//===--- ChangedLines.h - The lines a change touches (--diff) ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_CHANGEDLINES_H
#define SYSCALL_TIDY_TOOL_CHANGEDLINES_H

#include "Findings.h"
#include "llvm/ADT/StringMap.h"

namespace syscall_tidy {

/// Changed lines per absolute path: [first, last] ranges.
using ChangedLines =
    llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>>;

/// Reads the lines a change touches: `git diff -U0 <Rev>` run in the current
/// directory, or a unified diff on standard input when \p Rev is "-".
bool loadDiff(llvm::StringRef Rev, ChangedLines &Changed, std::string &Error);

/// Whether \p F starts on a changed line.
bool touches(const ChangedLines &Changed, const Finding &F);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CHANGEDLINES_H
