//===--- AddressMap.cpp - A map keyed by AST node, laid out by address ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AddressMap.h"
#include "clang/AST/StmtVisitor.h"

namespace clang::tidy::syscall {

// In the order of Stmt::StmtClass, which the same list makes.
const bool StmtClassSmallerThanSlot[Stmt::lastStmtConstant + 1] = {
    /*NoStmtClass=*/true,
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT) sizeof(CLASS) < 16,
#include "clang/AST/StmtNodes.inc"
};

constexpr unsigned StmtClasses = 1
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT) +1
#include "clang/AST/StmtNodes.inc"
    ;
static_assert(StmtClasses == Stmt::lastStmtConstant + 1,
              "a slot of the table per statement class");

} // namespace clang::tidy::syscall
