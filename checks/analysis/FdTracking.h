//===--- FdTracking.h - Where file descriptors and streams come from -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shared by every syscall-* check: which calls open a descriptor or stream,
// what access mode they open it with (macros and constant expressions folded),
// and how an expression names a tracked descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FDTRACKING_H
#define SYSCALL_TIDY_CHECKS_FDTRACKING_H

#include "CallIndex.h"
#include "CrossUnitFacts.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::syscall {

class Place;

/// Values of the <fcntl.h>/<sys/stat.h> macros as the translation unit defines
/// them (O_PATH and O_DIRECTORY differ between architectures), with the Linux
/// values as fallback when a header was not included.
class PosixConstants {
public:
  void setPreprocessor(Preprocessor *P) { PP = P; }
  int64_t get(llvm::StringRef Macro) const;
  bool isDefined(llvm::StringRef Macro) const;

private:
  std::optional<int64_t> fromMacro(llvm::StringRef Macro, int Depth) const;
  Preprocessor *PP = nullptr;
};

// The lseek/fseek whence values: <stdio.h> and <unistd.h> agree everywhere.
constexpr int64_t SeekSet = 0, SeekCur = 1, SeekEnd = 2;

/// Whether \p Name is a macro defined or a function declared in the
/// translation unit, so that a fix may write it.
bool isDeclaredOrDefined(llvm::StringRef Name, ASTContext &Ctx,
                         const PosixConstants &Constants);

/// What an open-like call tells about the access mode of its result.
struct AccessMode {
  enum Kind {
    ReadOnly, ///< O_RDONLY or fopen "r": reading only.
    Writable, ///< O_WRONLY, O_RDWR, creat(), fopen "w"/"a"/"+".
    NotAFile, ///< O_PATH or O_DIRECTORY: no data access at all.
    Runtime,  ///< Decided at run time by FlagsExpr.
  };
  Kind K = Runtime;
  bool Append = false;
  /// Reading is allowed too (O_RDWR, fopen "r+"/"w+"/"a+"), or only (ReadOnly).
  bool Reads = false;
  bool IsStream = false;
  /// The flags (or fopen mode) argument as written.
  const Expr *FlagsExpr = nullptr;
  /// The part of FlagsExpr that decides the access mode: `oflag` in
  /// `oflag | O_CLOEXEC`, whose constant bits cannot touch O_ACCMODE.
  const Expr *AccessExpr = nullptr;
};

/// Whether two known modes agree on everything the checks look at.
inline bool sameAccess(const AccessMode &A, const AccessMode &B) {
  return A.K == B.K && A.Append == B.Append && A.Reads == B.Reads &&
         A.IsStream == B.IsStream && A.K != AccessMode::Runtime;
}

/// The access mode of open(2) flags that hold one of \p Values: known when
/// every value agrees (all write, all read-only, all O_PATH/O_DIRECTORY),
/// O_APPEND and reading when any value has them.
/// Every value the integer expression \p E may have, at most 16: constants,
/// `|` of such values, both arms of `c ? A : B`, and what \p VariableValues
/// says of a variable (none when it is null). False when some are unknown.
bool possibleValues(
    const Expr *E, ASTContext &Ctx, llvm::SmallVectorImpl<int64_t> &Values,
    llvm::function_ref<bool(const VarDecl *, llvm::SmallVectorImpl<int64_t> &)>
        VariableValues = nullptr);

AccessMode modeFromFlagValues(llvm::ArrayRef<int64_t> Values,
                              const PosixConstants &C);

/// One call that opens a descriptor or a stream.
struct OpenCall {
  const CallExpr *Call = nullptr;
  llvm::StringRef Function;
  const Expr *Path = nullptr; ///< null for fdopen
  AccessMode Mode;
  /// Through a wrapper that fixes them (FunctionSummary): its open(2) flags
  /// or fopen mode, when constant. Mode.FlagsExpr is null then.
  std::optional<int64_t> Flags;
  std::optional<std::string> ModeText;
  /// The user's function whose body makes the open, when the call is not
  /// an open itself.
  const FunctionDecl *Wrapper = nullptr;
  /// What other units must say for this to be an open: set when the callee
  /// is defined in another unit (see OpenFunctionTable::classify).
  Requirement Needs;
  /// The open(2) flags or fopen mode as the code gives them.
  std::optional<llvm::StringRef> modeText() const;
};

