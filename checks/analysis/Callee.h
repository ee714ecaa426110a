//===--- Callee.h - The function a call runs ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Code with backends or test seams calls the C library and its own
// wrappers through tables of function pointers: `ops.write(fd, buf, n)`,
// `(*do_open)(path, flags)`, `s->write(fd, buf, n)`. Such a call runs one
// known function when the table cannot hold another: it is constant
// (const-qualified, so a store into it is undefined behaviour) and its
// initialiser names the function; or it is a field of a record only this
// unit defines (in its main file: no other unit can name the field) and
// every value the unit gives the field names the function. Another table
// may be written where no analysis of one unit sees (through a pointer,
// from another unit, by an API), so its calls stay unknown.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_CALLEE_H
#define SYSCALL_TIDY_CHECKS_CALLEE_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::syscall {

/// The function \p Call runs: its direct callee, or for a call through a
/// function pointer the one function the pointer can hold, read from a
/// constant's initialiser: a const pointer (`static ssize_t (*const
/// put)(int, const void *, size_t) = write;`), a field of a const struct or
/// array of structs (`ops.write`, `ops[i].write` when every element holds
/// the same function, `ops[1].write`), through a const pointer to one
/// (`static const struct io *const io = &posix_io;`); or a field of a
/// record the main file defines, whatever object holds it, when every
/// initialiser and store of the field in the unit names the function (or
/// is null) and none may store anything else (`&s->write`, a non-const
/// reference, a value not known). Null when the call may run more than one
/// function or one the code does not name.
const FunctionDecl *calleeOf(const CallExpr *Call);

/// Whether \p D is declared in a system header (where the macro that wrote
/// it, if any, expands): the C library's, whose body says nothing of the
/// program.
bool declaredInSystemHeader(const Decl *D, const SourceManager &SM);

/// Whether \p Call runs calleeOf(Call) through a function pointer: its
/// callee, as written, is not the function's name, so an edit of the call
/// must replace the whole callee expression.
bool isThroughPointer(const CallExpr *Call);

/// Every value the unit gives the function pointer fields of the main
/// file's records: initialisers (brace, designated, constructor), stores,
/// and the places that may store anything (`&s->f`, a non-const reference).
/// calleeOf() reads them for a call through such a field. They are
/// gathered from the main file's declarations: by the call index's walk of
/// a C unit, which visits those anyway (a walk of its own cost a few per
/// cent of a big unit's process), or by a walk of their own the first time
/// calleeOf() asks.
class FieldFunctions {
public:
  struct Held {
    llvm::SmallVector<const FunctionDecl *, 2> Functions;
    bool Unknown = false;
  };

  /// \p Ctx's, walked for if no walk has gathered them.
  static const FieldFunctions &of(ASTContext &Ctx);
  /// Starts gathering \p Ctx's from a walk of the caller's, which hands
  /// every node of the main file's declarations below to it, and done()
  /// after the last; null when they are known already. Until done(), no
  /// field's functions are known: calleeOf() of a call through one is null.
  static FieldFunctions *gather(ASTContext &Ctx);
  void done() { Gathering = false; }

  /// A function or variable declaration.
  void declaration(const Decl *D);
  /// \p Field is given \p Value, or anything when it is null.
  void initialiser(const FieldDecl *Field, const Expr *Value);
  void memberInitialiser(const CXXCtorInitializer *Init);
  void assignment(const BinaryOperator *BO);
  void addressOf(const UnaryOperator *UO);
  void call(const CallExpr *Call);

  /// What \p Field holds; null while gathering, and for a field of a record
  /// that another unit defines too.
  const Held *held(const FieldDecl *Field) const;

private:
  FieldFunctions() = default;
  void share(QualType T);

  llvm::DenseMap<const FieldDecl *, Held> Fields;
  /// Records that another unit defines too (declaration()).
  llvm::DenseSet<const RecordDecl *> Shared;
  bool Gathering = false;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_CALLEE_H
