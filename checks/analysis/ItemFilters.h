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
  void clear() {
    Changes.clear();
    ProgramAnswers.clear();
  }

private:
  using ChangeMap = llvm::DenseMap<const VarDecl *,
                                   llvm::SmallVector<const DeclRefExpr *, 2>>;
  /// Per variable of the function whose body is \p Root, the references
  /// that may change it or what it points to, in source order; one walk of
  /// the body per function.
  const ChangeMap &changesIn(const Stmt *Root, const StmtParents &Parents);
  /// For \p Var's \p Changes (changesIn()), how many of the first i store
  /// what a call of the program answers, for each i: a range of changes
  /// holds one when its two ends' counts differ.
  const std::vector<unsigned> &
  programAnswersIn(const VarDecl *Var,
                   llvm::ArrayRef<const DeclRefExpr *> Changes,
                   const StmtParents &Parents, const SourceManager &SM);
  llvm::DenseMap<const Stmt *, std::unique_ptr<ChangeMap>> Changes;
  llvm::DenseMap<const VarDecl *, std::vector<unsigned>> ProgramAnswers;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ITEMFILTERS_H
