//===--- LoopInvariantCheck.cpp - syscall-loop-invariant -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LoopInvariantCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/DescriptorStat.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

/// A call whose value a loop can keep, and what ends that.
struct InvariantCall {
  llvm::StringRef Name;
  llvm::StringRef Type;  ///< of the local the fix declares
  llvm::StringRef Local; ///< its name
  unsigned EndedBy;      ///< LoopInvariantCheck::Change bits
};

namespace {

llvm::ArrayRef<InvariantCall> invariantCalls() {
  using C = LoopInvariantCheck;
  static const InvariantCall Table[] = {
      {"getpid", "pid_t", "pid", C::Forks},
      {"gettid", "pid_t", "tid", C::Forks},
      {"getuid", "uid_t", "uid", C::Forks | C::Credentials},
      {"geteuid", "uid_t", "euid", C::Forks | C::Credentials},
      {"getgid", "gid_t", "gid", C::Forks | C::Credentials},
      {"getegid", "gid_t", "egid", C::Forks | C::Credentials},
      {"isatty", "int", "is_tty", C::Descriptors},
      {"sysconf", "long", "", C::Limits},
      {"syscall", "long", "tid", C::Forks}, // syscall(SYS_gettid) only
      // Buffer forms (no local's type): the statement moves.
      {"uname", "", "", 0},
      {"getrlimit", "", "", C::Limits},
  };
  return Table;
}

const InvariantCall *invariantCall(llvm::StringRef Name) {
  for (const InvariantCall &I : invariantCalls())
    if (I.Name == Name)
      return &I;
  return nullptr;
}

/// For `sysconf(NAME)`: the local's name when glibc answers NAME with
/// syscalls and the answer does not change while the process runs, or "".
/// Counted with strace on Debian 12 (glibc 2.36): _SC_NPROCESSORS_ONLN,
/// _CONF and _SC_NGROUPS_MAX read a file (openat, read, close),
/// _SC_PHYS_PAGES calls sysinfo, and the limits (_SC_OPEN_MAX, _SC_ARG_MAX,
/// _SC_CHILD_MAX, _SC_SIGQUEUE_MAX) call prlimit64, which only a setrlimit
/// or prlimit in the loop changes. Most other names cost no syscall;
/// _SC_AVPHYS_PAGES changes.
llvm::StringRef sysconfLocal(const CallExpr *Call) {
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenCasts());
  const auto *Constant =
      Ref ? llvm::dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
  if (!Constant)
    return "";
  return llvm::StringSwitch<llvm::StringRef>(Constant->getName())
      .Case("_SC_NPROCESSORS_ONLN", "ncpus_online")
      .Case("_SC_NPROCESSORS_CONF", "ncpus")
      .Case("_SC_PHYS_PAGES", "phys_pages")
      .Case("_SC_NGROUPS_MAX", "ngroups_max")
      .Case("_SC_OPEN_MAX", "open_max")
      .Case("_SC_ARG_MAX", "arg_max")
      .Case("_SC_CHILD_MAX", "child_max")
      .Case("_SC_SIGQUEUE_MAX", "sigqueue_max")
      .Default("");
}

/// For `syscall(NR)`: whether NR is SYS_gettid, the raw form of gettid
/// that code written before glibc 2.30 uses.
bool isGettidSyscall(const CallExpr *Call, ASTContext &Ctx,
                     const PosixConstants &C) {
  std::optional<int64_t> Number = foldInteger(Call->getArg(0), Ctx);
  return C.isDefined("SYS_gettid") && Number && *Number == C.get("SYS_gettid");
}

/// The same argument: the same variable or constant, or equal values.
bool sameArgument(const Expr *A, const Expr *B, ASTContext &Ctx) {
  if (sameValue(A, B))
    return true;
  std::optional<int64_t> X = foldInteger(A, Ctx), Y = foldInteger(B, Ctx);
  return X && Y && *X == *Y;
}

/// Calls in \p S, nested lambdas and blocks included (they may run there).
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
  llvm::SmallVector<const CallExpr *, 16> Calls;
};

} // namespace

