//===--- UnbufferedAutoflushCheck.cpp - syscall-unbuffered-autoflush -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "UnbufferedAutoflushCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/CrossUnitFacts.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/MainFileUses.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StmtParents.h"
#include "analysis/StreamDestination.h"
#include "analysis/StringHelpers.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// A stdio call that writes to a stream: where the stream argument is, and
/// whether it writes one character.
struct StdioWrite {
  unsigned StreamArg;
  bool PerCharacter;
};

std::optional<StdioWrite> stdioWrite(llvm::StringRef Name) {
  static const llvm::StringMap<StdioWrite> Writes = {
      {"fputs", {1, false}},    {"fputs_unlocked", {1, false}},
      {"fputc", {1, true}},     {"fputc_unlocked", {1, true}},
      {"putc", {1, true}},      {"putc_unlocked", {1, true}},
      {"fputwc", {1, true}},    {"putwc", {1, true}},
      {"fputws", {1, false}},   {"fprintf", {0, false}},
      {"vfprintf", {0, false}}, {"fwprintf", {0, false}},
      {"fwrite", {3, false}},   {"fwrite_unlocked", {3, false}}};
  auto It = Writes.find(Name);
  if (It == Writes.end())
    return std::nullopt;
  return It->second;
}

/// The stream a stdio write call writes to.
const Expr *writtenStream(const CallExpr *Call) {
  std::optional<StdioWrite> W = stdioWrite(calleeName(Call));
  return W && W->StreamArg < Call->getNumArgs() ? Call->getArg(W->StreamArg)
                                                : nullptr;
}

/// A call that blocks until another program (a user at a terminal, a peer,
/// a child) does something: select/poll and friends, reads of standard
/// input, socket receives, waits for children.
bool waitsForInput(const CallExpr *Call, llvm::StringRef Name) {
  static const llvm::StringSet<> Waits = {
      "select",      "pselect",  "poll",    "ppoll",  "epoll_wait",
      "epoll_pwait", "readline", "getchar", "scanf",  "getpass",
      "recv",        "recvfrom", "recvmsg", "accept", "accept4",
      "wait",        "waitpid",  "waitid",  "pause",  "sigwait",
      "sigsuspend"};
  if (Waits.contains(Name))
    return true;
  auto IsStdin = [](const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
      return Ref->getDecl()->getIdentifier() &&
             Ref->getDecl()->getName() == "stdin";
    if (const auto *Int = llvm::dyn_cast<IntegerLiteral>(E))
      return Int->getValue() == 0; // STDIN_FILENO
    return false;
  };
  unsigned N = Call->getNumArgs();
  if ((Name == "read" && N == 3) || Name == "fscanf" || Name == "getc" ||
      Name == "fgetc")
    return N > 0 && IsStdin(Call->getArg(0)); // the descriptor or stream
  if ((Name == "fgets" && N == 3) || (Name == "getline" && N == 3) ||
      (Name == "getdelim" && N == 4))
    return IsStdin(Call->getArg(N - 1));
  return false;
}

/// Whether no path leaves \p Loop to the statement after it: a constant
/// true condition and no `break` that belongs to it.
bool neverEnds(const Stmt *Loop, ASTContext &Ctx) {
  const Expr *Cond = nullptr;
  if (const auto *For = llvm::dyn_cast<ForStmt>(Loop))
    Cond = For->getCond(); // null in `for (;;)`
  else if (const auto *While = llvm::dyn_cast<WhileStmt>(Loop))
    Cond = While->getCond();
  else if (const auto *Do = llvm::dyn_cast<DoStmt>(Loop))
    Cond = Do->getCond();
  else
    return false;
  if (Cond) {
    std::optional<int64_t> V = foldInteger(Cond, Ctx);
    if (!V || *V == 0)
      return false;
  }
  // A break of this loop (not of a loop or switch inside it) leaves it.
  struct BreakFinder : RecursiveASTVisitor<BreakFinder> {
    bool TraverseForStmt(ForStmt *) { return true; }
    bool TraverseWhileStmt(WhileStmt *) { return true; }
    bool TraverseDoStmt(DoStmt *) { return true; }
    bool TraverseCXXForRangeStmt(CXXForRangeStmt *) { return true; }
    bool TraverseSwitchStmt(SwitchStmt *) { return true; }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitBreakStmt(BreakStmt *) {
      Found = true;
      return false;
    }
    bool VisitGotoStmt(GotoStmt *) {
      Found = true; // may jump past the loop
      return false;
    }
    bool Found = false;
  } Breaks;
  for (const Stmt *Child : Loop->children())
    if (Child)
      Breaks.TraverseStmt(const_cast<Stmt *>(Child));
  return !Breaks.Found;
}

/// The stream at the left end of `s << a << b`.
const Expr *shiftBase(const Expr *E) {
  E = E->IgnoreImplicit();
  while (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() != OO_LessLess || Op->getNumArgs() != 2)
      break;
    E = Op->getArg(0)->IgnoreImplicit();
  }
  return E;
}

