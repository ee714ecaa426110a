//===--- InputFiles.h - The translation units a run analyses ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_INPUTFILES_H
#define SYSCALL_TIDY_TOOL_INPUTFILES_H

#include "CompileCommands.h"
#include "Configuration.h"
#include "ToolOptions.h"
#include "TranslationUnitRunner.h"

namespace syscall_tidy {

/// The files named on the command line, or every file of the database,
/// checked before anything runs: readable (without reading them: a FIFO
/// gives its text once, to the compiler), C or C++, with a usable compile
/// command and a valid configuration. '-' is standard input, read into
/// \p Settings under --assume-filename. Notes (skipped files, dropped
/// flags) go to \p Notes. A named source file that the database has no
/// entry for, and no entry beside it to infer one from (a Windows or BSD
/// file of a Linux build), goes to \p Missing instead of \p Files, unless
/// --missing-files says otherwise. False with \p Error set on the first
/// problem.
bool collectInputFiles(const ToolOptions &Options, const Configuration &Config,
                       const AdjustedCompilations &Compilations,
                       RunSettings &Settings, std::vector<std::string> &Files,
                       std::vector<std::string> &Missing,
                       std::vector<std::string> &Notes, std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_INPUTFILES_H
