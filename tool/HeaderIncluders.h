//===--- HeaderIncluders.h - Headers analysed through their includers ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_HEADERINCLUDERS_H
#define SYSCALL_TIDY_TOOL_HEADERINCLUDERS_H

#include "ChangedLines.h"
#include "CompileCommands.h"
#include "ToolOptions.h"
#include <string>
#include <vector>

namespace syscall_tidy {

/// Whether \p File is named like a header (.h, .hh, .hpp, .hxx, .inc, ...).
bool isHeaderName(llvm::StringRef File);

/// For --through-includers: widens the header filter of \p Options to the
/// headers among its inputs, so that their findings are not filtered out.
void admitNamedHeaders(ToolOptions &Options);

/// For --through-includers: replaces each header among \p Files by the
/// translation units of the database that include it, and records in
/// \p Named every file the user named, with all its lines, so that only
/// their findings are reported. The includes of each unit come from a
/// preprocessor scan kept in <build>/.syscall-tidy-includes.json and redone
/// for a unit when it or one of the files it read changed (size or time).
/// A header nothing includes is left out, with a note.
void expandHeaders(std::vector<std::string> &Files,
                   const AdjustedCompilations &Compilations,
                   const ToolOptions &Options, ChangedLines &Named,
                   std::vector<std::string> &Notes);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_HEADERINCLUDERS_H
