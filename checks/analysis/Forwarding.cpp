//===--- Forwarding.cpp - Calls of helpers that only pass a call on ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Forwarding.h"
#include "CallIndex.h"
#include "Callee.h"
#include "CrossUnitFacts.h"
#include "FdTracking.h"
#include "FlowAnalysis.h"
#include "FunctionSummary.h"
#include "FunctionWalk.h"
#include "StatementShape.h"
#include "StaticStores.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::syscall {

namespace {

/// The statements of \p Body but empty ones, seen through a do { } while
/// (0) macro that is all of it.
llvm::SmallVector<const Stmt *, 4> statementsOf(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 4> Out;
  // A helper's body is a few statements: a function's of thousands is
  // no helper, and is not walked for every call it makes.
  const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block || Block->size() > 8)
    return Out;
  for (const Stmt *Child : Block->body())
    if (!llvm::isa<NullStmt>(Child))
      Out.push_back(Child);
  if (Out.size() == 1 && isStatementMacro(Out.front())) {
    const Stmt *Inner = llvm::cast<DoStmt>(Out.front())->getBody();
    if (llvm::isa<CompoundStmt>(Inner))
      return statementsOf(Inner);
    Out.front() = Inner;
  }
  return Out;
}

/// The call \p Def passes on (passedOnCall), and in \p Dies whether \p
/// Def exits when it fails: `T r = g(p0, p1); if (r == -1) { perror(...);
/// exit(1); } return r;`.
const CallExpr *passedOn(const FunctionDecl *Def, bool &Dies) {
  Dies = false;
  if (Def->isVariadic() || llvm::isa<CXXMethodDecl>(Def) ||
      Def->isTemplated() || Def->isTemplateInstantiation())
    return nullptr;
  llvm::SmallVector<const Stmt *, 4> Body = statementsOf(Def->getBody());
  const Expr *Value = nullptr;
  if (Body.size() == 1) {
    if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(Body.front()))
      Value = Ret->getRetValue();
    else if (Def->getReturnType()->isVoidType())
      Value = llvm::dyn_cast<Expr>(Body.front());
  } else if (Body.size() >= 3 && Body.size() <= 5 &&
             llvm::isa<IfStmt>(Body[Body.size() - 2])) {
    // `T r = g(...); if (failed) exit; return r;` in any spelling: asked
    // of the summaries, which keep the answer.
    const auto *Ret = llvm::dyn_cast<ReturnStmt>(Body.back());
    const auto *Returned = Ret && Ret->getRetValue()
                               ? llvm::dyn_cast<DeclRefExpr>(
                                     Ret->getRetValue()->IgnoreParenImpCasts())
                               : nullptr;
    if (Returned && llvm::isa<VarDecl>(Returned->getDecl()) &&
        (Value = FunctionSummaries::of(Def->getASTContext())
                     .exitingCall(Def, Body)))
      Dies = true;
  }
  // A helper that exits on failure may retry on EINTR first
  // (TEMP_FAILURE_RETRY): it still never returns the failure. A plain one
  // that retries is not renamed by a fix as a pass-through would be.
  const CallExpr *Call =
      !Value ? nullptr
      : Dies ? underlyingCall(Value)
             : llvm::dyn_cast<CallExpr>(Value->IgnoreParenCasts());
  const FunctionDecl *Target = Call ? calleeOf(Call) : nullptr;
  if (!Target || Target->getCanonicalDecl() == Def->getCanonicalDecl() ||
      Def->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()) ||
      llvm::isa<CXXMethodDecl>(Target) ||
      Call->getNumArgs() != Def->getNumParams())
    return nullptr;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const auto *Ref =
        llvm::dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
    if (!Ref || Ref->getDecl() != Def->getParamDecl(I))
      return nullptr;
  }
  return Call;
}

} // namespace

const CallExpr *passedOnCall(const FunctionDecl *Def) {
  bool Dies;
  return passedOn(Def, Dies);
}

bool exitsOnFailure(const CallExpr *Call) {
  const FunctionDecl *Func = calleeOf(Call);
  for (unsigned Depth = 0; Func && Depth < 8; ++Depth) {
    const FunctionDecl *Def = Func->getDefinition();
    bool Dies = false;
    const CallExpr *Inner = Def ? passedOn(Def, Dies) : nullptr;
    if (Dies)
      return true;
    Func = Inner ? calleeOf(Inner) : nullptr;
  }
  return false;
}

const FunctionDecl *forwardedCallee(const FunctionDecl *Func) {
  // A few helpers deep is what code writes; the bound ends a cycle.
  for (unsigned Depth = 0; Func && Depth < 8; ++Depth) {
    const FunctionDecl *Def = Func->getDefinition();
    const CallExpr *Call = Def ? passedOnCall(Def) : nullptr;
    const FunctionDecl *Next = Call ? calleeOf(Call) : nullptr;
    if (!Def)
      if (ElsewhereGuesses *Guesses = ElsewhereGuesses::current())
        Next = Guesses->use(Func);
    if (!Next)
      return Func;
    Func = Next;
  }
  return Func;
}

