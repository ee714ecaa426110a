//===--- FunctionSummary.h - What a function does, read from its body ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Real code reaches its system calls through its own wrappers: an open that
// dies on error and returns the descriptor, a full-write loop that retries
// on EINTR, a checked close. A summary says what a function of the unit does
// with its descriptor and stream parameters and what its result is, read
// from its body (bottom-up: a wrapper of a wrapper is one too), so that a
// call of it counts as what its body does.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FUNCTIONSUMMARY_H
#define SYSCALL_TIDY_CHECKS_FUNCTIONSUMMARY_H

#include "CrossUnitFacts.h"
#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <deque>
#include <optional>

namespace clang::tidy::syscall {

/// A function whose every successful return is the result of one open:
/// `int xopen(const char *p, int fl) { int fd = open(p, fl, 0666); if (fd <
/// 0) die(p); return fd; }`.
struct OpenSummary {
  /// The open inside: "open", "fopen", "creat", or a wrapper's name.
  std::string Opener;
  /// The parameter that is the path, when the caller gives it.
  std::optional<unsigned> PathParam;
  /// The parameter that is the flags (or fopen mode), when the caller
  /// decides the access mode. Unset: the wrapper's own Mode.
  std::optional<unsigned> FlagsParam;
  /// The access mode when the wrapper fixes it (no FlagsExpr: its flags are
  /// the wrapper's text, which a caller's fix must not edit); with
  /// FlagsParam, only the O_APPEND the wrapper adds.
  AccessMode Mode;
  /// The wrapper's own open(2) flags, when constant.
  std::optional<int64_t> Flags;
  /// With FlagsParam: the constant bits the wrapper ORs into the caller's
  /// flags (`open(path, flags | O_CLOEXEC)`).
  int64_t AddedFlags = 0;
  /// The wrapper's own fopen mode, when constant.
  std::optional<std::string> ModeText;
  /// What other units must say for this to hold: the wrapper opens through
  /// a wrapper of another unit.
  Requirement Needs;
  /// It never returns a failure: the process ends where the open failed
  /// (`if (fd < 0) { perror(path); exit(1); } return fd;`).
  bool Dies = false;

  bool operator==(const OpenSummary &O) const;
};

/// The descriptor flags a helper sets (FunctionSummaries::fdFlagsSet).
enum FdFlagBits : unsigned { SetsCloseOnExec = 1, SetsNonBlocking = 2 };

/// What a flag helper does to the descriptor one parameter holds: the flags
/// (FdFlagBits) it sets, always or only when another parameter is zero or
/// only when it is not (`setblocking(fd, 0)`).
struct FdFlagEffect {
  unsigned Bits = 0;
  /// The parameter whose value decides; -1 when none does.
  int WhenParam = -1;
  bool WhenZero = false;

  /// Whether the flags are set by \p Call, a call of the helper: always,
  /// or when its argument WhenParam is a constant that decides so.
  bool holdsFor(const CallExpr *Call, ASTContext &Ctx) const;
};

/// What a function does with the offset of a descriptor one parameter
/// holds (FunctionSummaries::paramEffect): Effect, and, when it also calls
/// a function-pointer parameter with it (`(f)(fd, s + pos, n - pos)` in
/// OpenSSH's atomicio), that parameter's index and the position the
/// descriptor takes in that call: a call of the function adds the effect
/// of the function it passes there.
struct ParamOffsetEffect {
  OffsetEffect Effect = OffsetEffect::Unknown;
  int ThroughParam = -1;
  unsigned ThroughArg = 0;
};

/// The flags (FdFlagBits) a call sets on a descriptor it is handed, and
/// what other units must say for it (the helper is theirs).
struct FlagsSetOnFd {
  unsigned Bits = 0;
  Requirement Needs;
};

/// The flag (FdFlagBits) the fcntl call \p Call sets: F_SETFD with
/// FD_CLOEXEC, F_SETFL with `fl | O_NONBLOCK`; 0 for any other call.
unsigned fcntlSetsFlag(const CallExpr *Call, const PosixConstants &Constants,
                       ASTContext &Ctx);

/// The summaries of one translation unit's functions, each computed the
/// first time it is asked for and kept as long as the unit's AST. A
/// function without a body in the unit, or one asked about while its own
/// summary is being computed (recursion), has none.
class FunctionSummaries {
public:
  static FunctionSummaries &of(ASTContext &Ctx);
  /// Drops \p Ctx's summaries: the next of() starts anew.
  static void forget(ASTContext &Ctx);

