//===--- FieldFacts.h - What a file does with its descriptor fields ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Real code opens a descriptor into a struct field in one function
// (`im->fd = open(...)`) and seeks, writes or stats it in others. When the
// record is defined in the main file, no other file can name the field, so
// every store into it and every use of it is in view: the facts that hold
// at each of them hold at any use. A record of a header is shared by the
// units that include it: each exports what its stores put into the fields
// (CrossUnitFacts), and a use's facts are what all units' stores agree on.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FIELDFACTS_H
#define SYSCALL_TIDY_CHECKS_FIELDFACTS_H

#include "CrossUnitFacts.h"
#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "Place.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::syscall {

class FieldFacts {
public:
  FieldFacts(FunctionCache &Functions, const OpenFunctionTable &Opens,
             const FdOperationTable &Operations,
             const PosixConstants &Constants)
      : Functions(Functions), Opens(Opens), Operations(Operations),
        Constants(Constants) {}

  /// The field \p P ends in (`fd` of `im->fd`) when its record is defined
  /// in the main file with the bodies of all its member functions and no
  /// friends, so that all its uses are in this unit; else null.
  static const FieldDecl *privateField(const Place &P, ASTContext &Ctx);

  /// The name other units know \p Field by (its USR), when its record is
  /// defined in a header of the user's code and it can hold a descriptor
  /// or a FILE*; else "".
  static std::string sharedFieldName(const FieldDecl *Field, ASTContext &Ctx);

  /// The fact that some unit stores a value of \p Kind into the field
  /// \p Name: "fd:w" (an open for writing), "fd:wa" (appending), "fd:r",
  /// "stream:w", "stream:wa", "stream:r", or "other" (any other value, a
  /// run-time mode, a modification, its address taken).
  static std::string storeFact(llvm::StringRef Name, llvm::StringRef Kind);

  /// Exports what the stores of this unit's code (its own file and the
  /// user's headers) put into the fields of header records.
  void exportStores(CrossUnitFacts &Facts, ASTContext &Ctx);

  /// One of the opens every store into \p Field makes, when each store is
  /// an open (directly or through a local that holds one) with the same
  /// access mode, or a constant <= 0 (no descriptor), and the field's
  /// address is never taken. An open through another unit's wrapper counts
  /// too: its Needs are all the stores' (a checker's candidate carries them).
  std::optional<OpenCall> storedOpen(const FieldDecl *Field, ASTContext &Ctx);

  /// Whether no use of the descriptor in \p Field relies on the file offset
  /// that an earlier function call left: every read, write or tell through
  /// it is preceded in its own function by an absolute seek or by the
  /// open, and the field is never copied out. Calls of \p Helper (the
  /// function whose seek a check would fuse away) are left to the caller;
  /// their leftover offset counts as relied on.
  bool offsetNeverInherited(const FieldDecl *Field, const FunctionDecl *Helper,
                            ASTContext &Ctx);

  void clear() {
    Stored.clear();
    Inherited.clear();
    Opening.clear();
    for (MakerDefinitions &Known : OpenDefinitions)
      Known.clear();
  }

private:
  struct Use {
    const Expr *E;
    const FunctionDecl *Func;
  };
  bool usesInheritOffset(llvm::ArrayRef<Use> Uses, const FunctionDecl *Helper,
                         unsigned Depth, ASTContext &Ctx);
  bool callInheritsOffset(const CallExpr *Call, const Place &Where,
                          const FunctionDecl *Func, const FunctionDecl *Helper,
                          unsigned Depth, ASTContext &Ctx);
  bool seekedFirst(const CallExpr *Call, const Place &Where,
                   const FunctionDecl *Func, ASTContext &Ctx);
  std::optional<OpenCall> openOfValue(const Expr *Value, const Stmt *At,
                                      const FunctionDecl *Func, ASTContext &Ctx,
                                      bool AcrossUnits = false);
  /// The storeFact() kind of storing \p Value; "" for a constant <= 0
  /// (no descriptor).
  std::string storedKind(const Expr *Value, const Stmt *At,
                         const FunctionDecl *Func, ASTContext &Ctx);

  FunctionCache &Functions;
  const OpenFunctionTable &Opens;
  const FdOperationTable &Operations;
  const PosixConstants &Constants;
  llvm::DenseMap<const FieldDecl *, std::optional<OpenCall>> Stored;
  llvm::DenseMap<std::pair<const FieldDecl *, const FunctionDecl *>, bool>
      Inherited;
  /// The functions that call an open-like function (exportStores()).
  llvm::SmallPtrSet<const FunctionDecl *, 16> Opening;
  /// Whether a local is ever given an open's value, before its function's
  /// graph is asked which definitions reach a store; one per value of
  /// openOfValue's AcrossUnits (each keeps one predicate).
  MakerDefinitions OpenDefinitions[2];
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FIELDFACTS_H
