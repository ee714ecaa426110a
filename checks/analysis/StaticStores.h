//===--- StaticStores.h - Statics that one function stores into ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A static of a C unit that only one function stores into (`static FILE
// *debug_f;` opened by `init_debug`, a function's own `static int fd = -1;`)
// holds, at any time, its initial value or what that function stored: a
// call can change it only by running that function, and the function's
// entry sees what its own stores left in an earlier call.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_STATICSTORES_H
#define SYSCALL_TIDY_CHECKS_STATICSTORES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::syscall {

/// The one function that stores into \p Var: a static of a C unit (at
/// file scope or in a function), declared in the main file, not volatile,
/// whose every reference
/// either reads its value or is the target of a plain `=` in that function
/// (no `&Var`, no `+=`, no `++`). Null for any other variable.
const FunctionDecl *soleWriter(const VarDecl *Var);

/// Whether \p Call may run \p Writer (of the same unit) before it returns:
/// \p Writer itself, a function of the unit that calls it, or, when
/// \p Writer can be reached from outside the unit's direct calls (it or a
/// function that calls it is external or has its address taken), a call
/// through a pointer, of another unit's function, or of a C library
/// function handed a function pointer.
bool mayRun(const CallExpr *Call, const FunctionDecl *Writer);

/// Drops what the unit's answers assumed of helpers that pass a call on
/// (forgetUnitAnalyses, when guesses about other units change).
void forgetStaticStores(ASTContext &Ctx);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STATICSTORES_H