  /// How \p Func opens what it returns, if it returns a fresh descriptor or
  /// stream.
  const OpenSummary *opens(const FunctionDecl *Func,
                           const PosixConstants &Constants);

  /// How a call of \p Callee opens, for a check that asks: its summary
  /// when it has no needs or \p AcrossUnits; with \p AcrossUnits (and a
  /// gatherer on this thread, the tool's) also assumedOpen() of a function
  /// defined in another unit, whose Needs names the fact that unit must give.
  std::optional<OpenSummary> openingCall(const FunctionDecl *Callee,
                                         const PosixConstants &Constants,
                                         bool AcrossUnits);

  /// The one value local \p Var ever holds: its initializer when nothing
  /// changes it, or the right side of its one plain store when declared
  /// without one (`int ro; ro = (oflag & O_ACCMODE) == O_RDONLY;`, `(fl =
  /// fcntl(fd, F_GETFL)) < 0`); null when it has more or unknown values.
  const Expr *soleValue(const VarDecl *Var);
  /// Every value local \p Var is given: its initialiser and the right
  /// sides of its plain stores (`int fl = fcntl(fd, F_GETFD); if (fl >= 0)
  /// fl = fcntl(fd, F_SETFD, fl | FD_CLOEXEC);`); null when some use is
  /// neither such a store nor a read (`++`, `&v`, a reference). Found once
  /// per local: each question of a test would walk its uses again.
  const llvm::SmallVector<const Expr *, 2> *storedValues(const VarDecl *Var);

  /// For a helper whose body \p Body (its statements) returns the result of
  /// one call and exits when that call fails (`T r = g(p0, p1); if (r ==
  /// -1) { perror("g"); exit(1); } return r;`, the result declared apart
  /// or set in the test, the test kept in a flag): the call's value. The
  /// test may read only the result and constants.
  const Expr *exitingCall(const FunctionDecl *Def,
                          llvm::ArrayRef<const Stmt *> Body);

  /// What \p Func does with the offset of a descriptor or stream handed to
  /// its parameter \p Param: one kind of operation and tests of it
  /// (`fd < 0`), or Unknown; and the function-pointer parameter it calls
  /// with the descriptor, if any (ParamOffsetEffect).
  ParamOffsetEffect paramEffect(const FunctionDecl *Func, unsigned Param);

  /// What \p Call does with the offset of the descriptor its argument
  /// \p Arg holds: a C library function's effect, or its callee's summary,
  /// with the effect of the function the call hands the callee to call it
  /// with (`atomicio(vwrite, fd, buf, n)` writes). Of another unit's
  /// function handed write(2) or read(2) (or pwrite, pread) beside the
  /// descriptor, with \p Needs: that function's effect, which that unit
  /// must confirm (offsetThroughFact). Unknown otherwise.
  OffsetEffect argumentEffect(const CallExpr *Call, unsigned Arg,
                              Requirement *Needs = nullptr);

  /// The descriptor flags (FdFlagBits) \p Func sets on the descriptor its
  /// parameter \p Param holds, or points to (`int set_nonblock(int *fd)`),
  /// when that is all it does on its way to success: fcntl's F_SETFD with
  /// FD_CLOEXEC and F_SETFL with `fl | O_NONBLOCK`, the flags read back
  /// first, no other call; on a branch taken when an fcntl failed it may
  /// close the descriptor and fail. The flag may be set in a local on one
  /// side of a test of another parameter, and cleared on the other
  /// (`if (!state) fl |= O_NONBLOCK; else fl &= ~O_NONBLOCK;`): then it is
  /// set only for that parameter's side. No bits for any other function.
  FdFlagEffect fdFlagsSet(const FunctionDecl *Func, unsigned Param,
                          const PosixConstants &Constants);

