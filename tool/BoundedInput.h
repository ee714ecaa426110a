//===--- BoundedInput.h - Files and JSON read within limits ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything the tools read that someone else wrote (a compile database, a
// baseline, shard reports, cache entries, a tracer's findings) is read with
// a bound on its size and, for JSON, on its nesting: llvm::json's parser
// recurses once per level, so a document 50,000 levels deep overflows the
// stack, and a link to /dev/zero is endless.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_BOUNDEDINPUT_H
#define SYSCALL_TIDY_TOOL_BOUNDEDINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <optional>
#include <string>

namespace syscall_tidy {

/// Far deeper than any document we read or write needs.
constexpr unsigned MaxJsonDepth = 256;
/// Reports, baselines and compile databases of the largest projects stay
/// well under this.
constexpr uint64_t MaxInputBytes = uint64_t(1) << 30;

/// The text of \p Path, read whole but never more than \p MaxBytes; a
/// directory, or a file larger than the bound (a device that never ends),
/// gives std::nullopt with the reason in \p Error. Only regular files when
/// \p RegularOnly.
std::optional<std::string> readBounded(const std::string &Path,
                                       uint64_t MaxBytes, std::string &Error,
                                       bool RegularOnly = false);

/// \p Text parsed as JSON when it nests at most MaxJsonDepth deep;
/// std::nullopt with the reason in \p Error otherwise.
std::optional<llvm::json::Value> parseBoundedJson(llvm::StringRef Text,
                                                  std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_BOUNDEDINPUT_H
