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

namespace clang::tidy::syscall {

/// The parent of every statement under a root (a function's body).
class StmtParents {
public:
  explicit StmtParents(const Stmt *Root);

  /// The statement \p S is a child of; null for the root and for
  /// statements outside it.
  const Stmt *getParent(const Stmt *S) const { return Parents.lookup(S); }
  Stmt *getParent(Stmt *S) const {
    return const_cast<Stmt *>(Parents.lookup(S));
  }
  /// The bytes the map holds.
  size_t memoryBytes() const { return Parents.memoryBytes(); }
  /// The first parent that is not a parenthesis or a cast.
  const Stmt *getParentIgnoreParenCasts(const Stmt *S) const;
  Stmt *getParentIgnoreParenCasts(Stmt *S) const {
    return const_cast<Stmt *>(
        getParentIgnoreParenCasts(static_cast<const Stmt *>(S)));
  }

private:
  struct NonNull {
    bool operator()(const Stmt *S) const { return S; }
  };
  StmtMap<const Stmt *, NonNull> Parents;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STMTPARENTS_H
