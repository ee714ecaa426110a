//===--- Messages.h - The tool's one-line messages ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_MESSAGES_H
#define SYSCALL_TIDY_TOOL_MESSAGES_H

#include "llvm/ADT/Twine.h"

namespace syscall_tidy {

/// Prints "syscall-tidy: error: MESSAGE" and returns the exit status 2.
int fail(const llvm::Twine &Message);

/// Prints "syscall-tidy: note: MESSAGE" unless \p Quiet.
void note(bool Quiet, const llvm::Twine &Message);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_MESSAGES_H
