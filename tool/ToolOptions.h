//===--- ToolOptions.h - What the command line asks for -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_TOOLOPTIONS_H
#define SYSCALL_TIDY_TOOL_TOOLOPTIONS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace syscall_tidy {

/// Every flag of a run, spelled as clang-tidy 19 spells it where clang-tidy
/// has it. Optional members are unset when the flag was not given, so the
/// configuration files decide.
struct ToolOptions {
  std::string Argv0;
  std::vector<std::string> SourcePaths; ///< "-": standard input
  /// The name standard input is analysed under (clang-format's flag).
  std::string AssumeFilename;
  std::string BuildPath;
  /// The compile command after `--`, when there is one.
  std::optional<std::vector<std::string>> CommandLine;

  // Configuration.
  std::optional<std::string> Checks;
  std::string Config, ConfigFile;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> HeaderFilter, ExcludeHeaderFilter;
  std::optional<bool> SystemHeaders;
  std::optional<std::string> FormatStyle;
  std::string LineFilter;
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  std::string VfsOverlay;
  bool DumpConfig = false, ExplainConfig = false, VerifyConfig = false;
  bool ListChecks = false, AllowNoChecks = false;

  // Fixes.
  bool Fix = false, FixErrors = false, FixNotes = false;
  std::string ExportFixes;

  // Output.
  bool Quiet = false;
  std::optional<bool> UseColor;
  bool EnableCheckProfile = false;
  std::string StoreCheckProfile;
  std::string Format = "text";
  std::string Output; ///< the --format report's file; empty: stdout
  /// --output=FORMAT:FILE: the same findings in more formats.
  std::vector<std::pair<std::string, std::string>> ExtraOutputs;
  std::string FailOn = "warning";
  std::string SourceRoot;
  std::string Diff;
  bool ThroughIncluders = false;
  /// --diff without files: the inputs are the changed files (set by main).
  bool ChangedOnly = false;
  /// A named file the database does not build: skip, guess or error.
  std::string MissingFiles = "skip";
  std::string Shard;         ///< "K/N": the K-th of N parts of the inputs
  std::string Baseline;      ///< a JSON output whose findings are hidden
  std::string WriteBaseline; ///< where to write the findings as a baseline
  bool Merge = false;        ///< the inputs are JSON reports to merge
  std::string CacheDir;      ///< the local result cache; empty: none
  std::string CacheUrl;      ///< the shared result cache; empty: none
  uint64_t CacheMaxBytes = 0;
  bool CacheSigned = false; ///< entries carry an HMAC (a key may be absent)

  unsigned Jobs = 0;

  /// Serve an editor over the Language Server Protocol on stdin/stdout.
  bool Lsp = false;
  unsigned LspDebounceMs = 250; ///< quiet time after an edit before analysis
};

/// Fills \p Options from the command line. Returns false with \p Exit set
/// when the run ends here: 0 after --help or --version, 2 after an error
/// (already printed, one line).
bool parseToolOptions(int Argc, const char **Argv, ToolOptions &Options,
                      int &Exit);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_TOOLOPTIONS_H
