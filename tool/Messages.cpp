//===--- Messages.cpp - The tool's one-line messages ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Messages.h"
#include "llvm/Support/WithColor.h"

namespace syscall_tidy {

int fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy") << Message << "\n";
  return 2;
}

void note(bool Quiet, const llvm::Twine &Message) {
  if (!Quiet)
    llvm::WithColor::note(llvm::errs(), "syscall-tidy") << Message << "\n";
}

} // namespace syscall_tidy