/// Whether a parameter of type \p T is a stream other functions write to.
bool isOstreamReference(QualType T) {
  llvm::StringRef Record = stdRecordName(T);
  return T->isReferenceType() &&
         (Record == "basic_ostream" || Record == "basic_iostream");
}

std::string text(const Expr *E, const ASTContext &Ctx) {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace

UnbufferedAutoflushCheck::UnbufferedAutoflushCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      BufferSize(Options.get("BufferSize", "BUFSIZ")),
      FlagStdout(Options.get("FlagStdout", false)),
      SmallWriteLimit(Options.get("SmallWriteLimit", 512U)), Opens({}, {}),
      Destinations(Opens, Constants, Functions) {}

void UnbufferedAutoflushCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BufferSize", BufferSize);
  Options.store(Opts, "FlagStdout", FlagStdout);
  Options.store(Opts, "SmallWriteLimit", SmallWriteLimit);
}

void UnbufferedAutoflushCheck::registerPPCallbacks(const SourceManager &,
                                                   Preprocessor *PP,
                                                   Preprocessor *) {
  Constants.setPreprocessor(PP);
}

/// A stream buffer's overflow(), which the base class calls per character
/// when it has no put area.
static DeclarationMatcher streambufOverflow() {
  return cxxMethodDecl(unless(isExpansionInSystemHeader()), hasName("overflow"),
                       isDefinition(),
                       ofClass(cxxRecordDecl(
                           isDerivedFrom(hasName("::std::basic_streambuf")))))
      .bind("overflow");
}

void UnbufferedAutoflushCheck::registerMatchers(MatchFinder *Finder) {
  WalkingCheck::registerMatchers(Finder);
  Finder->addMatcher(streambufOverflow(), this);
}

/// `out << std::endl` (or std::flush, std::unitbuf).
static bool isManipulatorShift(const CallExpr *Call) {
  const auto *Shift = llvm::dyn_cast<CXXOperatorCallExpr>(Call);
  if (!Shift || Shift->getOperator() != OO_LessLess || Shift->getNumArgs() != 2)
    return false;
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(Shift->getArg(1)->IgnoreParenCasts());
  const auto *Manip =
      Ref ? llvm::dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  static const llvm::StringRef Names[] = {"endl", "flush", "unitbuf"};
  return Manip && Manip->isInStdNamespace() && Manip->getIdentifier() &&
         llvm::is_contained(Names, Manip->getName());
}

void UnbufferedAutoflushCheck::checkOther(
    const MatchFinder::MatchResult &Result) {
  if (const auto *Overflow = Result.Nodes.getNodeAs<CXXMethodDecl>("overflow"))
    checkOverflow(Overflow, *Result.Context);
}

void UnbufferedAutoflushCheck::prepareUnit(ASTContext &Ctx) {
  if (CrossUnitFacts *Facts = CrossUnitFacts::current(); Facts && Facts->kept())
    exportStreamFacts(*Facts, Ctx);
  // The matcher visits no class when the shared walk drives the checks.
  if (SharedWalk::drives(Ctx) && Ctx.getLangOpts().CPlusPlus)
    for (const CXXMethodDecl *Method : userMethodDefinitions(Ctx, "overflow"))
      if (!match(streambufOverflow(), *Method, Ctx).empty())
        checkOverflow(Method, Ctx);
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  std::vector<std::string> Names = withFortifiedNames(
      {"setvbuf", "setbuf", "fflush", "::write", "::dprintf"});
  Names.insert(Names.end(), {"operator<<", "setf", "pubsetbuf"});
  Flushing.assign(CallIndex::of(Ctx).callsTo(
                      std::vector<llvm::StringRef>(Names.begin(), Names.end())),
                  Ctx);
}

void UnbufferedAutoflushCheck::checkFunction(const FunctionDecl *Walked,
                                             ASTContext &Ctx) {
  for (const CallSite &Site : Flushing.in(Walked)) {
    const CallExpr *Call = Site.Call;
    const FunctionDecl *Func = Site.Func;
    llvm::StringRef Name = calleeName(Call);
    const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call);
    bool StreamMember = Name == "setf" || Name == "pubsetbuf";
    if (llvm::isa<CXXOperatorCallExpr>(Call) ? !isManipulatorShift(Call)
                                             : StreamMember && !Member)
      continue;
    if (!Functions.flow(Func, Ctx))
      continue;
    if (const auto *Shift = llvm::dyn_cast<CXXOperatorCallExpr>(Call))
      checkManipulator(Shift, Func, Ctx);
    else if (Name == "setf")
      checkUnitbufFlag(Member, Func, Ctx);
    else if (Name == "pubsetbuf")
      checkPubsetbuf(Member, Func, Ctx);
    else if (Name == "fflush")
      checkFflush(Call, Func, Ctx);
    else if (Name == "write" || Name == "dprintf")
      checkRawWrite(Call, Func, Ctx);
    else
      checkSetvbuf(Call, Func, Ctx);
  }
}

bool UnbufferedAutoflushCheck::isReported(Destination D) const {
  return D == Destination::File || (D == Destination::Stdout && FlagStdout);
}

