//===--- FcntlAfterOpenCheck.cpp - syscall-fcntl-after-open --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FcntlAfterOpenCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/Place.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::syscall {

namespace {

using Step = FunctionFlow::Step;
using FlagKind = FcntlAfterOpenCheck::FlagKind;

/// How a call that makes a descriptor takes a flag itself.
struct Creator {
  llvm::StringRef Name;
  int FlagArg;                 ///< the flags argument, or -1
  llvm::StringRef Cloexec;     ///< its close-on-exec flag ("" if none)
  llvm::StringRef Nonblock;    ///< its non-blocking flag ("" if none)
  llvm::StringRef Replacement; ///< a call to write instead, when no FlagArg
  int ModeArg = 1;             ///< a stream's fopen mode argument
  Requirement Needs = {};      ///< another unit's facts, for its wrapper
};

const Creator *creatorNamed(llvm::StringRef Name) {
  static const Creator Table[] = {
      {"open", 1, "O_CLOEXEC", "O_NONBLOCK", ""},
      {"open64", 1, "O_CLOEXEC", "O_NONBLOCK", ""},
      {"openat", 2, "O_CLOEXEC", "O_NONBLOCK", ""},
      {"openat64", 2, "O_CLOEXEC", "O_NONBLOCK", ""},
      {"creat", -1, "O_CLOEXEC", "O_NONBLOCK", "open"},
      {"creat64", -1, "O_CLOEXEC", "O_NONBLOCK", "open64"},
      {"socket", 1, "SOCK_CLOEXEC", "SOCK_NONBLOCK", ""},
      {"accept", -1, "SOCK_CLOEXEC", "SOCK_NONBLOCK", "accept4"},
      {"accept4", 3, "SOCK_CLOEXEC", "SOCK_NONBLOCK", ""},
      {"dup", -1, "F_DUPFD_CLOEXEC", "", "fcntl"},
      {"dup2", -1, "", "", ""},
      {"dup3", 2, "O_CLOEXEC", "", ""},
      {"epoll_create", -1, "EPOLL_CLOEXEC", "", "epoll_create1"},
      {"epoll_create1", 0, "EPOLL_CLOEXEC", "", ""},
      {"inotify_init", -1, "IN_CLOEXEC", "IN_NONBLOCK", "inotify_init1"},
      {"inotify_init1", 0, "IN_CLOEXEC", "IN_NONBLOCK", ""},
      {"eventfd", 1, "EFD_CLOEXEC", "EFD_NONBLOCK", ""},
      {"signalfd", 2, "SFD_CLOEXEC", "SFD_NONBLOCK", ""},
      {"timerfd_create", 1, "TFD_CLOEXEC", "TFD_NONBLOCK", ""},
      {"memfd_create", 1, "MFD_CLOEXEC", "", ""},
      {"pipe", -1, "O_CLOEXEC", "O_NONBLOCK", "pipe2"},
      {"pipe2", 1, "O_CLOEXEC", "O_NONBLOCK", ""},
      {"socketpair", 1, "SOCK_CLOEXEC", "SOCK_NONBLOCK", ""},
      {"fopen", -1, "e", "", ""},
      {"fopen64", -1, "e", "", ""},
  };
  for (const Creator &C : Table)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

/// A user's function whose body returns what open(2) makes (FunctionSummary):
/// as an open when the caller passes the flags, as a call without flags
/// (whose flags are the wrapper's own, \p Flags) otherwise. A wrapper
/// defined in another unit, of open(2)'s or fopen(3)'s shape, counts on the
/// facts its unit gives (the Creator's Needs).
std::optional<Creator> wrapperCreator(const CallExpr *Call, ASTContext &Ctx,
                                      const PosixConstants &Constants,
                                      std::optional<int64_t> &Flags) {
  const FunctionDecl *Callee = calleeOf(Call);
  std::optional<OpenSummary> S =
      Callee ? FunctionSummaries::of(Ctx).openingCall(Callee, Constants,
                                                      /*AcrossUnits=*/true)
             : std::nullopt;
  if (!S)
    return std::nullopt;
  if (S->Mode.IsStream) {
    // The caller's mode string takes "e"; the wrapper's own is its to edit.
    if (!S->FlagsParam)
      return std::nullopt;
    return Creator{
        Callee->getName(), -1, "e", "", "", static_cast<int>(*S->FlagsParam),
        S->Needs};
  }
  if (!S->FlagsParam && !S->Flags)
    return std::nullopt;
  Flags = S->Flags;
  if (S->FlagsParam && S->AddedFlags)
    Flags = S->AddedFlags; // what the wrapper adds to the caller's flags
  int FlagArg = S->FlagsParam ? static_cast<int>(*S->FlagsParam) : -1;
  return Creator{Callee->getName(), FlagArg, "O_CLOEXEC", "O_NONBLOCK", "", 1,
                 S->Needs};
}

/// The one open(2) in the body of \p Wrapper, a wrapper that fixes its
/// flags, where a fix adds a flag for every caller; null when the body has
/// none or more, or when \p Wrapper has other declarations or other uses
/// in the unit, or other units may call it: then the edit is for its
/// callers to agree on, and the finding names it instead.
const CallExpr *soleCallersOpen(const CallExpr *Maker, ASTContext &Ctx,
                                FunctionCache &Functions, int &FlagArg) {
  const FunctionDecl *Wrapper = calleeOf(Maker);
  const FunctionDecl *Def = Wrapper ? Wrapper->getDefinition() : nullptr;
  if (!Def || Def->isExternallyVisible() || Def->getPreviousDecl() ||
      Def->getMostRecentDecl() != Def)
    return nullptr;
  const MainFileUses &Uses = Functions.mainFileUses(Def, Ctx);
  if (Uses.References != 1 || Uses.Calls.size() != 1 ||
      Uses.Calls.front().first != Maker)
    return nullptr;
  const CallExpr *Found = nullptr;
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Def)) {
    const Creator *Known = creatorNamed(calleeName(Site));
    if (!Known || Known->FlagArg < 0 || Known->Cloexec != "O_CLOEXEC")
      continue;
    if (Found)
      return nullptr;
    Found = Site.Call;
    FlagArg = Known->FlagArg;
  }
  return Found;
}

