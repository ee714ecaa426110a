//===--- GetpidForkCheck.cpp - syscall-getpid-fork-check -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "GetpidForkCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/CrossUnitFacts.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/MainFileUses.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// Where a pid can outlive the call that saved it: a global, a static
/// local or a field (of any object); null for locals and values.
const ValueDecl *keptIn(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
    return Var && Var->hasGlobalStorage() ? Var->getCanonicalDecl() : nullptr;
  }
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E))
    return llvm::dyn_cast<FieldDecl>(Member->getMemberDecl());
  return nullptr;
}

/// The parent of \p S above the parentheses and casts around it (`(pid_t)
/// getpid()`, as macros spell it); \p Child is the outermost of those.
const Stmt *valueParent(const Stmt *S, const StmtParents &Parents,
                        const Stmt *&Child) {
  Child = S;
  const Stmt *Up = Parents.getParent(S);
  while (llvm::isa_and_nonnull<ParenExpr>(Up) ||
         llvm::isa_and_nonnull<CastExpr>(Up)) {
    Child = Up;
    Up = Parents.getParent(Up);
  }
  return Up;
}

/// The field a constructor's initialiser list gives \p Value: `Pool() :
/// owner_(getpid())`.
const CXXCtorInitializer *initialiserOf(const FunctionDecl *Func,
                                        const Expr *Value) {
  const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Func);
  if (!Ctor)
    return nullptr;
  for (const CXXCtorInitializer *Init : Ctor->inits())
    if (Init->getMember() && Init->getInit() &&
        underlyingCall(Init->getInit()) == Value)
      return Init;
  return nullptr;
}

/// Whether \p Func ends the process: declared noreturn, or its body's last
/// statement ends it.
bool endsProcess(const FunctionDecl *Func) {
  if (Func->isNoReturn())
    return true;
  const FunctionDecl *Def = nullptr;
  const auto *Body = Func->hasBody(Def)
                         ? llvm::dyn_cast<CompoundStmt>(Def->getBody())
                         : nullptr;
  return Body && !Body->body_empty() && isProcessEnd(Body->body_back());
}

/// Whether a statement after the one that holds \p Call, in the same
/// block, ends the process: `cleanup(); _exit(2);`. \p LastEnd keeps, per
/// block, the position after its last statement that ends the process (0:
/// none), so that the calls of one block cost its length once.
bool followedByProcessEnd(
    const Stmt *Call, const StmtParents &Parents, const ASTContext &Ctx,
    llvm::DenseMap<const CompoundStmt *, unsigned> &LastEnd) {
  const Stmt *Top = nullptr;
  const CompoundStmt *Block = enclosingBlock(Call, Parents, Top);
  if (!Block)
    return false;
  auto [Kept, New] = LastEnd.try_emplace(Block, 0);
  if (New)
    for (unsigned I = Block->size(); I > 0 && !Kept->second; --I)
      if (isProcessEnd(Block->body_begin()[I - 1]))
        Kept->second = I;
  return FunctionCache::positionIn(Block, Top, Ctx) - Block->body_begin() + 1 <
         static_cast<long>(Kept->second);
}

/// A pid comparison of the program: `kept != getpid()`.
struct Comparison {
  const CallExpr *Call;
  const FunctionDecl *Func;
  const ValueDecl *Kept;
};

/// The functions that run once per process or per event, where a syscall
/// saves nothing worth a finding: handlers registered with atexit,
/// signal, sigaction or pthread_atfork.
llvm::DenseSet<const FunctionDecl *> handlers(const CallIndex &Index) {
  llvm::DenseSet<const FunctionDecl *> Found;
  auto Add = [&](const Expr *E) {
    const auto *Ref =
        E ? llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()) : nullptr;
    if (const auto *F =
            Ref ? llvm::dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr)
      Found.insert(F->getCanonicalDecl());
  };
  for (const CallSite &Site : Index.callsTo(handlerRegistrations()))
    for (const Expr *Arg : Site.Call->arguments())
      Add(Arg);
  for (const FieldStore &Store : Index.fieldStores())
    if (Store.Field->getName() == "sa_handler" ||
        Store.Field->getName() == "sa_sigaction")
      Add(Store.Value);
  return Found;
}

} // namespace

GetpidForkCheck::GetpidForkCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      RawGetpidFunctions(Options.get("GetpidFunctions", "")) {}

void GetpidForkCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GetpidFunctions", RawGetpidFunctions);
}

