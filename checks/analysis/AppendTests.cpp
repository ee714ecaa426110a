//===--- AppendTests.cpp - Tests that a descriptor does not append --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AppendTests.h"
#include "CallIndex.h"
#include "Callee.h"
#include "MainFileUses.h"
#include "SeekWriteShapes.h"
#include "SourceEdits.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

bool AppendTests::appendsOrSeeksFirst(const Stmt *From, const CallExpr *Write,
                                      const Place &Var,
                                      const FunctionDecl *Func,
                                      const CallExpr *Lookup, ASTContext &Ctx) {
  int64_t Append = Constants.get("O_APPEND");
  auto DescribesVar = [&](const Expr *Flags) {
    return holdsLookupFlags(Flags, Var, Lookup, Write, Func, Ctx);
  };
  return !Functions.flow(Func, Ctx)->reachable(
      From, Write,
      [&](const Expr *Cond, bool Branch) {
        return impliesAppendBit(Cond, Branch, DescribesVar, Append,
                                /*Set=*/true, Ctx);
      },
      [&](const Stmt *Element) {
        const auto *Seek = llvm::dyn_cast<CallExpr>(Element);
        return Seek && seeksAbsolutely(Seek, Var, Ctx);
      });
}

bool AppendTests::seeksAbsolutely(const CallExpr *Call, const Place &Var,
                                  ASTContext &Ctx) const {
  return Operations.effectOn(Call, Var) == OffsetEffect::Seeks &&
         setsOffsetAbsolutely(Call, Ctx);
}

bool AppendTests::appendClearOnEveryPath(
    const Stmt *From, const Stmt *Use,
    llvm::function_ref<bool(const Expr *)> IsFlags, const FunctionDecl *Func,
    ASTContext &Ctx, llvm::StringRef EntryKey) {
  auto Blocked = [&](const Expr *Cond, bool Branch) {
    return impliesAppendBit(Cond, Branch, IsFlags, Constants.get("O_APPEND"),
                            /*Set=*/false, Ctx);
  };
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  return EntryKey.empty() ? !Flow->reachable(From, Use, Blocked)
                          : !Flow->reachableFromEntry(EntryKey, Use, Blocked);
}

bool AppendTests::testedNoAppend(const Expr *Flags, const Stmt *Use,
                                 const FunctionDecl *Func, ASTContext &Ctx) {
  // Every path to the use passes a no-O_APPEND test of flags that are a
  // parameter or otherwise never modified.
  const auto *FlagsRef = llvm::dyn_cast<DeclRefExpr>(Flags->IgnoreParenCasts());
  const auto *FlagsVar =
      FlagsRef ? llvm::dyn_cast<VarDecl>(FlagsRef->getDecl()) : nullptr;
  if (!FlagsVar)
    return false;
  auto [Known, New] = FlagsNeverModified.try_emplace({Func, FlagsVar}, false);
  if (New)
    Known->second = isNeverModified(FlagsVar, Func->getBody(), Ctx);
  if (!Known->second)
    return false;
  return appendClearOnEveryPath(
      nullptr, Use, [&](const Expr *X) { return sameValue(X, Flags); }, Func,
      Ctx, "no-append:" + Place::variable(FlagsVar).key());
}

/// Calls that make or copy a descriptor rather than look one up.
static const llvm::StringRef NotLookups[] = {
    "dup", "dup2", "dup3", "fcntl", "fileno", "socket", "accept", "accept4"};