  /// The flags \p Func sets on the descriptor its parameter \p Param
  /// holds before it does anything else (`server_client_create(fd)`, whose
  /// first statement is `setblocking(fd, 0)`): the first use of the
  /// parameter is the argument of a flag call (a set with fcntl, or a flag
  /// helper's call that sets one, of this unit or another), a statement of
  /// the body itself, after statements that neither use the parameter nor
  /// return or jump. No bits for any other function.
  FlagsSetOnFd flagsSetFirst(const FunctionDecl *Func, unsigned Param,
                             const PosixConstants &Constants);

  /// The flags \p Call sets on what its argument \p Arg holds (or points
  /// to): fcntl's set on argument 0, or a flag helper's (fdFlagsSet) where
  /// the call meets its condition; another unit's helper, the flag its name
  /// says (flagNamedBy), which that unit must confirm.
  FlagsSetOnFd flagsSetByCall(const CallExpr *Call, unsigned Arg,
                              const PosixConstants &Constants);
  /// The flags \p Call, of a function that is no flag helper, sets first
  /// thing on what its argument \p Arg holds (flagsSetFirst); another
  /// unit's function, O_NONBLOCK, which that unit must confirm.
  FlagsSetOnFd flagsSetFirstByCall(const CallExpr *Call, unsigned Arg,
                                   const PosixConstants &Constants);

  /// Tells the unit's gatherer, if any, what its functions open
  /// (opensFact), which descriptor flags they set (fdFlagFact) and which call
  /// they only pass on (forwardsFactOf), once: every check that takes other
  /// units' wrappers calls it, so that their units say so whichever checks
  /// run.
  void exportFacts(const PosixConstants &Constants);

private:
  explicit FunctionSummaries(ASTContext &Ctx) : Ctx(Ctx) {}
  std::optional<OpenSummary> computeOpens(const FunctionDecl *Def,
                                          const PosixConstants &Constants);
  ParamOffsetEffect computeParamEffect(const FunctionDecl *Def, unsigned Param);
  /// argumentEffect(), inside \p Within: a call through one of its
  /// function-pointer parameters, or handing one on, is that parameter's.
  ParamOffsetEffect effectAtCall(const CallExpr *Call, unsigned Arg,
                                 const FunctionDecl *Within,
                                 Requirement *Needs);
  /// Whether \p Store (`pfd.fd = fd`) keeps the descriptor in a field of a
  /// local record of \p Def whose address goes only to poll(2) or
  /// ppoll(2): the offset is left alone.
  bool storedForPoll(const Stmt *Store, const Expr *Value,
                     const FunctionDecl *Def);
  /// Exports offsetThroughFact for what \p Func, known as \p Name, calls
  /// through its function-pointer parameters.
  void exportOffsetThrough(const FunctionDecl *Func, llvm::StringRef Name,
                           CrossUnitFacts &Facts);
  FdFlagEffect computeFdFlags(const FunctionDecl *Def, unsigned Param,
                              const PosixConstants &Constants);
  FlagsSetOnFd computeFirstFlags(const FunctionDecl *Def, unsigned Param,
                                 const PosixConstants &Constants);
  /// For `fcntl(fd, F_SETFL, fl)` in \p Def, \p Fd its parameter: the flag
  /// the local `fl` gets on one side of a test of another parameter, when
  /// it holds only the flags read back from \p Fd, that flag set on one
  /// side and cleared on the other.
  std::optional<FdFlagEffect> flagSetOnTest(const CallExpr *Set,
                                            const FunctionDecl *Def,
                                            const ParmVarDecl *Fd,
                                            const PosixConstants &Constants);
  /// Whether \p Def, an open wrapper whose one return is \p Return, ends
  /// the process where its open failed (OpenSummary::Dies).
  bool diesOnFailure(const FunctionDecl *Def, const ReturnStmt *Return);
  /// Whether \p Return hands back what an open wrapper of this unit that
  /// dies on failure returns.
  bool returnsDyingOpen(const ReturnStmt *Return,
                        const PosixConstants &Constants);
  /// Whether \p S lies in the then-branch of an `if` that tests whether an
  /// fcntl of \p Def failed: a branch ending in a failure, or any branch of
  /// a test true only on failure (`fl == -1`, `fcntl(...) < 0`).
  bool afterFailedFcntl(const Stmt *S, const FunctionDecl *Def);

