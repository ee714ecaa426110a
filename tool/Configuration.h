//===--- Configuration.h - Which checks run, with which options ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_CONFIGURATION_H
#define SYSCALL_TIDY_TOOL_CONFIGURATION_H

#include "ToolOptions.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>

namespace syscall_tidy {

/// The syscall-* checks this tool links and the option keys they read.
struct CheckCatalog {
  CheckCatalog();
  llvm::StringSet<> Names;
  llvm::StringSet<> OptionKeys;
  /// Default value of every option of every check.
  clang::tidy::ClangTidyOptions::OptionMap Defaults;
};

/// Configuration as clang-tidy reads it (.clang-tidy files up the tree,
/// --config, --config-file, the flags), narrowed to our checks: the other
/// checks a project's .clang-tidy names belong to clang-tidy.
class Configuration {
public:
  using FileSystemRef = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>;

  /// Returns null with \p Error set when --config or --config-file is
  /// unreadable or invalid.
  static std::unique_ptr<Configuration> create(const ToolOptions &Options,
                                               std::string &Error);

  /// A provider for one run, reading files through \p FS.
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
  provider(FileSystemRef FS = nullptr) const;

  /// The syscall-* checks enabled for \p File, sorted.
  std::vector<std::string> enabledChecks(llvm::StringRef File) const;

  /// The first error in the configuration of \p File: a syscall-* check or
  /// option that does not exist, a broken .clang-tidy. Empty when none.
  std::string verify(llvm::StringRef File) const;

  /// What in the configuration of \p File clang-tidy accepts with a
  /// meaning the user may not expect (a header regex that does not compile).
  std::vector<std::string> warnings(llvm::StringRef File) const;

  /// UseColor of the configuration of \p File, when it says.
  std::optional<bool> useColor(llvm::StringRef File) const;

  /// Check names in the configuration of \p File that are not ours.
  std::vector<std::string> foreignChecks(llvm::StringRef File) const;

  /// --dump-config: the configuration in effect for \p File as YAML.
  std::string dump(llvm::StringRef File) const;

  /// The clang-format style fixes in \p File are reformatted with
  /// (FormatStyle, --format-style; "none" when unset).
  std::string formatStyle(llvm::StringRef File) const;

  /// --explain-config: where each enabled check was enabled.
  std::vector<std::string> explain(llvm::StringRef File) const;

  const CheckCatalog &catalog() const { return Catalog; }

private:
  Configuration() = default;
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
  userProvider(FileSystemRef FS) const;

  CheckCatalog Catalog;
  clang::tidy::ClangTidyGlobalOptions Global;
  clang::tidy::ClangTidyOptions Defaults, Overrides;
  std::optional<clang::tidy::ClangTidyOptions> Explicit;
  /// Read once: .clang-tidy files are cached per directory, so asking about
  /// every file of a database does not read them again.
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Probe, Queries;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CONFIGURATION_H
