//===--- UnbufferedAutoflushCheck.h - syscall-unbuffered-autoflush -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_UNBUFFEREDAUTOFLUSHCHECK_H
#define SYSCALL_TIDY_CHECKS_UNBUFFEREDAUTOFLUSHCHECK_H

#include "WalkingCheck.h"
#include "analysis/CrossUnitFacts.h"
#include "analysis/FdTracking.h"
#include "analysis/FlowAnalysis.h"
#include "analysis/StreamDestination.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace clang::tidy::syscall {

/// Finds file output that makes one write(2) per record: unbuffered or
/// line-buffered streams, flushes and std::endl per loop iteration,
/// std::unitbuf, unbuffered filebufs, small raw writes in loops, and
/// streambufs that write every character.
class UnbufferedAutoflushCheck : public WalkingCheck {
public:
  UnbufferedAutoflushCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void endUnit() override {
    Loops.clear();
    Flushing.clear();
  }

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void
  checkOther(const ast_matchers::MatchFinder::MatchResult &Result) override;
  /// What this unit's calls hand to std::ostream& parameters of functions
  /// other units may define: a file stream, a call in a loop.
  void exportStreamFacts(CrossUnitFacts &Facts, ASTContext &Ctx);
  bool isReported(Destination D) const;

  void checkSetvbuf(const CallExpr *Call, const FunctionDecl *Func,
                    ASTContext &Ctx);
  /// setvbuf's fix: a full buffer (of BufferSize when there is none);
  /// setbuf(f, NULL) is removed.
  void fixBufferMode(const CallExpr *Call, bool IsSetbuf, bool NeedsSize,
                     const FunctionDecl *Func, DiagnosticBuilder &D,
                     ASTContext &Ctx);
  /// Notes the writes an unbuffered stream makes a syscall each.
  void noteCostlyWrites(std::vector<const CallExpr *> &Writes, ASTContext &Ctx);
  /// Notes the '<<' on \p Stream in \p Func: each is a write(2) when
  /// the stream flushes after every output.
  void noteStreamOutputs(const Expr *Stream, const FunctionDecl *Func,
                         ASTContext &Ctx);
  void checkFflush(const CallExpr *Call, const FunctionDecl *Func,
                   ASTContext &Ctx);
  void checkManipulator(const CXXOperatorCallExpr *Shift,
                        const FunctionDecl *Func, ASTContext &Ctx);
  void checkUnitbufFlag(const CXXMemberCallExpr *Setf, const FunctionDecl *Func,
                        ASTContext &Ctx);
  void checkPubsetbuf(const CXXMemberCallExpr *Call, const FunctionDecl *Func,
                      ASTContext &Ctx);
  void checkRawWrite(const CallExpr *Call, const FunctionDecl *Func,
                     ASTContext &Ctx);
  void checkOverflow(const CXXMethodDecl *Overflow, ASTContext &Ctx);
  void removeStatement(const Stmt *S, DiagnosticBuilder &D, ASTContext &Ctx);
  /// Reports \p Call; removes it when it is a statement of its own.
  void reportRemovable(const CallExpr *Call, llvm::StringRef Message,
                       const FunctionDecl *Func, ASTContext &Ctx);

  /// What a loop's calls do, gathered in one walk per loop, so that each
  /// flush or manipulator in it is judged in constant time.
  struct LoopSummary {
    bool Durable = false;   ///< fsync and friends: flushes are durability
    bool NeedsData = false; ///< forks, execs or reads: may need the data out
    /// Blocks for input (a terminal, a socket, a child): a flush before it
    /// is there so that the other side sees the output first.
    bool WaitsForInput = false;
    /// No path leaves it to the code after it (`for (;;)` without a break
    /// out): a flush moved after it would never run.
    bool NeverEnds = false;
    llvm::SmallPtrSet<const VarDecl *, 4> Written; ///< streams written to
    /// Per stream (as spelled), where its first endl/flush manipulator is.
    llvm::StringMap<SourceLocation> FirstFlush;
  };
  const LoopSummary &loopSummary(const Stmt *Loop, ASTContext &Ctx);

  const std::string BufferSize;
  const bool FlagStdout;
  const unsigned SmallWriteLimit;
  const OpenFunctionTable Opens;
  PosixConstants Constants;
  FunctionCache Functions;
  llvm::DenseMap<const Stmt *, std::unique_ptr<LoopSummary>> Loops;
  StreamDestinations Destinations;
  CallsByFunction Flushing;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_UNBUFFEREDAUTOFLUSHCHECK_H
