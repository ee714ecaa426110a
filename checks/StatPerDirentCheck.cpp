//===--- StatPerDirentCheck.cpp - syscall-stat-per-dirent ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StatPerDirentCheck.h"
#include "analysis/Accessors.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/DescriptorStat.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// The local entry variable `E` of an `E->d_name` in \p S, or null.
const VarDecl *entryOfName(const Stmt &S, ASTContext &Ctx) {
  for (const BoundNodes &N :
       match(findAll(memberExpr(member(hasName("d_name"))).bind("name")), S,
             Ctx)) {
    const VarDecl *Entry =
        referencedVar(N.getNodeAs<MemberExpr>("name")->getBase());
    if (Entry && Entry->isLocalVarDecl())
      return Entry;
  }
  return nullptr;
}

/// Whether \p Entry's record has a d_type (glibc's _DIRENT_HAVE_D_TYPE).
bool hasTypeField(const VarDecl *Entry) {
  const RecordDecl *Record =
      Entry->getType()->isPointerType()
          ? Entry->getType()->getPointeeType()->getAsRecordDecl()
          : nullptr;
  return Record && llvm::any_of(Record->fields(), [](const FieldDecl *F) {
           return F->getIdentifier() && F->getName() == "d_type";
         });
}

} // namespace

void StatPerDirentCheck::registerPPCallbacks(const SourceManager &,
                                             Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void StatPerDirentCheck::prepareUnit(ASTContext &Ctx) {
  Stats.assign(CallIndex::of(Ctx).callsTo({"stat", "stat64", "lstat", "lstat64",
                                           "fstatat", "fstatat64"}),
               Ctx);
}

void StatPerDirentCheck::checkFunction(const FunctionDecl *Walked,
                                       ASTContext &Ctx) {
  for (const CallSite &Site : Stats.in(Walked))
    checkStat(Site.Call, Site.Func, Ctx);
  // `is_dir(path)`: a function of the file that only tests its path for a
  // directory.
  for (const CallSite &Site : CallIndex::of(Ctx).callsIn(Walked)) {
    const FunctionDecl *Callee = Site.Callee;
    const FunctionDecl *Def = nullptr;
    if (!Callee->hasBody(Def) || Site.Call->getNumArgs() == 0)
      continue;
    auto [It, New] = Helpers.try_emplace(Def);
    if (New)
      It->second = directoryTestedPath(Def, Ctx, Constants);
    if (It->second)
      checkDirectoryHelper(Site.Call, *It->second, Site.Func, Ctx);
  }
}

const VarDecl *StatPerDirentCheck::entryNamed(const Expr *Path,
                                              const CallExpr *Stat,
                                              const Stmt *Loop,
                                              const FunctionDecl *Func,
                                              ASTContext &Ctx) {
  if (const VarDecl *Entry = entryOfName(*Path, Ctx))
    return Entry; // `fstatat(dirfd(d), e->d_name, ...)`
  // A path buffer (an array, a pointer, a std::string's c_str(), a record
  // read through its accessor).
  const Expr *Inner = Path->IgnoreParenCasts();
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Inner))
    Inner = Member->getImplicitObjectArgument();
  // `buf_string(path)`: the project's buffer record.
  if (const Expr *Record = accessedRecord(Inner))
    Inner = Record;
  const VarDecl *Buffer = Inner ? referencedVar(Inner) : nullptr;
  if (!Buffer || !Buffer->isLocalVarDecl())
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  auto InLoop = [&](SourceLocation L) {
    return SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), L) &&
           SM.isBeforeInTranslationUnit(L, Stat->getBeginLoc());
  };
  // `std::string path = dir + "/" + e->d_name;` in the loop.
  if (Buffer->getInit() && InLoop(Buffer->getLocation()))
    if (const VarDecl *Entry = entryOfName(*Buffer->getInit(), Ctx))
      return Entry;
  // `snprintf(path, sizeof path, "%s/%s", dir, e->d_name)`, strcpy and
  // strcat, `path = dir + ...`, `buf_printf(b, ...)`: the last call before
  // the stat that may change the buffer is in the loop and is handed the
  // entry's name too. (The buffer's uses are in source order: the last
  // before the stat is a search.)
  llvm::ArrayRef<const DeclRefExpr *> Refs = Functions.uses(Func).of(Buffer);
  SourceLocation StatAt = SM.getExpansionLoc(Stat->getBeginLoc());
  size_t Before = llvm::partition_point(
                      Refs,
                      [&](const DeclRefExpr *Ref) {
                        return SM.isBeforeInTranslationUnit(
                            SM.getExpansionLoc(Ref->getBeginLoc()), StatAt);
                      }) -
                  Refs.begin();
  const CallExpr *Filler =
      Before ? fillersOf(Buffer, Func)[Before - 1] : nullptr;
  if (!Filler || Filler == Stat || !InLoop(Filler->getBeginLoc()))
    return nullptr;
  return entryOfName(*Filler, Ctx);
}