void UnbufferedAutoflushCheck::removeStatement(const Stmt *S,
                                               DiagnosticBuilder &D,
                                               ASTContext &Ctx) {
  if (std::optional<CharSourceRange> R =
          statementRange(S, Ctx.getSourceManager(), Ctx.getLangOpts()))
    D << FixItHint::CreateRemoval(wholeLines(*R, Ctx.getSourceManager()));
}

void UnbufferedAutoflushCheck::reportRemovable(const CallExpr *Call,
                                               llvm::StringRef Message,
                                               const FunctionDecl *Func,
                                               ASTContext &Ctx) {
  DiagnosticBuilder D = diag(Call->getBeginLoc(), "%0")
                        << Message << Call->getSourceRange();
  CallStatement Statement = statementOf(Call, Functions.parents(Func), Ctx);
  if (Statement.K == CallStatement::Discarded)
    removeStatement(Statement.Statement, D, Ctx);
}

void UnbufferedAutoflushCheck::checkSetvbuf(const CallExpr *Call,
                                            const FunctionDecl *Func,
                                            ASTContext &Ctx) {
  bool IsSetbuf = calleeName(Call) == "setbuf";
  if (Call->getNumArgs() != (IsSetbuf ? 2u : 4u))
    return;
  const Expr *Buffer = Call->getArg(1);
  bool NullBuffer =
      Buffer->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
  std::optional<int64_t> Mode =
      IsSetbuf ? std::optional<int64_t>(Constants.get("_IONBF"))
               : foldInteger(Call->getArg(2), Ctx);
  // A mode from a table or a parameter is the caller's decision.
  if (!Mode || (IsSetbuf && !NullBuffer) || *Mode == Constants.get("_IOFBF"))
    return;
  const Expr *Stream = Call->getArg(0);
  bool Appends = false;
  Requirement Needs;
  if (!isReported(
          Destinations.fileDestination(Stream, Func, Ctx, &Appends, &Needs)))
    return;

  // How many writes one record costs: the most unconditional writes to the
  // stream in one block, or one per character.
  const VarDecl *Var = Destinations.walkedArray(Stream, Func);
  if (!Var)
    Var = streamVariable(Stream);
  // Each write with the function it is in and the variable it writes: a
  // local's writes are in this function or in a static helper it hands the
  // stream to (a record written by `put_record(f, ...)`); a static global's
  // anywhere in the file.
  struct Write {
    const CallExpr *Call;
    const FunctionDecl *Owner;
    const VarDecl *Stream;
  };
  std::vector<Write> Writes;
  auto AddWritesIn = [&](const FunctionDecl *Owner, const VarDecl *Stream) {
    for (const BoundNodes &N :
         match(findAll(callExpr().bind("w")), *Owner->getBody(), Ctx))
      Writes.push_back({N.getNodeAs<CallExpr>("w"), Owner, Stream});
  };
  if (Var->isLocalVarDecl()) {
    AddWritesIn(Func, Var);
    const StmtParents &Parents = Functions.parents(Func);
    llvm::SmallPtrSet<const CallExpr *, 4> Seen;
    for (const DeclRefExpr *Ref : Functions.uses(Func).of(Var)) {
      const auto *Call = llvm::dyn_cast_or_null<CallExpr>(
          Parents.getParentIgnoreParenCasts(const_cast<DeclRefExpr *>(Ref)));
      const FunctionDecl *Helper = Call ? calleeOf(Call) : nullptr;
      if (!Helper || !Seen.insert(Call).second || Helper == Func ||
          Helper->isExternallyVisible() || !Helper->getBody())
        continue;
      for (unsigned I = 0; I < Call->getNumArgs() && I < Helper->param_size();
           ++I)
        if (referencedVar(Call->getArg(I)) == Var)
          AddWritesIn(Helper, Helper->getParamDecl(I));
    }
  } else {
    for (auto [Call, Owner] : Functions.mainFileUses(Var, Ctx).ArgumentOf)
      Writes.push_back({Call, Owner, Var});
  }
  llvm::DenseMap<const Stmt *, unsigned> PerBlock;
  std::vector<const CallExpr *> Costly; // the writes the buffer would save
  unsigned PerRecord = 0;
  bool PerCharacter = false, AnyInLoop = false;
  for (auto [W, Owner, Stream] : Writes) {
    if (!Owner)
      continue;
    if (!Owner->getBody() || !Functions.flow(Owner, Ctx))
      continue;
    const Expr *Written = writtenStream(W);
    const VarDecl *Target = Destinations.walkedArray(Written, Owner);
    if (!Target)
      Target = streamVariable(Written);
    if (Target != Stream)
      continue;
    Costly.push_back(W);
    bool InLoop = enclosingLoop(W, Functions.parents(Owner)) != nullptr;
    AnyInLoop |= InLoop;
    // putc(*p, f) in a loop: a syscall per character of data.
    if (stdioWrite(calleeName(W))->PerCharacter &&
        !W->getArg(0)->isEvaluatable(Ctx) && InLoop)
      PerCharacter = true;
    const StmtParents &Parents = Functions.parents(Owner);
    const Stmt *Top = nullptr;
    const Stmt *Block = enclosingBlock(W, Parents, Top);
    if (Block && alwaysEvaluated(W, Top, Parents))
      PerRecord = std::max(PerRecord, ++PerBlock[Block]);
  }
  // One pre-formatted write per record is the point of an unbuffered log
  // opened for appending (whole lines for concurrent appenders); a file
  // written from the start in a loop, like a line-buffered one, pays a
  // write(2) for every record or line of it.
  bool LineBuffered = *Mode == Constants.get("_IOLBF");
  bool RecordsInLoop = !LineBuffered && !Appends && AnyInLoop;
  if (LineBuffered ? !AnyInLoop && PerRecord < 2
                   : PerRecord < 2 && !PerCharacter && !RecordsInLoop)
    return;
  std::string Cost =
      LineBuffered   ? "one write(2) per line"
      : PerCharacter ? "one write(2) per character"
      : PerRecord >= 2
          ? std::to_string(PerRecord) + " write(2) calls per record"
          : "one write(2) per record written in a loop";
  {
    DiagnosticBuilder D =
        diag(Call->getBeginLoc(),
             "%0 makes a file stream %select{unbuffered|line buffered}1: %2; "
             "give it a full buffer")
        << (IsSetbuf ? "'setbuf(f, NULL)'" : "'setvbuf'") << LineBuffered
        << Cost << Call->getSourceRange();
    fixBufferMode(Call, IsSetbuf, NullBuffer && !LineBuffered, Func, D, Ctx);
  }
  noteRequirement(*this, Call->getBeginLoc(), Needs);
  noteCostlyWrites(Costly, Ctx);
}

