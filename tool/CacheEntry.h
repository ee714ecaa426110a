//===--- CacheEntry.h - A result cache entry: key, digest, signature -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An entry is the line "syscall-tidy-cache-3 KEY DIGEST SIGNATURE" and then
// its body. KEY is the key it was stored under, DIGEST the SHA-256 of the
// body, SIGNATURE the HMAC-SHA-256 of KEY and DIGEST under a secret ("-"
// without one). Whoever reads an entry checks all three against what it
// asked for: the stores it comes from are untrusted (docs/scale.md).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_CACHEENTRY_H
#define SYSCALL_TIDY_TOOL_CACHEENTRY_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace syscall_tidy {

inline constexpr llvm::StringLiteral EntryFormat = "syscall-tidy-cache-3";
/// An entry holds one unit's findings; a real one is kilobytes.
inline constexpr uint64_t MaxEntryBytes = 64 << 20;

/// The entry that stores \p Body under \p Key, signed when \p Secret is
/// not empty.
std::string sealEntry(llvm::StringRef Key, llvm::StringRef Body,
                      llvm::StringRef Secret);

/// The body of \p Entry when it was stored under \p Key and is whole and,
/// when \p Secret is not empty, signed with it; std::nullopt otherwise.
std::optional<llvm::StringRef>
openEntry(llvm::StringRef Entry, llvm::StringRef Key, llvm::StringRef Secret);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CACHEENTRY_H
