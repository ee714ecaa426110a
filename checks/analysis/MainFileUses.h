//===--- MainFileUses.h - Where a declaration is used in the main file ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Some rules need every use of a function or variable in the translation
// unit (a static helper's callers, a static FILE*'s assignments). Walking the
// whole AST with a matcher costs as much as the rest of a check's run in a
// C++ file that includes <fstream>; the uses that matter are in the main
// file, so only its declarations are walked.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_MAINFILEUSES_H
#define SYSCALL_TIDY_CHECKS_MAINFILEUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <vector>

namespace clang::tidy::syscall {

struct MainFileUses {
  /// How many references name the declaration (the rules compare counts:
  /// a list cost a push per name of the unit).
  unsigned References = 0;
  /// Calls of it (the declaration is the callee), with their function.
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Calls;
  /// Calls that take it as a direct argument, with their function.
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> ArgumentOf;
  /// Assignments to it, with their function.
  std::vector<std::pair<const BinaryOperator *, const FunctionDecl *>>
      Assignments;
  /// How many references read its value (and do nothing else with it).
  unsigned ValueReads = 0;
  /// For a field: every expression naming it (`s.f`, `p->f`, a member
  /// `f_`), and the values it gets outside assignments (an initialiser
  /// list's or a constructor's), each with its function.
  std::vector<std::pair<const MemberExpr *, const FunctionDecl *>> Members;
  std::vector<std::pair<const Expr *, const FunctionDecl *>> Initialisers;
};

/// \p List as clang completes it (every member in its place, designators
/// resolved, elided braces restored): a walk of the AST reaches the list as
/// written. Null for null.
const InitListExpr *completedForm(const InitListExpr *List);

/// Calls \p Each with every field the brace initialiser \p List gives a
/// value, and that value, in its records and arrays too (unions and
/// implicit zeros left out). A walk reaches the list as written, and its
/// nested lists again: \p Seen keeps each list to one call.
void forEachInitialisedField(
    const InitListExpr *List, llvm::DenseSet<const InitListExpr *> &Seen,
    llvm::function_ref<void(const FieldDecl *, const Expr *)> Each);

/// The uses of every declaration in the main file but locals and
/// parameters (FunctionCache::uses has those), found in the call index's
/// walk of the unit (CallIndex::mainFile): a question per helper or stream
/// then costs its own uses, not the file.
class MainFileIndex {
public:
  const MainFileUses &of(const ValueDecl *D) const;

private:
  friend class CallIndexer; // fills it in the call index's walk
  llvm::DenseMap<const ValueDecl *, MainFileUses> Uses;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_MAINFILEUSES_H
