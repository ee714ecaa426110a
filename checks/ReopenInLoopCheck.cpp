//===--- ReopenInLoopCheck.cpp - syscall-reopen-in-loop ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ReopenInLoopCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/FunctionSummary.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// The local that \p Call's result is stored in: `int fd = open(...)`,
/// `fd = open(...)`, `if ((f = fopen(...)) == NULL)`.
const VarDecl *heldIn(const CallExpr *Call, const StmtParents &Parents) {
  const Stmt *Child = nullptr;
  const Stmt *Up =
      skipParensAndCasts(retriedValue(Call, Parents), Parents, Child);
  if (const auto *Declaration = llvm::dyn_cast_or_null<DeclStmt>(Up)) {
    for (const Decl *D : Declaration->decls())
      if (const auto *Var = llvm::dyn_cast<VarDecl>(D);
          Var && Var->getInit() && underlyingCall(Var->getInit()) == Call)
        return Var;
    return nullptr;
  }
  const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Up);
  return Assign && Assign->getOpcode() == BO_Assign &&
                 underlyingCall(Assign->getRHS()) == Call
             ? referencedVar(Assign->getLHS())
             : nullptr;
}

/// Whether \p Path names a file that only changes when someone edits it:
/// not a device, nor a file of /run or /tmp that programs rewrite as they
/// run (/proc and /sys have their own rule).
bool isSteadyFile(llvm::StringRef Path) {
  static const llvm::StringRef Changing[] = {"/dev/", "/run/",     "/var/run/",
                                             "/tmp/", "/var/tmp/", "/proc/",
                                             "/sys/", "/etc/mtab"};
  return llvm::none_of(Changing,
                       [&](llvm::StringRef P) { return startsWith(Path, P); });
}

/// Whether \p Loop runs until something inside stops it: `for (;;)`,
/// `while (1)`, a service loop whose file may be edited while it runs.
bool runsForever(const Stmt *Loop, ASTContext &Ctx) {
  const Expr *Cond = nullptr;
  if (const auto *For = llvm::dyn_cast<ForStmt>(Loop)) {
    if (!(Cond = For->getCond()))
      return true;
  } else if (const auto *While = llvm::dyn_cast<WhileStmt>(Loop)) {
    Cond = While->getCond();
  } else if (const auto *Do = llvm::dyn_cast<DoStmt>(Loop)) {
    Cond = Do->getCond();
  }
  std::optional<int64_t> V = Cond ? foldInteger(Cond, Ctx) : std::nullopt;
  return V && *V != 0;
}

} // namespace

ReopenInLoopCheck::ReopenInLoopCheck(StringRef Name, ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawPathPrefixes(Options.get("PathPrefixes", "/proc/;/sys/")),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      Opens(nameList(RawOpenLikeFunctions), {}) {}

void ReopenInLoopCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PathPrefixes", RawPathPrefixes);
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
}

void ReopenInLoopCheck::registerPPCallbacks(const SourceManager &,
                                            Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void ReopenInLoopCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  OpenCalls.assign(Opens.callsIn(Ctx, Constants, /*AcrossUnits=*/true), Ctx);
}

void ReopenInLoopCheck::checkFunction(const FunctionDecl *Walked,
                                      ASTContext &Ctx) {
  Loops.exportFacts(Ctx, Walked);
  for (const CallSite &Site : OpenCalls.in(Walked))
    checkOpen(Site.Call, Site.Func, Ctx);
}

const CallExpr *ReopenInLoopCheck::closedInIteration(const VarDecl *Var,
                                                     const CallExpr *Open,
                                                     const Stmt *Loop,
                                                     const FunctionDecl *Func,
                                                     ASTContext &Ctx) {
  auto [Known, New] = LastCloses.try_emplace({Var, Loop}, nullptr);
  if (New)
    Known->second = lastCloseInIteration(Var, Loop, Func, Ctx);
  const CallExpr *Close = Known->second;
  return Close && Ctx.getSourceManager().isBeforeInTranslationUnit(
                      Open->getBeginLoc(), Close->getBeginLoc())
             ? Close
             : nullptr;
}

