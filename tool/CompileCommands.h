//===--- CompileCommands.h - The compile commands of a run ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_COMPILECOMMANDS_H
#define SYSCALL_TIDY_TOOL_COMPILECOMMANDS_H

#include "ToolOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace syscall_tidy {

/// A database whose commands clang can take, adjusted as clangd adjusts a
/// gcc-built project's commands: flags clang does not know are dropped (one
/// note per flag), dependency-file output (-M*, -Wp,-MD,...) and -o/-c are
/// dropped. Entries that are not C or C++ (assembly) are for the caller to
/// skip (isCOrCxxFile).
class AdjustedCompilations : public clang::tooling::CompilationDatabase {
public:
  explicit AdjustedCompilations(
      std::unique_ptr<clang::tooling::CompilationDatabase> Inner)
      : Inner(std::move(Inner)) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;

  /// Why \p File cannot be analysed as the database says (no command, a
  /// working directory that does not exist); empty when it can.
  std::string problem(llvm::StringRef File) const;

  /// One line per flag dropped so far, with how many commands had it.
  std::vector<std::string> droppedFlags() const;

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner;
  mutable std::mutex Lock;
  mutable std::map<std::string, unsigned> Dropped;
  /// Each file's commands, adjusted once (checked before the run, then
  /// analysed).
  mutable llvm::StringMap<std::vector<clang::tooling::CompileCommand>> Adjusted;
};

/// Whether \p File is C or C++ (or Objective-C) by its name.
bool isCOrCxxFile(llvm::StringRef File);

/// The database of a run: the command after `--`, `-p <dir>`, or the
/// compile_commands.json above the first file. Null with \p Error set when
/// there is none or it cannot be read.
std::unique_ptr<AdjustedCompilations>
loadCompilations(const ToolOptions &Options, std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_COMPILECOMMANDS_H
