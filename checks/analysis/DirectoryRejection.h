//===--- DirectoryRejection.h - A stat made only to reject directories ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Given a stat-like call, decides whether its result serves only to reject a
// directory (every use of the buffer is an S_ISDIR test whose directory
// branch fails), and which statements a fix has to remove with it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_DIRECTORYREJECTION_H
#define SYSCALL_TIDY_CHECKS_DIRECTORYREJECTION_H

#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "Place.h"
#include "StmtParents.h"
#include "VariableUses.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace clang::tidy::syscall {

/// The statements that exist only for the directory rejection.
struct RejectionPlan {
  /// The compound statement holding the removed statements.
  const CompoundStmt *Block = nullptr;
  /// Consecutive statements of Block: the stat and its checks.
  llvm::SmallVector<const Stmt *, 4> Statements;
  /// Declarations that become unused (the buffer, the result variable),
  /// possibly outside Statements.
  llvm::SmallVector<const DeclStmt *, 2> UnusedDecls;
  /// Why the fix must not be applied automatically; empty when it may.
  std::string Unsafe;
};

class DirectoryRejection {
public:
  /// \p Parents and \p Uses are the function's, built once for all the
  /// stat calls in it. With \p Flow, uses of the buffer that the stat's
  /// value cannot reach (an earlier `lstat` into the same buffer) are not
  /// its.
  DirectoryRejection(const Stmt *Body, const StmtParents &Parents,
                     const VariableUses &Uses, ASTContext &Ctx,
                     const PosixConstants &Constants,
                     const FunctionFlow *Flow = nullptr)
      : Body(Body), Parents(Parents), Uses(Uses), Ctx(Ctx),
        Constants(Constants), Flow(Flow) {}

  /// Whether the stat-like \p StatCall writing into \p Buffer (member
  /// \p ModeField holds the file type) is used only to reject directories.
  /// \p Tracked is the descriptor or stream whose release (close, fclose,
  /// `fd = -1`) counts as part of a rejection, and so does \p CopiedFrom's,
  /// the place \p Tracked is a copy of (`int fd = fileno(f);`). Fills
  /// \p Plan.
  bool analyze(const CallExpr *StatCall, const VarDecl *Buffer,
               llvm::StringRef ModeField, const Place *Tracked,
               RejectionPlan &Plan, const Place *CopiedFrom = nullptr);

  /// Whether \p Branch, taken for a directory, only rejects it (fails, or
  /// releases \p Tracked and goes on without it).
  bool rejects(const Stmt *Branch, const Place *Tracked) {
    this->Tracked = Tracked;
    Source = nullptr;
    return isRejection(Branch);
  }

  const StmtParents &parents() const { return Parents; }

private:
  std::string planRemoval(const CallExpr *StatCall, const VarDecl *Buffer,
                          RejectionPlan &Plan);
  bool collectModeUses(const VarDecl *Var, llvm::StringRef ModeField,
                       bool IsCopy, int Depth);
  bool isDirectoryTest(const Expr *ModeUse, const Expr *&Test);
  const Stmt *parentIgnoringParens(const Stmt *S) const;
  bool classifyStatStatement(const CallExpr *StatCall, const Stmt *&Top,
                             const CompoundStmt *&Block);
  bool isRemovableIf(const Stmt *S, const CallExpr *StatCall);
  bool isStatCondition(const Expr *Cond, const CallExpr *StatCall,
                       bool &OtherTerms) const;
  bool isRejection(const Stmt *S);
  bool isRejection(llvm::ArrayRef<const Stmt *> Body);
  bool isFailureValue(const Expr *E) const;
  bool endsPath(const Stmt *S) const;
  /// The uses of \p Var; for the stat's \p Buffer, with a flow graph, those
  /// that may read what the stat wrote (not an earlier `lstat`'s into the
  /// same buffer).
  llvm::SmallVector<const DeclRefExpr *, 8> statReaders(const VarDecl *Var,
                                                        bool Buffer) const;
  bool refersToRemovedVar(const Stmt *S) const;
  /// The statement `m = <ModeUse>;` storing the stat's mode in \p Copy, a
  /// local declared alone without a value that gets no other; null if none.
  const Stmt *copyStore(const Expr *ModeUse, const VarDecl *&Copy) const;
  void noteCalls(const Stmt *S, const CallExpr *StatCall);
  /// Whether \p E names the tracked handle or the place it was copied from.
  bool isHandle(const Expr *E) const {
    return (Tracked && Tracked->denotes(E)) || (Source && Source->denotes(E));
  }

  const Stmt *Body;
  const StmtParents &Parents;
  const VariableUses &Uses;
  ASTContext &Ctx;
  const PosixConstants &Constants;
  const FunctionFlow *Flow;
  const CallExpr *Stat = nullptr;

  const Place *Tracked = nullptr;
  const Place *Source = nullptr;
  const VarDecl *Result = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 4> RemovedVars;
  llvm::SmallVector<const Expr *, 4> DirectoryTests;
  /// The statements of st_mode's copies that go with the stat: `mode_t m =
  /// st.st_mode;`, or `mode_t m;` and `m = st.st_mode;`.
  llvm::SmallVector<const Stmt *, 2> CopyStatements;
  std::string Unsafe;
  bool FallThroughRejection = false;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_DIRECTORYREJECTION_H