const CallExpr *AppendTests::lookupOf(const Place &Var, const Stmt *Use,
                                      const FunctionDecl *Func) const {
  // `int fd = handle_to_fd(h);`: one definition, a call of a function
  // that takes the handle.
  llvm::SmallVector<Definition, 2> Defs;
  if (!Var.isVariable() || llvm::isa<ParmVarDecl>(Var.base()) ||
      !Functions.flow(Func, Var.base()->getASTContext())
           ->reachingDefinitions(Var, Use, Defs) ||
      Defs.size() != 1 || !Defs.front().Value)
    return nullptr;
  const CallExpr *Lookup = underlyingCall(Defs.front().Value);
  const FunctionDecl *Callee = Lookup ? calleeOf(Lookup) : nullptr;
  if (!Callee || Lookup->getNumArgs() == 0 ||
      !Callee->getReturnType()->isIntegerType() ||
      Operations.effectOn(Lookup, Var) ||
      llvm::is_contained(NotLookups, calleeName(Lookup)))
    return nullptr;
  return Lookup;
}

bool AppendTests::describesLookup(const Expr *Value, const Place &Target,
                                  const CallExpr *Lookup,
                                  ASTContext &Ctx) const {
  // fcntl(fd, F_GETFL), a sibling lookup of the same handle
  // (`handle_to_flags(h)`), or the handle's flags field (`h->flags`).
  const CallExpr *Call = underlyingCall(Value);
  if (Call && calleeName(Call) == "fcntl" && Call->getNumArgs() >= 2)
    return Target.denotes(Call->getArg(0)) &&
           foldInteger(Call->getArg(1), Ctx) == Constants.get("F_GETFL");
  if (Call && calleeOf(Call) && calleeOf(Call) != calleeOf(Lookup) &&
      Call->getNumArgs() == Lookup->getNumArgs()) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (!sameValue(Call->getArg(I), Lookup->getArg(I)))
        return false;
    return true;
  }
  const auto *Member = llvm::dyn_cast<MemberExpr>(Value->IgnoreParenCasts());
  return Member && Member->getMemberDecl()->getIdentifier() &&
         llvm::is_contained(HandleFlagsFields,
                            Member->getMemberDecl()->getName()) &&
         llvm::any_of(Lookup->arguments(), [&](const Expr *Arg) {
           return sameValue(Arg, Member->getBase());
         });
}

bool AppendTests::holdsLookupFlags(const Expr *X, const Place &Target,
                                   const CallExpr *Lookup, const Stmt *Until,
                                   const FunctionDecl *Func, ASTContext &Ctx) {
  // `(fl = handle_to_flags(h)) & O_APPEND` tests the value stored.
  X = storedValue(X);
  if (describesLookup(X, Target, Lookup, Ctx))
    return true;
  // A local holds them when one definition reaches both the test and \p
  // Until and gives them (`int fl = fcntl(...)`, `fl = ...` later, `(fl =
  // ...) < 0`): flags read again after an F_SETFL are another definition.
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(X->IgnoreParenCasts());
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  llvm::SmallVector<Definition, 2> AtTest, AtUntil;
  return Var && Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
         Flow && Flow->reachingDefinitions(Var, Ref, AtTest) &&
         AtTest.size() == 1 && AtTest.front().Value &&
         Flow->reachingDefinitions(Var, Until, AtUntil) &&
         AtUntil.size() == 1 && AtUntil.front().Site == AtTest.front().Site &&
         describesLookup(AtTest.front().Value, Target, Lookup, Ctx);
}