void UnbufferedAutoflushCheck::fixBufferMode(const CallExpr *Call,
                                             bool IsSetbuf, bool NeedsSize,
                                             const FunctionDecl *Func,
                                             DiagnosticBuilder &D,
                                             ASTContext &Ctx) {
  CallStatement Statement = statementOf(Call, Functions.parents(Func), Ctx);
  if (IsSetbuf) {
    if (Statement.K == CallStatement::Discarded)
      removeStatement(Statement.Statement, D, Ctx);
    return;
  }
  auto ArgRange = [&](unsigned I) {
    return Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Call->getArg(I)->getSourceRange()),
        Ctx.getSourceManager(), Ctx.getLangOpts());
  };
  if (ArgRange(2).isInvalid() || ArgRange(3).isInvalid())
    return;
  D << FixItHint::CreateReplacement(ArgRange(2), "_IOFBF");
  if (NeedsSize)
    D << FixItHint::CreateReplacement(ArgRange(3), BufferSize);
}

void UnbufferedAutoflushCheck::noteCostlyWrites(
    std::vector<const CallExpr *> &Writes, ASTContext &Ctx) {
  // The lines a run time trace (syscall-tidy-trace) counts this finding's
  // cost at; a few are enough to name them.
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Writes, [&](const CallExpr *A, const CallExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  constexpr size_t MaxNotes = 8;
  // An output is noted at its stream (`out << x`): clang 22 starts some
  // operator calls at the operator.
  for (size_t I = 0; I < Writes.size() && I < MaxNotes; ++I)
    diag(llvm::isa<CXXOperatorCallExpr>(Writes[I])
             ? Writes[I]->getArg(0)->getBeginLoc()
             : Writes[I]->getBeginLoc(),
         llvm::isa<CXXOperatorCallExpr>(Writes[I])
             ? "each output here is a write(2)"
             : "each call here is a write(2)",
         DiagnosticIDs::Note);
}

const UnbufferedAutoflushCheck::LoopSummary &
UnbufferedAutoflushCheck::loopSummary(const Stmt *Loop, ASTContext &Ctx) {
  std::unique_ptr<LoopSummary> &Cached = Loops[Loop];
  if (Cached)
    return *Cached;
  Cached = std::make_unique<LoopSummary>();
  LoopSummary &L = *Cached;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const BoundNodes &N : match(findAll(callExpr().bind("c")), *Loop, Ctx)) {
    const auto *C = N.getNodeAs<CallExpr>("c");
    if (const auto *Shift = llvm::dyn_cast<CXXOperatorCallExpr>(C)) {
      const auto *Manip =
          Shift->getOperator() == OO_LessLess && Shift->getNumArgs() == 2
              ? llvm::dyn_cast<DeclRefExpr>(
                    Shift->getArg(1)->IgnoreParenCasts())
              : nullptr;
      if (Manip && Manip->getDecl()->getIdentifier() &&
          (Manip->getDecl()->getName() == "endl" ||
           Manip->getDecl()->getName() == "flush")) {
        auto [It, New] = L.FirstFlush.try_emplace(text(shiftBase(Shift), Ctx),
                                                  Shift->getBeginLoc());
        if (!New &&
            SM.isBeforeInTranslationUnit(Shift->getBeginLoc(), It->second))
          It->second = Shift->getBeginLoc();
      }
    }
    llvm::StringRef Name = calleeName(C);
    if (const VarDecl *Written = referencedVar(writtenStream(C)))
      L.Written.insert(Written);
    if (Name == "fsync" || Name == "fdatasync" || Name == "sync" ||
        Name == "syncfs")
      L.Durable = true;
    if (Name == "fork" || Name == "vfork" || startsWith(Name, "exec") ||
        Name == "system" || Name == "popen" ||
        startsWith(Name, "posix_spawn") || Name == "fread" || Name == "fgets" ||
        Name == "rewind" || startsWith(Name, "fseek"))
      L.NeedsData = true;
    if (waitsForInput(C, Name))
      L.WaitsForInput = true;
  }
  L.NeverEnds = neverEnds(Loop, Ctx);
  return L;
}

