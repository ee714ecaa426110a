//===--- AddressMap.cpp - A map keyed by AST node, laid out by address ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AddressMap.h"
#include "clang/AST/StmtVisitor.h"

namespace clang::tidy::syscall {

bool smallerThanStmtSlot(const Stmt *S) {
  switch (S->getStmtClass()) {
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT)                                                    \
  case Stmt::CLASS##Class:                                                     \
    return sizeof(CLASS) < 16;
#include "clang/AST/StmtNodes.inc"
  default:
    return true;
  }
}

} // namespace clang::tidy::syscall