llvm::ArrayRef<const CallExpr *>
StatPerDirentCheck::fillersOf(const VarDecl *Buffer, const FunctionDecl *Func) {
  auto [Known, New] = Fillers.try_emplace(Buffer);
  if (!New)
    return Known->second;
  const StmtParents &Parents = Functions.parents(Func);
  const CallExpr *Last = nullptr;
  std::vector<const CallExpr *> Result;
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Buffer)) {
    const Stmt *Child = nullptr;
    const Stmt *Up = skipParensAndCasts(Ref, Parents, Child);
    // `&buf` handed on.
    if (const auto *Addr = llvm::dyn_cast_or_null<UnaryOperator>(Up);
        Addr && Addr->getOpcode() == UO_AddrOf)
      Up = skipParensAndCasts(Addr, Parents, Child);
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    unsigned Arg = 0;
    while (Call && Arg < Call->getNumArgs() && Call->getArg(Arg) != Child)
      ++Arg;
    // `sizeof path`, or handed to a `const char *` parameter: read only.
    bool Reads = llvm::isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Up) ||
                 (Callee && Call && Arg < Call->getNumArgs() &&
                  Arg < Callee->getNumParams() &&
                  Callee->getParamDecl(Arg)->getType()->isPointerType() &&
                  Callee->getParamDecl(Arg)
                      ->getType()
                      ->getPointeeType()
                      .isConstQualified());
    if (!Reads)
      Last = Call && Arg < Call->getNumArgs() ? Call : nullptr;
    Result.push_back(Last);
  }
  return Known->second = std::move(Result);
}

bool StatPerDirentCheck::onlyTypeTested(const VarDecl *Buffer,
                                        const Expr *OwnAddress,
                                        const FunctionDecl *Func,
                                        ASTContext &Ctx) {
  auto [Known, New] = OtherUses.try_emplace(Buffer);
  if (New)
    Known->second = usesBesideTypeTests(Buffer, Func, Ctx);
  // None, or only the stat's own `&st`.
  llvm::ArrayRef<const Stmt *> Others = Known->second;
  return Others.empty() ||
         (Others.size() == 1 && Others[0] == OwnAddress->IgnoreParenCasts());
}

llvm::SmallVector<const Stmt *, 2> StatPerDirentCheck::usesBesideTypeTests(
    const VarDecl *Buffer, const FunctionDecl *Func, ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  llvm::SmallVector<const Stmt *, 2> Others;
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Buffer)) {
    // Two are more than any one stat's own `&st`.
    if (Others.size() == 2)
      break;
    const Stmt *Child = nullptr;
    const Stmt *Up = skipParensAndCasts(Ref, Parents, Child);
    // `(st.st_mode & S_IFMT) == S_IFDIR`: what S_ISDIR, S_ISREG, S_ISLNK
    // and the other S_IS* expand to, and `switch (st.st_mode & S_IFMT)`.
    const auto *Mode = llvm::dyn_cast_or_null<MemberExpr>(Up);
    const auto *And = Mode && Mode->getMemberDecl()->getIdentifier() &&
                              Mode->getMemberDecl()->getName() == "st_mode"
                          ? llvm::dyn_cast_or_null<BinaryOperator>(
                                skipParensAndCasts(Mode, Parents, Child))
                          : nullptr;
    if (!And || And->getOpcode() != BO_And ||
        foldInteger(And->getLHS() == Child ? And->getRHS() : And->getLHS(),
                    Ctx) != Constants.get("S_IFMT")) {
      Others.push_back(Up);
      continue;
    }
    const Stmt *Test = skipParensAndCasts(And, Parents, Child);
    const auto *Eq = llvm::dyn_cast_or_null<BinaryOperator>(Test);
    const auto *Switch = llvm::dyn_cast_or_null<SwitchStmt>(Test);
    if (!(Eq && Eq->isEqualityOp() &&
          foldInteger(Eq->getLHS() == Child ? Eq->getRHS() : Eq->getLHS(),
                      Ctx)) &&
        !(Switch && Switch->getCond() == Child))
      Others.push_back(Up);
  }
  return Others;
}

std::optional<StatPerDirentCheck::EntryCall>
StatPerDirentCheck::perEntry(const CallExpr *Call, const Expr *Path,
                             const FunctionDecl *Func, ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  const Stmt *Loop = enclosingLoop(Call, Parents);
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  const VarDecl *Entry =
      Loop && Flow ? entryNamed(Path, Call, Loop, Func, Ctx) : nullptr;
  if (!Entry || !hasTypeField(Entry))
    return std::nullopt;
  // Every value the entry has here is what readdir returned in this loop.
  llvm::SmallVector<Definition, 2> Defs;
  if (!Flow->reachingDefinitions(Entry, Call, Defs) || Defs.empty())
    return std::nullopt;
  const CallExpr *Readdir = nullptr;
  for (const Definition &Def : Defs) {
    Readdir = Def.Value ? underlyingCall(Def.Value) : nullptr;
    if (!Readdir ||
        (calleeName(Readdir) != "readdir" &&
         calleeName(Readdir) != "readdir64") ||
        !isWithin(Readdir, Loop, Parents))
      return std::nullopt;
  }
  // Code that already asks d_type keeps the stat for a reason.
  auto [Asks, New] = LoopsAskingType.try_emplace(Loop, false);
  if (New)
    Asks->second =
        !match(findAll(memberExpr(member(hasName("d_type")))), *Loop, Ctx)
             .empty();
  if (Asks->second)
    return std::nullopt;
  return EntryCall{Entry, Readdir};
}

