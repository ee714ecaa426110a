//===--- SourceEdits.cpp - Whole-statement edits for fix-its -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "SourceEdits.h"
#include "Callee.h"
#include "PerContext.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::syscall {

std::optional<CharSourceRange>
statementRange(const Stmt *S, const SourceManager &SM, const LangOptions &LO) {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()), SM, LO);
  if (R.isInvalid())
    return std::nullopt;
  // Expression statements, do-while and return end before their semicolon.
  auto Next = Lexer::findNextToken(R.getEnd().getLocWithOffset(-1), SM, LO);
  if (Next && Next->is(tok::semi) && Next->getLocation() >= R.getEnd())
    R.setEnd(Next->getEndLoc());
  return R;
}

CharSourceRange wholeLines(CharSourceRange R, const SourceManager &SM) {
  auto [File, Begin] = SM.getDecomposedLoc(R.getBegin());
  unsigned End = SM.getFileOffset(R.getEnd());
  llvm::StringRef Buffer = SM.getBufferData(File);
  unsigned LineStart = Begin;
  while (LineStart > 0 &&
         (Buffer[LineStart - 1] == ' ' || Buffer[LineStart - 1] == '\t'))
    --LineStart;
  unsigned LineEnd = End;
  while (LineEnd < Buffer.size() &&
         (Buffer[LineEnd] == ' ' || Buffer[LineEnd] == '\t'))
    ++LineEnd;
  bool StartsLine = LineStart == 0 || Buffer[LineStart - 1] == '\n';
  bool EndsLine = LineEnd < Buffer.size() && Buffer[LineEnd] == '\n';
  if (!StartsLine || !EndsLine)
    return R;
  // Take the newline before the lines rather than the one after: clang's
  // fix-it merging widens a removal that ends before blanks by one blank.
  if (LineStart == 0)
    return R;
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  return CharSourceRange::getCharRange(
      FileStart.getLocWithOffset(LineStart - 1),
      FileStart.getLocWithOffset(LineEnd));
}

llvm::SmallVector<CharSourceRange, 4>
mergeAdjacent(llvm::ArrayRef<CharSourceRange> Ranges, const SourceManager &SM) {
  llvm::SmallVector<CharSourceRange, 4> Sorted(Ranges.begin(), Ranges.end());
  llvm::sort(Sorted, [&](const CharSourceRange &A, const CharSourceRange &B) {
    return SM.isBeforeInTranslationUnit(A.getBegin(), B.getBegin());
  });
  llvm::SmallVector<CharSourceRange, 4> Merged;
  for (const CharSourceRange &R : Sorted) {
    if (!Merged.empty() &&
        !SM.isBeforeInTranslationUnit(Merged.back().getEnd(), R.getBegin())) {
      if (SM.isBeforeInTranslationUnit(Merged.back().getEnd(), R.getEnd()))
        Merged.back().setEnd(R.getEnd());
      continue;
    }
    Merged.push_back(R);
  }
  return Merged;
}

std::string sourceText(CharSourceRange R, const SourceManager &SM,
                       const LangOptions &LO) {
  return Lexer::getSourceText(R, SM, LO).str();
}

std::string indentationOf(SourceLocation Loc, const SourceManager &SM) {
  return Lexer::getIndentationForLine(Loc, SM).str();
}

static llvm::StringRef textOf(const Decl *D, const SourceManager &SM,
                              const LangOptions &LO) {
  return Lexer::getSourceText(
      Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(D->getSourceRange()), SM, LO),
      SM, LO);
}

namespace {

/// The words (runs of identifier characters) of declarations' texts, per
/// unit, and which fragments each contains: a check that asks about its
/// function once per call scanned the whole text per call.
struct DeclWords {
  llvm::StringSet<> Words;
  llvm::StringMap<bool> Contains;
};
struct WordIndex {
  llvm::DenseMap<const Decl *, DeclWords> Of;
};

DeclWords &wordsOf(const Decl *D, const SourceManager &SM,
                   const LangOptions &LO) {
  WordIndex &Index = PerContext<WordIndex>::get(
      D->getASTContext(), [] { return std::make_unique<WordIndex>(); });
  auto [It, New] = Index.Of.try_emplace(D);
  if (New) {
    llvm::StringRef Text = textOf(D, SM, LO);
    for (size_t At = 0; At < Text.size();) {
      size_t End = At;
      while (End < Text.size() && isAsciiIdentifierContinue(Text[End]))
        ++End;
      if (End > At)
        It->second.Words.insert(Text.slice(At, End));
      At = End + 1;
    }
  }
  return It->second;
}

} // namespace

bool mentionsAny(const Decl *D, const SourceManager &SM, const LangOptions &LO,
                 llvm::ArrayRef<llvm::StringRef> Words) {
  DeclWords &Text = wordsOf(D, SM, LO);
  return llvm::any_of(Words, [&](llvm::StringRef W) {
    auto [Known, New] = Text.Contains.try_emplace(W, false);
    if (New)
      Known->second =
          llvm::any_of(Text.Words.keys(),
                       [&](llvm::StringRef Word) { return Word.contains(W); });
    return Known->second;
  });
}

bool mentionsIdentifier(const Decl *D, const SourceManager &SM,
                        const LangOptions &LO, llvm::StringRef Name) {
  return wordsOf(D, SM, LO).Words.contains(Name);
}

CharSourceRange calleeEditRange(const CallExpr *Call, const SourceManager &SM,
                                const LangOptions &LO) {
  const Expr *Callee = Call->getCallee()->IgnoreImpCasts();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Callee))
    return Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Ref->getLocation()), SM, LO);
  if (isThroughPointer(Call))
    return Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Callee->getSourceRange()), SM, LO);
  return CharSourceRange();
}

} // namespace clang::tidy::syscall
