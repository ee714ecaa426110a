//===--- fuzz_checks.cpp - libFuzzer target for the syscall-* checks -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each input is a source file run through every syscall-* check in one
// ClangTidy run (the compiler's own errors are expected and ignored): the
// checks must not crash, hang or trip a sanitizer on anything clang parses,
// whatever it makes of it. Inputs that mention C++ are parsed as C++17,
// the others as C. An input that crashes clang's own parser, with no check
// loaded, is rejected first in a child process: clang comes prebuilt and
// uninstrumented, and its crashes on malformed C++ are not ours to find.
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
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <type_traits>
#include <unistd.h>

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

const char *const ParserMark = "SYSCALL_TIDY_FUZZ_PARSER";

// Moves Size bytes at Data with Step (one read or one send), whatever the
// short counts and interruptions; false at the end of the stream or an error.
template <typename Buffer, typename StepFn>
bool moveAll(Buffer *Data, size_t Size, StepFn Step) {
  auto *At = reinterpret_cast<
      std::conditional_t<std::is_const_v<Buffer>, const char, char> *>(Data);
  while (Size > 0) {
    ssize_t Moved = Step(At, Size);
    if (Moved < 0 && errno == EINTR)
      continue;
    if (Moved <= 0)
      return false;
    At += Moved;
    Size -= Moved;
  }
  return true;
}

bool readAll(int Fd, void *Data, size_t Size) {
  return moveAll(Data, Size,
                 [Fd](char *At, size_t Left) { return read(Fd, At, Left); });
}

// One parse of Code, with the syscall-* checks when Checks is set.
void runTidy(const std::string &Code, bool Checks) {
  bool Cxx = llvm::StringRef(Code).contains("std::") ||
             llvm::StringRef(Code).contains("class ");
  ClangTidyOptions Options = ClangTidyOptions::getDefaults();
  Options.Checks = Checks ? "-*,syscall-*" : "-*";
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
}

// A child process of this same program that parses inputs with no check
// loaded, one at a time, so that an input on which clang itself dies is told
// from one on which a check does: the child dies, quietly, and is restarted
// for the next input. One child for the run, not a fork per input: forking a
// sanitised process of 600 MiB halved the executions.
class ParserChild {
public:
  // Whether clang alone parses Code without dying.
  bool survives(const std::string &Code) {
    if (Socket < 0 && !start())
      return true;
    uint32_t Size = Code.size();
    char Done = 0;
    // libFuzzer's timer interrupts the wait (its handler does not restart
    // calls): an interrupted read is waited again, not taken for a death.
    if (sendAll(&Size, sizeof Size) && sendAll(Code.data(), Code.size()) &&
        readAll(Socket, &Done, 1))
      return true;
    close(Socket);
    Socket = -1;
    while (waitpid(Child, nullptr, 0) < 0 && errno == EINTR)
      ;
    return false;
  }

private:
  bool start() {
    int Ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Ends) != 0)
      return false;
    posix_spawn_file_actions_t Actions;
    posix_spawn_file_actions_init(&Actions);
    posix_spawn_file_actions_adddup2(&Actions, Ends[1], STDIN_FILENO);
    posix_spawn_file_actions_addopen(&Actions, STDERR_FILENO, "/dev/null",
                                     O_WRONLY, 0);
    std::vector<char *> Env;
    for (char **Var = environ; *Var; ++Var)
      Env.push_back(*Var);
    std::string Mark = std::string(ParserMark) + "=1";
    Env.push_back(Mark.data());
    Env.push_back(nullptr);
    char Exe[] = "/proc/self/exe";
    char *Argv[] = {Exe, nullptr};
    int Failed = posix_spawn(&Child, Exe, &Actions, nullptr, Argv, Env.data());
    posix_spawn_file_actions_destroy(&Actions);
    close(Ends[1]);
    if (Failed) {
      close(Ends[0]);
      return false;
    }
    Socket = Ends[0];
    return true;
  }

  bool sendAll(const void *Data, size_t Size) {
    return moveAll(Data, Size, [this](const char *At, size_t Left) {
      return send(Socket, At, Left, MSG_NOSIGNAL);
    });
  }

  int Socket = -1;
  pid_t Child = 0;
};

// The child's loop: a 4-byte size and the input on stdin, one byte back
// once clang has parsed it.
[[noreturn]] void serveParses() {
  for (;;) {
    uint32_t Size;
    if (!readAll(STDIN_FILENO, &Size, sizeof Size))
      _exit(0);
    std::string Code(Size, '\0');
    if (!readAll(STDIN_FILENO, Code.data(), Size))
      _exit(0);
    runTidy(Code, /*Checks=*/false);
    if (write(STDIN_FILENO, "+", 1) != 1)
      _exit(0);
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  if (getenv(ParserMark))
    serveParses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  // -1 keeps an input that clang itself crashes on out of the corpus.
  static ParserChild Parser;
  if (!Parser.survives(Code))
    return -1;
  runTidy(Code, /*Checks=*/true);
  return 0;
}