LoopInvariantCheck::LoopInvariantCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawForkFunctions(Options.get("ForkFunctions", "")) {
  for (llvm::StringRef Extra : nameList(RawForkFunctions))
    ExtraForkNames.push_back(Extra);
}

void LoopInvariantCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ForkFunctions", RawForkFunctions);
}

void LoopInvariantCheck::registerPPCallbacks(const SourceManager &,
                                             Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void LoopInvariantCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl(), this);
}

void LoopInvariantCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // The calls to hoist, by the loop they leave, in source order.
  llvm::MapVector<const Stmt *, llvm::SmallVector<Hoist, 2>> ByLoop;
  llvm::SmallVector<llvm::StringRef, 12> Names;
  for (const InvariantCall &I : invariantCalls())
    Names.push_back(I.Name);
  auto Add = [&](std::optional<Hoist> H) {
    if (!H)
      return;
    for (const CallExpr *Member : H->Calls)
      Reported.insert(Member);
    ByLoop[H->Loop].push_back(std::move(*H));
  };
  const CallIndex &Index = CallIndex::of(Ctx);
  FunctionCache::ScratchPerFunction Scratch(Ctx);
  for (const CallSite &Site : Index.callsTo(Names))
    if (!Reported.contains(Site.Call)) {
      Scratch.at(Site.Func);
      Add(invariantCall(calleeName(Site))->Type.empty()
              ? bufferHoistOf(Site.Call, Site.Func, Ctx)
              : hoistOf(Site.Call, Site.Func, Ctx));
    }
  // With the whole database, a helper another unit defines may only pass
  // an id call on: a candidate that needs that unit to say so.
  if (CrossUnitFacts::current()) {
    FunctionSummaries::of(Ctx).exportFacts(Constants);
    // Such a finding stands alone: joined with others, a requirement that
    // fails would take the others with it.
    for (const CallSite &Site : Index.all())
      if (Site.InLoop && !Reported.contains(Site.Call)) {
        Scratch.at(Site.Func);
        if (std::optional<Hoist> H =
                elsewhereHoistOf(Site.Call, Site.Func, Ctx);
            H && !ByLoop.count(H->Loop))
          Add(std::move(H));
      }
  }
  for (const auto &[Loop, Hoists] : ByLoop)
    report(Hoists, Ctx);
}

namespace {

/// Calls in \p S, nested lambdas and blocks included (they may run there),
/// but not those of the loops nested in it, which are summarised apart.
class CallsOutsideNestedLoops
    : public RecursiveASTVisitor<CallsOutsideNestedLoops> {
public:
  explicit CallsOutsideNestedLoops(const Stmt *Root) : Root(Root) {}
  bool TraverseStmt(Stmt *S) {
    if (S && S != Root && isLoop(S)) {
      Loops.push_back(S);
      return true;
    }
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
  const Stmt *Root;
  llvm::SmallVector<const CallExpr *, 16> Calls;
  llvm::SmallVector<const Stmt *, 4> Loops;
};

} // namespace

unsigned LoopInvariantCheck::changesOfCall(const CallExpr *C, ASTContext &Ctx,
                                           bool FollowCalls) {
  static const llvm::StringRef CredentialNames[] = {
      "setuid",   "seteuid",  "setreuid",  "setresuid", "setgid",
      "setegid",  "setregid", "setresgid", "setgroups", "initgroups",
      "setfsuid", "setfsgid", "capset"};
  static const llvm::StringRef DescriptorNames[] = {
      "dup2", "dup3", "close", "fclose", "freopen", "freopen64", "close_range"};
  static const llvm::StringRef LimitNames[] = {"setrlimit", "prlimit",
                                               "prlimit64"};
  static const llvm::StringRef WaitNames[] = {
      "sleep", "usleep",     "nanosleep", "clock_nanosleep", "poll",
      "ppoll", "select",     "pselect",   "epoll_wait",      "epoll_pwait",
      "pause", "sigsuspend", "sigwait",   "waitpid",         "wait"};
  unsigned Changes = 0;
  llvm::StringRef Name = calleeName(C);
  if (isForkName(Name) || llvm::is_contained(ExtraForkNames, Name))
    Changes |= Forks;
  if (llvm::is_contained(CredentialNames, Name))
    Changes |= Credentials;
  if (llvm::is_contained(DescriptorNames, Name))
    Changes |= Descriptors;
  if (llvm::is_contained(WaitNames, Name))
    Changes |= Waits;
  if (llvm::is_contained(LimitNames, Name))
    Changes |= Limits;
  const FunctionDecl *Callee = calleeOf(C);
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!FollowCalls || !Def || !Def->getBody())
    return Changes;
  auto [It, New] = Changers.try_emplace(Def, 0);
  if (New) {
    CallCollector Collector;
    Collector.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    unsigned Own = 0;
    for (const CallExpr *Inner : Collector.Calls)
      Own |= changesOfCall(Inner, Ctx, /*FollowCalls=*/false);
    Changers[Def] = Own;
    return Changes | Own;
  }
  return Changes | It->second;
}

