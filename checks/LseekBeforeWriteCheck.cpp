//===--- LseekBeforeWriteCheck.cpp - syscall-lseek-before-write ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LseekBeforeWriteCheck.h"
#include "analysis/AppendTests.h"
#include "analysis/CallIndex.h"
#include "analysis/Callee.h"
#include "analysis/Conditions.h"
#include "analysis/Forwarding.h"
#include "analysis/FunctionSummary.h"
#include "analysis/MainFileUses.h"
#include "analysis/OffsetSync.h"
#include "analysis/SeekWriteShapes.h"
#include "analysis/SourceEdits.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

using Step = FunctionFlow::Step;

/// A statement that copies the descriptor somewhere the walk cannot follow:
/// another variable or field, or the caller.
bool escapes(const Stmt *S, const Place &Var) {
  if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(S))
    return Ret->getRetValue() && Var.denotes(Ret->getRetValue());
  return copiesPlace(S, Var);
}

/// A statement that gives the descriptor's variable another value: past
/// it the variable holds another descriptor.
bool redefines(const Stmt *S, const Place &Var) {
  const auto *Assign = llvm::dyn_cast<BinaryOperator>(S);
  return Assign && Assign->isAssignmentOp() && Var.denotes(Assign->getLHS());
}

} // namespace

LseekBeforeWriteCheck::LseekBeforeWriteCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : WalkingCheck(Name, Context),
      RawSeekFunctions(Options.get("SeekFunctions", "")),
      RawWriteFunctions(Options.get("WriteFunctions", "")),
      RawCloseFunctions(Options.get("CloseFunctions", "")),
      PwriteFunction(Options.get("PwriteFunction", "")),
      RawOpenLikeFunctions(Options.get("OpenLikeFunctions", "")),
      FlagHandleSeeks(Options.get("FlagHandleSeeks", true)),
      RawHandleFlagsFields(
          Options.get("HandleFlagsFields", "flags;oflags;oflag;open_flags")),
      Operations(nameList(RawSeekFunctions), nameList(RawWriteFunctions),
                 nameList(RawCloseFunctions)),
      Opens(nameList(RawOpenLikeFunctions), {}),
      SeekForSizeEnabled(Context->isCheckEnabled("syscall-seek-for-size")) {}

void LseekBeforeWriteCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "SeekFunctions", RawSeekFunctions);
  Options.store(Opts, "WriteFunctions", RawWriteFunctions);
  Options.store(Opts, "CloseFunctions", RawCloseFunctions);
  Options.store(Opts, "PwriteFunction", PwriteFunction);
  Options.store(Opts, "OpenLikeFunctions", RawOpenLikeFunctions);
  Options.store(Opts, "FlagHandleSeeks", FlagHandleSeeks);
  Options.store(Opts, "HandleFlagsFields", RawHandleFlagsFields);
}

void LseekBeforeWriteCheck::registerPPCallbacks(const SourceManager &,
                                                Preprocessor *PP,
                                                Preprocessor *) {
  Constants.setPreprocessor(PP);
}

std::optional<LseekBeforeWriteCheck::Origin>
LseekBeforeWriteCheck::originOf(const Place &Var, const Stmt *Use,
                                const FunctionDecl *Func, ASTContext &Ctx,
                                bool AcrossUnits) {
  // A field of a record only this file defines: what every store puts
  // there, wherever the function got the record from.
  if (const FieldDecl *Field = FieldFacts::privateField(Var, Ctx))
    if (std::optional<OpenCall> Open = Fields.storedOpen(Field, Ctx))
      return Origin{Open->Mode, Open->Call, Open->Needs, Open->Path != nullptr};
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  std::optional<OpenCall> Open =
      Flow ? agreeingOpen(*Flow, Var, Use, Opens, Ctx, Constants, AcrossUnits)
           : std::nullopt;
  if (!Open)
    return std::nullopt;
  return Origin{Open->Mode, Open->Call, Open->Needs, Open->Path != nullptr};
}

bool LseekBeforeWriteCheck::nothingSinceOpen(const Seek &S, ASTContext &Ctx) {
  // A stream starts at 0 when opened "r" or "w": an append mode may start
  // at the end (glibc's "a", the BSDs' "a+"), and fdopen's keeps its
  // descriptor's offset.
  if (!S.Opened ||
      (S.Opened->Mode.IsStream &&
       (S.Opened->Mode.Append || S.Opened->Mode.K == AccessMode::Runtime ||
        !S.Opened->OfPath)))
    return false;
  return Functions.flow(S.Func, Ctx)
      ->walkBackward(
          S.Call,
          [&](const Stmt *Element) {
            Definition Def;
            if (definesPlace(Element, *S.Target, Def))
              return Step::EndPath; // the open itself
            const auto *Call = llvm::dyn_cast<CallExpr>(Element);
            std::optional<OffsetEffect> Effect =
                Call ? Operations.effectOn(Call, *S.Target) : std::nullopt;
            return !Effect || *Effect == OffsetEffect::None ? Step::Continue
                                                            : Step::Fail;
          },
          [] { return Step::Fail; });
}

bool LseekBeforeWriteCheck::onlyWritesFollow(const Seek &S, ASTContext &Ctx) {
  bool Local =
      !S.Target->isVariable() || !llvm::isa<ParmVarDecl>(S.Target->base());
  return Functions.flow(S.Func, Ctx)
      ->walkForward(
          S.Call,
          [&](const Stmt *Element) {
            if (escapes(Element, *S.Target))
              return Step::Fail;
            const auto *Call = llvm::dyn_cast<CallExpr>(Element);
            std::optional<OffsetEffect> Effect =
                Call ? Operations.effectOn(Call, *S.Target) : std::nullopt;
            if (!Effect || *Effect == OffsetEffect::None)
              return Step::Continue;
            return *Effect == OffsetEffect::Writes ||
                           *Effect == OffsetEffect::Positional ||
                           *Effect == OffsetEffect::Closes
                       ? Step::EndPath
                       : Step::Fail;
          },
          [&] { return Local ? Step::EndPath : Step::Fail; });
}

