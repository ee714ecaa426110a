//===--- ItemFilters.h - Guards that filter items, not caches ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A call under `if (name[0] == '.') continue;` or `if (r == -1) continue;`
// still runs for (nearly) every item of a loop; one under
// `if (uid == last) continue; ... last = uid;` runs only when a cache the
// loop keeps misses. The difference is whether the guard reads something a
// later part of the iteration changes for the next one.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_ITEMFILTERS_H
#define SYSCALL_TIDY_CHECKS_ITEMFILTERS_H

#include "StmtParents.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <vector>

namespace clang::tidy::syscall {

class ItemFilters {
public:
  /// Whether \p Cond, a guard inside \p Loop, only filters items: it calls
  /// nothing but pure string and character tests, reads no global that
  /// may change, and reads no variable that \p Loop changes (or writes
  /// through) at or after the guard; the loop's own counter only on the
  /// way to the item (`d[n]->name[0] == '.'`, `p->hidden`; not
  /// `i % 10 == 0`).
  bool filters(const Expr *Cond, const Stmt *Loop, const StmtParents &Parents,
               const ASTContext &Ctx);
  void clear() { Changes.clear(); }

private:
  /// A variable's references in a loop nest, and which of them may change
  /// it or what it points to (mayChange), found when first asked.
  struct VariableChanges {
    /// Every reference until Filtered, then only the changes.
    llvm::SmallVector<const DeclRefExpr *, 2> References;
    bool Filtered = false;
    /// How many of the first i changes store what a call of the program
    /// answers, for each i: a range of changes holds one when its two
    /// ends' counts differ. Empty until asked.
    std::vector<unsigned> ProgramAnswers;
  };
  using ChangeMap = llvm::DenseMap<const VarDecl *, VariableChanges>;
  /// Every variable's references under \p Nest (the outermost loop around
  /// the loop asked about), in source order; one walk per nest. Only
  /// changes inside the loop asked about count, so the code outside loops
  /// is never walked.
  ChangeMap &referencesIn(const Stmt *Nest);
  /// The references of \p Entry that change its variable, filtered once.
  llvm::ArrayRef<const DeclRefExpr *> changesOf(VariableChanges &Entry,
                                                const StmtParents &Parents);
  /// Entry.ProgramAnswers, counted once.
  const std::vector<unsigned> &programAnswersIn(VariableChanges &Entry,
                                                const StmtParents &Parents,
                                                const SourceManager &SM);
  llvm::DenseMap<const Stmt *, std::unique_ptr<ChangeMap>> Changes;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ITEMFILTERS_H