void UnbufferedAutoflushCheck::checkFflush(const CallExpr *Call,
                                           const FunctionDecl *Func,
                                           ASTContext &Ctx) {
  if (Call->getNumArgs() != 1)
    return;
  const Expr *Stream = Call->getArg(0);
  const VarDecl *Var = referencedVar(Stream);
  const Stmt *Loop = enclosingLoop(Call, Functions.parents(Func));
  Requirement Needs;
  if (!Var || !Loop ||
      !isReported(
          Destinations.fileDestination(Stream, Func, Ctx, nullptr, &Needs)))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // A stream opened inside the loop is a stream per iteration.
  if (SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), Var->getLocation()))
    return;
  const LoopSummary &Summary = loopSummary(Loop, Ctx);
  bool NeedsData = Summary.NeedsData;
  // fflush + fsync is a durability point, a flush without writes in the
  // loop costs nothing, and a flush before the loop waits for input is
  // there so the other side sees the output first.
  if (!Summary.Written.contains(Var) || Summary.Durable ||
      Summary.WaitsForInput)
    return;
  CallStatement Statement = statementOf(Call, Functions.parents(Func), Ctx);
  std::optional<CharSourceRange> LoopRange =
      statementRange(Loop, SM, Ctx.getLangOpts());
  {
    DiagnosticBuilder D =
        diag(Call->getBeginLoc(),
             "'fflush' in a loop that writes to a file stream: one write(2) "
             "per iteration; flush once after the loop")
        << Call->getSourceRange();
    if (!NeedsData && !Summary.NeverEnds &&
        Statement.K == CallStatement::Discarded && LoopRange) {
      removeStatement(Statement.Statement, D, Ctx);
      D << FixItHint::CreateInsertion(
          LoopRange->getEnd(), "\n" + indentationOf(Loop->getBeginLoc(), SM) +
                                   "fflush(" + text(Stream, Ctx) + ");");
    }
  }
  noteRequirement(*this, Call->getBeginLoc(), Needs);
  if (NeedsData)
    diag(Call->getBeginLoc(),
         "no automatic fix: the loop also runs a process or reads the file, "
         "which may need the data flushed",
         DiagnosticIDs::Note);
  else if (Summary.NeverEnds)
    diag(Call->getBeginLoc(),
         "no automatic fix: the loop never ends normally, so a flush after "
         "it would never run; flush every N records or on a timer instead",
         DiagnosticIDs::Note);
}

