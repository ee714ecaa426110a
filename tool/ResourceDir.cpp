//===--- ResourceDir.cpp - Where Clang's builtin headers are -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ResourceDir.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"

#ifndef SYSCALL_TIDY_RESOURCE_DIR
#error "SYSCALL_TIDY_RESOURCE_DIR must name Clang's resource directory"
#endif

namespace syscall_tidy {

std::string resourceDir(const char *Argv0) {
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("SYSCALL_TIDY_RESOURCE_DIR"))
    return *Env;
  llvm::SmallString<256> Beside(llvm::sys::path::parent_path(
      llvm::sys::fs::getMainExecutable(Argv0, (void *)&resourceDir)));
  llvm::sys::path::append(Beside, "..", "lib", "clang",
                          std::to_string(LLVM_VERSION_MAJOR));
  for (llvm::StringRef Dir :
       {llvm::StringRef(SYSCALL_TIDY_RESOURCE_DIR), llvm::StringRef(Beside)}) {
    llvm::SmallString<256> Probe(Dir);
    llvm::sys::path::append(Probe, "include", "stddef.h");
    if (llvm::sys::fs::exists(Probe))
      return Dir.str();
  }
  llvm::WithColor::warning(llvm::errs(), "syscall-tidy")
      << "Clang's builtin headers are not in " << SYSCALL_TIDY_RESOURCE_DIR
      << "; set SYSCALL_TIDY_RESOURCE_DIR to Clang's resource directory\n";
  return SYSCALL_TIDY_RESOURCE_DIR;
}

} // namespace syscall_tidy