const CallExpr *
ReopenInLoopCheck::lastCloseInIteration(const VarDecl *Var, const Stmt *Loop,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  const StmtParents &Parents = Loops.functions().parents(Func);
  llvm::ArrayRef<const DeclRefExpr *> Refs =
      Loops.functions().uses(Func).of(Var);
  // Used after the loop, the descriptor outlives the iteration already.
  for (const DeclRefExpr *Ref : Refs)
    if (!isWithin(Ref, Loop, Parents))
      return nullptr;
  const CallExpr *Close = nullptr;
  bool Reads = false;
  for (const CallExpr *Call : callsTaking(Refs, Parents)) {
    std::optional<OffsetEffect> Effect = Operations.effectOn(Call, Var);
    if (!Effect || *Effect == OffsetEffect::None ||
        *Effect == OffsetEffect::Seeks || *Effect == OffsetEffect::Tells)
      continue;
    if (*Effect == OffsetEffect::Reads || *Effect == OffsetEffect::Positional)
      Reads = true;
    else if (*Effect == OffsetEffect::Closes)
      Close = Call; // the uses are in source order: the last one stays
    else
      return nullptr; // written, or handed to a function that may keep it
  }
  return Reads ? Close : nullptr;
}

void ReopenInLoopCheck::checkOpen(const CallExpr *Call,
                                  const FunctionDecl *Func, ASTContext &Ctx) {
  std::optional<OpenCall> Open =
      Opens.classify(Call, Ctx, Constants, /*AcrossUnits=*/true);
  if (!Open || Open->Call != Call || !Open->Path ||
      Open->Mode.K != AccessMode::ReadOnly)
    return;
  // Files the kernel makes anew for each read from offset 0; a regular
  // file may be replaced by a new one under the same name, which only a
  // new open sees.
  std::optional<llvm::StringRef> Path = stringValue(Open->Path);
  if (Path && (*Path == "/dev/urandom" || *Path == "/dev/random")) {
    checkRandomDevice(*Open, *Path, Func, Ctx);
    return;
  }
  if (!Path)
    return;
  if (llvm::none_of(nameList(RawPathPrefixes), [&](StringRef P) {
        return !P.trim().empty() && startsWith(*Path, P.trim());
      })) {
    if (isSteadyFile(*Path))
      checkSteadyFile(*Open, *Path, Func, Ctx);
    return;
  }
  const StmtParents &Parents = Loops.functions().parents(Func);
  const Stmt *Loop = Loops.every().loopOf(Call, Parents, Ctx);
  const VarDecl *Var = heldIn(Call, Parents);
  if (!Loop || !Var || !Var->isLocalVarDecl())
    return;
  const CallExpr *Close = closedInIteration(Var, Call, Loop, Func, Ctx);
  if (!Close)
    return;
  // A child must open /proc/self anew: it is another process.
  if (Loops.summary(Loop).Forks)
    return;

  diag(Call->getBeginLoc(),
       "'%0' of '%1' in every iteration of the loop, read and closed there: "
       "the kernel makes its contents anew for each read from the start, so "
       "open it once before the loop, read it at offset 0 in each iteration "
       "(%select{pread(fd, buf, n, 0)|rewind(f), then read}2) and close it "
       "after; an open and a close saved per iteration")
      << Open->Function << *Path << Open->Mode.IsStream
      << Call->getSourceRange();
  diag(Close->getBeginLoc(), "closed here, in the same iteration",
       DiagnosticIDs::Note);
  noteRequirement(*this, Call->getBeginLoc(), Open->Needs);
}

