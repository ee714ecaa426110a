//===--- CallIndex.h - The calls and field stores of the user's code -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_CALLINDEX_H
#define SYSCALL_TIDY_CHECKS_CALLINDEX_H

#include "MainFileUses.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include <vector>

namespace clang::tidy::syscall {

/// A call and the innermost function definition whose code holds it (a
/// lambda's call operator for a call in the lambda's body).
struct CallSite {
  const CallExpr *Call;
  const FunctionDecl *Func;
  /// calleeOf(Call), and what that passes on (forwardedCallee): asked once
  /// here, not by every check of every call.
  const FunctionDecl *Callee;
  const FunctionDecl *Forwarded;
  /// Whether a loop statement of Func encloses the call (a do-while(0) or
  /// a retry loop too): false spares a climb to find none.
  bool InLoop = false;
  /// Whether the call is all that Func does (passedOnCall): its callers'
  /// calls of Func are this call, each where the caller makes it.
  bool PassedOn = false;
};

/// A store into a field that can hold a descriptor or a pointer: `s->fd =
/// v`, `++s->n`, `&s->fd` or a non-const reference to it (no Value: it
/// may get anything), a brace or constructor initialiser's value.
struct FieldStore {
  const FieldDecl *Field;
  const Expr *Value; ///< null when the store may put anything there
  const Stmt *At;
  const FunctionDecl *Func; ///< null at file scope
};

/// Every call with a known callee in the function definitions of the
/// user's code (not in system headers, not template instantiations, not
/// dependent, not in blocks), found in one walk of the translation unit the
/// first time a check asks, and shared by all checks of the unit. The
/// checks look up the calls they analyse here instead of each registering
/// a matcher that walks every function body again: with a dozen checks,
/// those walks cost more than the parse.
class CallIndex {
public:
  /// The index of \p Ctx's unit; lives as long as \p Ctx.
  static const CallIndex &of(ASTContext &Ctx);
  /// Drops what \p Ctx's index says of helpers (what each call's callee
  /// passes on, which guesses about other units change: ElsewhereGuesses):
  /// the next of() finds it again, under the guesses current then. The
  /// walk's own findings stay: a second run does not walk the unit again.
  static void forgetHelpers(ASTContext &Ctx);

  /// Calls of functions named by any of \p Names, in source order, calls
  /// of helpers that only pass such a call on included and the call inside
  /// such a helper left out (forwardedCallee). A name
  /// is matched as clang's hasName matches it: "write" in any namespace,
  /// "::write" only in the global one, "ns::f" by its last components.
  /// Overloaded operators are named "operator<<" and so on.
  std::vector<CallSite> callsTo(llvm::ArrayRef<llvm::StringRef> Names) const;

  /// Every indexed call, in source order.
  llvm::ArrayRef<CallSite> all() const { return Sites; }
  /// The calls in the definition \p Func, in source order, with those of
  /// lambdas written in it (their Func tells them apart); none for a
  /// function the walk skips (an instantiation, a system header's).
  llvm::ArrayRef<CallSite> callsIn(const FunctionDecl *Func) const;

  /// The stores into integer and pointer fields in the same code, found in
  /// the same walk (not C's file-scope initialisers, which the walk skips:
  /// they hold constants only).
  llvm::ArrayRef<FieldStore> fieldStores() const { return Stores; }
  /// The stores into \p Field among them, in source order.
  std::vector<FieldStore> storesTo(const FieldDecl *Field) const;
  /// Where the main file's declarations are used, found in the same walk.
  const MainFileIndex &mainFile() const { return MainFile; }
  /// Whether the definition \p Func calls through a function pointer.
  bool callsIndirectly(const FunctionDecl *Func) const {
    return IndirectCallers.count(Func);
  }

private:
  explicit CallIndex(ASTContext &Ctx);
  friend class CallIndexer;
  /// Each site's Forwarded and PassedOn, and ByName.
  void followHelpers();

  std::vector<CallSite> Sites;
  std::vector<FieldStore> Stores;
  /// Positions in Stores by field.
  llvm::DenseMap<const FieldDecl *, std::vector<unsigned>> ByField;
  MainFileIndex MainFile;
  llvm::DenseSet<const FunctionDecl *> IndirectCallers;
  /// Positions in Sites by the callee's unqualified name.
  llvm::StringMap<std::vector<unsigned>> ByName;
  /// Each function's calls: [first, end) in Sites.
  llvm::DenseMap<const FunctionDecl *, std::pair<unsigned, unsigned>> Ranges;
  bool HelpersFollowed = false;
};

/// Whether a walk of the unit for the user's code must enter \p D: it is
/// not in a system header, and not a prototype, a typedef, an enum or a
/// field.
bool mayHoldUserCode(const Decl *D, const SourceManager &SM);

/// The unit's top-level declarations that may hold the user's code: the
/// main file's outside the system headers, and the other files' that
/// mayHoldUserCode() keeps. Found once per unit and kept: the unit's list
/// of declarations is mostly the headers', and each walk of it (the call
/// index, the tool's narrowed traversal, its function ranges) cost a
/// percent of a big unit's process in cache misses.
llvm::ArrayRef<Decl *> userDeclarations(const ASTContext &Ctx);

class UnitDeclarations;

/// Hands userDeclarations() and libraryFunction() the unit's top-level
/// declarations as the parser makes them, for a tool that puts it among
/// its consumers: walked after the parse, the unit's list (mostly its
/// headers') cost a cache miss per declaration, a tenth of the checks' time
/// on a unit of 10,000 declarations. A unit whose declarations come in
/// part from a precompiled header or a preamble is walked as before, and
/// so is any unit without one (clang-tidy's).
class UnitDeclarationRecorder : public ASTConsumer {
public:
  void Initialize(ASTContext &Ctx) override;
  bool HandleTopLevelDecl(DeclGroupRef Group) override;

private:
  UnitDeclarations *Kept = nullptr;
};

/// The definitions of the methods named \p Name of the classes that
/// userDeclarations() hold, in namespaces and classes at any depth, and of
/// their class templates' instantiations; of a class local to a function,
/// those that make calls. For the tool's empty traversal scope, where no
/// matcher visits a class.
std::vector<const CXXMethodDecl *> userMethodDefinitions(ASTContext &Ctx,
                                                         llvm::StringRef Name);

/// The C library function named \p Name that the unit declares: the first
/// declaration of a top-level function some declaration of which is in a
/// system header; null when there is none. Found in the same walk as
/// userDeclarations(): a lookup in the unit built a table of every
/// declaration of every header (a percent of a small unit's process).
const FunctionDecl *libraryFunction(const ASTContext &Ctx,
                                    llvm::StringRef Name);

/// Whether \p Func's name matches \p Name as clang's hasName matcher would.
bool hasNameLike(const FunctionDecl *Func, llvm::StringRef Name);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_CALLINDEX_H
