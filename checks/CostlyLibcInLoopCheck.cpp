//===--- CostlyLibcInLoopCheck.cpp - syscall-costly-libc-in-loop ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CostlyLibcInLoopCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/FdTracking.h"
#include "analysis/HeldFiles.h"
#include "analysis/MainFileUses.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// A C library call that costs syscalls on every call, and its cheap form.
struct CostlyCall {
  llvm::StringRef Name;
  bool Zone;            ///< a time call that checks /etc/localtime
  llvm::StringRef File; ///< what a lookup reads: "passwd", "group"
  llvm::StringRef Key;  ///< what a lookup is asked by: "id", "name"
  llvm::StringRef Form; ///< leanio's cache, or the reentrant time call
};

// Counted with strace on Debian 12 (glibc 2.36, TZ unset, files backend):
// a lookup of root is 6 syscalls a call (more for a later line); localtime,
// ctime and mktime one newfstatat of /etc/localtime a call, localtime_r,
// ctime_r, gmtime and strftime none after the first.
const CostlyCall CostlyCalls[] = {
    {"getpwuid", false, "passwd", "id", "lio_user_name"},
    {"getpwuid_r", false, "passwd", "id", "lio_user_name"},
    {"getpwnam", false, "passwd", "name", "lio_user_id"},
    {"getpwnam_r", false, "passwd", "name", "lio_user_id"},
    {"getgrgid", false, "group", "id", "lio_group_name"},
    {"getgrgid_r", false, "group", "id", "lio_group_name"},
    {"getgrnam", false, "group", "name", "lio_group_id"},
    {"getgrnam_r", false, "group", "name", "lio_group_id"},
    {"localtime", true, "", "", "localtime_r"},
    {"ctime", true, "", "", "ctime_r"},
    {"mktime", true, "", "", ""},
};

const CostlyCall *costlyCall(llvm::StringRef Name) {
  for (const CostlyCall &C : CostlyCalls)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

/// Whether the unit sets TZ (`setenv("TZ", ...)`, `putenv("TZ=...")`):
/// then glibc compares the variable's text and checks no file per call.
bool setsZone(const CallIndex &Index) {
  for (const CallSite &Site : Index.callsTo({"setenv", "putenv"})) {
    if (Site.Call->getNumArgs() == 0)
      continue;
    std::optional<llvm::StringRef> Text = stringValue(Site.Call->getArg(0));
    if (!Text || *Text == "TZ" || startsWith(*Text, "TZ="))
      return true; // a variable we cannot read may be TZ
  }
  return false;
}

/// Whether the id or name \p Key a lookup asks by may repeat from item to
/// item, so that a cache by it saves lookups. Not when it is a field whose
/// name says nothing of an owner (a tree's `entry->id`) or a local that a
/// call fills through its address (an id parsed from a peer's request):
/// such ids are as often distinct for each item; nor an element of the
/// list getgrouplist or getgroups filled (a set). A file's owner or group
/// (`st.st_uid`, `hdr->uname`), a parameter, an accessor's result: may.
bool mayRepeat(const Expr *Key, const FunctionDecl *Func,
               FunctionCache &Functions, unsigned Depth = 0) {
  Key = Key->IgnoreParenCasts();
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(Key)) {
    std::string Name = Member->getMemberDecl()->getName().lower();
    return llvm::any_of(
        std::initializer_list<llvm::StringRef>{"uid", "gid", "owner", "user",
                                               "group", "uname", "gname"},
        [&](llvm::StringRef Part) {
          return llvm::StringRef(Name).contains(Part);
        });
  }
  // The groups getgrouplist or getgroups gave: a set, each id once.
  if (const auto *Element = llvm::dyn_cast<ArraySubscriptExpr>(Key)) {
    const VarDecl *Array = referencedVar(Element->getBase());
    for (const CallSite &Site : CallIndex::of(Func->getASTContext())
                                    .callsTo({"getgrouplist", "getgroups"})) {
      unsigned Arg = calleeName(Site) == "getgroups" ? 1 : 2;
      if (Array && Site.Func == Func && Arg < Site.Call->getNumArgs() &&
          referencedVar(Site.Call->getArg(Arg)) == Array)
        return false;
    }
    return true;
  }
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Key);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->isLocalVarDecl() || Depth > 2 || !Func->getBody())
    return true;
  if (Var->getInit() && !mayRepeat(Var->getInit(), Func, Functions, Depth + 1))
    return false;
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Use : Functions.uses(Func).of(Var)) {
    const Stmt *Child = nullptr;
    const Stmt *Up = skipParensAndCasts(Use, Parents, Child);
    if (const auto *Unary = llvm::dyn_cast_or_null<UnaryOperator>(Up);
        Unary && Unary->getOpcode() == UO_AddrOf)
      return false;
    if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Up);
        Assign && Assign->getOpcode() == BO_Assign &&
        Assign->getLHS() == Child &&
        !mayRepeat(Assign->getRHS(), Func, Functions, Depth + 1))
      return false;
  }
  return true;
}

