//===--- StmtParents.h - Each statement's parent in one function body ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What clang's ParentMap answers, for the checks' questions, on a map laid
// out by address (AddressMap.h): a hash table of a big function's nodes
// missed the caches on nearly every lookup.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_STMTPARENTS_H
#define SYSCALL_TIDY_CHECKS_STMTPARENTS_H

#include "AddressMap.h"
#include "clang/AST/Stmt.h"
#include <cstdint>

namespace clang::tidy::syscall {

/// The parent of every statement under a root (a function's body).
class StmtParents {
public:
  explicit StmtParents(const Stmt *Root);

  /// The statement \p S is a child of; null for the root and for
  /// statements outside it.
  const Stmt *getParent(const Stmt *S) const {
    const int32_t Steps = Parents.lookup(S);
    if (Steps == 0)
      return nullptr;
    if (Steps == FarAway)
      return Far.lookup(S);
    return reinterpret_cast<const Stmt *>(reinterpret_cast<intptr_t>(S) +
                                          static_cast<intptr_t>(Steps) * 8);
  }
  Stmt *getParent(Stmt *S) const {
    return const_cast<Stmt *>(getParent(static_cast<const Stmt *>(S)));
  }
  /// The bytes the map holds.
  size_t memoryBytes() const {
    return Parents.memoryBytes() + Far.getMemorySize();
  }
  /// The first parent that is not a parenthesis or a cast.
  const Stmt *getParentIgnoreParenCasts(const Stmt *S) const;
  Stmt *getParentIgnoreParenCasts(Stmt *S) const {
    return const_cast<Stmt *>(
        getParentIgnoreParenCasts(static_cast<const Stmt *>(S)));
  }

private:
  /// Whether \p Parent of \p Child was filed.
  bool file(const Stmt *Child, const Stmt *Parent);

  /// A parent is filed as its distance from the child in 8-byte steps
  /// (nodes are 8-byte aligned, and a parent is built just after its
  /// children): half a pointer, and the map is a slot per 16 bytes of AST.
  /// One too far for that is filed in Far.
  static constexpr int32_t FarAway = INT32_MIN;
  struct Filed {
    bool operator()(int32_t Steps) const { return Steps != 0; }
  };
  StmtMap<int32_t, Filed> Parents;
  llvm::DenseMap<const Stmt *, const Stmt *> Far;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STMTPARENTS_H