/// How \p Call makes a descriptor: a known call, or a user's wrapper of
/// one (with \p WrapperFlags, its own flags), in this unit or another.
std::optional<Creator> creatorOf(const CallExpr *Call, ASTContext &Ctx,
                                 const PosixConstants &Constants,
                                 std::optional<int64_t> &WrapperFlags) {
  if (const Creator *Known = creatorNamed(calleeName(Call)))
    return *Known;
  return wrapperCreator(Call, Ctx, Constants, WrapperFlags);
}

/// Records the #if/#ifdef/#ifndef regions whose condition names a
/// close-on-exec or non-blocking macro: code for systems without the flag.
/// One per preprocessor, for every set of checks of its unit: the tool
/// makes the sets for its runs with guesses after the parse, when only
/// this record of it is left.
class FlagConditionalRecorder : public PPCallbacks {
public:
  /// The regions of \p PP's unit, recorded from the first call on (before
  /// the parse).
  static const std::vector<SourceRange> &of(const SourceManager &SM,
                                            Preprocessor &PP) {
    auto [It, New] = Recorders.try_emplace(&PP, nullptr);
    if (New) {
      auto Made = std::make_unique<FlagConditionalRecorder>(SM, PP);
      It->second = Made.get();
      PP.addPPCallbacks(std::move(Made));
    }
    return It->second->Regions;
  }

  FlagConditionalRecorder(const SourceManager &SM, const Preprocessor &PP)
      : SM(SM), LO(PP.getLangOpts()), PP(&PP) {}
  ~FlagConditionalRecorder() override { Recorders.erase(PP); }
  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind) override {
    if (!SM.isInSystemHeader(Loc))
      noteIf(Loc, Lexer::getSourceText(CharSourceRange::getCharRange(Condition),
                                       SM, LO));
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    if (!SM.isInSystemHeader(Loc))
      noteIf(Loc, Name.getIdentifierInfo()->getName());
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    if (!SM.isInSystemHeader(Loc))
      noteIf(Loc, Name.getIdentifierInfo()->getName());
  }
  void Endif(SourceLocation Loc, SourceLocation IfLoc) override {
    if (Flagged.erase(IfLoc))
      Regions.push_back(SourceRange(IfLoc, Loc));
  }

private:
  /// Keeps only the conditionals that name a flag: a map entry for every
  /// `#if` of every header cost 2 % of the process on OpenSSH.
  void noteIf(SourceLocation Loc, llvm::StringRef Text) {
    if (Text.contains("CLOEXEC") || Text.contains("NONBLOCK") ||
        Text.contains("accept4") || Text.contains("ACCEPT4"))
      Flagged.insert(Loc);
  }
  /// The recorder of each preprocessor alive on this thread (a unit is
  /// parsed and checked on one thread).
  static thread_local llvm::DenseMap<const Preprocessor *,
                                     FlagConditionalRecorder *>
      Recorders;

  const SourceManager &SM;
  const LangOptions &LO;
  const Preprocessor *PP;
  std::vector<SourceRange> Regions;
  llvm::DenseSet<SourceLocation> Flagged;
};

thread_local llvm::DenseMap<const Preprocessor *, FlagConditionalRecorder *>
    FlagConditionalRecorder::Recorders;

/// The part of `fl | FLAG` that is not constant: the flags read back.
const Expr *readBackPart(const Expr *E, ASTContext &Ctx) {
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!BO || BO->getOpcode() != BO_Or)
    return nullptr;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
    if (!foldInteger(Side, Ctx))
      return Side;
  return nullptr;
}

bool isNamed(const CallExpr *Call,
             std::initializer_list<llvm::StringRef> Names) {
  llvm::StringRef Name = calleeName(Call);
  return llvm::is_contained(Names, Name);
}

/// Whether a call of \p Name (calleeName()) is one after which the
/// descriptor may be inherited as it is.
bool spawns(llvm::StringRef Name) {
  return Name == "fork" || Name == "vfork" || Name == "clone" ||
         Name == "system" || startsWith(Name, "exec") ||
         startsWith(Name, "posix_spawn");
}

} // namespace

FcntlAfterOpenCheck::FcntlAfterOpenCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawCloexecFunctions(Options.get("CloexecFunctions", "")),
      CloexecFunctions(nameList(RawCloexecFunctions)) {}

void FcntlAfterOpenCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CloexecFunctions", RawCloexecFunctions);
}

void FcntlAfterOpenCheck::registerPPCallbacks(const SourceManager &SM,
                                              Preprocessor *PP,
                                              Preprocessor *) {
  Constants.setPreprocessor(PP);
  FlagConditionals = &FlagConditionalRecorder::of(SM, *PP);
}

void FcntlAfterOpenCheck::endUnit() {
  MadeByFunction.clear();
  LibraryFunctions.clear();
  MakerDefs.clear();
  PairFlagCalls.clear();
  AddressOnlyToHelper.clear();
  Spawners.clear();
}