void UnbufferedAutoflushCheck::checkManipulator(
    const CXXOperatorCallExpr *Shift, const FunctionDecl *Func,
    ASTContext &Ctx) {
  // `o << (std::endl)` is the same manipulator; the parentheses go with it.
  const Expr *ManipArg = Shift->getArg(1);
  const auto *Manip = llvm::dyn_cast<DeclRefExpr>(ManipArg->IgnoreParenCasts());
  if (!Manip || !Manip->getDecl()->getIdentifier())
    return;
  llvm::StringRef Name = Manip->getDecl()->getName();
  const Expr *Stream = shiftBase(Shift);
  std::string Why;
  // In the standalone tool, a stream parameter may get its file from
  // another unit's caller: the finding then requires that caller.
  CrossUnitFacts *Elsewhere = CrossUnitFacts::current();
  std::vector<std::string> FileFacts, LoopFacts;
  Requirement Needs;
  if (!isReported(Destinations.streamDestination(
          Stream, Func, Ctx, Why, 0, Elsewhere ? &FileFacts : nullptr))) {
    if (FileFacts.empty() || Name == "unitbuf")
      return;
    Needs.push_back(std::move(FileFacts));
    Why = "a caller in another file passes a file stream";
  }
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // ` << std::flush` and ` << std::unitbuf` go; std::endl becomes '\n'.
  CharSourceRange ManipRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(ManipArg->getSourceRange()), SM, LO);
  // From the end of the left operand: ` << std::flush` with its blank.
  CharSourceRange ShiftRange = Lexer::makeFileCharRange(
      CharSourceRange::getCharRange(
          Lexer::getLocForEndOfToken(Shift->getArg(0)->getEndLoc(), 0, SM, LO),
          Lexer::getLocForEndOfToken(ManipArg->getEndLoc(), 0, SM, LO)),
      SM, LO);
  bool Wide =
      Manip->getType().getAsString().find("wchar_t") != std::string::npos;
  if (Name == "unitbuf") {
    DiagnosticBuilder D =
        diag(Manip->getBeginLoc(),
             "'std::unitbuf' flushes the file stream after every output "
             "operation: one write(2) per '<<'; remove it")
        << Manip->getSourceRange();
    const StmtParents &Parents = Functions.parents(Func);
    if (Shift->getArg(0)->IgnoreImplicit() == Stream &&
        llvm::isa<CompoundStmt>(Parents.getParent(Shift)))
      removeStatement(Shift, D, Ctx);
    else if (ShiftRange.isValid())
      D << FixItHint::CreateRemoval(ShiftRange);
    return;
  }
  const Stmt *Loop = enclosingLoop(Shift, Functions.parents(Func));
  const VarDecl *Local = referencedVar(Stream);
  if (!Loop) {
    // `write_item(os)` ends each item with std::endl and a caller writes
    // the items in a loop: a flush per item all the same. The stream's
    // owner flushes when it is done; no flush is added here.
    const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(Local);
    const FunctionDecl *Looping =
        Param && Param->getDeclContext() == Func
            ? Destinations.calledInLoop(Func, Param->getFunctionScopeIndex(),
                                        Ctx, 0,
                                        Elsewhere ? &LoopFacts : nullptr)
            : nullptr;
    if (!Looping && LoopFacts.empty())
      return;
    // The loop is in another unit: its stream must be the file, not a
    // terminal that another caller's file happens to share a helper with.
    if (!Looping) {
      Needs.assign(1, std::move(LoopFacts));
      Why = "a caller in another file passes a file stream";
    }
    {
      DiagnosticBuilder D =
          diag(Manip->getBeginLoc(),
               "'std::%0' flushes the file stream on every call of %1, which "
               "%select{%2|a caller in another file}5 makes in a loop: one "
               "write(2) per %select{line|record}3; %select{write "
               "'\\n'|drop it}3 and let the buffer fill (%4)")
          << Name << Func << (Looping ? Looping : Func) << (Name == "flush")
          << Why << !Looping << Manip->getSourceRange();
      if (ManipRange.isValid() && ShiftRange.isValid()) {
        if (Name == "endl")
          D << FixItHint::CreateReplacement(ManipRange,
                                            Wide ? "L'\\n'" : "'\\n'");
        else
          D << FixItHint::CreateRemoval(ShiftRange);
      }
    }
    noteRequirement(*this, Manip->getBeginLoc(), Needs);
    return;
  }
  if (Local && Local->isLocalVarDecl() &&
      SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), Local->getLocation()))
    return;
  // The stream outlives the function: the code flushed to publish the data,
  // so one flush after the loops keeps that: after the outermost one, not
  // once per iteration of an outer loop.
  bool Publishes =
      !Local || !Local->isLocalVarDecl() || llvm::isa<ParmVarDecl>(Local);
  const Stmt *Outer = Loop;
  while (const Stmt *Up = enclosingLoop(Outer, Functions.parents(Func)))
    Outer = Up;
  // The first endl/flush of this stream in those loops gets the flush after
  // them; the others only go.
  const LoopSummary &OuterSummary = loopSummary(Outer, Ctx);
  auto First = OuterSummary.FirstFlush.find(text(Stream, Ctx));
  bool FirstInLoop =
      First == OuterSummary.FirstFlush.end() ||
      !SM.isBeforeInTranslationUnit(First->second, Shift->getBeginLoc());
  std::optional<CharSourceRange> LoopRange = statementRange(Outer, SM, LO);
  {
    DiagnosticBuilder D =
        diag(Manip->getBeginLoc(),
             "'std::%0' flushes the file stream on every iteration: one "
             "write(2) per %select{line|record}1; %select{write '\\n'|drop "
             "it}1 and let the buffer fill%select{| (%3)}2")
        << Name << (Name == "flush") << !Why.empty() << Why
        << Manip->getSourceRange();
    if (ManipRange.isValid() && ShiftRange.isValid() &&
        !OuterSummary.NeverEnds) {
      if (Name == "endl")
        D << FixItHint::CreateReplacement(ManipRange,
                                          Wide ? "L'\\n'" : "'\\n'");
      else if (Shift->getArg(0)->IgnoreImplicit() == Stream &&
               llvm::isa<CompoundStmt>(
                   Functions.parents(Func).getParent(Shift)))
        removeStatement(Shift, D, Ctx); // `out << std::flush;` alone
      else
        D << FixItHint::CreateRemoval(ShiftRange);
      if (Publishes && FirstInLoop && LoopRange)
        D << FixItHint::CreateInsertion(
            LoopRange->getEnd(), "\n" +
                                     indentationOf(Outer->getBeginLoc(), SM) +
                                     text(Stream, Ctx) + ".flush();");
    }
  }
  noteRequirement(*this, Manip->getBeginLoc(), Needs);
}