unsigned LoopInvariantCheck::changesIn(const Stmt *Loop, ASTContext &Ctx) {
  // Each loop's own calls are looked at once and nested loops' summaries
  // reused: linear in the function however deep its loops nest.
  if (auto It = LoopChanges.find(Loop); It != LoopChanges.end())
    return It->second;
  CallsOutsideNestedLoops Collector(Loop);
  Collector.TraverseStmt(const_cast<Stmt *>(Loop));
  unsigned Changes = 0;
  for (const CallExpr *C : Collector.Calls)
    Changes |= changesOfCall(C, Ctx, /*FollowCalls=*/true);
  for (const Stmt *Nested : Collector.Loops)
    Changes |= changesIn(Nested, Ctx);
  LoopChanges[Loop] = Changes;
  return Changes;
}

std::pair<const Stmt *, const Stmt *>
LoopInvariantCheck::enclosingLoop(const Stmt *S, const StmtParents &Parents,
                                  ASTContext &Ctx) {
  // Every statement climbed through has the same answer: kept, so that n
  // calls n levels deep (an else-if chain) cost n, not n^2.
  llvm::SmallVector<const Stmt *, 16> Climbed;
  std::pair<const Stmt *, const Stmt *> Answer{nullptr, nullptr};
  const Stmt *Child = S;
  for (const Stmt *P = Parents.getParent(S); P;
       Child = P, P = Parents.getParent(P)) {
    if (auto Known = LoopAround.find(Child); Known != LoopAround.end()) {
      Answer = Known->second;
      break;
    }
    Climbed.push_back(Child);
    if (llvm::isa<LambdaExpr, BlockExpr>(P))
      break;
    // `do { ... } while (0)`, as statement-like macros expand, runs once.
    if (!isLoop(P) || runsOnce(P, Ctx))
      continue;
    // A for loop's init runs once; a range-for's range too.
    if (const auto *For = llvm::dyn_cast<ForStmt>(P);
        For && For->getInit() == Child)
      continue;
    if (const auto *Range = llvm::dyn_cast<CXXForRangeStmt>(P);
        Range && Child != Range->getBody())
      continue;
    Answer = {P, Child};
    break;
  }
  for (const Stmt *Climb : Climbed)
    LoopAround[Climb] = Answer;
  return Answer;
}

const Stmt *LoopInvariantCheck::outermostFrom(const Stmt *Loop,
                                              unsigned EndedBy,
                                              const StmtParents &Parents,
                                              ASTContext &Ctx) {
  // A loop that sleeps or waits in each iteration (a retry loop) spends
  // nothing worth saving on the call.
  if (changesIn(Loop, Ctx) & (EndedBy | Waits))
    return nullptr;
  auto [It, New] = Outermost.try_emplace({Loop, EndedBy}, Loop);
  if (!New)
    return It->second;
  const Stmt *Outer = enclosingLoop(Loop, Parents, Ctx).first;
  const Stmt *Found =
      Outer ? outermostFrom(Outer, EndedBy, Parents, Ctx) : nullptr;
  return Outermost[{Loop, EndedBy}] = Found ? Found : Loop;
}

