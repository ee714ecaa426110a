//===--- SourceEdits.h - Whole-statement edits for fix-its ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_SOURCEEDITS_H
#define SYSCALL_TIDY_CHECKS_SOURCEEDITS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang::tidy::syscall {

/// The characters of statement \p S in the main file, with its terminating
/// semicolon. None when a macro starts or ends inside the statement, since
/// then its text cannot be edited.
std::optional<CharSourceRange>
statementRange(const Stmt *S, const SourceManager &SM, const LangOptions &LO);

/// \p R widened to whole lines, from the newline that ends the line before,
/// when only blanks share its first and last lines, so that deleting it
/// leaves no empty line behind.
CharSourceRange wholeLines(CharSourceRange R, const SourceManager &SM);

/// \p Ranges sorted, with touching or overlapping ranges joined (clang's
/// diagnostic renderer mis-merges adjacent removals by one character).
llvm::SmallVector<CharSourceRange, 4>
mergeAdjacent(llvm::ArrayRef<CharSourceRange> Ranges, const SourceManager &SM);

/// The text of \p R.
std::string sourceText(CharSourceRange R, const SourceManager &SM,
                       const LangOptions &LO);

/// Whether the text of \p D, as written in its file, contains one of
/// \p Words, fragments of identifiers (a function that tests S_ISBLK, that
/// handles uids, ...). The text's words are read once per unit.
bool mentionsAny(const Decl *D, const SourceManager &SM, const LangOptions &LO,
                 llvm::ArrayRef<llvm::StringRef> Words);

/// Whether \p Name appears as a whole identifier in the text of \p D.
bool mentionsIdentifier(const Decl *D, const SourceManager &SM,
                        const LangOptions &LO, llvm::StringRef Name);

/// What a fix replaces to make \p Call call another function: the name of
/// a direct call (`::write` keeps its `::`), the whole callee of a call
/// through a constant table (`ops->write`, which can run only the function
/// the fix calls directly). Invalid when a macro writes it.
CharSourceRange calleeEditRange(const CallExpr *Call, const SourceManager &SM,
                                const LangOptions &LO);

/// The blanks that begin the line of \p Loc.
std::string indentationOf(SourceLocation Loc, const SourceManager &SM);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_SOURCEEDITS_H
