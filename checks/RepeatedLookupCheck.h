//===--- RepeatedLookupCheck.h - syscall-repeated-lookup -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_REPEATEDLOOKUPCHECK_H
#define SYSCALL_TIDY_CHECKS_REPEATEDLOOKUPCHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "analysis/HeldFiles.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::syscall {

/// Finds a lookup of a path whose answer the code already has or does not
/// need: the same stat, lstat or access of the same unchanged path again
/// with nothing between that could change the file, and an existence test
/// whose only use is to fail right before a create that fails with EEXIST
/// by itself (open with O_CREAT | O_EXCL, fopen "x", mkdir, link, symlink,
/// mknod, mkfifo).
class RepeatedLookupCheck : public WalkingCheck {
public:
  RepeatedLookupCheck(StringRef Name, ClangTidyContext *Context);
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void endUnit() override {
    Held.clear();
    Indexed.clear();
    Changes.clear();
    Lookups.clear();
    Next.clear();
    Previous.clear();
    Compares.clear();
  }

private:
  /// Whether the code compares two answers about the file on purpose (did
  /// the path stay the file it opened?): it reads the lookup's st_ino or
  /// st_dev, or asks fstat of the descriptor too.
  bool comparesFiles(const CallExpr *Lookup, const VarDecl *Held,
                     const FunctionDecl *Func);
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  /// The exclusive create of \p Lookup's path that the statement after
  /// the if testing \p Lookup makes, when that if only leaves on the path
  /// being found; null otherwise.
  const CallExpr *exclusiveCreateAfter(const CallExpr *Lookup,
                                       const FunctionDecl *Func,
                                       ASTContext &Ctx);
  bool createsExclusively(const CallExpr *Call, const Expr *Path,
                          ASTContext &Ctx);
  /// The same lookup of the same path earlier in \p Lookup's block, with
  /// nothing between that may change the file or the path; null if none.
  const CallExpr *sameLookupBefore(const CallExpr *Lookup,
                                   const FunctionDecl *Func, ASTContext &Ctx);
  /// Whether the path variable of \p First is stored to between the two.
  bool pathChangedBetween(const CallExpr *First, const CallExpr *Second,
                          const FunctionDecl *Func);
  /// A stat by path of a file the function holds open: fstat.
  void reportHeldLookup(const CallExpr *Lookup, const HeldFile &File,
                        const std::string &Path, ASTContext &Ctx);
  /// A change by path right after the descriptor was closed: its f-form
  /// before the close.
  void reportChangeAfterClose(const CallSite &Site, ASTContext &Ctx);
  /// Records each statement's neighbours in \p Block, once per block.
  void indexBlock(const CompoundStmt *Block);

  const OpenFunctionTable Opens{{}, {}};
  PosixConstants Constants;
  FunctionCache Functions;
  HeldFiles Held;
  /// What other units must say for the last create createsExclusively()
  /// accepted (an open through another unit's wrapper).
  Requirement Needs;
  llvm::DenseSet<const CompoundStmt *> Indexed;
  llvm::DenseMap<const Stmt *, const Stmt *> Next, Previous;
  CallsByFunction Changes, Lookups;
  /// comparesFiles()'s answer per stat buffer and per held descriptor.
  llvm::DenseMap<const VarDecl *, bool> Compares;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_REPEATEDLOOKUPCHECK_H
