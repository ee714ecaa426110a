//===--- Preambles.h - Parsed preambles kept between an editor's edits ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An editor asks for the same file again after every pause in typing. Most
// of a parse is the file's #include lines and what they bring in (its
// preamble), which an edit in a function body does not change: clang keeps
// it as a precompiled header in memory, reused while the preamble's text,
// the compile command and every file it read are unchanged (clangd's way).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_PREAMBLES_H
#define SYSCALL_TIDY_TOOL_PREAMBLES_H

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <mutex>

namespace syscall_tidy {

class PreambleStore {
public:
  /// Makes \p Invocation read its main file's preamble from a precompiled
  /// one: kept from an earlier call when still valid, else built now. The
  /// in-memory header is made visible through \p FS. The preamble must live
  /// until the parse is over: keep what this returns. Null (the parse reads
  /// the preamble itself) when it cannot be built, e.g. an include error.
  std::shared_ptr<const clang::PrecompiledPreamble>
  attach(clang::CompilerInvocation &Invocation,
         llvm::vfs::OverlayFileSystem &FS);

  /// Drops the preamble of \p File (closed in the editor).
  void forget(llvm::StringRef File);

private:
  std::mutex Lock;
  llvm::StringMap<std::shared_ptr<const clang::PrecompiledPreamble>> Kept;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_PREAMBLES_H
