//===--- FindingsJson.h - Findings to and from the JSON schema -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One finding has one JSON form (docs/integration.md): the --format=json
// output, the reports --merge and --baseline read, and the result cache's
// entries all use it, so that a finding read back is the finding written.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_FINDINGSJSON_H
#define SYSCALL_TIDY_TOOL_FINDINGSJSON_H

#include "Findings.h"
#include "llvm/Support/JSON.h"

namespace syscall_tidy {

/// The "version" of --format=json reports; readers accept only this one.
constexpr int64_t ReportFormatVersion = 1;

/// Writes \p F as JSON to \p J, with no object built first (a report of
/// 16,000 findings built 16,000 objects of maps of values); the
/// fingerprint's file is relative to \p SourceRoot. The keys come sorted,
/// as llvm::json::Object prints them.
void writeFinding(llvm::json::OStream &J, const Finding &F,
                  llvm::StringRef SourceRoot);

/// The finding \p Value describes; false when it is not one.
bool findingFromJson(const llvm::json::Value &Value, Finding &F);

/// What a --format=json report holds.
struct JsonReport {
  std::vector<Finding> Findings; ///< with a shard's candidates
  unsigned Units = 0; ///< translation units analysed; 0 when not said
  /// A shard's units' facts for the candidates of all shards, and the
  /// units of the database the shards split (0 when not said).
  std::vector<std::string> Facts;
  size_t DatabaseUnits = 0;
};

/// \p Lines as a JSON array of strings, and back (non-strings skipped).
llvm::json::Array stringArray(llvm::ArrayRef<std::string> Lines);
std::vector<std::string> stringsOf(const llvm::json::Array *Array);

/// The "findings" of the syscall-tidy --format=json report in \p Path,
/// parsed into \p Document; null with a one-line \p Error naming the file
/// after \p Flag when it cannot be read or is not such a report.
const llvm::json::Array *findingsArray(const std::string &Path,
                                       llvm::StringRef Flag,
                                       llvm::json::Value &Document,
                                       std::string &Error);

/// Reads the report in \p Path; false with a one-line \p Error naming it
/// after \p Flag when it cannot be read or is not one.
bool readJsonReport(const std::string &Path, llvm::StringRef Flag,
                    JsonReport &Report, std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_FINDINGSJSON_H