/// The open-like functions known to the checks, extended by check options.
class OpenFunctionTable {
public:
  /// \p ExtraOpen are open(2)-like (path, flags, ...) functions,
  /// \p ExtraFopen are fopen(3)-like (path, mode) functions.
  OpenFunctionTable(llvm::ArrayRef<llvm::StringRef> ExtraOpen,
                    llvm::ArrayRef<llvm::StringRef> ExtraFopen);

  /// Classifies \p E (parentheses, casts and EINTR-retry statement
  /// expressions such as glibc's TEMP_FAILURE_RETRY are looked through). A
  /// call of the user's function counts as what its body opens. With
  /// \p AcrossUnits, a function of open(2)'s or fopen(3)'s shape defined in
  /// another unit is taken for one that opens its path with its flags, and
  /// the result Needs that unit to say so; a check that asks for this
  /// carries Needs on its finding (requirementNote).
  std::optional<OpenCall> classify(const Expr *E, ASTContext &Ctx,
                                   const PosixConstants &Constants,
                                   bool AcrossUnits = false) const;

  /// The unit's calls of open-like functions and of the user's functions
  /// that return what they open (FunctionSummary), in source order; with
  /// \p AcrossUnits, of other units' functions of open's shape too.
  std::vector<CallSite> callsIn(ASTContext &Ctx,
                                const PosixConstants &Constants,
                                bool AcrossUnits = false) const;

private:
  llvm::StringSet<> OpenLike, FopenLike;
};

/// What a call does with the file offset of a descriptor or stream it gets.
enum class OffsetEffect {
  None,       ///< fstat, fsync, fcntl, ftruncate, fflush...: leaves it alone
  Reads,      ///< read, fread, fgets...: reads at it and moves it
  Writes,     ///< write, fwrite, fprintf...: writes at it and moves it
  Positional, ///< pread, pwrite: an explicit offset, the file offset untouched
  Seeks,      ///< lseek, fseek, rewind: sets it
  Tells,      ///< ftell, fgetpos: reads it
  Closes,     ///< close, fclose
  Unknown,    ///< handed to anything else
};

/// The I/O functions known to the checks, extended by check options.
class FdOperationTable {
public:
  /// \p ExtraSeek behave like lseek(fd, off, whence), \p ExtraWrite like
  /// write(fd, buf, n) (die-on-error and retry wrappers), \p ExtraClose
  /// like close(fd).
  FdOperationTable(llvm::ArrayRef<llvm::StringRef> ExtraSeek,
                   llvm::ArrayRef<llvm::StringRef> ExtraWrite,
                   llvm::ArrayRef<llvm::StringRef> ExtraClose = {});

  /// What \p Call does to the offset of \p Var, or nullopt when \p Var is
  /// not one of its arguments (directly or as fileno(var)). A function with
  /// a body in the unit does what its summary says (`static void xclose(int
  /// fd) { if (close(fd)) log(...); }` closes). With \p Needs, also
  /// another unit's function handed an I/O function to call with the
  /// descriptor (FunctionSummaries::argumentEffect).
  std::optional<OffsetEffect> effectOn(const CallExpr *Call,
                                       const VarDecl *Var) const;
  std::optional<OffsetEffect> effectOn(const CallExpr *Call, const Place &Where,
                                       Requirement *Needs = nullptr) const;

  /// Whether \p Call writes like write(fd, buf, n): write, a function the
  /// options name, or one whose body only writes its first parameter.
  bool isWrite(const CallExpr *Call) const;
  /// Whether \p Call reads like read(fd, buf, n): read, or a function whose
  /// body only reads its first parameter.
  bool isRead(const CallExpr *Call) const;

private:
  /// A function with a body, three parameters and a summary that says it
  /// does \p Kind to its first.
  bool summarisedAs(const CallExpr *Call, OffsetEffect Kind) const;

  llvm::StringMap<OffsetEffect> Effects;
  llvm::StringSet<> Write;
};

/// Whether \p Name makes a child process that shares the caller's
/// descriptors and memory image: fork, vfork, clone, clone3, daemon, _Fork.
bool isForkName(llvm::StringRef Name);

