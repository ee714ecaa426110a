//===--- fuzz_checks.cpp - libFuzzer target for the syscall-* checks -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each input is a source file run through every syscall-* check in one
// ClangTidy run (the compiler's own errors are expected and ignored): the
// checks must not crash, hang or trip a sanitizer on anything clang parses,
// whatever it makes of it. Inputs that mention C++ are parsed as C++17,
// the others as C.
//
//===----------------------------------------------------------------------===//

#include "analysis/LlvmCompat.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstddef>
#include <cstdint>
#include <string>

using namespace clang;
using namespace clang::tidy;

namespace {

class TidyAction : public ASTFrontendAction {
public:
  explicit TidyAction(ClangTidyASTConsumerFactory &Factory)
      : Factory(Factory) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    return Factory.createASTConsumer(CI, File);
  }

private:
  ClangTidyASTConsumerFactory &Factory;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  bool Cxx = llvm::StringRef(Code).contains("std::") ||
             llvm::StringRef(Code).contains("class ");
  ClangTidyOptions Options = ClangTidyOptions::getDefaults();
  Options.Checks = "-*,syscall-*";
  ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
      ClangTidyGlobalOptions(), Options));
  ClangTidyDiagnosticConsumer Diagnostics(Context);
  syscall::compat::OwnedDiagnostics Engine(&Diagnostics);
  syscall::compat::setDiagnosticsEngine(Context, Engine.engine());
  ClangTidyASTConsumerFactory Factory(Context);
  // The compiler's own diagnostics on mutated code are expected: dropped.
  const char *Name = Cxx ? "/fuzz/input.cpp" : "/fuzz/input.c";
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Name, 0, llvm::MemoryBuffer::getMemBufferCopy(Code, Name));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  FS->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  std::vector<std::string> Args = {"clang-tool",
                                   "-fsyntax-only",
                                   Cxx ? "-std=c++17" : "-std=gnu11",
                                   "-D_GNU_SOURCE",
                                   "-ferror-limit=20",
                                   "-resource-dir=" SYSCALL_TIDY_RESOURCE_DIR,
                                   Name};
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<TidyAction>(Factory), Files.get());
  IgnoringDiagConsumer Ignore;
  Invocation.setDiagnosticConsumer(&Ignore);
  Invocation.run();
  Diagnostics.take();
  return 0;
}
