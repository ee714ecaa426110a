//===--- Preambles.cpp - Parsed preambles kept between an editor's edits -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Preambles.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/FrontendOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Serialization/PCHContainerOperations.h"

using namespace clang;

namespace syscall_tidy {

std::shared_ptr<const PrecompiledPreamble>
PreambleStore::attach(CompilerInvocation &Invocation,
                      llvm::vfs::OverlayFileSystem &FS) {
  const FrontendOptions &Frontend = Invocation.getFrontendOpts();
  if (Frontend.Inputs.size() != 1 || !Frontend.Inputs[0].isFile())
    return nullptr;
  std::string File = Frontend.Inputs[0].getFile().str();
  auto Main = FS.getBufferForFile(File);
  if (!Main)
    return nullptr;
  PreambleBounds Bounds =
      ComputePreambleBounds(Invocation.getLangOpts(), **Main, 0);
  if (Bounds.Size == 0)
    return nullptr; // nothing to keep
  std::shared_ptr<const PrecompiledPreamble> Preamble;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Kept.find(File);
    if (It != Kept.end() &&
        It->second->CanReuse(Invocation, (*Main)->getMemBufferRef(), Bounds,
                             FS)) {
      Preamble = It->second;
    }
  }
  if (!Preamble) {
    PreambleCallbacks Callbacks;
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Shared(&FS);
    // The parse reports the preamble's errors; its build stays quiet. The
    // engine is reference-counted: the build's compiler holds it too.
#if LLVM_VERSION_MAJOR >= 22
    DiagnosticOptions QuietOptions;
    auto Quiet = llvm::makeIntrusiveRefCnt<DiagnosticsEngine>(
        llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), QuietOptions,
        new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
#else
    auto QuietEngine = llvm::makeIntrusiveRefCnt<DiagnosticsEngine>(
        llvm::makeIntrusiveRefCnt<DiagnosticIDs>(),
        llvm::makeIntrusiveRefCnt<DiagnosticOptions>(),
        new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
    DiagnosticsEngine &Quiet = *QuietEngine;
#endif
    auto Made = PrecompiledPreamble::Build(
        Invocation, Main->get(), Bounds, Quiet, Shared,
        std::make_shared<PCHContainerOperations>(), /*StoreInMemory=*/true,
        /*StoragePath=*/"", Callbacks);
    if (!Made)
      return nullptr;
    Preamble = std::make_shared<const PrecompiledPreamble>(std::move(*Made));
    std::lock_guard<std::mutex> Guard(Lock);
    Kept[File] = Preamble;
  }
  // The in-memory header is found through a file system of its own, laid
  // over an empty one and then over the run's.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Header(
      new llvm::vfs::InMemoryFileSystem);
  Preamble->AddImplicitPreamble(Invocation, Header, Main->get());
  // The main file is remapped to this buffer, which the parse then owns
  // and frees (RetainRemappedFileBuffers is off).
  Main->release();
  FS.pushOverlay(Header);
  return Preamble;
}

void PreambleStore::forget(llvm::StringRef File) {
  std::lock_guard<std::mutex> Guard(Lock);
  Kept.erase(File);
}

} // namespace syscall_tidy
