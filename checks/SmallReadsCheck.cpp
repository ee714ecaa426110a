//===--- SmallReadsCheck.cpp - syscall-small-reads -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "SmallReadsCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/FunctionSummary.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

SmallReadsCheck::SmallReadsCheck(StringRef Name, ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      SmallReadLimit(Options.get("SmallReadLimit", 16U)),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      Opens(nameList(RawOpenLikeFunctions), {}) {}

void SmallReadsCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "SmallReadLimit", SmallReadLimit);
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
}

void SmallReadsCheck::registerPPCallbacks(const SourceManager &,
                                          Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void SmallReadsCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  const CallIndex &Index = CallIndex::of(Ctx);
  Reads.assign(Index.callsTo({"read"}), Ctx);
  Getcs.assign(
      Index.callsTo({"fgetc", "getc", "fgetc_unlocked", "getc_unlocked"}), Ctx);
  Pubsetbufs.assign(Index.callsTo({"pubsetbuf"}), Ctx);
}

void SmallReadsCheck::checkFunction(const FunctionDecl *Walked,
                                    ASTContext &Ctx) {
  for (const CallSite &Site : Reads.in(Walked))
    checkRead(Site.Call, Site.Func, Ctx);
  for (const CallSite &Site : Getcs.in(Walked))
    checkGetc(Site.Call, Site.Func, Ctx);
  for (const CallSite &Site : Pubsetbufs.in(Walked))
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Site.Call))
      checkPubsetbuf(Member, Site.Func, Ctx);
}

std::optional<OpenCall> SmallReadsCheck::fileOpen(const VarDecl *Var,
                                                  const Stmt *Use, bool Stream,
                                                  const FunctionDecl *Func,
                                                  ASTContext &Ctx) {
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  if (!Var || !Var->isLocalVarDecl() || !Flow)
    return std::nullopt;
  std::optional<OpenCall> Open =
      agreeingOpen(*Flow, Place::variable(Var), Use, Opens, Ctx, Constants,
                   /*AcrossUnits=*/true);
  // fdopen'd descriptors are pipes and sockets as often as files; a device
  // (a terminal, /dev/urandom) gives what it has per read anyway.
  if (!Open || !Open->Path || Open->Mode.IsStream != Stream ||
      !(Open->Mode.K == AccessMode::ReadOnly ||
        (Open->Mode.K == AccessMode::Writable && Open->Mode.Reads)))
    return std::nullopt;
  std::optional<llvm::StringRef> Path = stringValue(Open->Path);
  if (Path && startsWith(*Path, "/dev/"))
    return std::nullopt;
  return Open;
}

bool SmallReadsCheck::readsAlone(const VarDecl *Var, const Stmt *Loop,
                                 const FunctionDecl *Func, ASTContext &Ctx) {
  auto [Memo, New] = ReadsAlone.try_emplace({Var, Loop}, false);
  if (!New)
    return Memo->second;
  const StmtParents &Parents = Functions.parents(Func);
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::ArrayRef<const DeclRefExpr *> Refs = Functions.uses(Func).of(Var);
  // After the loop, only a close: a header read up to its delimiter and
  // the rest handed on would lose what a buffer read ahead.
  for (const DeclRefExpr *Ref : Refs) {
    if (isWithin(Ref, Loop, Parents) ||
        !SM.isBeforeInTranslationUnit(Loop->getEndLoc(), Ref->getBeginLoc()))
      continue;
    const Stmt *Child = nullptr;
    const auto *Call = llvm::dyn_cast_or_null<CallExpr>(
        skipParensAndCasts(Ref, Parents, Child));
    std::optional<OffsetEffect> Effect =
        Call ? Operations.effectOn(Call, Var) : std::nullopt;
    if (!Effect || *Effect != OffsetEffect::Closes)
      return false;
  }
  for (const CallExpr *Call : callsTaking(Refs, Parents)) {
    std::optional<OffsetEffect> Effect = Operations.effectOn(Call, Var);
    if (Effect && *Effect != OffsetEffect::Reads &&
        *Effect != OffsetEffect::None && *Effect != OffsetEffect::Closes &&
        isWithin(Call, Loop, Parents))
      return false; // a seek, a write, a hand-over in between
  }
  return Memo->second = true; // nothing above adds to ReadsAlone
}

void SmallReadsCheck::checkRead(const CallExpr *Call, const FunctionDecl *Func,
                                ASTContext &Ctx) {
  if (Call->getNumArgs() != 3)
    return;
  std::optional<int64_t> Size = foldInteger(Call->getArg(2), Ctx);
  const Stmt *Loop = enclosingLoop(Call, Functions.parents(Func));
  if (!Size || *Size <= 0 || *Size > SmallReadLimit || !Loop ||
      runsOnce(Loop, Ctx))
    return;
  const VarDecl *Fd = referencedVar(Call->getArg(0));
  std::optional<OpenCall> Open = fileOpen(Fd, Call, false, Func, Ctx);
  if (!Open || !readsAlone(Fd, Loop, Func, Ctx))
    return;
  diag(Call->getBeginLoc(),
       "'read' of %0 byte%s0 per call in a loop: a syscall for every %0 "
       "byte%s0 of the file; read a block into a buffer and take them from "
       "it (leanio's lio_reader)")
      << static_cast<unsigned>(*Size) << Call->getSourceRange();
  diag(Open->Call->getBeginLoc(), "'%0' opens the file here",
       DiagnosticIDs::Note)
      << Open->Function;
  noteRequirement(*this, Call->getBeginLoc(), Open->Needs);
}