const Stmt *LoopInvariantCheck::invariantLoop(const CallExpr *Call,
                                              const FunctionDecl *Func,
                                              unsigned EndedBy,
                                              bool EveryIteration,
                                              ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  const Expr *Fd = EndedBy & Descriptors ? Call->getArg(0) : nullptr;
  // The descriptor argument: a constant, or a variable the loop leaves.
  const VarDecl *FdVar = Fd ? referencedVar(Fd) : nullptr;
  if (Fd && !Fd->isEvaluatable(Ctx) && !FdVar)
    return nullptr;
  auto [Innermost, Child] = enclosingLoop(Call, Parents, Ctx);
  // Per iteration: in the innermost loop, the call runs every time.
  if (!Innermost || (EveryIteration && !alwaysEvaluated(Call, Child, Parents)))
    return nullptr;
  if (!FdVar)
    return outermostFrom(Innermost, EndedBy, Parents, Ctx);
  const Stmt *Found = nullptr;
  for (const Stmt *P = Innermost; P; P = enclosingLoop(P, Parents, Ctx).first) {
    if ((changesIn(P, Ctx) & (EndedBy | Waits)) || mutatedIn(FdVar, P))
      break;
    Found = P;
  }
  return Found;
}

std::optional<LoopInvariantCheck::Hoist>
LoopInvariantCheck::hoistOf(const CallExpr *Call, const FunctionDecl *Func,
                            ASTContext &Ctx) {
  const InvariantCall *What = invariantCall(calleeName(Call));
  if (!What)
    return std::nullopt;
  return hoistAs(*What, Call, Func, Ctx);
}

std::optional<LoopInvariantCheck::Hoist> LoopInvariantCheck::elsewhereHoistOf(
    const CallExpr *Call, const FunctionDecl *Func, ASTContext &Ctx) {
  const FunctionDecl *Callee = calleeOf(Call);
  std::string Name = elsewhereIdHelper(Callee);
  if (Name.empty())
    return std::nullopt;
  // Any of the id calls: what ends each ends it.
  std::vector<std::string> Facts;
  for (llvm::StringRef Id :
       {"getpid", "gettid", "getuid", "geteuid", "getgid", "getegid"})
    Facts.push_back(forwardsFact(Name, Id));
  InvariantCall What{Callee->getName(), "", Callee->getName(),
                     Forks | Credentials};
  std::optional<Hoist> H = hoistAs(What, Call, Func, Ctx);
  if (H) {
    H->Type = Callee->getReturnType().getAsString(Ctx.getPrintingPolicy());
    H->Needs.push_back(std::move(Facts));
  }
  return H;
}

std::optional<LoopInvariantCheck::Hoist>
LoopInvariantCheck::hoistAs(const InvariantCall &What, const CallExpr *Call,
                            const FunctionDecl *Func, ASTContext &Ctx) {
  bool Sysconf = What.Name == "sysconf";
  bool Syscall = What.Name == "syscall";
  if (Call->getNumArgs() !=
          (What.EndedBy & Descriptors || Sysconf || Syscall ? 1u : 0u) ||
      (Sysconf && sysconfLocal(Call).empty()) ||
      (Syscall && !isGettidSyscall(Call, Ctx, Constants)))
    return std::nullopt;
  const Stmt *Loop =
      invariantLoop(Call, Func, What.EndedBy, /*EveryIteration=*/true, Ctx);
  if (!Loop)
    return std::nullopt;
  // Every call of the same function with the same argument in the loop.
  Hoist H{Loop,
          Func,
          What.Name,
          What.Type.str(),
          (Sysconf ? sysconfLocal(Call) : What.Local).str(),
          {},
          nullptr,
          {}};
  if (H.Local == "is_tty" && Call->getNumArgs() == 1)
    if (const VarDecl *Fd = referencedVar(Call->getArg(0)))
      H.Local = Fd->getName().str() + "_is_tty";
  CallCollector Collector;
  Collector.TraverseStmt(const_cast<Stmt *>(Loop));
  for (const CallExpr *Other : Collector.Calls)
    if (calleeName(Other) == What.Name &&
        Other->getNumArgs() == Call->getNumArgs() &&
        (Other->getNumArgs() == 0 ||
         sameArgument(Other->getArg(0), Call->getArg(0), Ctx)) &&
        invariantLoop(Other, Func, What.EndedBy, /*EveryIteration=*/false,
                      Ctx) == Loop)
      H.Calls.push_back(Other);
  return H;
}