std::string forwardsFact(llvm::StringRef Name, llvm::StringRef Target) {
  return ("forwards:" + Name + "=" + Target).str();
}

bool isForwardsFactTo(llvm::StringRef Fact, llvm::StringRef Target) {
  return Fact.consume_front("forwards:") && Fact.consume_back(Target) &&
         endsWith(Fact, "=");
}

std::string forwardsFactOf(const FunctionDecl *Def) {
  bool Dies = false;
  const CallExpr *Call = passedOn(Def, Dies);
  std::string Name = Call && !Dies ? crossUnitName(Def) : "";
  return Name.empty() ? "" : forwardsFact(Name, calleeName(Call));
}

std::string elsewhereIdHelper(const FunctionDecl *Callee) {
  if (!Callee || Callee->isDefined() || Callee->getNumParams() != 0 ||
      Callee->isVariadic() || !Callee->getReturnType()->isIntegerType() ||
      Callee->getASTContext().getSourceManager().isInSystemHeader(
          Callee->getLocation()))
    return "";
  return crossUnitName(Callee);
}

bool makesCall(const Stmt *S, llvm::StringRef Name) {
  if (!S)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S);
      Call && calleeName(Call) == Name)
    return true;
  return llvm::any_of(
      S->children(), [&](const Stmt *Child) { return makesCall(Child, Name); });
}

namespace {

thread_local ElsewhereGuesses *CurrentGuesses = nullptr;

/// Whether \p Helper's parameters and result are \p Library's: the same
/// types, or, when \p Library is variadic (fcntl, open), its own
/// parameters first.
bool sameShape(const FunctionDecl *Helper, const FunctionDecl *Library) {
  ASTContext &Ctx = Helper->getASTContext();
  auto Same = [&](QualType A, QualType B) {
    return Ctx.hasSameUnqualifiedType(A.getCanonicalType(),
                                      B.getCanonicalType());
  };
  unsigned Fixed = Library->getNumParams();
  if (!Same(Helper->getReturnType(), Library->getReturnType()) ||
      Helper->getNumParams() < Fixed ||
      (Helper->getNumParams() > Fixed && !Library->isVariadic()))
    return false;
  for (unsigned I = 0; I < Fixed; ++I)
    if (!Same(Helper->getParamDecl(I)->getType(),
              Library->getParamDecl(I)->getType()))
      return false;
  return true;
}

/// Whether \p F, a C library function, may make a system call: not one
/// of the headers of strings, characters and arithmetic (glibc declares
/// math.h's functions in bits/mathcalls.h), nor a call that only formats,
/// parses, sorts or allocates. Only such a guess makes a unit's checks run
/// again (`xmalloc`, `xstrdup`, `xasprintf` are every project's wrappers,
/// `ssh_gai_strerror` a third of OpenSSH's units': they would rerun each
/// unit for nothing); in a run that guesses, they are guessed too (a
/// `xsnprintf` between two lookups changes no file).
bool makesSystemCalls(const FunctionDecl *F, const SourceManager &SM) {
  static const llvm::StringSet<> Computing = {
      "string.h",  "strings.h",   "ctype.h",     "wctype.h", "wchar.h",
      "math.h",    "mathcalls.h", "complex.h",   "search.h", "regex.h",
      "fnmatch.h", "malloc",      "calloc",      "realloc",  "reallocarray",
      "free",      "sprintf",     "snprintf",    "vsprintf", "vsnprintf",
      "asprintf",  "vasprintf",   "sscanf",      "vsscanf",  "strtol",
      "strtoul",   "strtoll",     "strtoull",    "strtod",   "atoi",
      "atol",      "qsort",       "qsort_r",     "bsearch",  "abs",
      "labs",      "div",         "gai_strerror"};
  llvm::StringRef File = llvm::sys::path::filename(
      SM.getFilename(SM.getExpansionLoc(F->getLocation())));
  return !Computing.contains(File) && !Computing.contains(F->getName());
}

/// Whether guessing that \p Helper makes \p Target can change what the
/// checks conclude. A helper declared noreturn guessed to end the process
/// (`cleanup_exit` as `_exit`) cannot: the checks ask of such a call only
/// whether it returns (isProcessEnd), which its declaration answers.
bool guessMatters(const FunctionDecl *Helper, const FunctionDecl *Target,
                  const SourceManager &SM, bool IdHelpersAssumed) {
  if (Helper->isNoReturn() && isProcessEndName(Target->getName()))
    return false;
  if (!IdHelpersAssumed &&
      llvm::is_contained(handlerRegistrations(), Target->getName()))
    return false;
  return makesSystemCalls(Target, SM);
}

} // namespace