llvm::SmallVector<FcntlAfterOpenCheck::FlagSet, 2>
FcntlAfterOpenCheck::flagsSetBy(const CallSite &Site, ASTContext &Ctx) {
  // The call's own nodes are read only for a name or a helper that may set
  // a flag: most calls of a unit are the C library's others.
  const llvm::StringRef Name = calleeName(Site);
  const bool Fcntl = Name == "fcntl" || Name == "fcntl64";
  if (!Fcntl && Name != "ioctl" &&
      !llvm::is_contained(CloexecFunctions, Name) &&
      isLibrary(Site.Callee, Ctx))
    return {};
  const CallExpr *Call = Site.Call;
  if (Call->getNumArgs() == 0)
    return {};
  const Expr *Fd = Call->getArg(0);
  if (Fcntl) {
    switch (fcntlSetsFlag(Call, Constants, Ctx)) {
    case SetsCloseOnExec:
      return {{FlagKind::CloseOnExec, Fd, {}}};
    case SetsNonBlocking:
      return {{FlagKind::NonBlocking, Fd, {}}};
    default:
      return {};
    }
  }
  if (Name == "ioctl") {
    if (setsCloseOnExec(Call, Ctx))
      return {{FlagKind::CloseOnExec, Fd, {}}};
    return {};
  }
  if (llvm::is_contained(CloexecFunctions, Name))
    return {{FlagKind::CloseOnExec, Fd, {}}};
  // A helper: what its summary says it does to the descriptor an argument
  // holds (`set_cloexec(fd)`) or points to (`set_nonblock(&fd)`), or first
  // thing though it does more; one defined in another unit, what that unit
  // must say.
  const FunctionDecl *Callee = Site.Callee;
  FunctionSummaries &Summaries = FunctionSummaries::of(Ctx);
  llvm::SmallVector<FlagSet, 2> Sets;
  for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
       ++I) {
    const Expr *Arg = Call->getArg(I)->IgnoreParenCasts();
    bool ByPointer = Callee->getParamDecl(I)->getType()->isPointerType();
    if (const auto *Addr = llvm::dyn_cast<UnaryOperator>(Arg);
        ByPointer && Addr && Addr->getOpcode() == UO_AddrOf)
      Arg = Addr->getSubExpr();
    else if (ByPointer)
      continue;
    if (!trackedPlace(Arg, nullptr, /*GlobalToo=*/true))
      continue;
    FlagsSetOnFd Set = Summaries.flagsSetByCall(Call, I, Constants);
    bool First = !Set.Bits;
    if (First)
      Set = Summaries.flagsSetFirstByCall(Call, I, Constants);
    for (auto [Bit, Kind] : {std::pair(SetsCloseOnExec, FlagKind::CloseOnExec),
                             std::pair(SetsNonBlocking, FlagKind::NonBlocking)})
      if (Set.Bits & Bit)
        Sets.push_back({Kind, Arg, Set.Needs, First ? Callee : nullptr});
  }
  return Sets;
}

bool FcntlAfterOpenCheck::setsCloseOnExec(const CallExpr *Ioctl,
                                          ASTContext &Ctx) const {
  return Ioctl->getNumArgs() >= 2 &&
         foldInteger(Ioctl->getArg(1), Ctx) == Constants.get("FIOCLEX");
}

bool FcntlAfterOpenCheck::isLibrary(const FunctionDecl *Callee,
                                    ASTContext &Ctx) {
  auto [Known, New] = LibraryFunctions.try_emplace(Callee);
  if (New)
    Known->second = declaredInSystemHeader(Callee, Ctx.getSourceManager());
  return Known->second;
}

void FcntlAfterOpenCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
}

void FcntlAfterOpenCheck::checkFunction(const FunctionDecl *Walked,
                                        ASTContext &Ctx) {
  // Helpers are recognised by their summaries: any call of a function of
  // the project with an argument may be one.
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Walked))
    for (const FlagSet &Set : flagsSetBy(Site, Ctx))
      checkFlagCall(Site.Call, Set, Site.Func, Ctx);
}

bool FcntlAfterOpenCheck::rightAfterMaker(const CallExpr *Call,
                                          const Place &Where,
                                          const FunctionDecl *Func,
                                          const FunctionFlow &Flow,
                                          ASTContext &Ctx, bool EntryMade,
                                          const Stmt *CopiedAt) {
  // What made the place, or what spoils the question on the way back from
  // the flag call (a copy, a spawn, another call handed it: a definition
  // with no Site). fcntl calls and FIOCLEX pass: a flag call asks the same
  // question of what came before it. So do calls that neither flag changes
  // (a listening socket's bind and listen, its options, its status).
  static constexpr llvm::StringRef NeitherFlag[] = {
      "fcntl",      "fcntl64",     "fileno", "bind",   "listen", "setsockopt",
      "getsockopt", "getsockname", "fstat",  "fchmod", "fchown"};
  auto IsEvent = [&](const Stmt *Element, Definition &Def) {
    if (definesPlace(Element, Where, Def))
      return true;
    const auto *C = llvm::dyn_cast<CallExpr>(Element);
    // Once: the name follows helpers that pass the call on.
    const llvm::StringRef Name = C ? calleeName(C) : "";
    bool Spoils = (Element != CopiedAt && copiesPlace(Element, Where)) ||
                  (C && (spawns(Name) ||
                         (!llvm::is_contained(NeitherFlag, Name) &&
                          !(Name == "ioctl" && setsCloseOnExec(C, Ctx)) &&
                          llvm::any_of(C->arguments(), [&](const Expr *A) {
                            return Where.denotes(A);
                          }))));
    if (Spoils)
      Def = Definition{};
    return Spoils;
  };
  llvm::SmallVector<Definition, 2> Defs;
  std::string Key = "right-after-maker:" + Where.key();
  if (CopiedAt)
    Key += "@" + std::to_string(reinterpret_cast<uintptr_t>(CopiedAt));
  // A local's events name it, but for a spawn: then the function's spawning
  // calls are asked too, not each element on the way.
  bool Solved;
  if (Where.base() && !Where.isGlobal()) {
    auto [It, New] = Spawners.try_emplace(Func);
    if (New)
      for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Func))
        if (spawns(calleeName(Site)))
          It->second.push_back(Site.Call);
    Solved = Flow.reachingDefinitions(Key, Call, IsEvent, Where.variables(),
                                      It->second, Defs);
  } else {
    Solved = Flow.reachingDefinitions(Key, Call, IsEvent, Defs);
  }
  return Solved && llvm::all_of(Defs, [&](const Definition &D) {
           return D.Site || (D.Entry && EntryMade);
         });
}