/// Whether the pointer \p Decayed (an array of a buffer, `u.release`) is
/// only read through: an element read, or an argument where a pointer to
/// const or a variadic argument goes (printf's "%s"), not `u.release[0] = c`.
static bool onlyReadThrough(const Expr *Decayed, const StmtParents &Parents) {
  const Stmt *P = Parents.getParent(Decayed);
  if (const auto *Element = llvm::dyn_cast_or_null<ArraySubscriptExpr>(P)) {
    const auto *Read =
        llvm::dyn_cast_or_null<ImplicitCastExpr>(Parents.getParent(Element));
    return Read && Read->getCastKind() == CK_LValueToRValue;
  }
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *Callee = Call ? forwardedCallee(calleeOf(Call)) : nullptr;
  if (!Callee)
    return false;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == Decayed)
      return I >= Callee->getNumParams() || Callee->getParamDecl(I)
                                                ->getType()
                                                ->getPointeeType()
                                                .isConstQualified();
  return false;
}

std::optional<LoopInvariantCheck::Hoist>
LoopInvariantCheck::bufferHoistOf(const CallExpr *Call,
                                  const FunctionDecl *Func, ASTContext &Ctx) {
  const InvariantCall *What = invariantCall(calleeName(Call));
  bool Uname = What->Name == "uname";
  if (Call->getNumArgs() != (Uname ? 1u : 2u) ||
      (!Uname && !Call->getArg(0)->isEvaluatable(Ctx)))
    return std::nullopt;
  const VarDecl *Buffer = bufferVariable(Call->getArg(Uname ? 0 : 1));
  const StmtParents &Parents = Functions.parents(Func);
  CallStatement St = statementOf(Call, Parents, Ctx);
  const Stmt *Loop =
      invariantLoop(Call, Func, What->EndedBy, /*EveryIteration=*/true, Ctx);
  // The statement is one of the loop body's, so that it moves whole, and
  // the buffer is declared before the loop.
  if (!Buffer || St.K != CallStatement::Discarded || !St.Block || !Loop ||
      Parents.getParent(St.Block) != Loop ||
      !Ctx.getSourceManager().isBeforeInTranslationUnit(Buffer->getLocation(),
                                                        Loop->getBeginLoc()))
    return std::nullopt;
  // The loop only reads the buffer (`u.release`, `rl.rlim_cur`).
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Buffer)) {
    if (!isWithin(Ref, Loop, Parents) || isWithin(Ref, Call, Parents))
      continue;
    const auto *Field =
        llvm::dyn_cast_or_null<MemberExpr>(Parents.getParent(Ref));
    const auto *Read =
        Field
            ? llvm::dyn_cast_or_null<ImplicitCastExpr>(Parents.getParent(Field))
            : nullptr;
    if (!Read || (Read->getCastKind() != CK_LValueToRValue &&
                  !(Read->getCastKind() == CK_ArrayToPointerDecay &&
                    onlyReadThrough(Read, Parents))))
      return std::nullopt;
  }
  Hoist H{Loop, Func, What->Name, "", "", {Call}, nullptr, {}};
  H.Moved = St.Statement;
  return H;
}