ElsewhereGuesses::ElsewhereGuesses(ASTContext &Ctx, llvm::StringSet<> Named)
    : Ctx(Ctx), Named(std::move(Named)) {}

ElsewhereGuesses *ElsewhereGuesses::current() { return CurrentGuesses; }

ElsewhereGuesses::Scope::Scope(ElsewhereGuesses &Guesses)
    : Previous(CurrentGuesses) {
  CurrentGuesses = &Guesses;
}

ElsewhereGuesses::Scope::~Scope() { CurrentGuesses = Previous; }

const FunctionDecl *ElsewhereGuesses::targetOf(const FunctionDecl *Callee) {
  Callee = Callee->getFirstDecl();
  auto [It, New] = Targets.try_emplace(Callee, nullptr);
  // A builtin (`__builtin_nanf`) is the compiler's, not a helper.
  if (!New || Callee->isDefined() || !Callee->getIdentifier() ||
      Callee->getBuiltinID() || Callee->isVariadic() ||
      llvm::isa<CXXMethodDecl>(Callee) || Named.contains(Callee->getName()) ||
      Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()) ||
      crossUnitName(Callee).empty())
    return It->second;
  // The longest name of a library function the helper's name holds whose
  // shape is the helper's: `pwrite` over `write`, `fstat` over `stat`.
  llvm::StringRef Name = Callee->getName();
  const FunctionDecl *Best = nullptr;
  for (size_t From = 0; From < Name.size(); ++From) {
    // Not the library's internal names (`__read_chk`); `_exit` is one a
    // program calls.
    if (startsWith(Name.substr(From), "__"))
      continue;
    for (size_t Length = 3; From + Length <= Name.size(); ++Length) {
      // The library's name ends a word of the helper's (`xwrite`,
      // `fstat_or_die`, `readFile`), not one that goes on (`_exit` in
      // `not_exiting`, `getpt` in `getptmfd`).
      if (From + Length < Name.size() && isLowercase(Name[From + Length]))
        continue;
      const FunctionDecl *Found =
          libraryFunction(Ctx, Name.substr(From, Length));
      if (Found && Found != Callee &&
          (!Best || Length > Best->getName().size()) &&
          sameShape(Callee, Found))
        Best = Found;
    }
  }
  return It->second = Best;
}

const FunctionDecl *ElsewhereGuesses::use(const FunctionDecl *Callee) {
  const FunctionDecl *Target = targetOf(Callee);
  if (Allowed && !Allowed->count(Callee->getFirstDecl()))
    return nullptr;
  if (Target)
    Used.insert(forwardsFact(crossUnitName(Callee), Target->getName()));
  return Target;
}

bool ElsewhereGuesses::anyInUnit(bool IdHelpersAssumed) {
  return llvm::any_of(CallIndex::of(Ctx).all(), [&](const CallSite &Site) {
    const FunctionDecl *Target = targetOf(Site.Callee);
    return Target && guessMatters(Site.Callee, Target, Ctx.getSourceManager(),
                                  IdHelpersAssumed);
  });
}

llvm::SmallVector<const FunctionDecl *, 4>
ElsewhereGuesses::guessedIn(const FunctionDecl *Func) {
  llvm::SmallVector<const FunctionDecl *, 4> Out;
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Func))
    if (const FunctionDecl *Callee = Site.Callee;
        targetOf(Callee) && !llvm::is_contained(Out, Callee->getFirstDecl()))
      Out.push_back(Callee->getFirstDecl());
  return Out;
}

void ElsewhereGuesses::restrictTo(llvm::ArrayRef<const FunctionDecl *> Only) {
  Allowed.emplace(Only.begin(), Only.end());
  Used.clear();
}

Requirement ElsewhereGuesses::used() const {
  Requirement Needs;
  for (const std::string &Fact : Used)
    Needs.push_back({Fact});
  return Needs;
}

llvm::ArrayRef<llvm::StringRef> handlerRegistrations() {
  static const llvm::StringRef Names[] = {"atexit", "on_exit", "at_quick_exit",
                                          "signal", "pthread_atfork"};
  return Names;
}

void forgetUnitAnalyses(ASTContext &Ctx) {
  CallIndex::forgetHelpers(Ctx);
  FunctionSummaries::forget(Ctx);
  FunctionCache::forget(Ctx);
  forgetWalkOrder(Ctx);
  forgetStaticStores(Ctx);
}

bool callNeverReturns(const CallExpr *Call) {
  const FunctionDecl *Callee = calleeOf(Call);
  return Callee &&
         (Callee->isNoReturn() || forwardedCallee(Callee)->isNoReturn());
}

} // namespace clang::tidy::syscall
