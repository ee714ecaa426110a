//===--- Matchers.h - Matchers shared by the checks ----------------------===//

#ifndef SYSCALL_TIDY_CHECKS_MATCHERS_H
#define SYSCALL_TIDY_CHECKS_MATCHERS_H

#include "clang/ASTMatchers/ASTMatchers.h"

namespace clang::tidy::syscall {

/// Nodes matching \p Inner in the body of a function (bound to "func") of
/// the user's code: not in a system header, not a template instantiation
/// (one instantiation's access mode says nothing about another's, and a fix
/// would edit them all). Matching from the function down, instead of asking
/// each node for its function, spares clang building the parent map of the
/// whole translation unit, which costs more than the checks in a file that
/// includes <fstream>.
template <typename InnerMatcher>
ast_matchers::internal::Matcher<Decl>
inUserFunction(const InnerMatcher &Inner) {
  using namespace ast_matchers;
  return functionDecl(isDefinition(), unless(isExpansionInSystemHeader()),
                      unless(isTemplateInstantiation()),
                      forEachDescendant(Inner))
      .bind("func");
}

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_MATCHERS_H