void LoopInvariantCheck::report(llvm::ArrayRef<Hoist> Hoists, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const Stmt *Loop = Hoists.front().Loop;
  const FunctionDecl *Func = Hoists.front().Func;
  std::string Unfixable;
  const Stmt *LoopParent = Functions.parents(Func).getParent(Loop);
  if (!llvm::isa_and_nonnull<CompoundStmt>(LoopParent))
    Unfixable = "the loop is not a statement of a block";
  else if (!LO.C99 && !LO.CPlusPlus)
    Unfixable = "C89 does not allow a declaration before the loop here";
  else if (Loop->getBeginLoc().isMacroID())
    Unfixable = "a macro spells the loop";

  // One local per function before the loop, the calls replaced by it: all
  // in one fix, since the declarations go to the same place.
  std::string Declarations;
  llvm::SmallVector<FixItHint, 4> Fixes;
  llvm::SmallVector<std::string, 2> &Names = LocalsGiven[Hoists.front().Func];
  size_t NamesBefore = Names.size();
  std::string Indent = indentationOf(Loop->getBeginLoc(), SM);
  for (const Hoist &H : Hoists) {
    if (H.Moved) {
      std::optional<CharSourceRange> Range = statementRange(H.Moved, SM, LO);
      if (!Range && Unfixable.empty())
        Unfixable = "a macro spells the call";
      if (Range) {
        Fixes.push_back(FixItHint::CreateRemoval(wholeLines(*Range, SM)));
        Declarations += sourceText(*Range, SM, LO) + "\n" + Indent;
      }
      continue;
    }
    std::string Local;
    for (const char *Suffix : {"", "_once", "_once2", "_once3"}) {
      std::string Name = H.Local + Suffix;
      if (!mentionsIdentifier(Func, SM, LO, Name) &&
          !isDeclaredOrDefined(Name, Ctx, Constants) &&
          !llvm::is_contained(Names, Name)) {
        Local = Name;
        break;
      }
    }
    if (Local.empty() && Unfixable.empty())
      Unfixable = "the names '" + H.Local + "' and '" + H.Local +
                  "_once' to '" + H.Local +
                  "_once3' are taken in this function";
    Names.push_back(Local);
    for (const CallExpr *Member : H.Calls) {
      CharSourceRange Range = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Member->getSourceRange()), SM, LO);
      if (Range.isInvalid() && Unfixable.empty())
        Unfixable = "a macro spells the call";
      Fixes.push_back(FixItHint::CreateReplacement(Range, Local));
    }
    Declarations += "const " + H.Type + " " + Local + " = " +
                    sourceText(CharSourceRange::getTokenRange(
                                   H.Calls.front()->getSourceRange()),
                               SM, LO) +
                    ";\n" + Indent;
  }
  Fixes.insert(Fixes.begin(),
               FixItHint::CreateInsertion(Loop->getBeginLoc(), Declarations));
  if (!Unfixable.empty())
    Names.resize(NamesBefore); // nothing declared after all

  const CallExpr *First = Hoists.front().Calls.front();
  {
    DiagnosticBuilder D =
        Hoists.size() == 1
            ? diag(First->getBeginLoc(),
                   "'%0' in every iteration of the loop makes a syscall for "
                   "the same value each time; call it once before the loop")
            : diag(First->getBeginLoc(),
                   "'%0' and %1 more in every iteration of the loop make a "
                   "syscall each for the same value each time; call them "
                   "once before the loop");
    D << Hoists.front().Name;
    if (Hoists.size() > 1)
      D << static_cast<unsigned>(Hoists.size() - 1);
    D << First->getSourceRange();
    if (Unfixable.empty())
      for (const FixItHint &Fix : Fixes)
        D << Fix;
  }
  for (const Hoist &H : Hoists)
    for (const CallExpr *Member : H.Calls)
      if (Member != First)
        diag(Member->getBeginLoc(), "and '%0' here, in the same loop",
             DiagnosticIDs::Note)
            << H.Name;
  if (!Unfixable.empty())
    diag(First->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Unfixable;
  Requirement Needs;
  for (const Hoist &H : Hoists)
    Needs.insert(Needs.end(), H.Needs.begin(), H.Needs.end());
  noteRequirement(*this, First->getBeginLoc(), Needs);
}

} // namespace clang::tidy::syscall
