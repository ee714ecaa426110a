//===--- FcntlAfterOpenCheck.h - syscall-fcntl-after-open ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_FCNTLAFTEROPENCHECK_H
#define SYSCALL_TIDY_CHECKS_FCNTLAFTEROPENCHECK_H

#include "WalkingCheck.h"
#include "analysis/CrossUnitFacts.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace clang::tidy::syscall {

/// Finds `fcntl(fd, F_SETFD, FD_CLOEXEC)`, `ioctl(fd, FIOCLEX)`, `fcntl(fd,
/// F_SETFL, fl | O_NONBLOCK)` (or a helper, of this unit or another, that
/// does one of them) right after the call that made `fd`, which takes the flag
/// itself (O_CLOEXEC, SOCK_NONBLOCK, accept4, epoll_create1, ...).
class FcntlAfterOpenCheck : public WalkingCheck {
public:
  FcntlAfterOpenCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void endUnit() override;

  /// What the flag call sets.
  enum class FlagKind { CloseOnExec, NonBlocking };

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  /// A flag a call sets on the descriptor \p Fd (an argument of it, or
  /// what one points to); from a helper of another unit, a candidate that
  /// \p Needs that unit to say so.
  struct FlagSet {
    FlagKind Kind;
    const Expr *Fd;
    Requirement Needs;
    /// The function the call is, when it sets the flag first thing but
    /// does more (FunctionSummaries::flagsSetFirst): no fix here.
    const FunctionDecl *Inside = nullptr;
  };
  void checkFlagCall(const CallExpr *Call, const FlagSet &Set,
                     const FunctionDecl *Func, ASTContext &Ctx);
  /// For the flag call \p Call on one element of a pipe's or socketpair's
  /// array, the call in \p Func that sets the same flag on the other
  /// element right after the same \p Maker, with what another unit must
  /// say for it to (\p Needs); null if none.
  const CallExpr *partnerFlagCall(const CallExpr *Call, const Place &Where,
                                  FlagKind Kind, const CallExpr *Maker,
                                  const FunctionDecl *Func,
                                  const FunctionFlow &Flow, ASTContext &Ctx,
                                  Requirement &Needs);
  /// The flags \p Site's call sets: fcntl, ioctl FIOCLEX, a
  /// CloexecFunctions name, or a helper whose summary
  /// (FunctionSummaries::fdFlagsSet) says so. Asked of every call of the
  /// unit: the index's callee and name spare finding them again.
  llvm::SmallVector<FlagSet, 2> flagsSetBy(const CallSite &Site,
                                           ASTContext &Ctx);
  /// Whether \p Callee is declared in a system header (kept per callee):
  /// no summary says what it does.
  bool isLibrary(const FunctionDecl *Callee, ASTContext &Ctx);
  /// Whether \p Ioctl, an ioctl, is `ioctl(fd, FIOCLEX)`.
  bool setsCloseOnExec(const CallExpr *Ioctl, ASTContext &Ctx) const;
  /// Whether \p Var's address goes, in \p Func, only to calls of \p Helper
  /// (and no reference is bound to it).
  bool addressOnlyTo(const FunctionDecl *Helper, const ValueDecl *Var,
                     const FunctionDecl *Func);
  /// The definitions of \p Where that reach the flag call \p Call. A
  /// variable whose address goes only to calls of the flag helper \p Call
  /// calls (`socket_nonblock(&s)`), which keeps no pointer to it, is asked
  /// of the flow as if its address never escaped.
  bool reachingMakers(const CallExpr *Call, const Place &Where,
                      const FunctionDecl *Func, const FunctionFlow &Flow,
                      llvm::SmallVectorImpl<Definition> &Defs);

  /// What the calls in a function make: a descriptor at all, and one with
  /// the flag of each FlagKind in its own flags argument.
  struct Made {
    bool Any = false;
    bool WithFlag[2] = {false, false};
  };
  /// What \p Func's calls make, kept per function.
  Made madeIn(const FunctionDecl *Func, ASTContext &Ctx);
  /// Whether the flag call \p Call on \p Where comes right after the call
  /// that made it: nothing hands the descriptor on, or forks, in between.
  /// Asked of the flow as reaching definitions, solved once per place and
  /// block: N flag calls after one open, in any shape, cost N steps. With
  /// \p EntryMade, the value \p Where had on entry counts as made there (a
  /// static whose every earlier value was made for this flag call). The
  /// copy at \p CopiedAt, which the flag call's descriptor was made by, is
  /// followed, not lost.
  bool rightAfterMaker(const CallExpr *Call, const Place &Where,
                       const FunctionDecl *Func, const FunctionFlow &Flow,
                       ASTContext &Ctx, bool EntryMade = false,
                       const Stmt *CopiedAt = nullptr);

  const std::string RawCloexecFunctions;
  const std::vector<llvm::StringRef> CloexecFunctions;
  /// Per function, its calls that spawn (rightAfterMaker()).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const Stmt *, 1>>
      Spawners;
  PosixConstants Constants;
  FunctionCache Functions;
  llvm::DenseMap<const FunctionDecl *, Made> MadeByFunction;
  llvm::DenseMap<const FunctionDecl *, bool> LibraryFunctions;
  MakerDefinitions MakerDefs;
  /// A flag call on an element of a pipe's or socketpair's array, with
  /// that element.
  struct PairFlagCall {
    const CallExpr *Call;
    Place Element;
    Requirement Needs; ///< what another unit must say for it to set the flag
  };
  /// Per function and flag: its flag calls by the one pair maker whose
  /// descriptor each sets the flag on (found once, so that pairing each
  /// flag call with its partner costs its maker's calls, not the function).
  llvm::DenseMap<
      std::pair<const FunctionDecl *, unsigned>,
      llvm::DenseMap<const CallExpr *, llvm::SmallVector<PairFlagCall, 2>>>
      PairFlagCalls;
  /// addressOnlyTo()'s answers per variable and helper: asked once per flag
  /// call, each a walk of all the variable's uses.
  llvm::DenseMap<std::pair<const ValueDecl *, const FunctionDecl *>, bool>
      AddressOnlyToHelper;
  /// Source ranges of #if/#ifdef regions whose condition names a CLOEXEC or
  /// NONBLOCK macro: fallbacks for systems without the flag. The unit's
  /// preprocessor owns them.
  const std::vector<SourceRange> *FlagConditionals = nullptr;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FCNTLAFTEROPENCHECK_H