/// Whether \p Loop retries a lookup with a bigger buffer: an `_r` call
/// fails with ERANGE when the buffer is too small, and the loop that grows
/// it says so. Such a loop runs the lookup once per size, not per item.
bool growsBuffer(const Stmt *Loop, const ASTContext &Ctx) {
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Loop->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  return Text.contains("ERANGE");
}

/// A C library call whose answer depends only on its inputs and on what a
/// loop can change by calling \p ChangedBy: asked again with the same
/// inputs, it makes its syscalls for the same answer.
struct SameAnswerCall {
  llvm::StringRef Name;
  unsigned Inputs; ///< bit i: argument i is an input
  llvm::StringRef Cost;
  bool Paths; ///< changed by chdir and by changes of directories and links
};

// Counted with strace on Debian 12 (glibc 2.36): realpath makes a readlink
// per component (5 for /usr/lib/../bin/ls), getcwd one syscall,
// getaddrinfo of localhost 14 (a netlink socket, /etc/hosts read),
// gethostbyname 7.
const SameAnswerCall SameAnswerCalls[] = {
    {"realpath", 1u << 0, "a readlink or more per component", true},
    {"getcwd", 0, "a syscall", true},
    {"get_current_dir_name", 0, "a stat and a syscall", true},
    {"getaddrinfo", 7u << 0, "a dozen syscalls or more", false},
    {"gethostbyname", 1u << 0, "several syscalls or more", false},
};

const SameAnswerCall *sameAnswerCall(llvm::StringRef Name) {
  for (const SameAnswerCall &C : SameAnswerCalls)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

/// Whether \p S uses the character '/': a loop that walks the components
/// of one path (`mkdir -p` itself) makes a different directory each time.
bool walksComponents(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Char = llvm::dyn_cast<CharacterLiteral>(S))
    return Char->getValue() == '/';
  for (const Stmt *Child : S->children())
    if (walksComponents(Child))
      return true;
  return false;
}

/// Whether \p Arg has the same value in every iteration of \p Loop: a
/// literal, NULL, or a variable that the loop only hands to calls of
/// \p Name (as an input), never to anything else that may change it.
bool sameInEveryIteration(const Expr *Arg, const Stmt *Loop,
                          llvm::StringRef Name, SameValueMemo &Memo,
                          FunctionCache &Functions, const FunctionDecl *Func,
                          ASTContext &Ctx) {
  Arg = Arg->IgnoreParenCasts();
  // `&hints`: a structure read through a pointer to const.
  bool Address = false;
  if (const auto *Addr = llvm::dyn_cast<UnaryOperator>(Arg);
      Addr && Addr->getOpcode() == UO_AddrOf) {
    Arg = Addr->getSubExpr()->IgnoreParenCasts();
    Address = true;
  }
  if (stringValue(Arg) || foldInteger(Arg, Ctx) ||
      Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  const VarDecl *Var = referencedVar(Arg);
  if (!Var)
    return false;
  auto [Known, New] = Memo.try_emplace({Var, Loop}, true);
  if (!New)
    return Known->second;
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Var)) {
    if (!isWithin(Ref, Loop, Parents))
      continue;
    const Stmt *Child = Ref;
    const Stmt *Up = skipParensAndCasts(Ref, Parents, Child);
    if (const auto *Addr = llvm::dyn_cast_or_null<UnaryOperator>(Up);
        Address && Addr && Addr->getOpcode() == UO_AddrOf)
      Up = skipParensAndCasts(Addr, Parents, Child);
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up);
    if (!Call || calleeName(Call) != Name)
      return Known->second = false;
  }
  return true;
}

} // namespace

void CostlyLibcInLoopCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl(), this);
}

/// Whether \p Loop runs again because \p Call failed: the call's value
/// goes into a local of \p Func that the loop's condition reads (`while
/// (!rc && errno == ERANGE) { grow(buf); rc = getcwd(buf, size); }`).
static bool retriesOnFailure(const CallExpr *Call, const Stmt *Loop,
                             const FunctionDecl *Func,
                             FunctionCache &Functions) {
  const StmtParents &Parents = Functions.parents(Func);
  const Stmt *Child = nullptr;
  const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(
      skipParensAndCasts(Call, Parents, Child));
  const VarDecl *Var =
      Store && Store->getOpcode() == BO_Assign && Store->getRHS() == Child
          ? referencedVar(Store->getLHS())
          : nullptr;
  const Expr *Cond = loopCondition(Loop);
  if (!Var || !Var->isLocalVarDecl() || !Cond)
    return false;
  return llvm::any_of(
      Functions.uses(Func).of(Var),
      [&](const DeclRefExpr *Ref) { return isWithin(Ref, Cond, Parents); });
}

