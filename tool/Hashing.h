//===--- Hashing.h - SHA-1 of texts and of lists of parts ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The hashes that must be the same on every machine and in every build: a
// finding's fingerprint and the result cache's keys and file hashes.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_HASHING_H
#define SYSCALL_TIDY_TOOL_HASHING_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA1.h"
#include <string>

namespace syscall_tidy {

/// A SHA-1 of a list of parts, each ended by a NUL, so that ("ab", "c")
/// and ("a", "bc") hash apart.
class PartHasher {
public:
  PartHasher &add(llvm::StringRef Part) {
    Hash.update(Part);
    Hash.update(llvm::StringRef("\0", 1));
    return *this;
  }
  /// The hash in lower-case hex; the hasher is spent after it.
  std::string hex() { return llvm::toHex(Hash.final(), /*LowerCase=*/true); }

private:
  llvm::SHA1 Hash;
};

/// A hash of \p Text, as the cache's entries record files.
inline std::string contentHash(llvm::StringRef Text) {
  return llvm::toHex(llvm::SHA1::hash(llvm::arrayRefFromStringRef(Text)),
                     /*LowerCase=*/true);
}

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_HASHING_H