bool LseekBeforeWriteCheck::offsetUnusedAfter(
    const Stmt *Write, const Place &Var, const FunctionDecl *Func,
    ASTContext &Ctx, const FunctionDecl *Helper, const CallExpr *Lookup,
    Requirement *Needs) {
  auto SeeksFirst = [&](const Stmt *Loop) {
    return llvm::any_of(match(findAll(callExpr().bind("c")), *Loop, Ctx),
                        [&](const BoundNodes &N) {
                          return Appends.seeksAbsolutely(
                              N.getNodeAs<CallExpr>("c"), Var, Ctx);
                        });
  };
  auto Decide = [&](const CallExpr *Call, OffsetEffect Effect) {
    // Another call of the helper being fixed writes at its own offset.
    if (Effect == OffsetEffect::None || Effect == OffsetEffect::Positional ||
        (Helper && calleeOf(Call) == Helper))
      return Step::Continue;
    if (Call == Write && retriedOnEintr(Call, Functions.parents(Func),
                                        Constants, Ctx, SeeksFirst))
      return Step::EndPath;
    if (Effect == OffsetEffect::Closes ||
        (Effect == OffsetEffect::Writes && Lookup &&
         Appends.appendsOrSeeksFirst(Write, Call, Var, Func, Lookup, Ctx)))
      return Step::EndPath;
    // An absolute seek sets the offset without reading it.
    return Effect == OffsetEffect::Seeks && setsOffsetAbsolutely(Call, Ctx)
               ? Step::EndPath
               : Step::Fail;
  };
  // A local declared in an inner block is gone where the walk leaves the
  // block: as at the function's end, nothing can use the offset through it
  // (a copy is an escape). Without this, a function of thousands of blocks
  // that each declare their descriptor was a walk to its end per block.
  const CompoundStmt *Scope = nullptr;
  if (const auto *Local =
          Var.isVariable() ? llvm::dyn_cast<VarDecl>(Var.base()) : nullptr;
      Local && Local->isLocalVarDecl() && Local->getInit()) {
    const StmtParents &Parents = Functions.parents(Func);
    Scope = llvm::dyn_cast_or_null<CompoundStmt>(
        Parents.getParent(Parents.getParent(Local->getInit())));
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation ScopeBegin, ScopeEnd;
  if (Scope) {
    ScopeBegin = SM.getExpansionLoc(Scope->getLBracLoc());
    ScopeEnd = SM.getExpansionLoc(Scope->getRBracLoc());
  }
  auto Outside = [&](const Stmt *Element) {
    SourceLocation At = SM.getExpansionLoc(Element->getBeginLoc());
    return Scope && At.isValid() &&
           (SM.isBeforeInTranslationUnit(At, ScopeBegin) ||
            SM.isBeforeInTranslationUnit(ScopeEnd, At));
  };
  // Returning from a helper hands the descriptor back to its callers, which
  // helperCallersAgree() examines.
  return Functions.flow(Func, Ctx)->walkForward(
      Write,
      [&](const Stmt *Element) {
        if (Outside(Element))
          return Step::EndPath;
        if (escapes(Element, Var))
          return Step::Fail;
        // The descriptor's last holder here, copies being escapes.
        if (redefines(Element, Var))
          return Step::EndPath;
        const auto *Call = llvm::dyn_cast<CallExpr>(Element);
        // With Needs, also what another unit's function does (a helper
        // handed write), which that unit must then say.
        Requirement CallNeeds;
        std::optional<OffsetEffect> Effect =
            Call ? Operations.effectOn(Call, Var, Needs ? &CallNeeds : nullptr)
                 : std::nullopt;
        if (!Effect)
          return Step::Continue;
        Step Next = Decide(Call, *Effect);
        if (Next != Step::Fail && Needs)
          llvm::append_range(*Needs, CallNeeds);
        return Next;
      },
      // A descriptor left open in a field or behind a pointer outlives the
      // function, and so does its offset, which later writes may rely on
      // unless every use of the field in the file seeks first.
      [&] {
        const FieldDecl *Field = FieldFacts::privateField(Var, Ctx);
        return Var.isVariable() || (Field && Fields.offsetNeverInherited(
                                                 Field, Helper, Ctx))
                   ? Step::EndPath
                   : Step::Fail;
      });
}

bool LseekBeforeWriteCheck::notAppend(const Origin &O, const Stmt *Use,
                                      const FunctionDecl *Func,
                                      ASTContext &Ctx) {
  if (O.Mode.K == AccessMode::Writable)
    return !O.Mode.Append;
  if (O.Mode.K != AccessMode::Runtime || O.Mode.IsStream || O.Mode.Append)
    return false;
  // A run-time mode: in `flags | O_CLOEXEC` the constant bits hold no
  // O_APPEND, so `flags` decides.
  return Appends.testedNoAppend(O.Mode.AccessExpr, Use, Func, Ctx);
}

const std::optional<Requirement> &
LseekBeforeWriteCheck::lookupOffsetNeverInherited(const FunctionDecl *Lookup,
                                                  ASTContext &Ctx) {
  auto [It, New] = LookupsSeekFirst.try_emplace(Lookup, std::nullopt);
  if (!New)
    return It->second;
  // Every descriptor the lookup gives in this file is positioned before
  // any use of its offset: a pwrite that leaves the offset where the seek
  // found it changes nothing another function sees. Only a lookup private
  // to the file has all its callers here.
  const FunctionDecl *Definition = Lookup->getDefinition();
  if (Lookup->isExternallyVisible() || !Definition ||
      !Ctx.getSourceManager().isInMainFile(Definition->getLocation()))
    return It->second;
  std::vector<CallSite> Sites = CallIndex::of(Ctx).callsTo({Lookup->getName()});
  Requirement Needs;
  for (const CallSite &Site : Sites) {
    if (!Site.Func || !Site.Func->getBody() || !Functions.flow(Site.Func, Ctx))
      return It->second;
    const Stmt *Child = nullptr;
    const Stmt *Defining =
        skipParensAndCasts(Site.Call, Functions.parents(Site.Func), Child);
    const VarDecl *Var = variableGiven(Defining, Child);
    if (!Var || !Var->hasLocalStorage() ||
        !offsetUnusedAfter(Defining, Place::variable(Var), Site.Func, Ctx,
                           /*Helper=*/nullptr, Site.Call, &Needs))
      return It->second;
  }
  if (!Sites.empty())
    It->second = std::move(Needs);
  return It->second;
}

std::optional<Requirement>
LseekBeforeWriteCheck::helperCallersAgree(const FunctionDecl *Helper,
                                          const ParmVarDecl *Fd,
                                          ASTContext &Ctx, bool NeedsNoAppend) {
  // Only a helper private to this file has all its callers in view, and
  // only when nothing takes its address.
  if (Helper->isExternallyVisible())
    return std::nullopt;
  const MainFileUses &Uses = Functions.mainFileUses(Helper, Ctx);
  if (Uses.Calls.empty() || Uses.Calls.size() != Uses.References)
    return std::nullopt;
  unsigned Index = Fd->getFunctionScopeIndex();
  Requirement Needs;
  for (auto [Call, Caller] : Uses.Calls) {
    if (!Caller || !Caller->getBody())
      return std::nullopt;
    std::optional<Place> Var = Index < Call->getNumArgs()
                                   ? trackedPlace(Call->getArg(Index))
                                   : std::nullopt;
    if (!Var || (Var->isVariable() && llvm::isa<ParmVarDecl>(Var->base())) ||
        !Functions.flow(Caller, Ctx))
      return std::nullopt;
    std::optional<Origin> O =
        originOf(*Var, Call, Caller, Ctx, /*AcrossUnits=*/true);
    if (!O || (NeedsNoAppend && !notAppend(*O, Call, Caller, Ctx)) ||
        !offsetUnusedAfter(Call, *Var, Caller, Ctx, Helper))
      return std::nullopt;
    llvm::append_range(Needs, O->Needs);
  }
  return Needs;
}

void LseekBeforeWriteCheck::prepareUnit(ASTContext &Ctx) {
  FunctionSummaries::of(Ctx).exportFacts(Constants);
  std::vector<llvm::StringRef> Names = {"lseek", "lseek64", "fseek", "fseeko",
                                        "fseeko64"};
  for (llvm::StringRef Extra : nameList(RawSeekFunctions))
    Names.push_back(Extra.trim());
  Seeks.assign(CallIndex::of(Ctx).callsTo(Names), Ctx);
}

void LseekBeforeWriteCheck::checkFunction(const FunctionDecl *Walked,
                                          ASTContext &Ctx) {
  for (const CallSite &Site : Seeks.in(Walked))
    if (Site.Call->getNumArgs() == 3)
      checkSeek(Site.Call, Site.Func, Ctx);
}

void LseekBeforeWriteCheck::checkSeek(const CallExpr *Call,
                                      const FunctionDecl *Func,
                                      ASTContext &Ctx) {
  if (!Functions.flow(Func, Ctx))
    return;
  // A field the function does not fill itself is a handle's: rule 7.
  std::optional<Place> Target = trackedPlace(Call->getArg(0));
  if (Target && !Target->isVariable() &&
      !originOf(*Target, Call, Func, Ctx, /*AcrossUnits=*/true))
    Target.reset();
  Seek S{Call,
         Func,
         Target,
         foldInteger(Call->getArg(1), Ctx),
         foldInteger(Call->getArg(2), Ctx),
         startsWith(calleeName(Call), "fseek"),
         statementOf(Call, Functions.parents(Func), Ctx,
                     /*ZeroIsSuccess=*/false, /*ThroughStore=*/true),
         std::nullopt};
  // `if (fd < 0 || lseek(fd, off, SEEK_SET) < 0) return -1;`
  if (S.Statement.K == CallStatement::Used)
    S.Statement =
        joinedErrorCheck(Call, Functions.parents(Func), Ctx,
                         /*ZeroIsSuccess=*/false, /*ThroughStore=*/true);
  const CallStatement &Statement = S.Statement;
  bool Zero = S.Offset && *S.Offset == 0;
  bool Discarded =
      Statement.K == CallStatement::Discarded && !errnoReadNext(Statement, Ctx);
  llvm::StringRef Name = calleeName(Call);

  if (!S.IsStream && Zero && S.Whence == SeekCur && Discarded) {
    removeSeek(S,
               "'" + Name.str() +
                   "(fd, 0, SEEK_CUR)' whose result is unused does nothing: "
                   "it only reads the offset; remove the syscall",
               Ctx);
    return;
  }
  if (!S.Target) {
    if (FlagHandleSeeks && !S.IsStream && S.Whence == SeekSet &&
        (Discarded || Statement.K == CallStatement::ErrorChecked))
      checkHandleSeek(S, Ctx);
    return;
  }
  S.Opened = originOf(*S.Target, Call, Func, Ctx, /*AcrossUnits=*/true);
  if (S.IsStream && Zero && S.Whence == SeekCur && Discarded) {
    const std::optional<Origin> &O = S.Opened;
    if (O && O->Mode.IsStream && O->Mode.K == AccessMode::Writable &&
        !O->Mode.Reads)
      removeSeek(S,
                 "redundant '" + Name.str() +
                     "(f, 0, SEEK_CUR)': the stream is opened only for "
                     "writing, so there is no read to switch from (C asks "
                     "for the seek only on update streams); it costs a "
                     "flush and an lseek",
                 Ctx);
    return;
  }
  if (Zero && S.Whence == SeekSet && Discarded && nothingSinceOpen(S, Ctx)) {
    removeSeek(S,
               "redundant '" + Name.str() +
                   "' to offset 0: nothing has read, written or moved the "
                   "offset since the open, so it is 0 already",
               Ctx);
    return;
  }
  if (Zero && S.Whence == SeekEnd && Discarded) {
    const std::optional<Origin> &O = S.Opened;
    if (O && O->Mode.K == AccessMode::Writable && O->Mode.Append &&
        !(S.IsStream && O->Mode.Reads) && onlyWritesFollow(S, Ctx))
      removeSeek(S,
                 "redundant '" + Name.str() +
                     "' to the end: the file is opened for appending, so "
                     "every write goes to the end anyway",
                 Ctx);
    return;
  }
  if (!S.IsStream && S.Whence == SeekSet &&
      (Discarded || Statement.K == CallStatement::ErrorChecked)) {
    if (seeksWhereWriteLeft(S, Ctx)) {
      std::string Message =
          "redundant '" + Name.str() +
          "': the previous write on this write-only descriptor already left "
          "the offset at '" +
          Lexer::getSourceText(
              CharSourceRange::getTokenRange(Call->getArg(1)->getSourceRange()),
              Ctx.getSourceManager(), Ctx.getLangOpts())
              .str() +
          "'";
      if (Discarded)
        removeSeek(S, Message, Ctx);
      else {
        diag(Call->getBeginLoc(), "%0") << Message << Call->getSourceRange();
        diag(Call->getBeginLoc(),
             "no automatic fix: the error check would also reject "
             "descriptors that cannot seek (pipes)",
             DiagnosticIDs::Note);
        noteRequirement(*this, Call->getBeginLoc(), S.Opened->Needs);
      }
      return;
    }
    checkPwriteFusion(S, Ctx);
  } else if (!S.IsStream && S.Whence == SeekSet &&
             Statement.K == CallStatement::Used) {
    checkPwriteFusion(S, Ctx); // `if (seek ...) {...} else { write }`
  }
}

bool LseekBeforeWriteCheck::seeksWhereWriteLeft(const Seek &S,
                                                ASTContext &Ctx) {
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(S.Call->getArg(1)->IgnoreParenCasts());
  const auto *Pos = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const std::optional<Origin> &O = S.Opened;
  auto WriteOnly = [](const AccessMode &M) {
    return M.K == AccessMode::Writable && !M.Reads && !M.Append;
  };
  if (!Pos || !Pos->isLocalVarDeclOrParm() || !O || !WriteOnly(O->Mode) ||
      !S.Target->isVariable())
    return false;
  OffsetSync Sync(*Functions.flow(S.Func, Ctx), S.Func->getBody(), Operations,
                  Ctx);
  return Sync.inSyncAt(S.Call, S.Target->base(), Pos, [&](const Expr *Value) {
    // Through another unit's wrapper too: the finding carries O's Needs,
    // which name every wrapper that reaches here.
    std::optional<OpenCall> Open =
        Opens.classify(Value, Ctx, Constants, /*AcrossUnits=*/true);
    return Open && WriteOnly(Open->Mode);
  });
}

void LseekBeforeWriteCheck::removeSeek(const Seek &S, llvm::StringRef Message,
                                       ASTContext &Ctx) {
  const CallStatement &Statement = S.Statement;
  std::optional<CharSourceRange> Range =
      Statement.Statement ? statementRemoval(Statement, Ctx.getSourceManager(),
                                             Ctx.getLangOpts())
                          : std::nullopt;
  {
    DiagnosticBuilder D = diag(S.Call->getBeginLoc(), "%0")
                          << Message << S.Call->getSourceRange();
    if (Range)
      D << FixItHint::CreateRemoval(wholeLines(*Range, Ctx.getSourceManager()));
  }
  if (!Range)
    diag(S.Call->getBeginLoc(),
         "no automatic fix: a macro covers only part of the statement",
         DiagnosticIDs::Note);
  if (S.Opened)
    noteRequirement(*this, S.Call->getBeginLoc(), S.Opened->Needs);
}

bool LseekBeforeWriteCheck::followsSeekToEnd(const Seek &S, ASTContext &Ctx) {
  bool Found = false;
  Functions.flow(S.Func, Ctx)
      ->walkBackward(
          S.Call,
          [&](const Stmt *Element) {
            const auto *Call = llvm::dyn_cast<CallExpr>(Element);
            std::optional<OffsetEffect> Effect =
                Call ? Operations.effectOn(Call, *S.Target) : std::nullopt;
            if (!Effect || *Effect == OffsetEffect::None)
              return Step::Continue;
            Found |= *Effect == OffsetEffect::Seeks &&
                     Call->getNumArgs() == 3 &&
                     foldInteger(Call->getArg(2), Ctx) == SeekEnd;
            return Step::EndPath;
          },
          [] { return Step::EndPath; });
  return Found;
}

void LseekBeforeWriteCheck::checkPwriteFusion(const Seek &S, ASTContext &Ctx) {
  // The seek back of `size = lseek(fd, 0, SEEK_END)`: syscall-seek-for-size
  // makes the pair one fstat, and two fixes must not edit one seek.
  if (SeekForSizeEnabled && S.Offset == 0 && followsSeekToEnd(S, Ctx))
    return;
  const FunctionFlow &Flow = *Functions.flow(S.Func, Ctx);
  const StmtParents &Parents = Functions.parents(S.Func);
  const CallStatement &SeekStatement = S.Statement;

  // The one write or read every path reaches next; through another unit's
  // function, what that unit must say (WriteNeeds).
  const CallExpr *Write = nullptr;
  bool Reads = false;
  Requirement WriteNeeds;
  // write(fd, buf, n) or read(fd, buf, n) on the seek's descriptor: the
  // shape the fix rewrites.
  auto CalledPlain = [&](const CallExpr *Call, OffsetEffect Kind) {
    return (Kind == OffsetEffect::Reads ? Operations.isRead(Call)
                                        : Operations.isWrite(Call)) &&
           Call->getNumArgs() == 3 && S.Target->denotes(Call->getArg(0));
  };
  bool Found = Flow.walkForward(
      S.Call,
      [&](const Stmt *Element) {
        const auto *Call = llvm::dyn_cast<CallExpr>(Element);
        Requirement CallNeeds;
        std::optional<OffsetEffect> Effect =
            Call ? Operations.effectOn(Call, *S.Target, &CallNeeds)
                 : std::nullopt;
        // Past a new value the write would be another descriptor's.
        if (escapes(Element, *S.Target) || redefines(Element, *S.Target))
          return Step::Fail;
        if (!Effect || *Effect == OffsetEffect::None)
          return Step::Continue;
        // A path that closes the descriptor (the seek's error branch), or
        // seeks it absolutely again (the next item's seek, after this one
        // failed), needs no offset.
        if (Call == Write || *Effect == OffsetEffect::Closes ||
            (*Effect == OffsetEffect::Seeks && setsOffsetAbsolutely(Call, Ctx)))
          return Step::EndPath;
        // write(fd, buf, n), read(fd, buf, n), or a function of the project
        // that writes or reads (`atomicio(vwrite, fd, buf, n)`), not dprintf,
        // readv and the like.
        if (Write ||
            (*Effect != OffsetEffect::Writes &&
             *Effect != OffsetEffect::Reads) ||
            (!CalledPlain(Call, *Effect) &&
             knownOffsetEffect(calleeName(Call))))
          return Step::Fail;
        Write = Call;
        Reads = *Effect == OffsetEffect::Reads;
        WriteNeeds = std::move(CallNeeds);
        return Step::EndPath;
      },
      // Leaving without a write (after a failed seek, say) needs no offset
      // either; a helper's callers are examined on their own.
      [] { return Step::EndPath; });
  if (!Found || !Write)
    return;
  llvm::StringRef Verb = Reads ? "read" : "write";
  // `if (lseek(...) == -1) { fail } else { write }`: one pwrite too, but
  // merging the branches is the author's call: a note, no fix.
  // `if (c) lseek(...); write(...);`: the write runs on both paths, the
  // seek on one: a note, no fix.
  const IfStmt *ElseOf = nullptr;
  const BinaryOperator *AppendSkips = nullptr;
  const IfStmt *OneBranch =
      seekOnOneBranch(S.Call, SeekStatement, Write, Parents, Ctx);
  const BinaryOperator *Joined = nullptr, *JoinedAfter = nullptr;
  // `int bad = lseek(...) < 0; if (bad || write(...) < 0)`: the flag's
  // statement goes with the seek's test; `int bad = fd < 0 || lseek(...)
  // < 0;` keeps its earlier tests, and the flag stays (FlagAfter).
  const Stmt *SeekFlag = nullptr;
  const BinaryOperator *FlagAfter = nullptr;
  if (!SeekStatement.Block && !OneBranch) {
    Joined = seekJoinedWithWrite(S.Call, Write, Parents, &JoinedAfter);
    if (!Joined)
      Joined =
          seekFlagJoinedWithWrite(S.Call, Write, Parents, SeekFlag, &FlagAfter);
    ElseOf = Joined ? nullptr : seekWithWriteInElse(S.Call, Write, Parents);
    // `if (!(flags & O_APPEND) && lseek(...) == -1) fail; else write(...);`
    AppendSkips = Joined || ElseOf || Reads
                      ? nullptr
                      : appendSkipsSeek(S.Call, Write, Parents,
                                        Constants.get("O_APPEND"), Ctx);
    if (!ElseOf && !Joined && !AppendSkips)
      return;
  }

  // The write runs where the seek's test is false: there the seek must
  // have succeeded.
  const Expr *SeekTest =
      Joined        ? Joined->getLHS()
      : ElseOf      ? ElseOf->getCond()
      : AppendSkips ? AppendSkips->getRHS()
      : SeekStatement.K == CallStatement::ErrorChecked
          ? llvm::cast<IfStmt>(SeekStatement.Statement)->getCond()
          : nullptr;
  if (SeekTest && !falseEdgeMeansSeekSucceeded(SeekTest, S.Call, Ctx))
    return;

  // A later statement of the same block runs it (once: offsetUnusedAfter
  // rules out a loop around it).
  const Stmt *WriteStatement = Write;
  while (WriteStatement &&
         Parents.getParent(WriteStatement) != SeekStatement.Block)
    WriteStatement = Parents.getParent(WriteStatement);
  const Expr *Offset = S.Call->getArg(1);
  if (Offset->HasSideEffects(Ctx))
    return;
  // `if (n == 0) got = 0; else if ((got = read(...)) < 0) ...`: a path
  // without the write or read skips the seek too, harmless unless the
  // seek's failure is reported there (then a note, no fix).
  bool SomePaths = false;
  if (!ElseOf && !OneBranch && !Joined && !AppendSkips) {
    if (!WriteStatement)
      return;
    SomePaths = !alwaysEvaluated(Write, WriteStatement, Parents);
    auto SeekIt = FunctionCache::positionIn(SeekStatement.Block,
                                            SeekStatement.Statement, Ctx);
    auto WriteIt =
        FunctionCache::positionIn(SeekStatement.Block, WriteStatement, Ctx);
    if (SeekIt >= WriteIt)
      return;
    // The offset expression still has its value at the write.
    for (const BoundNodes &N :
         match(findAll(declRefExpr(to(varDecl().bind("var")))), *Offset, Ctx))
      for (auto It = SeekIt + 1; It != WriteIt; ++It)
        if (mutatedIn(N.getNodeAs<VarDecl>("var"), *It))
          return;
  }

  // Where the descriptor comes from, and what happens to it after.
  Requirement Needs = S.Opened ? S.Opened->Needs : Requirement();
  llvm::append_range(Needs, WriteNeeds);
  if (const auto *Param = S.Target->isVariable()
                              ? llvm::dyn_cast<ParmVarDecl>(S.Target->base())
                              : nullptr) {
    std::optional<Requirement> CallersNeed =
        helperCallersAgree(S.Func, Param, Ctx, /*NeedsNoAppend=*/!Reads);
    if (!CallersNeed || !offsetUnusedAfter(Write, *S.Target, S.Func, Ctx))
      return;
    llvm::append_range(Needs, *CallersNeed);
  } else {
    // pread reads at its offset whatever O_APPEND says; pwrite does not
    // write at it under O_APPEND.
    const std::optional<Origin> &O = S.Opened;
    bool Known =
        O && !O->Mode.IsStream && (Reads || notAppend(*O, S.Call, S.Func, Ctx));
    // A descriptor looked up from a handle (`fd = handle_to_fd(h)`) under a
    // test that its flags hold no O_APPEND, when every lookup in the file
    // seeks before it relies on the offset.
    const CallExpr *Lookup =
        Known || O ? nullptr : Appends.lookupOf(*S.Target, S.Call, S.Func);
    const std::optional<Requirement> *LookupNeeds =
        Known || !Lookup ? nullptr
                         : &lookupOffsetNeverInherited(calleeOf(Lookup), Ctx);
    if (!Known && !(LookupNeeds && *LookupNeeds &&
                    (Reads || Appends.lookupTestedNoAppend(
                                  S.Call, *S.Target, S.Func, Lookup, Ctx))))
      return;
    if (LookupNeeds)
      llvm::append_range(Needs, **LookupNeeds);
    if (!offsetUnusedAfter(Write, *S.Target, S.Func, Ctx))
      return;
  }

  // The fix: drop the seek, write at its offset.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Unfixable;
  llvm::StringRef WriteName = calleeName(Write);
  std::string Pwrite = WriteName == "write"  ? "pwrite"
                       : WriteName == "read" ? "pread"
                       : Reads               ? ""
                                             : PwriteFunction;
  std::string Positional = Pwrite.empty() ? "p" + Verb.str() : Pwrite;
  CallStatement WriteCheck = statementOf(Write, Parents, Ctx);
  if (ElseOf)
    Unfixable = "the " + Verb.str() +
                " is in the else branch of the seek's error check; make the "
                "two branches one " +
                Positional + " by hand";
  else if (AppendSkips)
    Unfixable = "the write also runs without the seek where the flags "
                "append; make the seek's path one pwrite by hand";
  else if (OneBranch)
    Unfixable = "the seek runs on one branch only: there a " + Positional +
                " at its offset does both, and the " + Verb.str() +
                " stays on the other path";
  else if (SomePaths && SeekStatement.K == CallStatement::ErrorChecked)
    Unfixable = "the " + Verb.str() +
                " runs on some paths only, and on the others the seek's "
                "failure is reported; a " +
                Positional + " on its path does both";
  else if (!CalledPlain(Write,
                        Reads ? OffsetEffect::Reads : OffsetEffect::Writes))
    Unfixable = "'" + writtenCalleeName(Write).str() + "' is not called as " +
                Verb.str() + "(fd, buf, n); " + Verb.str() +
                " at the offset with " + Positional + " in its place by hand";
  else if (Pwrite.empty())
    Unfixable =
        "no positional form of '" + WriteName.str() +
        (Reads ? "' is known" : "' is configured (option PwriteFunction)");
  else if (exitsOnFailure(S.Call) || exitsOnFailure(Write))
    Unfixable =
        "'" + writtenCalleeName(exitsOnFailure(Write) ? Write : S.Call).str() +
        "' exits when its call fails; '" + Pwrite +
        "' in their place would not";
  else if (SeekStatement.K == CallStatement::ErrorChecked &&
           !bothReturnMinusOne(llvm::cast<IfStmt>(SeekStatement.Statement),
                               WriteStatement, Write, Ctx) &&
           (WriteCheck.K != CallStatement::ErrorChecked ||
            !sameErrorHandling(llvm::cast<IfStmt>(SeekStatement.Statement),
                               llvm::cast<IfStmt>(WriteCheck.Statement), Ctx)))
    Unfixable =
        "the seek's error handling differs from the " + Verb.str() + "'s";
  // Joined: the seek's test and the `||` go, the write's test stays; after
  // earlier tests, the `||` before the seek's test goes with it.
  std::optional<CharSourceRange> SeekRange =
      JoinedAfter ? lastTermRemoval(JoinedAfter, SM, LO)
      : FlagAfter ? lastTermRemoval(FlagAfter, SM, LO)
      : Joined
          ? std::optional<CharSourceRange>(Lexer::makeFileCharRange(
                CharSourceRange::getCharRange(Joined->getLHS()->getBeginLoc(),
                                              Joined->getRHS()->getBeginLoc()),
                SM, LO))
      : ElseOf || OneBranch || AppendSkips
          ? std::nullopt
          : statementRemoval(SeekStatement, SM, LO);
  if (SeekRange && SeekRange->isInvalid())
    SeekRange.reset();
  CharSourceRange OffsetRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Offset->getSourceRange()), SM, LO);
  CharSourceRange CalleeRange = calleeEditRange(Write, SM, LO);
  // The closing parenthesis, also when the write is a macro argument
  // (TEMP_FAILURE_RETRY(write(...))).
  SourceLocation RParen = Write->getRParenLoc();
  if (RParen.isMacroID())
    RParen = SM.isMacroArgExpansion(RParen) ? SM.getSpellingLoc(RParen)
                                            : SourceLocation();
  std::optional<CharSourceRange> FlagRange;
  if (SeekFlag && !FlagAfter) {
    // Declared there and read only by the `||` (not copied into another
    // flag first); else the flag stays.
    const auto *Declared = llvm::dyn_cast<DeclStmt>(SeekFlag);
    const auto *Var =
        Declared ? llvm::cast<VarDecl>(Declared->getSingleDecl()) : nullptr;
    if (Var && Functions.uses(S.Func).of(Var).size() == 1 &&
        refersTo(Joined->getLHS()->IgnoreParenCasts(), Var))
      FlagRange = statementRange(SeekFlag, SM, LO);
    if (!FlagRange)
      SeekRange.reset();
  }
  // `if ((ret = lseek(...)) == -1)`: `ret` goes with the test, or the fix
  // would leave it declared for nothing (an error under -Werror) or read
  // where it no longer has a value.
  const VarDecl *Stored = SeekStatement.Stored;
  if (const Expr *Store = nullptr; Joined && !Stored)
    Stored = storingLocal(S.Call, Parents, Store);
  std::optional<CharSourceRange> StoredRemoval;
  if (Stored && Unfixable.empty())
    StoredRemoval = storedLocalRemoval(Stored, Functions.uses(S.Func), Parents,
                                       Ctx, Unfixable);
  if (Unfixable.empty() && !SeekRange && (SeekStatement.Carrier || SeekFlag))
    Unfixable =
        "the seek's test is kept in a flag declared apart or read elsewhere";
  if (Unfixable.empty() && (!SeekRange || OffsetRange.isInvalid() ||
                            CalleeRange.isInvalid() || RParen.isInvalid()))
    Unfixable = "a macro covers part of the code to change";

  {
    DiagnosticBuilder D =
        diag(S.Call->getBeginLoc(),
             "'%0' then '%1' is one '%2': the %select{write goes to|read "
             "comes from}3 the offset the seek sets and nothing after it uses "
             "the file offset; one syscall instead of two")
        << writtenCalleeName(S.Call) << writtenCalleeName(Write) << Positional
        << Reads << S.Call->getSourceRange();
    if (Unfixable.empty()) {
      llvm::SmallVector<CharSourceRange, 3> Removed{
          Joined ? *SeekRange : wholeLines(*SeekRange, SM)};
      if (FlagRange)
        Removed.push_back(wholeLines(*FlagRange, SM));
      if (StoredRemoval)
        Removed.push_back(*StoredRemoval);
      for (const CharSourceRange &R : mergeAdjacent(Removed, SM))
        D << FixItHint::CreateRemoval(R);
      D << FixItHint::CreateReplacement(CalleeRange, Pwrite)
        << FixItHint::CreateInsertion(
               RParen, ", " + Lexer::getSourceText(OffsetRange, SM, LO).str());
    }
  }
  diag(Write->getBeginLoc(), "the %select{write|read}0 at that offset",
       DiagnosticIDs::Note)
      << Reads;
  if (!Unfixable.empty())
    diag(S.Call->getBeginLoc(), "no automatic fix: %0", DiagnosticIDs::Note)
        << Unfixable;
  noteRequirement(*this, S.Call->getBeginLoc(), Needs);
}

