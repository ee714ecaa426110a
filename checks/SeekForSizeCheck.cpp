//===--- SeekForSizeCheck.cpp - syscall-seek-for-size --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "SeekForSizeCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

using Step = FunctionFlow::Step;

/// A seek of \p Where: `lseek(fd, off, whence)` or `fseek(f, off, whence)`,
/// with its whence and offset.
struct SeekCall {
  const CallExpr *Call = nullptr;
  std::optional<int64_t> Whence, Offset;
};

std::optional<SeekCall> seekOf(const Stmt *S, const Place &Where,
                               ASTContext &Ctx) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(S);
  if (!Call || Call->getNumArgs() != 3)
    return std::nullopt;
  llvm::StringRef Name = calleeName(Call);
  if (Name != "lseek" && Name != "lseek64" && Name != "fseek" &&
      Name != "fseeko" && Name != "fseeko64")
    return std::nullopt;
  if (!Where.denotes(Call->getArg(0)))
    return std::nullopt;
  return SeekCall{Call, foldInteger(Call->getArg(2), Ctx),
                  foldInteger(Call->getArg(1), Ctx)};
}

/// The variable \p Call's result is stored in (`off_t n = call;`,
/// `n = call;`), and the statement that does it.
const VarDecl *resultVariable(const CallExpr *Call, const StmtParents &Parents,
                              const Stmt *&Statement) {
  const Stmt *P =
      Parents.getParentIgnoreParenCasts(const_cast<CallExpr *>(Call));
  if (const auto *DS = llvm::dyn_cast_or_null<DeclStmt>(P);
      DS && DS->isSingleDecl()) {
    Statement = DS;
    return llvm::dyn_cast<VarDecl>(DS->getSingleDecl());
  }
  if (const auto *BO = llvm::dyn_cast_or_null<BinaryOperator>(P);
      BO && BO->getOpcode() == BO_Assign &&
      llvm::isa_and_nonnull<CompoundStmt>(Parents.getParent(BO))) {
    Statement = BO;
    return referencedVar(BO->getLHS());
  }
  return nullptr;
}

} // namespace

SeekForSizeCheck::SeekForSizeCheck(StringRef Name, ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      Opens(nameList(RawOpenLikeFunctions), {}), Operations({}, {}) {}

void SeekForSizeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
}

void SeekForSizeCheck::registerPPCallbacks(const SourceManager &,
                                           Preprocessor *PP, Preprocessor *) {
  Constants.setPreprocessor(PP);
}

void SeekForSizeCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  Seeks.assign(CallIndex::of(Ctx).callsTo(
                   {"lseek", "lseek64", "fseek", "fseeko", "fseeko64"}),
               Ctx);
}

void SeekForSizeCheck::checkFunction(const FunctionDecl *Walked,
                                     ASTContext &Ctx) {
  for (const CallSite &Site : Seeks.in(Walked))
    if (Site.Call->getNumArgs() == 3)
      checkSeekToEnd(Site.Call, Site.Func, Ctx);
}