void UnbufferedAutoflushCheck::exportStreamFacts(CrossUnitFacts &Facts,
                                                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const CallSite &Site : CallIndex::of(Ctx).all()) {
    const FunctionDecl *Callee = Site.Callee;
    if (!Callee || Callee->isTemplateInstantiation() || !Site.Func->getBody() ||
        llvm::none_of(Callee->parameters(),
                      [](const ParmVarDecl *P) {
                        return isOstreamReference(P->getType());
                      }) ||
        SM.isInSystemHeader(Callee->getLocation()))
      continue;
    unsigned Args = std::min(Site.Call->getNumArgs(), Callee->getNumParams());
    // An operator call's first argument is the object for a member.
    unsigned Shift = llvm::isa<CXXOperatorCallExpr>(Site.Call) &&
                     llvm::isa<CXXMethodDecl>(Callee);
    std::string Name;
    for (unsigned I = 0; I + Shift < Site.Call->getNumArgs() && I < Args; ++I) {
      if (!isOstreamReference(Callee->getParamDecl(I)->getType()))
        continue;
      if (Name.empty() && (Name = crossUnitName(Callee)).empty())
        break;
      const Expr *Arg = Site.Call->getArg(I + Shift);
      std::string File = streamFact("file", Name, I);
      std::string LoopFile = streamFact("loop-file", Name, I);
      const auto *Passed =
          llvm::dyn_cast_or_null<ParmVarDecl>(referencedVar(Arg));
      if (Passed && Passed->getDeclContext() != Site.Func)
        Passed = nullptr;
      // A file stream reaches the parameter: here, or from callers up.
      std::vector<std::string> FilePremises, LoopPremises;
      std::string Ignored;
      bool IsFile =
          Destinations.streamDestination(Arg, Site.Func, Ctx, Ignored, 0,
                                         &FilePremises) == Destination::File;
      // ... in a loop: this call's, a caller's in this unit, or (through
      // the parameter it hands on) one in another unit.
      bool Loops = enclosingLoop(Site.Call, Functions.parents(Site.Func)) ||
                   (Passed && Destinations.calledInLoop(
                                  Site.Func, Passed->getFunctionScopeIndex(),
                                  Ctx, 0, &LoopPremises));
      auto Export = [&](const std::string &Fact) {
        if (IsFile)
          Facts.add(Fact);
        else
          for (const std::string &Premise : FilePremises)
            Facts.addImplication(Fact, Premise);
      };
      Export(File);
      if (Loops)
        Export(LoopFile);
      for (const std::string &Premise : LoopPremises)
        Facts.addImplication(LoopFile, Premise);
    }
  }
}

void UnbufferedAutoflushCheck::checkUnitbufFlag(const CXXMemberCallExpr *Setf,
                                                const FunctionDecl *Func,
                                                ASTContext &Ctx) {
  if (Setf->getNumArgs() != 1)
    return;
  const auto *Flag =
      llvm::dyn_cast<DeclRefExpr>(Setf->getArg(0)->IgnoreParenCasts());
  std::string Why;
  if (!Flag || !Flag->getDecl()->getIdentifier() ||
      Flag->getDecl()->getName() != "unitbuf" ||
      !isReported(Destinations.streamDestination(
          Setf->getImplicitObjectArgument(), Func, Ctx, Why)))
    return;
  reportRemovable(Setf,
                  "'setf(std::ios::unitbuf)' flushes the file stream after "
                  "every output operation: one write(2) per '<<'; remove it",
                  Func, Ctx);
  noteStreamOutputs(Setf->getImplicitObjectArgument(), Func, Ctx);
}

void UnbufferedAutoflushCheck::noteStreamOutputs(const Expr *Stream,
                                                 const FunctionDecl *Func,
                                                 ASTContext &Ctx) {
  const VarDecl *Var = referencedVar(Stream);
  if (!Var || !Func->getBody())
    return;
  // The first '<<' of each chain on the stream, in source order.
  std::vector<const CallExpr *> Outputs;
  for (const BoundNodes &N :
       match(findAll(cxxOperatorCallExpr(hasOverloadedOperatorName("<<"))
                         .bind("shift")),
             *Func->getBody(), Ctx)) {
    const auto *Shift = N.getNodeAs<CXXOperatorCallExpr>("shift");
    const auto *Base =
        Shift->getNumArgs() == 2
            ? llvm::dyn_cast<DeclRefExpr>(Shift->getArg(0)->IgnoreParenCasts())
            : nullptr;
    if (Base && Base->getDecl() == Var && !isManipulatorShift(Shift))
      Outputs.push_back(Shift);
  }
  noteCostlyWrites(Outputs, Ctx);
}