/// Whether the seek \p Call sets the offset without reading it:
/// `lseek(fd, off, SEEK_SET)`, `SEEK_END`, `rewind(f)`.
bool setsOffsetAbsolutely(const CallExpr *Call, ASTContext &Ctx);

/// Whether \p Call makes the stream it is given unbuffered: `setbuf(f,
/// NULL)` or `setvbuf(f, buf, _IONBF, size)`.
bool unbuffersStream(const CallExpr *Call, ASTContext &Ctx,
                     const PosixConstants &Constants);

/// The local variable (or parameter) an fd or FILE* expression names, looking
/// through parentheses, casts and `fileno(f)`. Sets \p ViaFileno when the
/// expression was `fileno(var)`.
const VarDecl *trackedVariable(const Expr *E, bool *ViaFileno = nullptr);

/// The variable \p E names, through parentheses and implicit casts.
const VarDecl *referencedVar(const Expr *E);

/// Whether \p E names \p D, through parentheses and implicit casts.
bool refersTo(const Expr *E, const ValueDecl *D);

/// Whether \p Call is how errno is read: `(*__errno_location ())` in glibc
/// and musl, `(*__error())` on the BSDs.
bool isErrnoCall(const CallExpr *Call);

/// What a test of \p E tests: for an assignment `v = x` (in parentheses
/// and casts), x; \p E otherwise.
const Expr *storedValue(const Expr *E);

/// The call \p E evaluates to, looking through parentheses, casts and
/// EINTR-retry statement expressions `({ ... __result = (call); ... })`.
const CallExpr *underlyingCall(const Expr *E);

/// Whether \p A and \p B name the same value: the same variable, equal
/// string literals, the same member of the same object, or `s.c_str()` twice.
bool sameValue(const Expr *A, const Expr *B);

/// The callee name of \p Call without namespace qualification ("" if none):
/// for a helper that only passes a call on, that call's (forwardedCallee).
llvm::StringRef calleeName(const CallExpr *Call);
/// The same for an indexed call, from what the index found once.
llvm::StringRef calleeName(const CallSite &Site);

/// The name \p Call is written with, a helper's own included: for a message
/// that quotes the code ("" if none).
llvm::StringRef writtenCalleeName(const CallExpr *Call);

/// The function a _FORTIFY_SOURCE build calls in its place by its own name:
/// glibc turns fprintf, dprintf, printf and the v- forms into
/// __fprintf_chk & co. (macros under clang; gcc's __builtin___*_chk), which
/// is how distributions compile. The arguments the checks look at (the
/// stream or descriptor first, the rest by name) keep their places.
llvm::StringRef unfortifiedName(llvm::StringRef Name);

/// \p Names and their fortified spellings, for callee matchers.
std::vector<std::string>
withFortifiedNames(llvm::ArrayRef<llvm::StringRef> Names);

/// The string an fopen mode argument holds, when it is a literal or a local
/// `const char *` initialised from one.
std::optional<llvm::StringRef> stringValue(const Expr *E);

/// Folds \p E to an integer, also through a local variable whose only value
/// is its initialiser (`int flags = O_CREAT | O_WRONLY;`).
std::optional<int64_t> foldInteger(const Expr *E, ASTContext &Ctx);

/// Whether \p E sets bit \p Flag: the constant, or `x | FLAG` (the flags
/// read back before) with no mask that could clear it.
bool setsBit(const Expr *E, int64_t Flag, ASTContext &Ctx);

/// Whether \p S may change \p Var: a use of it in \p S that is not a read
/// (an assignment, an increment, its address taken, a non-const reference
/// bound). One walk of \p S, no parent map of the unit (clang's
/// ExprMutationAnalyzer builds one for the whole unit: a third of the time
/// on a unit of big tables).
bool mutatedIn(const VarDecl *Var, const Stmt *S);
/// Every variable mutatedIn(V, S) holds for, in one walk of \p S.
llvm::DenseSet<const ValueDecl *> changedIn(const Stmt *S);

/// True when the only writes to \p Var are its initialiser (no assignment,
/// increment, address taken or non-const reference binding in \p Body).
bool isNeverModified(const VarDecl *Var, const Stmt *Body, ASTContext &Ctx);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FDTRACKING_H
