//===--- ResourceDir.h - Where Clang's builtin headers are ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_RESOURCEDIR_H
#define SYSCALL_TIDY_TOOL_RESOURCEDIR_H

#include <string>

namespace syscall_tidy {

/// Clang's resource directory (stddef.h, stdarg.h, ...): from
/// SYSCALL_TIDY_RESOURCE_DIR, where the LLVM we were built against keeps
/// it, or beside an LLVM installed with this tool.
std::string resourceDir(const char *Argv0);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_RESOURCEDIR_H
