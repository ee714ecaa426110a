//===--- SyscallTidyModule.cpp - the clang-tidy module `syscall` ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AccessBeforeOpenCheck.h"
#include "FcntlAfterOpenCheck.h"
#include "FstatAfterWriteOpenCheck.h"
#include "FtruncateAfterOpenCheck.h"
#include "LoopInvariantCheck.h"
#include "LseekBeforeWriteCheck.h"
#include "ReopenInLoopCheck.h"
#include "SeekForSizeCheck.h"
#include "SmallReadsCheck.h"
#include "StatPerDirentCheck.h"
#include "UnbufferedAutoflushCheck.h"
#include "analysis/LlvmCompat.h"

namespace clang::tidy::syscall {

class SyscallTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
#define SYSCALL_CHECK(Class, Name) Factories.registerCheck<Class>(Name);
#include "CheckList.def"
#undef SYSCALL_CHECK
  }
};

} // namespace clang::tidy::syscall

namespace clang::tidy {

// Registers the module with whatever clang-tidy this code is linked into or
// loaded by.
static ClangTidyModuleRegistry::Add<syscall::SyscallTidyModule>
    SyscallModuleRegistration("syscall-module",
                              "Checks for redundant system calls.");

} // namespace clang::tidy