void GetpidForkCheck::registerPPCallbacks(const SourceManager &,
                                          Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void GetpidForkCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl(), this);
}

void GetpidForkCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const CallIndex &Index = CallIndex::of(Ctx);
  FunctionSummaries &Summaries = FunctionSummaries::of(Ctx);

  // The calls that give this process's pid: getpid(), syscall(SYS_getpid),
  // the GetpidFunctions, and the unit's functions whose body is only
  // `return <one of those>;`, found to a fixpoint.
  std::vector<llvm::StringRef> Names = {"getpid", "__getpid", "syscall"};
  for (llvm::StringRef Name : nameList(RawGetpidFunctions))
    Names.push_back(Name.trim());
  llvm::DenseSet<const FunctionDecl *> Wrappers;
  auto IsPidCall = [&](const CallExpr *Call) {
    const FunctionDecl *Callee = calleeOf(Call);
    if (!Callee)
      return false;
    if (Wrappers.count(Callee->getCanonicalDecl()))
      return true;
    if (calleeName(Call) != "syscall")
      return true; // one of Names
    std::optional<int64_t> Number = Call->getNumArgs() == 1
                                        ? foldInteger(Call->getArg(0), Ctx)
                                        : std::nullopt;
    return Constants.isDefined("SYS_getpid") && Number &&
           *Number == Constants.get("SYS_getpid");
  };
  std::vector<CallSite> Sites;
  for (std::vector<CallSite> Round = Index.callsTo(Names); !Round.empty();) {
    std::vector<llvm::StringRef> WrapperNames;
    for (const CallSite &Site : Round) {
      if (!IsPidCall(Site.Call))
        continue;
      Sites.push_back(Site);
      const auto *Body =
          llvm::dyn_cast_or_null<CompoundStmt>(Site.Func->getBody());
      const auto *Return = Body && Body->size() == 1
                               ? llvm::dyn_cast<ReturnStmt>(Body->body_front())
                               : nullptr;
      if (Return && Return->getRetValue() &&
          underlyingCall(Return->getRetValue()) == Site.Call &&
          Site.Func->getIdentifier() &&
          Wrappers.insert(Site.Func->getCanonicalDecl()).second)
        WrapperNames.push_back(Site.Func->getName());
    }
    Round = WrapperNames.empty() ? std::vector<CallSite>{}
                                 : Index.callsTo(WrapperNames);
    llvm::erase_if(Round, [&](const CallSite &S) {
      const FunctionDecl *Callee = S.Callee;
      return !Callee || !Wrappers.count(Callee->getCanonicalDecl());
    });
  }

  // With the whole database, a helper another unit defines may pass
  // getpid() on: its calls count, each a candidate needing that unit to say
  // so.
  llvm::DenseMap<const CallExpr *, std::string> Assumed;
  if (CrossUnitFacts::current()) {
    Summaries.exportFacts(Constants);
    for (const CallSite &Site : Index.all())
      if (std::string Name = elsewhereIdHelper(Site.Callee); !Name.empty()) {
        Sites.push_back(Site);
        Assumed[Site.Call] = forwardsFact(Name, "getpid");
      }
  }

  // Where each pid goes: saved into a place that outlives the call, or
  // compared with one (directly, or through a local holding its one value).
  struct PidStore {
    const Stmt *At;
    const CallExpr *Call;
  };
  llvm::DenseMap<const ValueDecl *, PidStore> Saved;
  std::vector<Comparison> Comparisons;
  std::function<void(const Stmt *, const CallSite &)> Follow =
      [&](const Stmt *Value, const CallSite &Site) {
        const StmtParents &Parents = Functions.parents(Site.Func);
        const Stmt *Child = nullptr;
        const Stmt *Up = valueParent(Value, Parents, Child);
        if (!Up) {
          if (const CXXCtorInitializer *Init =
                  initialiserOf(Site.Func, llvm::cast<Expr>(Value)))
            Saved.try_emplace(Init->getMember(),
                              PidStore{Init->getInit(), Site.Call});
          return;
        }
        const auto *Op = llvm::dyn_cast_or_null<BinaryOperator>(Up);
        if (Op && Op->getOpcode() == BO_Assign && Op->getRHS() == Child) {
          if (const ValueDecl *Kept = keptIn(Op->getLHS()))
            Saved.try_emplace(Kept, PidStore{Op, Site.Call});
          else // `(now = getpid()) != saved`: the store's value goes on
            Follow(Op, Site);
          return;
        }
        if (Op && Op->isEqualityOp()) {
          const Expr *Other =
              Op->getLHS() == Child ? Op->getRHS() : Op->getLHS();
          if (const ValueDecl *Kept = keptIn(Other))
            Comparisons.push_back({Site.Call, Site.Func, Kept});
          return;
        }
        if (const auto *Declaration = llvm::dyn_cast_or_null<DeclStmt>(Up))
          if (const auto *Var =
                  Declaration->isSingleDecl()
                      ? llvm::dyn_cast<VarDecl>(Declaration->getSingleDecl())
                      : nullptr;
              Var && Var->hasGlobalStorage())
            Saved.try_emplace(Var->getCanonicalDecl(),
                              PidStore{Declaration, Site.Call});
      };
  FunctionCache::ScratchPerFunction Scratch(Ctx);
  for (const CallSite &Site : Sites) {
    Scratch.at(Site.Func);
    Follow(Site.Call, Site);
    // A local that holds the pid: `pid_t now = getpid(); if (now != saved)`.
    const StmtParents &Parents = Functions.parents(Site.Func);
    const Stmt *Child = nullptr;
    const VarDecl *Local =
        variableGiven(valueParent(Site.Call, Parents, Child), Child);
    if (!Local || Local->hasGlobalStorage() ||
        underlyingCall(Summaries.soleValue(Local)) != Site.Call)
      continue;
    for (const DeclRefExpr *Ref : Functions.uses(Site.Func).of(Local))
      Follow(Ref, Site);
  }
  if (Comparisons.empty())
    return;

  // Functions that run once per process or per fork: main, handlers,
  // functions that fork or end the process, and static functions that only
  // those call.
  llvm::DenseSet<const FunctionDecl *> Once = handlers(Index);
  for (const CallSite &Site : Index.all())
    if (isForkName(calleeName(Site)))
      Once.insert(Site.Func->getCanonicalDecl());
  llvm::DenseMap<const FunctionDecl *, bool> Known;
  llvm::DenseMap<const CompoundStmt *, unsigned> LastEnd;
  std::function<bool(const FunctionDecl *)> RunsOnce =
      [&](const FunctionDecl *F) {
        F = F->getCanonicalDecl();
        auto [It, New] = Known.try_emplace(F, false); // false while asked
        if (!New)
          return It->second;
        bool Result = F->isMain() || Once.count(F) || endsProcess(F);
        if (!Result && !F->isExternallyVisible()) {
          const MainFileUses &Uses = Functions.mainFileUses(F, Ctx);
          Result = !Uses.Calls.empty() &&
                   Uses.References == Uses.Calls.size() &&
                   llvm::all_of(Uses.Calls, [&](const auto &Site) {
                     const FunctionDecl *Caller = Site.second;
                     return Caller &&
                            (followedByProcessEnd(Site.first,
                                                  Functions.parents(Caller),
                                                  Ctx, LastEnd) ||
                             (!Caller->isMain() && RunsOnce(Caller)));
                   });
        }
        return Known[F] = Result;
      };
  llvm::DenseSet<const CallExpr *> Reported;
  for (const Comparison &C : Comparisons) {
    auto Kept = Saved.find(C.Kept);
    if (Kept == Saved.end() || RunsOnce(C.Func) ||
        Wrappers.count(C.Func->getCanonicalDecl()) ||
        !Reported.insert(C.Call).second)
      continue;
    diag(C.Call->getBeginLoc(),
         "'%0' compared with the pid saved in '%1' to notice a fork: a "
         "syscall on every call of %2; a counter that a pthread_atfork "
         "child handler bumps tells a child without one (leanio's "
         "lio_fork_generation, or lio_getpid, which asks once per process)")
        << writtenCalleeName(C.Call) << C.Kept->getName() << C.Func
        << C.Call->getSourceRange();
    diag(Kept->second.At->getBeginLoc(), "the pid is saved here",
         DiagnosticIDs::Note);
    Requirement Needs;
    for (const CallExpr *Call : {C.Call, Kept->second.Call})
      if (auto It = Assumed.find(Call);
          It != Assumed.end() &&
          !llvm::is_contained(Needs, std::vector<std::string>{It->second}))
        Needs.push_back({It->second});
    noteRequirement(*this, C.Call->getBeginLoc(), Needs);
  }
}

} // namespace clang::tidy::syscall