void LseekBeforeWriteCheck::checkHandleSeek(const Seek &S, ASTContext &Ctx) {
  const CallStatement &Statement = S.Statement;
  // lseek(h->fd, h->pos, SEEK_SET) on a handle that also keeps its flags.
  const auto *FdMember =
      llvm::dyn_cast<MemberExpr>(S.Call->getArg(0)->IgnoreParenCasts());
  const auto *PosMember =
      llvm::dyn_cast<MemberExpr>(S.Call->getArg(1)->IgnoreParenCasts());
  if (!FdMember || !PosMember || !Statement.Block ||
      !sameValue(FdMember->getBase(), PosMember->getBase()))
    return;
  const auto *Record =
      llvm::dyn_cast<RecordDecl>(FdMember->getMemberDecl()->getDeclContext());
  const FieldDecl *Flags = nullptr;
  if (!Record)
    return;
  for (llvm::StringRef Name : nameList(RawHandleFlagsFields))
    for (const FieldDecl *Field : Record->fields())
      if (!Flags && Field->getIdentifier() && Field->getName() == Name.trim() &&
          Field->getType()->isIntegerType())
        Flags = Field;
  if (!Flags || !Appends.holdsOpenFlags(Flags, Ctx))
    return;
  // `if (h->pos != h->fd_pos) lseek(...)`: the code already seeks only
  // when the offset is elsewhere (after a hole, say).
  // (The seek's own error check is not such a guard.)
  const StmtParents &Parents = Functions.parents(S.Func);
  for (const Stmt *From = S.Call, *Up = Parents.getParent(From); Up;
       From = Up, Up = Parents.getParent(Up))
    if (const auto *If = llvm::dyn_cast<IfStmt>(Up);
        If && If->getCond() != From &&
        !match(findAll(
                   memberExpr(member(equalsNode(PosMember->getMemberDecl())))),
               *testedCondition(If, Parents), Ctx)
             .empty())
      return;

  // The next use of the handle's descriptor is a write.
  auto SameFd = [&](const Expr *E) {
    const auto *M = llvm::dyn_cast<MemberExpr>(E->IgnoreParenCasts());
    return M && M->getMemberDecl() == FdMember->getMemberDecl() &&
           sameValue(M->getBase(), FdMember->getBase());
  };
  const FunctionFlow &Flow = *Functions.flow(S.Func, Ctx);
  const CallExpr *Write = nullptr;
  bool Found = Flow.walkForward(
      S.Call,
      [&](const Stmt *Element) {
        const auto *Call = llvm::dyn_cast<CallExpr>(Element);
        if (!Call || !llvm::any_of(Call->arguments(), SameFd))
          return Step::Continue;
        if (Operations.isWrite(Call) && SameFd(Call->getArg(0))) {
          Write = Call;
          return Step::EndPath;
        }
        return calleeName(Call) == "close" ? Step::EndPath : Step::Fail;
      },
      [] { return Step::EndPath; });
  if (!Found || !Write)
    return;

  // Code that already skips the seek for write-only handles.
  // `h->flags`, or `flags` inside the handle's own member function.
  std::string FlagsText = Flags->getName().str();
  const auto *This =
      llvm::dyn_cast<CXXThisExpr>(FdMember->getBase()->IgnoreParenCasts());
  if (!This || !This->isImplicit())
    FlagsText = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                         FdMember->getBase()->getSourceRange()),
                                     Ctx.getSourceManager(), Ctx.getLangOpts())
                    .str() +
                (FdMember->isArrow() ? "->" : ".") + FlagsText;
  int64_t AccMode = Constants.get("O_ACCMODE"),
          WrOnly = Constants.get("O_WRONLY");
  auto IsFlags = [&](const Expr *E) {
    const auto *M = llvm::dyn_cast<MemberExpr>(E->IgnoreParenCasts());
    return M && M->getMemberDecl() == Flags &&
           sameValue(M->getBase(), FdMember->getBase());
  };
  auto FlagsMask = [&](const Expr *E) { return maskOf(E, IsFlags, Ctx); };
  // (h->flags & O_ACCMODE) != O_WRONLY, h->flags & O_RDWR, ...
  auto CanRead = [&](const Expr *Cond, bool Branch) {
    return edgeImplies(
        Cond, Branch,
        [&](const Expr *Term, bool Value) {
          const auto *BO = llvm::dyn_cast<BinaryOperator>(Term);
          if (BO &&
              matchEquality(BO, [&](const Expr *Masked, const Expr *Mode) {
                return FlagsMask(Masked) == AccMode &&
                       foldInteger(Mode, Ctx) == WrOnly;
              }))
            return (BO->getOpcode() == BO_NE) == Value;
          std::optional<int64_t> M = FlagsMask(Term);
          return Value && M && (*M & Constants.get("O_RDWR"));
        },
        &Ctx);
  };
  if (!Flow.reachable(nullptr, S.Call, CanRead))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Guard = "(" + FlagsText + " & O_ACCMODE) != O_WRONLY";
  // A guard goes into the `if` that holds the seek, not one after it.
  std::optional<CharSourceRange> Range =
      Statement.Carrier ? std::nullopt
                        : statementRange(Statement.Statement, SM, LO);
  {
    DiagnosticBuilder D =
        diag(S.Call->getBeginLoc(),
             "'%0' to the handle's stored position is redundant when the "
             "handle is write-only: without a read buffer nothing moves the "
             "offset away from it; skip the seek unless the handle can read")
        << calleeName(S.Call) << S.Call->getSourceRange();
    if (Range && Constants.isDefined("O_ACCMODE")) {
      if (Statement.K == CallStatement::ErrorChecked) {
        const Expr *Cond = llvm::cast<IfStmt>(Statement.Statement)->getCond();
        CharSourceRange CondRange = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(Cond->getSourceRange()), SM, LO);
        if (CondRange.isValid())
          D << FixItHint::CreateInsertion(CondRange.getBegin(), Guard + " && ");
      } else {
        std::string Indent = indentationOf(Range->getBegin(), SM);
        D << FixItHint::CreateInsertion(Range->getBegin(),
                                        "if (" + Guard + ")\n" + Indent + "  ");
      }
    }
  }
  diag(Write->getBeginLoc(), "the write at that position", DiagnosticIDs::Note);
}

} // namespace clang::tidy::syscall
