//===--- RejectionFix.cpp - Fix-its for a redundant directory check ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "RejectionFix.h"
#include "SourceEdits.h"
#include "clang/AST/ASTContext.h"

namespace clang::tidy::syscall {

namespace {

/// The `if` whose body holds nothing but the removed statements.
const IfStmt *ifEmptiedBy(const RejectionPlan &Plan, const StmtParents &Parents,
                          ASTContext &Ctx) {
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(
      Plan.Block ? Parents.getParent(Plan.Block) : nullptr);
  if (!If || If->getThen() != Plan.Block || If->getElse() || If->getInit() ||
      If->getConditionVariable() || If->getCond()->HasSideEffects(Ctx))
    return nullptr;
  for (const Stmt *S : Plan.Block->body())
    if (!llvm::is_contained(Plan.Statements, S) &&
        !llvm::is_contained(Plan.UnusedDecls, S))
      return nullptr;
  return If;
}

std::string indented(llvm::StringRef Text, llvm::StringRef Indent) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (I)
      Out += '\n';
    if (!Lines[I].empty())
      Out += (Indent + Lines[I]).str();
  }
  return Out;
}

bool needsParensUnderAnd(const Expr *E) {
  E = E->IgnoreImpCasts();
  if (llvm::isa<AbstractConditionalOperator>(E))
    return true;
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E);
  return BO && (BO->getOpcode() == BO_LOr || BO->isAssignmentOp() ||
                BO->getOpcode() == BO_Comma);
}

/// `Guard && (Cond)` or `(Cond) && Guard`.
void conjoin(const IfStmt *If, const std::string &Guard, bool GuardFirst,
             RejectionFix &Fix, ASTContext &Ctx) {
  const Expr *Cond = If->getCond()->IgnoreImpCasts();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Cond->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Range.isInvalid()) {
    Fix.Unfixable = "the condition is spelled inside a macro";
    return;
  }
  bool Parens = needsParensUnderAnd(Cond);
  std::string Open = Parens ? "(" : "", Close = Parens ? ")" : "";
  if (GuardFirst) {
    Fix.Fixes.push_back(
        FixItHint::CreateInsertion(Range.getBegin(), Guard + " && " + Open));
    if (Parens)
      Fix.Fixes.push_back(FixItHint::CreateInsertion(Range.getEnd(), Close));
  } else {
    if (Parens)
      Fix.Fixes.push_back(FixItHint::CreateInsertion(Range.getBegin(), Open));
    Fix.Fixes.push_back(
        FixItHint::CreateInsertion(Range.getEnd(), Close + " && " + Guard));
  }
}

/// `if (Guard) {` around the statements, re-indented.
void wrap(const RejectionPlan &Plan, const std::string &Guard,
          RejectionFix &Fix, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::optional<CharSourceRange> First =
      statementRange(Plan.Statements.front(), SM, LO);
  std::optional<CharSourceRange> Last =
      statementRange(Plan.Statements.back(), SM, LO);
  if (!First || !Last) {
    Fix.Unfixable = "a macro covers only part of the code to guard";
    return;
  }
  CharSourceRange Lines = wholeLines(
      CharSourceRange::getCharRange(First->getBegin(), Last->getEnd()), SM);
  if (Lines.getBegin() == First->getBegin()) {
    Fix.Unfixable = "the statements share lines with other code";
    return;
  }
  std::string Indent = indentationOf(First->getBegin(), SM);
  // wholeLines starts at the newline before the first statement.
  std::string Body = sourceText(Lines, SM, LO).substr(1);
  Fix.Fixes.push_back(FixItHint::CreateReplacement(
      Lines, "\n" + Indent + "if (" + Guard + ") {\n" + indented(Body, "  ") +
                 "\n" + Indent + "}"));
}

} // namespace

RejectionFix removeRejection(const RejectionPlan &Plan,
                             const StmtParents &Parents, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  RejectionFix Fix;
  llvm::SmallVector<const Stmt *, 6> Removed;
  const IfStmt *Emptied = ifEmptiedBy(Plan, Parents, Ctx);
  if (Emptied)
    Removed.push_back(Emptied);
  else
    Removed.append(Plan.Statements.begin(), Plan.Statements.end());
  for (const DeclStmt *DS : Plan.UnusedDecls)
    if (!Emptied || Parents.getParent(DS) != Plan.Block)
      Removed.push_back(DS);
  llvm::SmallVector<CharSourceRange, 6> Ranges;
  for (const Stmt *S : Removed) {
    std::optional<CharSourceRange> R = statementRange(S, SM, Ctx.getLangOpts());
    if (!R) {
      Fix.Unfixable = "a macro covers only part of the code to remove";
      return Fix;
    }
    Ranges.push_back(wholeLines(*R, SM));
  }
  for (const CharSourceRange &R : mergeAdjacent(Ranges, SM))
    Fix.Fixes.push_back(FixItHint::CreateRemoval(R));
  return Fix;
}

RejectionFix guardRejection(const RejectionPlan &Plan,
                            const StmtParents &Parents, const Expr *Flags,
                            const PosixConstants &Constants, ASTContext &Ctx) {
  RejectionFix Fix;
  CharSourceRange FlagsRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Flags->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Flags->HasSideEffects(Ctx))
    Fix.Unfixable = "the flags expression has side effects";
  else if (!Constants.isDefined("O_ACCMODE"))
    Fix.Unfixable = "O_ACCMODE is not defined here";
  else if (FlagsRange.isInvalid())
    Fix.Unfixable = "the flags are spelled inside a macro";
  if (!Fix.Unfixable.empty())
    return Fix;

  std::string Text =
      sourceText(FlagsRange, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (!llvm::isa<DeclRefExpr>(Flags->IgnoreParenCasts()))
    Text = "(" + Text + ")";
  std::string Guard = "(" + Text + " & O_ACCMODE) == O_RDONLY";
  // OpenJDK's shape: `if (fd != -1) { <stat and checks> }` -> `... && Guard`.
  if (const IfStmt *Emptied = ifEmptiedBy(Plan, Parents, Ctx)) {
    conjoin(Emptied, Guard, /*GuardFirst=*/false, Fix, Ctx);
    return Fix;
  }
  // `if (fstat(...) == 0 && S_ISDIR(...))`: test the mode before the stat.
  const auto *If = llvm::dyn_cast<IfStmt>(Plan.Statements.front());
  if (Plan.Statements.size() == 1 && If && !If->getElse()) {
    conjoin(If, Guard, /*GuardFirst=*/true, Fix, Ctx);
    return Fix;
  }
  wrap(Plan, Guard, Fix, Ctx);
  return Fix;
}

} // namespace clang::tidy::syscall