void ReopenInLoopCheck::checkSteadyFile(const OpenCall &Open,
                                        llvm::StringRef Path,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  const VarDecl *Var = heldIn(Open.Call, Loops.functions().parents(Func));
  if (!Var || !Var->isLocalVarDecl() || !Func->getBody())
    return;
  IterationSite In = Loops.of(Open.Call, Func, Ctx);
  if (!In)
    return;
  // Opened, read and closed in the iteration, or in the call of Func.
  const Stmt *Scope = In.Loop && !In.Through ? In.Loop : Func->getBody();
  const CallExpr *Close = closedInIteration(Var, Open.Call, Scope, Func, Ctx);
  // The open names the path once; another call that names it writes,
  // renames or opens it again.
  if (!Close || Loops.summary(Scope).Named.lookup(Path) > 1)
    return;
  if (In.Loop) {
    const CallsSummary &Calls = Loops.summary(In.Loop);
    unsigned OwnOpen = In.Through ? 0 : 1; // a caller's loop names it not
    if (runsForever(In.Loop, Ctx) || Calls.Waits || Calls.Forks ||
        Calls.Named.lookup(Path) > OwnOpen)
      return;
  }
  {
    auto Diag = diag(Open.Call->getBeginLoc(),
                     "'%0' of '%1' in every iteration of %select{the|a}2 "
                     "loop, read and closed there, and nothing in the loop "
                     "writes it or waits: read it once before the loop and "
                     "keep what it says; an open, a close and the reads "
                     "saved per iteration")
                << Open.Function << Path << (In.Through || !In.Loop)
                << Open.Call->getSourceRange();
  } // emitted here, before its notes
  diag(Close->getBeginLoc(), "closed here", DiagnosticIDs::Note);
  if (In.Through)
    diag(In.Through->getBeginLoc(),
         "%0 is called in every iteration of this loop", DiagnosticIDs::Note)
        << Func;
  Requirement Needs = Open.Needs;
  Needs.insert(Needs.end(), In.Needs.begin(), In.Needs.end());
  noteRequirement(*this, Open.Call->getBeginLoc(), Needs);
}

void ReopenInLoopCheck::checkRandomDevice(const OpenCall &Open,
                                          llvm::StringRef Path,
                                          const FunctionDecl *Func,
                                          ASTContext &Ctx) {
  // A unit that asks getrandom or getentropy reads the device only as
  // their fallback, for kernels without them.
  if (!AsksKernelForRandom)
    AsksKernelForRandom =
        !CallIndex::of(Ctx)
             .callsTo({"getrandom", "getentropy", "arc4random_buf"})
             .empty();
  const VarDecl *Var = heldIn(Open.Call, Loops.functions().parents(Func));
  if (*AsksKernelForRandom || !Var || !Var->isLocalVarDecl() ||
      !Func->getBody())
    return;
  const CallExpr *Close =
      closedInIteration(Var, Open.Call, Func->getBody(), Func, Ctx);
  if (!Close)
    return;
  // A stream made unbuffered before its read allocates no buffer, and
  // makes no fstat to size one.
  bool Unbuffered =
      Open.Mode.IsStream &&
      llvm::any_of(CallIndex::of(Ctx).callsIn(Func), [&](const CallSite &C) {
        return unbuffersStream(C.Call, Ctx, Constants) &&
               referencedVar(C.Call->getArg(0)) == Var;
      });
  diag(Open.Call->getBeginLoc(),
       "'%0' of '%1' to read random bytes, closed again in the same call: "
       "%select{three|four}2 syscalls per call where getrandom(buf, n, 0) "
       "makes one (Linux 3.17, glibc 2.25; leanio's lio_random falls back to "
       "the device on older kernels)")
      << Open.Function << Path << (Open.Mode.IsStream && !Unbuffered)
      << Open.Call->getSourceRange();
  diag(Close->getBeginLoc(), "closed here", DiagnosticIDs::Note);
  noteRequirement(*this, Open.Call->getBeginLoc(), Open.Needs);
}

} // namespace clang::tidy::syscall