bool FcntlAfterOpenCheck::reachingMakers(
    const CallExpr *Call, const Place &Where, const FunctionDecl *Func,
    const FunctionFlow &Flow, llvm::SmallVectorImpl<Definition> &Defs) {
  const FunctionDecl *Helper = calleeOf(Call);
  if (!Helper || isNamed(Call, {"fcntl", "fcntl64", "ioctl"}))
    return Flow.reachingDefinitions(Where, Call, Defs);
  auto [OnlyHelper, New] =
      AddressOnlyToHelper.try_emplace({Where.base(), Helper}, false);
  if (New)
    OnlyHelper->second = addressOnlyTo(Helper, Where.base(), Func);
  if (!OnlyHelper->second)
    return Flow.reachingDefinitions(Where, Call, Defs);
  return Flow.reachingDefinitions(
      "made-before-helper:" + Where.key(), Call,
      [&](const Stmt *S, Definition &Def) {
        return definesPlace(S, Where, Def);
      },
      Defs);
}

bool FcntlAfterOpenCheck::addressOnlyTo(const FunctionDecl *Helper,
                                        const ValueDecl *Var,
                                        const FunctionDecl *Func) {
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Use : Functions.uses(Func).of(Var)) {
    const Stmt *Up = Use;
    do
      Up = Parents.getParent(Up);
    while (
        Up &&
        llvm::isa<ParenExpr, ImplicitCastExpr, ArraySubscriptExpr, MemberExpr>(
            Up));
    if (llvm::isa_and_nonnull<DeclStmt>(Up))
      return false; // a reference?
    const auto *Address = llvm::dyn_cast_or_null<UnaryOperator>(Up);
    if (!Address || Address->getOpcode() != UO_AddrOf)
      continue;
    const auto *Into =
        llvm::dyn_cast_or_null<CallExpr>(Parents.getParentIgnoreParenCasts(
            const_cast<UnaryOperator *>(Address)));
    if (!Into || !calleeOf(Into) ||
        calleeOf(Into)->getCanonicalDecl() != Helper->getCanonicalDecl())
      return false;
  }
  return true;
}

const CallExpr *FcntlAfterOpenCheck::partnerFlagCall(
    const CallExpr *Call, const Place &Where, FlagKind Kind,
    const CallExpr *Maker, const FunctionDecl *Func, const FunctionFlow &Flow,
    ASTContext &Ctx, Requirement &Needs) {
  auto [ByMaker, New] =
      PairFlagCalls.try_emplace({Func, static_cast<unsigned>(Kind)});
  if (New)
    for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Func)) {
      const auto Sets = flagsSetBy(Site, Ctx);
      const auto *Set =
          llvm::find_if(Sets, [&](const FlagSet &S) { return S.Kind == Kind; });
      if (Site.Func != Func || Set == Sets.end())
        continue;
      std::optional<Place> Element =
          trackedPlace(Set->Fd, nullptr, /*GlobalToo=*/true);
      llvm::SmallVector<Definition, 2> Defs;
      if (Element && reachingMakers(Site.Call, *Element, Func, Flow, Defs) &&
          Defs.size() == 1 && Defs[0].Value)
        if (const CallExpr *MadeBy = underlyingCall(Defs[0].Value))
          ByMaker->second[MadeBy].push_back({Site.Call, *Element, Set->Needs});
    }
  // One that sets the flag for sure before one another unit must confirm
  // (a call of another unit's wrapper may only be taken for a helper).
  const auto Others = ByMaker->second.lookup(Maker);
  const PairFlagCall *Found = nullptr;
  for (const PairFlagCall &Other : Others)
    if (Other.Call != Call && Where.isPairedElement(Other.Element) &&
        (!Found || (!Found->Needs.empty() && Other.Needs.empty())) &&
        rightAfterMaker(Other.Call, Other.Element, Func, Flow, Ctx))
      Found = &Other;
  if (!Found)
    return nullptr;
  Needs = Found->Needs;
  return Found->Call;
}

FcntlAfterOpenCheck::Made FcntlAfterOpenCheck::madeIn(const FunctionDecl *Func,
                                                      ASTContext &Ctx) {
  auto [Kept, New] = MadeByFunction.try_emplace(Func);
  if (!New)
    return Kept->second;
  Made Result;
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Func)) {
    const CallExpr *Call = Site.Call;
    std::optional<int64_t> WrapperFlags;
    std::optional<Creator> How = creatorOf(Call, Ctx, Constants, WrapperFlags);
    if (!How)
      continue;
    Result.Any = true;
    for (FlagKind Kind : {FlagKind::CloseOnExec, FlagKind::NonBlocking}) {
      llvm::StringRef Flag =
          Kind == FlagKind::CloseOnExec ? How->Cloexec : How->Nonblock;
      if (!Flag.empty() &&
          ((WrapperFlags && (*WrapperFlags & Constants.get(Flag))) ||
           (How->FlagArg >= 0 && (unsigned)How->FlagArg < Call->getNumArgs() &&
            setsBit(Call->getArg(How->FlagArg), Constants.get(Flag), Ctx))))
        Result.WithFlag[static_cast<unsigned>(Kind)] = true;
    }
  }
  return MadeByFunction[Func] = Result;
}