void UnbufferedAutoflushCheck::checkPubsetbuf(const CXXMemberCallExpr *Call,
                                              const FunctionDecl *Func,
                                              ASTContext &Ctx) {
  if (Call->getNumArgs() != 2)
    return;
  std::optional<int64_t> Size = foldInteger(Call->getArg(1), Ctx);
  if (!Size || *Size != 0 ||
      !Call->getArg(0)->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull))
    return;
  // out.rdbuf()->pubsetbuf(...) or a std::filebuf of its own.
  const Expr *Object = Call->getImplicitObjectArgument()->IgnoreImplicit();
  Destination Where = Destination::Unknown;
  std::string Why;
  if (const auto *Rdbuf = llvm::dyn_cast<CXXMemberCallExpr>(Object)) {
    if (Rdbuf->getMethodDecl() && Rdbuf->getMethodDecl()->getIdentifier() &&
        Rdbuf->getMethodDecl()->getName() == "rdbuf")
      Where = Destinations.streamDestination(Rdbuf->getImplicitObjectArgument(),
                                             Func, Ctx, Why);
  } else if (stdRecordName(Object->getType()) == "basic_filebuf") {
    Where = Destination::File;
  }
  if (!isReported(Where))
    return;
  reportRemovable(Call,
                  "'pubsetbuf(nullptr, 0)' makes the file buffer unbuffered: "
                  "one write(2) per output operation; remove it",
                  Func, Ctx);
  if (const auto *Rdbuf = llvm::dyn_cast<CXXMemberCallExpr>(Object))
    noteStreamOutputs(Rdbuf->getImplicitObjectArgument(), Func, Ctx);
}

void UnbufferedAutoflushCheck::checkRawWrite(const CallExpr *Call,
                                             const FunctionDecl *Func,
                                             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Name = calleeName(Call);
  if (Call->getNumArgs() < 2 || (Name == "write" && Call->getNumArgs() != 3))
    return;
  const VarDecl *Fd = trackedVariable(Call->getArg(0));
  const Stmt *Loop = enclosingLoop(Call, Functions.parents(Func));
  if (!Fd || !Loop || llvm::isa<ParmVarDecl>(Fd) ||
      SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), Fd->getLocation()))
    return;
  std::optional<int64_t> Size =
      Name == "write" ? foldInteger(Call->getArg(2), Ctx) : std::nullopt;
  if (Name == "write" && (!Size || *Size > SmallWriteLimit))
    return;
  // Only descriptors opened on a file for writing in this function.
  llvm::SmallVector<Definition, 4> Defs;
  if (!Functions.flow(Func, Ctx)->reachingDefinitions(Fd, Call, Defs) ||
      Defs.empty())
    return;
  Requirement Needs;
  for (const Definition &Def : Defs) {
    std::optional<OpenCall> Open =
        Def.Value ? Opens.classify(Def.Value, Ctx, Constants,
                                   /*AcrossUnits=*/true)
                  : std::nullopt;
    std::optional<llvm::StringRef> Path =
        Open && Open->Path ? stringValue(Open->Path) : std::nullopt;
    if (!Open || Open->Mode.IsStream || Open->Mode.K != AccessMode::Writable ||
        (Path && startsWith(*Path, "/dev/")))
      return;
    llvm::append_range(Needs, Open->Needs);
    // A descriptor opened in each iteration (retrying for a unique name)
    // gets one write per file, not many small ones.
    SourceRange L = Loop->getSourceRange();
    SourceLocation At = Open->Call->getBeginLoc();
    if (!SM.isBeforeInTranslationUnit(At, L.getBegin()) &&
        !SM.isBeforeInTranslationUnit(L.getEnd(), At))
      return;
  }
  // A fortified dprintf is glibc's macro: report where the code calls it,
  // not inside the system header's macro.
  diag(SM.getExpansionLoc(Call->getBeginLoc()),
       Name == "write"
           ? "'write' of %0 byte%s0 per iteration: one write(2) per piece; "
             "collect the pieces in a buffer (leanio's lio_writer, or a local "
             "array) and write them together"
           : "'dprintf' in a loop: one write(2) per call; format into a "
             "buffer (leanio's lio_writer, or a FILE* with a full buffer) "
             "and write it together")
      << static_cast<unsigned>(Size.value_or(0))
      << SM.getExpansionRange(Call->getSourceRange());
  noteRequirement(*this, SM.getExpansionLoc(Call->getBeginLoc()), Needs);
}

void UnbufferedAutoflushCheck::checkOverflow(const CXXMethodDecl *Overflow,
                                             ASTContext &Ctx) {
  const CXXRecordDecl *Class = Overflow->getParent();
  if (!Overflow->getBody() || Class->isDependentContext())
    return;
  auto Calls = [&](llvm::StringRef Name, const Stmt *Body) {
    return Body && makesCall(Body, Name);
  };
  if (!Calls("write", Overflow->getBody()))
    return;
  // A put area lets the base class collect characters before overflow().
  for (const CXXMethodDecl *Method : Class->methods())
    if (Calls("setp", Method->getBody()))
      return;
  for (const CXXConstructorDecl *Ctor : Class->ctors())
    if (Calls("setp", Ctor->getBody()))
      return;
  diag(Overflow->getLocation(),
       "'overflow' writes each character with write(2) and %0 never sets a "
       "put area (setp): one syscall per character; give it a buffer and "
       "write it out in overflow() and sync()")
      << Class;
}

} // namespace clang::tidy::syscall
