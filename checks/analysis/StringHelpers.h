//===--- StringHelpers.h - Prefixes, suffixes and name lists -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Spelled here rather than with StringRef's members, which changed names
// between the LLVM majors the checks build against (starts_with from 16,
// startswith gone in 19), and clang-tidy's list parser, which returns copies
// before 16.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_STRINGHELPERS_H
#define SYSCALL_TIDY_CHECKS_STRINGHELPERS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace clang::tidy::syscall {

inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
  return S.substr(0, Prefix.size()) == Prefix;
}
inline bool endsWith(llvm::StringRef S, llvm::StringRef Suffix) {
  return S.size() >= Suffix.size() && S.take_back(Suffix.size()) == Suffix;
}
inline bool endsWithInsensitive(llvm::StringRef S, llvm::StringRef Suffix) {
  return S.size() >= Suffix.size() &&
         S.take_back(Suffix.size()).equals_insensitive(Suffix);
}

/// The names in a list option ("a;b", "a, b"), as views into \p Value.
inline std::vector<llvm::StringRef> nameList(llvm::StringRef Value) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Value.split(Parts, ';', -1, false);
  std::vector<llvm::StringRef> Names;
  for (llvm::StringRef Part : Parts) {
    llvm::SmallVector<llvm::StringRef, 4> Items;
    Part.split(Items, ',', -1, false);
    for (llvm::StringRef Item : Items)
      if (!Item.trim().empty())
        Names.push_back(Item.trim());
  }
  return Names;
}

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STRINGHELPERS_H