/// The variables \p S names.
static void namedIn(const Stmt *S, llvm::SmallPtrSetImpl<const Decl *> &Out) {
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
    Out.insert(Ref->getDecl());
  for (const Stmt *Child : S->children())
    if (Child)
      namedIn(Child, Out);
}

/// Whether \p Test names only variables that \p Fd names.
static bool namesOnlyFrom(const Expr *Test, const Expr *Fd) {
  llvm::SmallPtrSet<const Decl *, 4> InFd, InTest;
  namedIn(Fd, InFd);
  namedIn(Test, InTest);
  return llvm::all_of(InTest, [&](const Decl *D) {
    return InFd.count(D) || !llvm::isa<VarDecl>(D);
  });
}

/// The `if` (no else, no init) whose whole branch is the statement \p Call.
static const IfStmt *guardOf(const CallExpr *Call, const StmtParents &Parents) {
  const Stmt *Child = nullptr;
  const Stmt *Up = skipParensAndCasts(Call, Parents, Child);
  if (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Up);
      Block && Block->size() == 1) {
    Child = Block;
    Up = Parents.getParent(Block);
  }
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(Up);
  return If && If->getThen() == Child && !If->getElse() && !If->getInit() &&
                 !If->getConditionVariable()
             ? If
             : nullptr;
}