bool AppendTests::lookupTestedNoAppend(const CallExpr *Seek,
                                       const Place &Target,
                                       const FunctionDecl *Func,
                                       const CallExpr *Lookup,
                                       ASTContext &Ctx) {
  // `!(handle_to_flags(h) & O_APPEND) && lseek(...)`, or the same through a
  // local, on every path from the lookup (the descriptor's one definition)
  // to the seek.
  if (appendClearOnEveryPath(
          Lookup, Seek,
          [&](const Expr *X) {
            return holdsLookupFlags(X, Target, Lookup, Seek, Func, Ctx);
          },
          Func, Ctx))
    return true;
  // Or a local given them and tested before the lookup, still their value
  // at the seek.
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  auto TestedClear = [&](const Expr *Cond, bool Branch, const VarDecl *Var) {
    return impliesAppendBit(
        Cond, Branch,
        [&](const Expr *X) {
          const auto *Assign =
              llvm::dyn_cast<BinaryOperator>(X->IgnoreParenCasts());
          return referencedVar(Assign && Assign->getOpcode() == BO_Assign
                                   ? Assign->getLHS()
                                   : X) == Var;
        },
        Constants.get("O_APPEND"), /*Set=*/false, Ctx);
  };
  llvm::SmallVector<TestedValue, 2> Tested;
  if (!Flow || !Flow->testedValues("no-append", Seek, TestedClear, Tested))
    return false;
  return llvm::any_of(Tested, [&](const TestedValue &T) {
    llvm::SmallVector<Definition, 2> Defs;
    return Flow->reachingDefinitions(T.Var, Seek, Defs) && Defs.size() == 1 &&
           Defs.front().Site == T.Site && Defs.front().Value &&
           describesLookup(Defs.front().Value, Target, Lookup, Ctx);
  });
}

bool AppendTests::holdsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx) {
  auto Known = OpenFlagsFields.find(Flags);
  if (Known != OpenFlagsFields.end())
    return Known->second;
  bool Holds = showsOpenFlags(Flags, Ctx);
  OpenFlagsFields[Flags] = Holds;
  return Holds;
}

bool AppendTests::showsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto NamesOpenFlag = [&](const Expr *E) {
    return startsWith(sourceText(CharSourceRange::getTokenRange(
                                     E->IgnoreParenCasts()->getSourceRange()),
                                 SM, LO),
                      "O_");
  };
  FunctionCache::ScratchPerFunction Scratch(Ctx);
  for (auto [Member, Func] : Functions.mainFileUses(Flags, Ctx).Members) {
    if (!Func || !Func->getBody())
      continue;
    Scratch.at(Func);
    const StmtParents &Parents = Functions.parents(Func);
    const Stmt *Top = Member;
    const Stmt *Up = Parents.getParent(Top);
    while (Up && llvm::isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr>(Up))
      Up = Parents.getParent(Top = Up);
    const auto *BO = llvm::dyn_cast_or_null<BinaryOperator>(Up);
    // `h->flags & O_ACCMODE`, `h->flags == O_RDONLY`, `h->flags & O_APPEND`.
    if (BO && !BO->isAssignmentOp() &&
        NamesOpenFlag(BO->getLHS() == Top ? BO->getRHS() : BO->getLHS()))
      return true;
    // `h->fd = open(path, h->flags, ...)`.
    if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Up))
      if (std::optional<OpenCall> Open = Opens.classify(Call, Ctx, Constants);
          Open && Open->Mode.FlagsExpr &&
          Open->Mode.FlagsExpr->IgnoreParenCasts() == Member)
        return true;
    if (!BO || BO->getOpcode() != BO_Assign || BO->getLHS() != Top)
      continue;
    // `h->flags = fcntl(fd, F_GETFL)`.
    const CallExpr *Value = underlyingCall(BO->getRHS());
    if (Value && calleeName(Value) == "fcntl" && Value->getNumArgs() >= 2 &&
        foldInteger(Value->getArg(1), Ctx) == Constants.get("F_GETFL"))
      return true;
    // `h->flags = flags;` where the function opens with `flags`.
    const VarDecl *Var = referencedVar(BO->getRHS());
    if (Var && llvm::any_of(
                   CallIndex::of(Ctx).callsIn(Func), [&](const CallSite &Site) {
                     std::optional<OpenCall> Open =
                         Opens.classify(Site.Call, Ctx, Constants);
                     return Open && Open->Mode.FlagsExpr &&
                            !match(findAll(declRefExpr(to(equalsNode(Var)))),
                                   *Open->Mode.FlagsExpr, Ctx)
                                 .empty();
                   }))
      return true;
  }
  return false;
}

} // namespace clang::tidy::syscall