void SmallReadsCheck::checkGetc(const CallExpr *Call, const FunctionDecl *Func,
                                ASTContext &Ctx) {
  if (Call->getNumArgs() != 1)
    return;
  const Stmt *Loop = enclosingLoop(Call, Functions.parents(Func));
  if (!Loop || runsOnce(Loop, Ctx))
    return;
  const VarDecl *Stream = referencedVar(Call->getArg(0));
  std::optional<OpenCall> Open = fileOpen(Stream, Call, true, Func, Ctx);
  if (!Open || !readsAlone(Stream, Loop, Func, Ctx))
    return;
  // Made unbuffered before the loop: stdio's own buffer is what makes
  // getc cheap.
  const CallExpr *Unbuffering = unbufferingOf(Stream, Loop, Func, Ctx);
  if (!Unbuffering)
    return;
  diag(Call->getBeginLoc(),
       "'%0' on a stream made unbuffered: a read(2) for every character of "
       "the file; keep stdio's buffer (drop the unbuffering) or read blocks "
       "(leanio's lio_reader_getc)")
      << calleeName(Call) << Call->getSourceRange();
  diag(Unbuffering->getBeginLoc(), "made unbuffered here", DiagnosticIDs::Note);
  noteRequirement(*this, Call->getBeginLoc(), Open->Needs);
}

const CallExpr *SmallReadsCheck::unbufferingOf(const VarDecl *Stream,
                                               const Stmt *Loop,
                                               const FunctionDecl *Func,
                                               ASTContext &Ctx) {
  if (!Unbufferings) {
    Unbufferings.emplace();
    for (const CallSite &Site :
         CallIndex::of(Ctx).callsTo({"setvbuf", "setbuf"})) {
      const CallExpr *C = Site.Call;
      if (const VarDecl *Var = unbuffersStream(C, Ctx, Constants)
                                   ? referencedVar(C->getArg(0))
                                   : nullptr)
        (*Unbufferings)[Var].push_back(Site);
    }
  }
  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *Last = nullptr;
  for (const CallSite &Site : Unbufferings->lookup(Stream))
    if (Site.Func == Func && SM.isBeforeInTranslationUnit(
                                 Site.Call->getBeginLoc(), Loop->getBeginLoc()))
      Last = Site.Call;
  return Last;
}

void SmallReadsCheck::checkPubsetbuf(const CXXMemberCallExpr *Call,
                                     const FunctionDecl *Func,
                                     ASTContext &Ctx) {
  std::optional<int64_t> Size = Call->getNumArgs() == 2
                                    ? foldInteger(Call->getArg(1), Ctx)
                                    : std::nullopt;
  const auto *Rdbuf = llvm::dyn_cast<CXXMemberCallExpr>(
      Call->getImplicitObjectArgument()->IgnoreImplicit());
  if (!Size || *Size != 0 ||
      !Call->getArg(0)->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull) ||
      !Rdbuf || !Rdbuf->getMethodDecl() ||
      !Rdbuf->getMethodDecl()->getIdentifier() ||
      Rdbuf->getMethodDecl()->getName() != "rdbuf")
    return;
  // A std::ifstream of the function's own, opened by path.
  const VarDecl *Stream =
      referencedVar(Rdbuf->getImplicitObjectArgument()->IgnoreImplicit());
  const CXXRecordDecl *Record =
      Stream ? Stream->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Stream || !Stream->isLocalVarDecl() || !Record ||
      !Record->getIdentifier() || Record->getName() != "basic_ifstream")
    return;
  // A later loop takes it a character at a time: each get() is a read(2).
  const SourceManager &SM = Ctx.getSourceManager();
  const StmtParents &Parents = Functions.parents(Func);
  const CXXMemberCallExpr *Get = nullptr;
  for (const BoundNodes &N :
       match(findAll(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("get"))))
                         .bind("get")),
             *Func->getBody(), Ctx)) {
    const auto *G = N.getNodeAs<CXXMemberCallExpr>("get");
    if (!Get && referencedVar(G->getImplicitObjectArgument()) == Stream &&
        enclosingLoop(G, Parents) &&
        SM.isBeforeInTranslationUnit(Call->getBeginLoc(), G->getBeginLoc()))
      Get = G;
  }
  if (!Get)
    return;
  CallStatement St = statementOf(Call, Parents, Ctx);
  std::optional<CharSourceRange> Range =
      St.K == CallStatement::Discarded
          ? statementRemoval(St, SM, Ctx.getLangOpts())
          : std::nullopt;
  {
    DiagnosticBuilder D =
        diag(Call->getBeginLoc(),
             "'pubsetbuf(nullptr, 0)' makes the input file stream "
             "unbuffered: each 'get' then reads one byte with a read(2); "
             "remove it and let the stream's buffer fill")
        << Call->getSourceRange();
    if (Range)
      D << FixItHint::CreateRemoval(wholeLines(*Range, SM));
  }
  diag(Get->getBeginLoc(), "read a character at a time here",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::syscall