void FcntlAfterOpenCheck::checkFlagCall(const CallExpr *Call,
                                        const FlagSet &Set,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  FlagKind Kind = Set.Kind;
  bool ViaFileno = false;
  std::optional<Place> Where =
      trackedPlace(Set.Fd, &ViaFileno, /*GlobalToo=*/true);
  // The descriptor is made in this function, or nothing is to be found (a
  // helper's call with a descriptor from elsewhere builds no graph).
  if (!madeIn(Func, Ctx).Any)
    return;
  // Only a maker, or fileno() for a copy of a stream's descriptor, can
  // give the place a value that passes below: a graph is built for no other.
  auto IsMaker = [&](const CallExpr *C) {
    std::optional<int64_t> WrapperFlags;
    return calleeName(C) == "fileno" ||
           creatorOf(C, Ctx, Constants, WrapperFlags).has_value();
  };
  // A parameter's own value comes from the caller; a field of what it
  // points to may be made right here (`c->fd = socket(...)`), and so may a
  // global (`log_fd = open(...)`; any call of the program may change it
  // before the flag call, and then the open does not reach it).
  if (!Where ||
      (Where->isVariable() && llvm::isa<ParmVarDecl>(Where->base())) ||
      !MakerDefs.mayBeDefinedByCall(*Where, Func, Functions, IsMaker))
    return;
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  if (!Flow)
    return;

  // Every call that made the descriptor reaching here takes the flag.
  struct Made {
    const CallExpr *Call;
    Creator How;
    bool HasFlag;
    /// The flag goes into the wrapper's own open: this one, which the fix
    /// edits (its only caller wants the flag), or none (soleCallersOpen).
    bool InWrapper = false;
    const CallExpr *WrapperOpen = nullptr;
    int WrapperFlagArg = -1;
  };
  llvm::SmallVector<Made, 2> Makers;
  llvm::SmallVector<Definition, 4> Defs;
  if (!reachingMakers(Call, *Where, Func, *Flow, Defs) || Defs.empty())
    return;
  // `int fd = fileno(f); ... fcntl(fd, ...)`: the stream's maker; `int fd
  // = fd0;`: fd0's.
  std::optional<HandleCopy> Copied;
  if (!ViaFileno && (Copied = copiedHandle(Call, *Flow, Defs)))
    ViaFileno = Copied->FromStream;
  // A static that only this function stores into enters it holding what a
  // store left in an earlier call: each such store must also reach here in
  // its own call, so the value on entry took this flag call before.
  const Place &Held = Copied ? Copied->Source : *Where;
  bool EntryMade =
      llvm::any_of(Defs, [](const Definition &D) { return D.Entry; });
  if (EntryMade) {
    llvm::SmallVector<Definition, 4> OnEntry;
    llvm::erase_if(Defs, [](const Definition &D) { return D.Entry; });
    if (!valuesOnEntry(Held, Func, OnEntry) || Defs.empty() ||
        llvm::any_of(OnEntry, [&](const Definition &Earlier) {
          return llvm::none_of(Defs, [&](const Definition &D) {
            return D.Site && D.Site == Earlier.Site;
          });
        }))
      return;
  }
  for (const Definition &Def : Defs) {
    const CallExpr *Maker = Def.Value ? underlyingCall(Def.Value) : nullptr;
    std::optional<int64_t> WrapperFlags;
    std::optional<Creator> How =
        Maker ? creatorOf(Maker, Ctx, Constants, WrapperFlags) : std::nullopt;
    bool Stream = How && How->Cloexec == "e";
    if (!How || Stream != ViaFileno)
      return;
    llvm::StringRef Flag =
        Kind == FlagKind::CloseOnExec ? How->Cloexec : How->Nonblock;
    if (Flag.empty())
      return; // dup2, or a flag this call has no form of
    bool HasFlag = false;
    if (Stream) {
      std::optional<llvm::StringRef> Mode =
          (unsigned)How->ModeArg < Maker->getNumArgs()
              ? stringValue(Maker->getArg(How->ModeArg))
              : std::nullopt;
      if (!Mode)
        return;
      HasFlag = Mode->contains('e');
    } else if (WrapperFlags && (*WrapperFlags & Constants.get(Flag)) != 0) {
      HasFlag = true; // the wrapper sets it whatever the caller passes
    } else if (How->FlagArg >= 0 &&
               (unsigned)How->FlagArg < Maker->getNumArgs()) {
      llvm::SmallVector<int64_t, 4> Values;
      OpenCall AsOpen;
      AsOpen.Call = Maker;
      AsOpen.Mode.FlagsExpr = Maker->getArg(How->FlagArg);
      if (!openFlagValues(AsOpen, *Flow, Ctx, Values))
        Values.clear();
      int64_t Bit = Constants.get(Flag);
      HasFlag = !Values.empty() && Bit &&
                llvm::all_of(Values, [&](int64_t V) { return V & Bit; });
    }
    Made M{Maker, *How, HasFlag};
    if (!HasFlag && WrapperFlags && How->FlagArg < 0) {
      M.InWrapper = true;
      M.WrapperOpen = soleCallersOpen(Maker, Ctx, Functions, M.WrapperFlagArg);
    }
    Makers.push_back(M);
  }

  // A fallback: the function also makes a descriptor with the flag on
  // another path (`if (have_cloexec) return socket(... | SOCK_CLOEXEC);`,
  // pipe after a failed pipe2, accept after accept4 said ENOSYS), so this
  // path is the one for kernels or systems without it.
  bool AllHave = llvm::all_of(Makers, [](const Made &M) { return M.HasFlag; });
  if (!AllHave && madeIn(Func, Ctx).WithFlag[static_cast<unsigned>(Kind)])
    return;

  if (!rightAfterMaker(Call, *Where, Func, *Flow, Ctx, EntryMade && !Copied) ||
      (Copied && !rightAfterMaker(Call, Copied->Source, Func, *Flow, Ctx,
                                  EntryMade, Copied->Site)))
    return;
  const StmtParents &Parents = Functions.parents(Func);
  // The flag is set whenever the descriptor was made: one set on some paths
  // only (`if (timeout >= 0) fcntl(fd, F_SETFL, O_NONBLOCK)`, a blocking
  // connect otherwise) cannot go into the making call. A copy's tests read
  // the copy after it, its source before.
  if (llvm::any_of(Makers, [&](const Made &M) {
        return Copied ? !decidedOnlyBy(Call, Copied->Copy, Set.Fd, Parents) ||
                            !decidedOnlyBy(Copied->Copy, M.Call,
                                           Copied->sourceExpr(), Parents)
                      : !decidedOnlyBy(Call, M.Call, Set.Fd, Parents);
      }))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  bool Cloexec = Kind == FlagKind::CloseOnExec;
  const Made &First = Makers.front();
  // pipe and socketpair make two descriptors and their flag goes to both:
  // the flag calls are redundant only when both descriptors get the flag
  // right after, and then one finding, at the first, takes both.
  const CallExpr *Partner = nullptr;
  Requirement PartnerNeeds;
  if (pairArrayArgument(First.How.Name) >= 0) {
    Partner = Makers.size() == 1
                  ? partnerFlagCall(Call, *Where, Kind, First.Call, Func, *Flow,
                                    Ctx, PartnerNeeds)
                  : nullptr;
    if (!Partner || SM.isBeforeInTranslationUnit(Partner->getBeginLoc(),
                                                 Call->getBeginLoc()))
      return;
  }
  llvm::StringRef Flag = Cloexec ? First.How.Cloexec : First.How.Nonblock;

  // The fix: the flag in each making call, and the flag call removed.
  std::string Unfixable;
  llvm::SmallVector<FixItHint, 4> Fixes;
  bool InFallback =
      FlagConditionals && llvm::any_of(*FlagConditionals, [&](SourceRange R) {
        SourceLocation L = SM.getExpansionLoc(Call->getBeginLoc());
        return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
               SM.isBeforeInTranslationUnit(L, R.getEnd());
      });
  if (InFallback)
    Unfixable = "it sits under an #if for systems without the flag";
  if (Set.Inside)
    Unfixable = "'" + Set.Inside->getNameAsString() +
                "' sets it before anything else; with the flag here, the "
                "call that sets it there can go when every caller of '" +
                Set.Inside->getNameAsString() + "' makes the descriptor so";
  for (const Made &M : Makers) {
    if (!Unfixable.empty() || M.HasFlag)
      continue;
    llvm::StringRef MFlag = Cloexec ? M.How.Cloexec : M.How.Nonblock;
    if (M.Call->getBeginLoc().isMacroID() || M.Call->getEndLoc().isMacroID()) {
      Unfixable = "'" + calleeName(M.Call).str() + "' is spelled by a macro";
      continue;
    }
    // A call of an unprototyped declaration may pass fewer arguments than
    // the function takes: nothing to edit there.
    int Edited = MFlag == "e"  ? M.How.ModeArg
                 : M.InWrapper ? -1
                               : M.How.FlagArg;
    if (Edited >= (int)M.Call->getNumArgs()) {
      Unfixable = "'" + calleeName(M.Call).str() +
                  "' is called with fewer arguments than it takes";
      continue;
    }
    bool Short = false;
    auto ArgText = [&](unsigned I) {
      if (I >= M.Call->getNumArgs()) {
        Short = true;
        return std::string();
      }
      return sourceText(
          CharSourceRange::getTokenRange(M.Call->getArg(I)->getSourceRange()),
          SM, LO);
    };
    if (MFlag == "e") { // fopen's mode string
      const auto *Lit = llvm::dyn_cast<StringLiteral>(
          M.Call->getArg(M.How.ModeArg)->IgnoreParenCasts());
      if (!Lit) {
        Unfixable = "the fopen mode is not a string literal here";
        continue;
      }
      Fixes.push_back(FixItHint::CreateReplacement(
          Lit->getSourceRange(), "\"" + Lit->getString().str() + "e\""));
      continue;
    }
    if (!isDeclaredOrDefined(MFlag, Ctx, Constants) &&
        MFlag != "F_DUPFD_CLOEXEC") {
      Unfixable = MFlag.str() + " is not defined in this file";
      continue;
    }
    if (M.InWrapper && !M.WrapperOpen) {
      Unfixable = MFlag.str() + " goes into the open in '" +
                  calleeName(M.Call).str() +
                  "', which other callers share or may share";
      continue;
    }
    const CallExpr *Into = M.InWrapper ? M.WrapperOpen : M.Call;
    int FlagArg = M.InWrapper ? M.WrapperFlagArg : M.How.FlagArg;
    if (M.InWrapper && (Into->getBeginLoc().isMacroID() ||
                        (unsigned)FlagArg >= Into->getNumArgs())) {
      Unfixable = "the open in '" + calleeName(M.Call).str() +
                  "' is spelled by a macro";
      continue;
    }
    if (FlagArg >= 0) {
      const Expr *Arg = Into->getArg(FlagArg);
      std::string Text = sourceText(
          CharSourceRange::getTokenRange(Arg->getSourceRange()), SM, LO);
      if (Text == "0") { // eventfd(0, 0)
        Fixes.push_back(
            FixItHint::CreateReplacement(Arg->getSourceRange(), MFlag));
        continue;
      }
      bool Simple =
          llvm::isa<DeclRefExpr, IntegerLiteral, ParenExpr>(
              Arg->IgnoreImpCasts()) ||
          (llvm::isa<BinaryOperator>(Arg->IgnoreImpCasts()) &&
           llvm::cast<BinaryOperator>(Arg->IgnoreImpCasts())->getOpcode() ==
               BO_Or);
      Fixes.push_back(FixItHint::CreateReplacement(
          Arg->getSourceRange(),
          (Simple ? Text : "(" + Text + ")") + " | " + MFlag.str()));
      continue;
    }
    // A call with no flags argument: the one that has it.
    llvm::StringRef Name = calleeName(M.Call);
    std::string Replacement;
    llvm::StringRef NeedName = M.How.Replacement;
    if (Name == "creat" || Name == "creat64")
      Replacement = M.How.Replacement.str() + "(" + ArgText(0) +
                    ", O_WRONLY | O_CREAT | O_TRUNC | " + MFlag.str() + ", " +
                    ArgText(1) + ")";
    else if (Name == "accept")
      Replacement = "accept4(" + ArgText(0) + ", " + ArgText(1) + ", " +
                    ArgText(2) + ", " + MFlag.str() + ")";
    else if (Name == "pipe")
      Replacement = "pipe2(" + ArgText(0) + ", " + MFlag.str() + ")";
    else if (Name == "dup")
      Replacement = "fcntl(" + ArgText(0) + ", F_DUPFD_CLOEXEC, 0)";
    else if (Name == "epoll_create")
      Replacement = "epoll_create1(EPOLL_CLOEXEC)";
    else if (Name == "inotify_init")
      Replacement = "inotify_init1(" + MFlag.str() + ")";
    if (Short) {
      Unfixable =
          "'" + Name.str() + "' is called with fewer arguments than it takes";
      continue;
    }
    if (!Replacement.empty() && exitsOnFailure(M.Call)) {
      Unfixable = "'" + writtenCalleeName(M.Call).str() +
                  "' exits when its call fails; '" + NeedName.str() +
                  "' in its place would not";
      continue;
    }
    if (Replacement.empty() || !isDeclaredOrDefined(NeedName, Ctx, Constants)) {
      Unfixable = "'" + NeedName.str() +
                  "' is not declared in this file (it may need _GNU_SOURCE)";
      continue;
    }
    Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(M.Call->getSourceRange()), Replacement));
  }

  CallStatement St = statementOf(Call, Parents, Ctx, /*ZeroIsSuccess=*/true,
                                 /*ThroughStore=*/true);
  if (St.K == CallStatement::Used) // `if (fd < 0 || fcntl(...) < 0) fail`
    St = joinedErrorCheck(Call, Parents, Ctx, /*ZeroIsSuccess=*/true,
                          /*ThroughStore=*/true);
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(St.Statement);
  std::optional<CharSourceRange> Removal;
  const IfStmt *Guard = guardOf(Call, Parents);
  if (St.K == CallStatement::Discarded ||
      (St.K == CallStatement::ErrorChecked && If && onlyFails(If->getThen())))
    Removal = statementRemoval(St, SM, LO);
  else if (Guard && !Guard->getCond()->HasSideEffects(Ctx) &&
           namesOnlyFrom(Guard->getCond(), Set.Fd))
    // `if (fd >= 0) fcntl(...);`: decidedOnlyBy above found that its test
    // reads the descriptor alone, so the `if` goes with the call (not one
    // testing a flag, whose declaration would be left unused).
    Removal = statementRange(Guard, SM, LO);
  if (Unfixable.empty() && !Removal)
    Unfixable = Guard ? "the 'if' around it tests more than the descriptor"
                : St.K == CallStatement::ErrorChecked
                    ? "its error branch does more than fail"
                    : "its result is used for more than an error check";
  // The flags read back for `fl | FLAG` go with it when nothing else uses
  // them: `int fl = fcntl(fd, F_GETFL, 0);`.
  const Expr *ReadBack = isNamed(Call, {"fcntl", "fcntl64"})
                             ? readBackPart(Call->getArg(2), Ctx)
                             : nullptr;
  const CallExpr *Get = nullptr;
  llvm::SmallVector<CharSourceRange, 4> Removed;
  if (Unfixable.empty() && ReadBack) {
    const VarDecl *Read = referencedVar(ReadBack);
    const DeclStmt *Decl =
        Read ? Functions.uses(Func).soleDeclaration(Read) : nullptr;
    Get = Decl && Read->getInit() ? underlyingCall(Read->getInit()) : nullptr;
    std::optional<CharSourceRange> DeclRange =
        Get ? statementRange(Decl, SM, LO) : std::nullopt;
    if (!Get || !isNamed(Get, {"fcntl", "fcntl64"}) ||
        Functions.uses(Func).of(Read).size() != 1 || !DeclRange)
      Unfixable = "the flags read back into '" +
                  (Read ? Read->getName().str() : std::string("?")) +
                  "' are used elsewhere";
    else
      Removed.push_back(wholeLines(*DeclRange, SM));
  }
  // `if ((rc = fcntl(...)) < 0)`: `rc` goes with the test.
  if (Unfixable.empty() && St.Stored)
    if (std::optional<CharSourceRange> Declaration = storedLocalRemoval(
            St.Stored, Functions.uses(Func), Parents, Ctx, Unfixable))
      Removed.push_back(*Declaration);
  if (Unfixable.empty())
    Removed.push_back(wholeLines(*Removal, SM));
  // `int fd = fileno(f);` or `int fd = fd0;` read nowhere else goes with
  // it.
  if (Copied && Unfixable.empty())
    if (std::optional<CharSourceRange> Declaration =
            copyLeftUnread(*Where, Copied->Copy, Functions.uses(Func), Parents,
                           Removed, Ctx, Unfixable))
      Removed.push_back(*Declaration);
  if (Unfixable.empty() && Partner) {
    CallStatement Other =
        statementOf(Partner, Parents, Ctx, /*ZeroIsSuccess=*/true);
    const auto *OtherIf = llvm::dyn_cast_or_null<IfStmt>(Other.Statement);
    std::optional<CharSourceRange> OtherRemoval;
    if (Other.K == CallStatement::Discarded ||
        (Other.K == CallStatement::ErrorChecked && OtherIf &&
         onlyFails(OtherIf->getThen())))
      OtherRemoval = statementRemoval(Other, SM, LO);
    if (!OtherRemoval || (isNamed(Partner, {"fcntl", "fcntl64"}) &&
                          readBackPart(Partner->getArg(2), Ctx)))
      Unfixable = "the flag call for the other descriptor does more";
    else
      Removed.push_back(wholeLines(*OtherRemoval, SM));
  }
  for (const CharSourceRange &R : mergeAdjacent(Removed, SM))
    Fixes.push_back(FixItHint::CreateRemoval(R));

  // A call that sets the flag inside, first thing, is reported at the
  // descriptor it is handed: the call itself may also be a thin helper's,
  // which a rerun with guesses reports there.
  SourceLocation At = Set.Inside ? Set.Fd->getBeginLoc() : Call->getBeginLoc();
  std::string What = Cloexec ? "close-on-exec" : "O_NONBLOCK";
  std::string Maker = writtenCalleeName(First.Call).str();
  {
    DiagnosticBuilder D =
        AllHave ? diag(At, "redundant %0: '%1' already sets it with %2")
        : Cloexec
            ? diag(At, "%0 set by a second syscall after '%1'; %2 in the "
                       "call that makes the descriptor saves it and closes "
                       "the window in which a fork and exec in another "
                       "thread inherits the descriptor")
            : diag(At, "%0 set by more syscalls after '%1'; %2 in the call "
                       "that makes the descriptor saves them");
    D << What << Maker << (Flag == "e" ? "mode \"e\"" : Flag.str())
      << Call->getSourceRange();
    if (Unfixable.empty())
      for (const FixItHint &H : Fixes)
        D << H;
  }
  diag(First.Call->getBeginLoc(),
       Partner ? "'%0' makes both descriptors here"
               : "'%0' makes the descriptor here",
       DiagnosticIDs::Note)
      << Maker;
  if (Partner)
    diag(Partner->getBeginLoc(), "the same flag for the other descriptor",
         DiagnosticIDs::Note);
  // The read of the flags is a syscall the finding costs too: named, so
  // that what its fix saves counts it (syscall-tidy-trace --findings).
  if (Get && isNamed(Get, {"fcntl", "fcntl64"}))
    diag(Get->getBeginLoc(),
         Unfixable.empty() ? "the flags are read here first; the fix removes "
                             "this call too"
                           : "the flags are read here first",
         DiagnosticIDs::Note);
  if (!Unfixable.empty())
    diag(At, "no automatic fix: %0", DiagnosticIDs::Note) << Unfixable;
  Requirement Needs = Set.Needs;
  for (const Made &M : Makers)
    llvm::append_range(Needs, M.How.Needs);
  llvm::append_range(Needs, PartnerNeeds);
  noteRequirement(*this, At, Needs);
}

} // namespace clang::tidy::syscall