/// Whether \p Loop stops at its first iteration that gets through: its
/// body ends in an unconditional `break` or `return`, and only a
/// `continue` (on a failure) starts another iteration.
static bool stopsAtFirstSuccess(const Stmt *Loop) {
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(loopBody(Loop));
  return Body && !Body->body_empty() &&
         llvm::isa<BreakStmt, ReturnStmt>(Body->body_back());
}

void CostlyLibcInLoopCheck::checkInvariant(const CallSite &Site,
                                           ASTContext &Ctx) {
  const SameAnswerCall *What = sameAnswerCall(calleeName(Site));
  IterationSite In = Loops.of(Site.Call, Site.Func, Ctx);
  if (!What || !In.Loop || In.Through ||
      retriesOnFailure(Site.Call, In.Loop, Site.Func, Loops.functions()))
    return;
  for (unsigned I = 0; I < Site.Call->getNumArgs(); ++I)
    if ((What->Inputs >> I & 1) &&
        !sameInEveryIteration(Site.Call->getArg(I), In.Loop, What->Name, Same,
                              Loops.functions(), Site.Func, Ctx))
      return;
  const CallsSummary &Calls = Loops.summary(In.Loop);
  if (Calls.Waits || Calls.Forks || (What->Paths && Calls.ChangesPaths))
    return;
  diag(Site.Call->getBeginLoc(),
       "'%0' with the same %select{inputs|working directory}1 in every "
       "iteration of the loop, and nothing in the loop %select{waits|changes "
       "directories, links or the working directory}2: the answer is the "
       "same each time, so ask once before the loop; %3 saved per iteration")
      << What->Name << (What->Inputs == 0) << What->Paths << What->Cost
      << Site.Call->getSourceRange();
}

/// Whether \p Path is made from \p Loop's counter itself (`dir + "/d" +
/// std::to_string(i)`), not only reached through it (`dirs[i]`): a new
/// name in each iteration.
static bool namesByCounter(const Expr *Path, const Stmt *Loop,
                           const StmtParents &Parents) {
  const auto *For = llvm::dyn_cast<ForStmt>(Loop);
  if (!For || !For->getInc())
    return false;
  llvm::SmallPtrSet<const Decl *, 2> Counters;
  llvm::SmallVector<const Stmt *, 8> Work{For->getInc()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
      Counters.insert(Ref->getDecl());
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  Work.push_back(Path);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
        Ref && Counters.count(Ref->getDecl())) {
      const Stmt *Child = Ref, *Up = Parents.getParent(Ref);
      while (llvm::isa_and_nonnull<ImplicitCastExpr, ParenExpr>(Up)) {
        Child = Up;
        Up = Parents.getParent(Up);
      }
      // `d[i]`, or a container's `operator[]`: the way to the item.
      const auto *Subscript = llvm::dyn_cast_or_null<ArraySubscriptExpr>(Up);
      const auto *Operator = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(Up);
      bool Indexes =
          (Subscript && Subscript->getIdx() == Child) ||
          (Operator && Operator->getOperator() == OO_Subscript &&
           Operator->getNumArgs() == 2 && Operator->getArg(1) == Child);
      if (!Indexes)
        return true;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return false;
}

void CostlyLibcInLoopCheck::checkDirectoryPerItem(const CallSite &Site,
                                                  ASTContext &Ctx) {
  // mkdir(dir, mode) in every iteration, its EEXIST taken for success.
  IterationSite In = Loops.of(Site.Call, Site.Func, Ctx);
  if (!In || Site.Call->getNumArgs() != 2 ||
      !acceptsExisting(Site.Call, Site.Func) ||
      (!In.Through && In.Loop && stopsAtFirstSuccess(In.Loop)) ||
      (!In.Through && In.Loop &&
       namesByCounter(Site.Call->getArg(0), In.Loop,
                      Loops.functions().parents(Site.Func))))
    return;
  auto [Walks, New] = WalksComponents.try_emplace(In.Loop, false);
  if (New)
    Walks->second = walksComponents(In.Loop);
  if (Walks->second)
    return;
  {
    auto Diag = diag(Site.Call->getBeginLoc(),
                     "'mkdir' of each item's directory in every iteration of "
                     "%select{the|a}0 loop, its EEXIST taken for success: "
                     "items in one directory make it again and again; "
                     "remember the last directory made and skip the mkdir "
                     "while it is the same; one syscall saved per item")
                << (In.Through || !In.Loop) << Site.Call->getSourceRange();
  }
  if (In.Through)
    diag(In.Through->getBeginLoc(),
         "%0 is called in every iteration of this loop", DiagnosticIDs::Note)
        << Site.Func;
  noteRequirement(*this, Site.Call->getBeginLoc(), In.Needs);
}

bool CostlyLibcInLoopCheck::acceptsExisting(const CallExpr *Mkdir,
                                            const FunctionDecl *Func) {
  const StmtParents &Parents = Loops.functions().parents(Func);
  const Stmt *Child = Mkdir;
  const Stmt *Up = skipParensAndCasts(Mkdir, Parents, Child);
  // `mkdir(dir, 0755);`, a statement or a loop's body: any failure ignored
  // (one that an `if` guards is made for the items that ask for it).
  if (valueDropped(Up, Child) && !llvm::isa<IfStmt>(Up))
    return true;
  // `if (mkdir(...) != 0 && errno != EEXIST)`, `mkdir(...) == 0 || errno
  // == EEXIST`: the failure that the code accepts names EEXIST.
  const Stmt *Condition = Up;
  while (const auto *Op = llvm::dyn_cast_or_null<BinaryOperator>(
             Parents.getParent(Condition)))
    Condition = Op;
  if (!Condition)
    return false;
  const SourceManager &SM = Func->getASTContext().getSourceManager();
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Condition->getSourceRange()), SM,
      Func->getASTContext().getLangOpts());
  return Text.contains("EEXIST");
}

void CostlyLibcInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  Unit = &Ctx;
  const CallIndex &Index = CallIndex::of(Ctx);
  llvm::SmallVector<llvm::StringRef, 8> InvariantNames;
  for (const SameAnswerCall &C : SameAnswerCalls)
    InvariantNames.push_back(C.Name);
  FunctionCache::ScratchPerFunction Scratch(Ctx);
  for (const CallSite &Site : Index.callsTo(InvariantNames)) {
    Scratch.at(Site.Func);
    checkInvariant(Site, Ctx);
  }
  for (const CallSite &Site : Index.callsTo({"mkdir"})) {
    Scratch.at(Site.Func);
    checkDirectoryPerItem(Site, Ctx);
  }
  std::optional<bool> ZoneSet;
  llvm::SmallVector<llvm::StringRef, 16> Names;
  for (const CostlyCall &C : CostlyCalls)
    Names.push_back(C.Name);
  for (const CallSite &Site : Index.callsTo(Names)) {
    const CostlyCall *Costly = costlyCall(calleeName(Site));
    if (!Costly)
      continue;
    Scratch.at(Site.Func);
    if (Costly->Zone && !ZoneSet)
      ZoneSet = setsZone(Index);
    if (Costly->Zone && *ZoneSet)
      continue;
    // In every iteration of a loop of its own function, or on every call
    // of a function that a loop calls in every iteration (here or in
    // another unit).
    IterationSite In = Loops.of(Site.Call, Site.Func, Ctx);
    if (!In || (!Costly->Zone && Site.Call->getNumArgs() > 0 &&
                !mayRepeat(Site.Call->getArg(0), Site.Func, Loops.functions())))
      continue;
    if (In.Loop) {
      auto [Grows, New] = GrowsBuffer.try_emplace(In.Loop, false);
      if (New)
        Grows->second = growsBuffer(In.Loop, Ctx);
      if (Grows->second)
        continue;
    }
    {
      auto Diag =
          Costly->Zone
              ? diag(Site.Call->getBeginLoc(),
                     "'%0' in every iteration of %select{the|a}1 loop: "
                     "while TZ is unset, glibc stats /etc/localtime on "
                     "every call to see whether the zone changed; "
                     "%select{'%2' reads it once|set TZ once at "
                     "start-up (setenv(\"TZ\", \":/etc/localtime\", 0)) "
                     "and it is read once}3")
              : diag(Site.Call->getBeginLoc(),
                     "'%0' in every iteration of %select{the|a}1 loop: "
                     "glibc's files backend opens, reads and closes "
                     "/etc/%2 on every call; keep the answers by %3 in "
                     "a small cache (leanio's %4)");
      Diag << Costly->Name << (In.Through || !In.Loop);
      if (Costly->Zone)
        Diag << Costly->Form << Costly->Form.empty();
      else
        Diag << Costly->File << Costly->Key << Costly->Form;
      Diag << Site.Call->getSourceRange();
    } // emitted here, before its note
    if (In.Through)
      diag(In.Through->getBeginLoc(),
           "%0 is called in every iteration of this "
           "loop",
           DiagnosticIDs::Note)
          << Site.Func;
    noteRequirement(*this, Site.Call->getBeginLoc(), In.Needs);
  }
}

} // namespace clang::tidy::syscall