void SeekForSizeCheck::checkSeekToEnd(const CallExpr *End,
                                      const FunctionDecl *Func,
                                      ASTContext &Ctx) {
  if (foldInteger(End->getArg(2), Ctx) != SeekEnd ||
      foldInteger(End->getArg(1), Ctx) != 0)
    return;
  std::optional<Place> Where = Place::of(End->getArg(0));
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  if (!Where || (Where->isVariable() && !Where->base()->isLocalVarDecl()) ||
      !Flow)
    return;
  bool Stream = !calleeName(End).contains("lseek");
  const StmtParents &Parents = Functions.parents(Func);

  // The size: a stream's comes from the ftell that follows; a descriptor's
  // is the result of the seek itself.
  const Stmt *SizeStatement = nullptr;
  const VarDecl *Size =
      Stream ? nullptr : resultVariable(End, Parents, SizeStatement);
  if (!Stream && !Size)
    return;

  // Forwards: the next thing done to the descriptor is the seek back (and,
  // for a stream, an ftell before it); nothing reads or writes between.
  const CallExpr *Back = nullptr;
  bool SawTell = false;
  bool Forward = Flow->walkForward(
      End,
      [&](const Stmt *Element) {
        // Redefined (or, for a field, maybe changed by a call handed its
        // struct): the seek back is to another file.
        Definition Def;
        if (copiesPlace(Element, *Where) || definesPlace(Element, *Where, Def))
          return Step::Fail;
        if (std::optional<SeekCall> S = seekOf(Element, *Where, Ctx)) {
          if (S->Whence != SeekSet || (Back && Back != S->Call))
            return Step::Fail;
          Back = S->Call;
          return Step::EndPath;
        }
        const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Element);
        if (!Call || Call == End || Call->getNumArgs() == 0)
          return Step::Continue;
        if (Stream && calleeName(Call) == "rewind" &&
            Where->denotes(Call->getArg(0))) {
          if (Back && Back != Call)
            return Step::Fail;
          Back = Call;
          return Step::EndPath;
        }
        // A path that gives up (the error branch) needs no seek back.
        if ((calleeName(Call) == "close" || calleeName(Call) == "fclose") &&
            Where->denotes(Call->getArg(0)))
          return Step::EndPath;
        if (Stream && startsWith(calleeName(Call), "ftell") &&
            Where->denotes(Call->getArg(0))) {
          SawTell = true;
          return Step::Continue;
        }
        return llvm::any_of(Call->arguments(),
                            [&](const Expr *A) { return Where->denotes(A); })
                   ? Step::Fail
                   : Step::Continue;
      },
      [] { return Step::EndPath; });
  if (!Forward || !Back || (Stream && !SawTell))
    return;

  // Back to where it was: to 0 with nothing read or written since the open,
  // or to the offset a SEEK_CUR saved just before.
  bool Restores = false;
  const VarDecl *Saved = nullptr;
  if (!Stream && foldInteger(Back->getArg(1), Ctx) != 0) {
    Saved = referencedVar(Back->getArg(1));
    llvm::SmallVector<Definition, 2> Defs;
    if (!Saved || !Flow->reachingDefinitions(Saved, Back, Defs) ||
        Defs.size() != 1 || !Defs[0].Value)
      return;
    std::optional<SeekCall> Cur =
        seekOf(underlyingCall(Defs[0].Value), *Where, Ctx);
    if (!Cur || Cur->Whence != SeekCur || Cur->Offset != 0)
      return;
    Restores = true;
  }
  bool FromOpen = false;
  Requirement Needs;
  if (!Restores) {
    FromOpen = Flow->walkBackward(
        End,
        [&](const Stmt *Element) {
          Definition Def;
          if (definesPlace(Element, *Where, Def)) {
            std::optional<OpenCall> Open =
                Def.Value ? Opens.classify(Def.Value, Ctx, Constants,
                                           /*AcrossUnits=*/true)
                          : std::nullopt;
            if (!Open)
              return Step::Fail;
            llvm::append_range(Needs, Open->Needs);
            return Step::EndPath;
          }
          // fcntl, fsync and the like leave the offset alone.
          const auto *Call = llvm::dyn_cast<CallExpr>(Element);
          std::optional<OffsetEffect> Effect =
              Call && Call != End ? Operations.effectOn(Call, *Where)
                                  : std::nullopt;
          return !Effect || *Effect == OffsetEffect::None ? Step::Continue
                                                          : Step::Fail;
        },
        [] { return Step::Fail; });
    if (!FromOpen)
      return;
  }
  // A function that tells devices or pipes apart may learn a block
  // device's size by the seek (fstat says 0); one with fstat already may
  // fall back to it.
  if (mentionsAny(Func, Ctx.getSourceManager(), Ctx.getLangOpts(),
                  {"S_ISBLK", "S_ISCHR", "S_ISFIFO", "S_IFBLK", "S_IFCHR",
                   "S_IFIFO", "BLKGETSIZE", "ISBLK", "fstat"}))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Unfixable;
  llvm::SmallVector<FixItHint, 4> Fixes;
  if (Stream)
    Unfixable = "for a stream, 'fstat(fileno(f), &st)' gives st_size without "
                "the two seeks (and the flush each fseek makes)";
  else if (!llvm::isa<DeclStmt>(SizeStatement))
    Unfixable = "the size is assigned, not declared, here";
  else if (!isDeclaredOrDefined("fstat", Ctx, Constants))
    Unfixable = "'fstat' is not declared in this file (<sys/stat.h>)";
  else if (exitsOnFailure(End) || exitsOnFailure(Back))
    Unfixable = "'" +
                writtenCalleeName(exitsOnFailure(End) ? End : Back).str() +
                "' exits when the seek fails; an fstat in its place would not";
  CallStatement BackSt = statementOf(Back, Parents, Ctx);
  std::optional<CharSourceRange> BackRange =
      BackSt.K == CallStatement::Used ? std::nullopt
                                      : statementRemoval(BackSt, SM, LO);
  std::optional<CharSourceRange> SizeRange =
      SizeStatement ? statementRange(SizeStatement, SM, LO) : std::nullopt;
  if (Unfixable.empty() && (!BackRange || !SizeRange))
    Unfixable = "the seek back's result is used, or a macro spells the calls";
  // The saved offset goes too, when the seek back was its only use.
  if (Unfixable.empty() && Saved) {
    const VariableUses &Uses = Functions.uses(Func);
    const DeclStmt *SavedDecl = Uses.soleDeclaration(Saved);
    std::optional<CharSourceRange> SavedRange =
        SavedDecl && Uses.of(Saved).size() == 1
            ? statementRange(SavedDecl, SM, LO)
            : std::nullopt;
    if (SavedRange)
      Fixes.push_back(FixItHint::CreateRemoval(wholeLines(*SavedRange, SM)));
    else
      Unfixable =
          "the saved offset '" + Saved->getName().str() + "' is used elsewhere";
  }
  if (Unfixable.empty()) {
    std::string St = Size->getName().str() + "_st";
    std::string Indent = indentationOf(SizeStatement->getBeginLoc(), SM);
    std::string Fd = sourceText(
        CharSourceRange::getTokenRange(End->getArg(0)->getSourceRange()), SM,
        LO);
    Fixes.push_back(FixItHint::CreateInsertion(
        SizeStatement->getBeginLoc(), "struct stat " + St + ";\n" + Indent));
    Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(End->getSourceRange()),
        "fstat(" + Fd + ", &" + St + ") == 0 ? " + St + ".st_size : -1"));
    Fixes.push_back(FixItHint::CreateRemoval(wholeLines(*BackRange, SM)));
  }

  {
    DiagnosticBuilder D =
        diag(End->getBeginLoc(),
             "'%0' to the end and back only to learn the size: 'fstat' "
             "gives it (st_size) in one call and leaves the offset alone")
        << calleeName(End) << End->getSourceRange();
    if (Unfixable.empty())
      for (const FixItHint &H : Fixes)
        D << H;
  }
  diag(Back->getBeginLoc(), "'%0' back %1 here", DiagnosticIDs::Note)
      << calleeName(Back)
      << (Restores ? "to the saved offset" : "to the start");
  if (!Unfixable.empty())
    diag(End->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Unfixable;
  noteRequirement(*this, End->getBeginLoc(), Needs);
}

} // namespace clang::tidy::syscall