void StatPerDirentCheck::checkDirectoryHelper(const CallExpr *Call,
                                              const DirectoryTestedPath &Test,
                                              const FunctionDecl *Func,
                                              ASTContext &Ctx) {
  std::optional<EntryCall> Per =
      Test.Param < Call->getNumArgs()
          ? perEntry(Call, Call->getArg(Test.Param), Func, Ctx)
          : std::nullopt;
  if (!Per)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Call->getSourceRange()), SM, LO);
  bool Named = Constants.isDefined("DT_UNKNOWN") &&
               Constants.isDefined("DT_DIR") &&
               (!Test.Follows || Constants.isDefined("DT_LNK"));
  llvm::StringRef Name = calleeName(Call);
  {
    DiagnosticBuilder D =
        diag(Call->getBeginLoc(),
             "'%0' stats each directory entry only to tell whether it is a "
             "directory: the entry's d_type says it without a syscall; keep "
             "'%0' for DT_UNKNOWN%select{| and for symlinks, which it "
             "follows}1")
        << Name << Test.Follows << Call->getSourceRange();
    if (Range.isValid() && Named) {
      std::string E = Per->Entry->getName().str();
      std::string Known = E + "->d_type != DT_UNKNOWN";
      if (Test.Follows)
        Known += " && " + E + "->d_type != DT_LNK";
      D << FixItHint::CreateReplacement(
          Range, "(" + Known + " ? " + E +
                     "->d_type == DT_DIR : " + sourceText(Range, SM, LO) + ")");
    }
  }
  diag(Per->Readdir->getBeginLoc(), "the entry comes from '%0' here",
       DiagnosticIDs::Note)
      << calleeName(Per->Readdir);
  if (Range.isInvalid() || !Named)
    diag(Call->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << (Range.isInvalid() ? "a macro spells the call"
                              : "the DT_* names are not defined (glibc "
                                "defines them with _DEFAULT_SOURCE)");
}

void StatPerDirentCheck::checkStat(const CallExpr *Stat,
                                   const FunctionDecl *Func, ASTContext &Ctx) {
  llvm::StringRef Name = calleeName(Stat);
  bool At = startsWith(Name, "fstatat");
  if (Stat->getNumArgs() != (At ? 4u : 2u))
    return;
  // stat follows a symlink; d_type, like lstat, describes the entry.
  bool Follows = Name == "stat" || Name == "stat64";
  if (At) {
    std::optional<int64_t> Flags = foldInteger(Stat->getArg(3), Ctx);
    if (!Flags || (*Flags & Constants.get("AT_EMPTY_PATH")))
      return;
    Follows = !(*Flags & Constants.get("AT_SYMLINK_NOFOLLOW"));
  }
  const Expr *Address = Stat->getArg(At ? 2 : 1);
  const VarDecl *Buffer = bufferVariable(Address);
  std::optional<EntryCall> Per =
      Buffer ? perEntry(Stat, Stat->getArg(At ? 1 : 0), Func, Ctx)
             : std::nullopt;
  if (!Per || !onlyTypeTested(Buffer, Address, Func, Ctx))
    return;
  const VarDecl *Entry = Per->Entry;
  const CallExpr *Readdir = Per->Readdir;

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Stat->getSourceRange()), SM, LO);
  std::string Unfixable;
  if (Range.isInvalid())
    Unfixable = "a macro spells the call";
  else if (!Constants.isDefined("DTTOIF") ||
           !Constants.isDefined("DT_UNKNOWN") ||
           (Follows && !Constants.isDefined("DT_LNK")))
    Unfixable = "DTTOIF and the DT_* names are not defined (glibc defines "
                "them with _DEFAULT_SOURCE)";
  {
    DiagnosticBuilder D =
        diag(Stat->getBeginLoc(),
             "'%0' of each directory entry only for its file type: the "
             "entry's d_type gives it without a syscall; keep '%0' for "
             "DT_UNKNOWN%select{| and for symlinks, which it follows}1")
        << Name << Follows << Stat->getSourceRange();
    if (Unfixable.empty()) {
      std::string E = Entry->getName().str();
      std::string Known = E + "->d_type != DT_UNKNOWN";
      if (Follows)
        Known += " && " + E + "->d_type != DT_LNK";
      // Only the type bits of st_mode are read, so DTTOIF's are enough.
      D << FixItHint::CreateReplacement(
          Range, "(" + Known + " ? (" + Buffer->getName().str() +
                     ".st_mode = DTTOIF(" + E +
                     "->d_type), 0) : " + sourceText(Range, SM, LO) + ")");
    }
  }
  diag(Readdir->getBeginLoc(), "the entry comes from '%0' here",
       DiagnosticIDs::Note)
      << calleeName(Readdir);
  if (!Unfixable.empty())
    diag(Stat->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Unfixable;
}

} // namespace clang::tidy::syscall
