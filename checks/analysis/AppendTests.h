//===--- AppendTests.h - Tests that a descriptor does not append ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A pwrite writes where it is told even on an O_APPEND descriptor (Linux
// appends anyway), so replacing a seek and a write by one needs the
// descriptor not to append. Code that gets its descriptor from a handle
// (`int fd = handle_to_fd(h);`) or opens with run-time flags says so in its
// tests: `if (!(handle_to_flags(h) & O_APPEND) && lseek(...))`, `if (flags &
// O_APPEND) return -1;`. These are the readings of such tests.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_APPENDTESTS_H
#define SYSCALL_TIDY_CHECKS_APPENDTESTS_H

#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace clang::tidy::syscall {

class AppendTests {
public:
  /// \p HandleFlagsFields names the fields of a handle that keep its
  /// descriptor's open flags (`h->flags`).
  AppendTests(FunctionCache &Functions, const FdOperationTable &Operations,
              const OpenFunctionTable &Opens, const PosixConstants &Constants,
              std::vector<llvm::StringRef> HandleFlagsFields)
      : Functions(Functions), Operations(Operations), Opens(Opens),
        Constants(Constants), HandleFlagsFields(std::move(HandleFlagsFields)) {}

  /// The call \p Var was looked up with (`fd = handle_to_fd(h)`), if it
  /// has that one definition at \p Use.
  const CallExpr *lookupOf(const Place &Var, const Stmt *Use,
                           const FunctionDecl *Func) const;
  /// Whether \p Seek, of \p Target, runs only under a no-O_APPEND test of
  /// flags that describe the descriptor \p Lookup gave.
  bool lookupTestedNoAppend(const CallExpr *Seek, const Place &Target,
                            const FunctionDecl *Func, const CallExpr *Lookup,
                            ASTContext &Ctx);
  /// Whether every path from \p From to \p Write, a write of \p Var,
  /// which \p Lookup gave, passes a test that its flags hold O_APPEND (so
  /// the write goes to the end whatever the offset) or an absolute seek of
  /// it (`if (!(handle_to_flags(h) & O_APPEND) &&
  /// lseek(fd, off, SEEK_SET) == -1) fail; else write(fd, ...);`).
  bool appendsOrSeeksFirst(const Stmt *From, const CallExpr *Write,
                           const Place &Var, const FunctionDecl *Func,
                           const CallExpr *Lookup, ASTContext &Ctx);
  /// Whether every path to \p Use tests \p Flags (a never modified
  /// variable) for no O_APPEND.
  bool testedNoAppend(const Expr *Flags, const Stmt *Use,
                      const FunctionDecl *Func, ASTContext &Ctx);
  /// Whether \p Call sets \p Var's offset without reading it.
  bool seeksAbsolutely(const CallExpr *Call, const Place &Var,
                       ASTContext &Ctx) const;
  /// Whether the file shows \p Flags to hold a descriptor's open flags:
  /// passed to an open, masked or compared with an O_ constant, or set
  /// from F_GETFL or from the flags the function opens with.
  bool holdsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx);
  /// Forgets the unit's answers.
  void clear() {
    FlagsNeverModified.clear();
    OpenFlagsFields.clear();
  }

private:
  /// Whether \p Value holds the flags of the descriptor \p Target that
  /// \p Lookup gave: fcntl(fd, F_GETFL), a sibling lookup of the same
  /// handle, or the handle's flags field.
  bool describesLookup(const Expr *Value, const Place &Target,
                       const CallExpr *Lookup, ASTContext &Ctx) const;
  /// Whether \p X gives the flags of the descriptor \p Lookup gave \p
  /// Target (describesLookup), itself or through a local that still holds
  /// them at \p Until.
  bool holdsLookupFlags(const Expr *X, const Place &Target,
                        const CallExpr *Lookup, const Stmt *Until,
                        const FunctionDecl *Func, ASTContext &Ctx);
  /// Whether every path from \p From (null: the entry) to \p Use takes an
  /// edge that says flags (what \p IsFlags accepts) hold no O_APPEND. From
  /// the entry, \p EntryKey names \p IsFlags so that the walk is made once
  /// per function.
  bool appendClearOnEveryPath(const Stmt *From, const Stmt *Use,
                              llvm::function_ref<bool(const Expr *)> IsFlags,
                              const FunctionDecl *Func, ASTContext &Ctx,
                              llvm::StringRef EntryKey = {});
  /// holdsOpenFlags() without the cache: a walk of the field's uses.
  bool showsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx);

  FunctionCache &Functions;
  const FdOperationTable &Operations;
  const OpenFunctionTable &Opens;
  const PosixConstants &Constants;
  const std::vector<llvm::StringRef> HandleFlagsFields;
  /// testedNoAppend's walk of a function for changes, per function and
  /// flags variable: asked once per seek, it was a walk per seek.
  llvm::DenseMap<std::pair<const FunctionDecl *, const VarDecl *>, bool>
      FlagsNeverModified;
  /// holdsOpenFlags's answers: asked once per handle seek, each a walk of
  /// the field's uses in the file.
  llvm::DenseMap<const FieldDecl *, bool> OpenFlagsFields;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_APPENDTESTS_H
