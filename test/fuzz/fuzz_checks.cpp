//===--- fuzz_checks.cpp - libFuzzer target for the syscall-* checks -----===//
//
// Each input is a source file run through every syscall-* check in one
// ClangTidy run (the compiler's own errors are expected and ignored): the
// checks must not crash, hang or trip a sanitizer on anything clang parses,
// whatever it makes of it. Inputs that mention C++ are parsed as C++17,
// the others as C.
//
//===----------------------------------------------------------------------===//

#include "LlvmCompat.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
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
  std::vector<std::string> Args = {Cxx ? "-std=c++17" : "-std=gnu11",
                                   "-D_GNU_SOURCE", "-w", "-ferror-limit=20",
                                   "-resource-dir=" SYSCALL_TIDY_RESOURCE_DIR};
  tooling::runToolOnCodeWithArgs(std::make_unique<TidyAction>(Factory), Code,
                                 Args, Cxx ? "input.cpp" : "input.c",
                                 "clang-tool",
                                 std::make_shared<PCHContainerOperations>());
  Diagnostics.take();
  return 0;
}
