//===--- CheckDocs.h - What each check is about, from its doc page -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_CHECKDOCS_H
#define SYSCALL_TIDY_TOOL_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace syscall_tidy {

struct CheckDoc {
  std::string Short;    ///< the first sentence of the page
  std::string Full;     ///< its first paragraph
  std::string Markdown; ///< the whole page
};

/// The doc page of \p Check (docs/checks/<check>.md, embedded at build
/// time); a generic text for compiler diagnostics.
const CheckDoc &checkDoc(llvm::StringRef Check);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CHECKDOCS_H
