//===--- Conditions.h - What a branch edge tells about a condition -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_CONDITIONS_H
#define SYSCALL_TIDY_CHECKS_CONDITIONS_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace clang::tidy::syscall {

/// Whether taking the \p Branch edge of \p Cond establishes what \p Atom
/// accepts. Looks through `!`, `&&` (on its true edge) and `||` (on its
/// false edge), where every term is known; \p Atom(Term, Value) says whether
/// \p Term evaluating to \p Value is enough. \p Atom also sees the whole
/// condition first, for tests that need several terms together. Boolean
/// spellings of a test are the test (`(t) != 0`, `!!t`, `0 == t`); with
/// \p Ctx, so is a never-modified local initialised with it.
bool edgeImplies(const Expr *Cond, bool Branch,
                 llvm::function_ref<bool(const Expr *, bool)> Atom,
                 ASTContext *Ctx = nullptr);

/// Whether taking the \p Branch edge of \p Cond rules out that the subject
/// (what \p IsSubject accepts) holds \p Value: a comparison of it with a
/// constant (`fd < 0`, `-1 != fd`, `p == NULL`) or a test of it for truth
/// (`if (fp)`), through what edgeImplies looks through.
bool edgeRulesOut(const Expr *Cond, bool Branch,
                  llvm::function_ref<bool(const Expr *)> IsSubject,
                  int64_t Value, ASTContext &Ctx);

/// The integer or null pointer constant \p E folds to.
std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx);

/// For `X & M` or `M & X` where \p IsSubject accepts X: the folded mask M.
std::optional<int64_t> maskOf(const Expr *E,
                              llvm::function_ref<bool(const Expr *)> IsSubject,
                              ASTContext &Ctx);

/// Whether \p BO is `A == B` or `A != B` with \p Match(A, B) or
/// \p Match(B, A).
bool matchEquality(const BinaryOperator *BO,
                   llvm::function_ref<bool(const Expr *, const Expr *)> Match);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_CONDITIONS_H
