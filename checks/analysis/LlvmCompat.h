//===--- LlvmCompat.h - The one place that knows LLVM versions apart -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A plugin must be built against the exact LLVM major of the clang-tidy that
// loads it, so the sources build against each supported major (16, 19 and 22
// are tested). Every difference between them is spelled here and nowhere else.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_LLVMCOMPAT_H
#define SYSCALL_TIDY_CHECKS_LLVMCOMPAT_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include <memory>
#include <optional>
#include <string>

// The module registry moved into ClangTidyModule.h in LLVM 22.
#if LLVM_VERSION_MAJOR < 22
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

// The driver's option table moved from clangDriver to clangOptions in 22.
#if LLVM_VERSION_MAJOR >= 22
#include "clang/Options/Options.h"
#else
#include "clang/Driver/Options.h"
#endif

namespace clang::tidy::syscall::compat {

#if LLVM_VERSION_MAJOR >= 22
namespace driver_options = clang::options;
inline const llvm::opt::OptTable &driverOptTable() {
  return clang::getDriverOptTable();
}
#else
namespace driver_options = clang::driver::options;
inline const llvm::opt::OptTable &driverOptTable() {
  return clang::driver::getDriverOptTable();
}
#endif

/// Parses \p Argv as the clang driver (not clang-cl) reads a command line.
inline llvm::opt::InputArgList
parseDriverArgs(llvm::ArrayRef<const char *> Argv, unsigned &MissingIndex,
                unsigned &MissingCount) {
#if LLVM_VERSION_MAJOR >= 17
  return driverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(driver_options::ClangOption));
#else
  return driverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, /*FlagsToInclude=*/0,
      driver_options::CLOption | driver_options::NoDriverOption);
#endif
}

/// The ExcludeHeaderFilterRegex option of \p Options, or null before LLVM 19,
/// whose clang-tidy has no such option.
inline std::optional<std::string> *
excludeHeaderFilterRegex(ClangTidyOptions &Options) {
#if LLVM_VERSION_MAJOR >= 19
  return &Options.ExcludeHeaderFilterRegex;
#else
  return nullptr;
#endif
}

/// A DiagnosticsEngine with the options it reads: shared by reference count
/// before LLVM 22, referenced (so they must outlive it) from 22 on.
class OwnedDiagnostics {
public:
  explicit OwnedDiagnostics(DiagnosticConsumer *Client = nullptr,
                            bool OwnClient = false)
#if LLVM_VERSION_MAJOR >= 22
      : Options(std::make_unique<DiagnosticOptions>()),
        Engine(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), *Options, Client,
               OwnClient){}
#else
      : Options(llvm::makeIntrusiveRefCnt<DiagnosticOptions>()),
        Engine(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), Options, Client,
               OwnClient) {
  }
#endif
            DiagnosticsEngine
            & engine() {
    return Engine;
  }
  DiagnosticOptions &options() { return *Options; }

private:
#if LLVM_VERSION_MAJOR >= 22
  std::unique_ptr<DiagnosticOptions> Options;
#else
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> Options;
#endif
  DiagnosticsEngine Engine;
};

/// Gives \p Context the engine its checks report through.
inline void setDiagnosticsEngine(ClangTidyContext &Context,
                                 DiagnosticsEngine &Engine) {
#if LLVM_VERSION_MAJOR >= 22
  Context.setDiagnosticsEngine(std::make_unique<DiagnosticOptions>(), &Engine);
#else
  Context.setDiagnosticsEngine(&Engine);
#endif
}

/// clang's text renderer over \p Options, or \p Printer, a class derived
/// from it with its constructors.
template <typename Printer = TextDiagnostic>
std::unique_ptr<Printer> makeTextDiagnostic(llvm::raw_ostream &OS,
                                            const LangOptions &Lang,
                                            DiagnosticOptions &Options) {
#if LLVM_VERSION_MAJOR >= 22
  return std::make_unique<Printer>(OS, Lang, Options);
#else
  return std::make_unique<Printer>(OS, Lang, &Options);
#endif
}

} // namespace clang::tidy::syscall::compat

#endif // SYSCALL_TIDY_CHECKS_LLVMCOMPAT_H
