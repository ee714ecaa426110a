//===--- StreamDestination.h - Where output to a stream goes -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Whether a stream writes to a file, to memory, to a terminal or to a
// device decides whether a flush per record costs a write(2) for nothing:
// what an fopen made it, what a local array of streams holds, what the
// callers of a function hand to its std::ostream& parameter (here, and,
// as facts, in other units).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_STREAMDESTINATION_H
#define SYSCALL_TIDY_CHECKS_STREAMDESTINATION_H

#include "CrossUnitFacts.h"
#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace clang::tidy::syscall {

/// Where output to a stream goes, as far as the code tells.
enum class Destination { File, Memory, Stdout, Stderr, Device, Unknown };

/// How far up the callers a std::ostream& parameter is followed.
constexpr unsigned MaxCallerLevels = 3;

/// The local array \p E is an element of (`outs` for `outs[i]`), or null.
const VarDecl *streamArray(const Expr *E);

/// The variable a stream expression names: `f`, or the whole local array
/// of streams for `outs[i]`, whose elements are followed as one place.
const VarDecl *streamVariable(const Expr *E);

/// The record name of a (possibly reference) stream type, in namespace std.
llvm::StringRef stdRecordName(QualType T);

/// The fact that some caller, in any unit, hands a file stream to
/// parameter \p Index of the function other units know as \p Name
/// (\p Kind "file"), or does so in a loop (\p Kind "loop-file").
std::string streamFact(llvm::StringRef Kind, llvm::StringRef Name,
                       unsigned Index);

/// A check's answers about where its unit's streams write.
class StreamDestinations {
public:
  StreamDestinations(const OpenFunctionTable &Opens,
                     const PosixConstants &Constants, FunctionCache &Functions);

  /// Where \p Stream writes; \p Appends (if given) tells whether an open of
  /// it appends ("a" modes). With \p Needs, an open through another unit's
  /// wrapper counts, on the facts it adds there.
  Destination fileDestination(const Expr *Stream, const FunctionDecl *Func,
                              ASTContext &Ctx, bool *Appends = nullptr,
                              Requirement *Needs = nullptr);
  /// Where \p Stream writes, following a std::ostream& parameter to the
  /// callers a few levels up. \p Elsewhere, if given, gets the facts
  /// whereby callers in other units would make it a file.
  Destination streamDestination(const Expr *Stream, const FunctionDecl *Func,
                                ASTContext &Ctx, std::string &Why,
                                unsigned Depth = 0,
                                std::vector<std::string> *Elsewhere = nullptr);
  /// A function that calls \p Func in a loop, passing on the stream it gets
  /// as parameter \p Index (directly or through callers a few levels up).
  /// \p Elsewhere, if given, gets the facts whereby callers in other units
  /// would.
  const FunctionDecl *
  calledInLoop(const FunctionDecl *Func, unsigned Index, ASTContext &Ctx,
               unsigned Depth = 0,
               std::vector<std::string> *Elsewhere = nullptr);
  /// The local array of streams `*fp` (\p Stream) reads through a cursor
  /// that only walks it in \p Func, or null.
  const VarDecl *walkedArray(const Expr *Stream, const FunctionDecl *Func);

private:
  /// The same as fileDestination for the elements of a local array of
  /// streams, as one place.
  Destination arrayDestination(const VarDecl *Array, const FunctionDecl *Func,
                               ASTContext &Ctx, bool *Appends,
                               Requirement *Needs);
  /// Where streams holding one of \p Values write: a file when each is an
  /// fopen of a path for writing.
  Destination valuesDestination(llvm::ArrayRef<const Expr *> Values,
                                ASTContext &Ctx, bool *Appends,
                                Requirement *Needs);
  /// The local array of streams \p Cursor only walks in \p Func
  /// (`FILE **fp = outs; fp < outs + n; ++fp`), or null.
  const VarDecl *cursorArray(const VarDecl *Cursor, const FunctionDecl *Func);
  /// Whether a use of \p Array's address (\p Child under \p Up) only
  /// compares it or starts a cursor that walks the array.
  bool onlyWalks(const Stmt *Up, const Stmt *Child, const VarDecl *Array,
                 const FunctionDecl *Func);

  const OpenFunctionTable &Opens;
  const PosixConstants &Constants;
  FunctionCache &Functions;
  /// cursorArray()'s answers.
  llvm::DenseMap<const VarDecl *, const VarDecl *> Cursors;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STREAMDESTINATION_H