  bool Exported = false;
  enum class State { Computing, Done };
  ASTContext &Ctx;
  FunctionCache Functions;
  /// Per function, what it opens: null for most. The summaries live in
  /// OpenStore, whose addresses stay while the map grows.
  llvm::DenseMap<const FunctionDecl *, std::pair<State, const OpenSummary *>>
      Opens;
  std::deque<OpenSummary> OpenStore;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>,
                 std::pair<State, ParamOffsetEffect>>
      Effects;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, FdFlagEffect>
      FdFlags;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, FlagsSetOnFd>
      FirstFlags;
  llvm::DenseMap<const FunctionDecl *, const Expr *> Exiting;
  llvm::DenseMap<const VarDecl *,
                 std::optional<llvm::SmallVector<const Expr *, 2>>>
      Stored;
};

/// The fact a unit exports when the function other units know by \p Name
/// opens as \p S says: only pass-through wrappers, which take the path and
/// the flags (or fopen mode) from their caller, are told across units.
std::string opensFact(llvm::StringRef Name, const OpenSummary &S);

/// The fact a unit exports when the function other units know by \p Name
/// is an open wrapper that never returns a failure (OpenSummary::Dies).
std::string diesFact(llvm::StringRef Name);

/// The fact a unit exports when the function other units know by \p Name
/// sets the flag \p Bit (FdFlagBits) on what its parameter \p Param holds:
/// always, or when parameter \p WhenParam is zero (\p WhenZero) or not.
std::string fdFlagFact(llvm::StringRef Name, unsigned Param, unsigned Bit,
                       int WhenParam = -1, bool WhenZero = false);

/// The fact a unit exports when the function other units know by \p Name
/// sets flag \p Bit on what its parameter \p Param holds before anything
/// else (FunctionSummaries::flagsSetFirst).
std::string firstFlagFact(llvm::StringRef Name, unsigned Param, unsigned Bit);

/// The fact a unit exports when the function other units know by \p Name
/// leaves the offset of the descriptor its parameter \p Param holds alone
/// but for calling its function-pointer parameter \p Through with it, at
/// position \p At.
std::string offsetThroughFact(llvm::StringRef Name, unsigned Param,
                              unsigned Through, unsigned At);

/// The flag (FdFlagBits) the name of a helper of another unit says it
/// sets, the one asked of that unit (whose summary of the body decides):
/// one candidate per call, as two for one call would each drop the other's
/// fix as overlapping before either is settled. 0 when it names none.
unsigned flagNamedBy(llvm::StringRef Name);

/// What the unit of \p Call's callee, known as \p Name, must say for the
/// call to set flag \p Bit on argument \p Param: that the helper always
/// sets it, or that it does for a constant another argument has here
/// (`setblocking(fd, 0)`). One clause: any of these facts will do.
std::vector<std::string> elsewhereFlagFacts(const CallExpr *Call,
                                            llvm::StringRef Name,
                                            unsigned Param, unsigned Bit,
                                            ASTContext &Ctx);

/// What a call of \p Func, defined in no unit seen here, would open if it
/// were a pass-through wrapper of open(2)'s or fopen(3)'s shape: `int
/// f(const char *, int, ...)`, `FILE *f(const char *, const char *)`. Not
/// a C library function (`access`, `strcpy` have those shapes): no unit of
/// the database defines one, so no fact could ever confirm it.
std::optional<OpenSummary> assumedOpen(const FunctionDecl *Func);

/// What \p Name does to the offset of the descriptor or stream it is handed
/// (read, write, lseek, close...), if it is a known C library function.
std::optional<OffsetEffect> knownOffsetEffect(llvm::StringRef Name);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FUNCTIONSUMMARY_H
