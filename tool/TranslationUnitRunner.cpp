//===--- TranslationUnitRunner.cpp - Runs the checks over translation units ==//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "TranslationUnitRunner.h"
#include "ElsewhereRerun.h"
#include "EnclosingFunctions.h"
#include "Hashing.h"
#include "Preambles.h"
#include "ResultCache.h"
#include "analysis/CallIndex.h"
#include "analysis/FunctionWalk.h"
#include "analysis/LlvmCompat.h"
#include "analysis/StringHelpers.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/xxhash.h"
#include <atomic>
#include <chrono>
#include <mutex>

using namespace clang;
using namespace clang::tidy;

namespace syscall_tidy {

namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point A, Clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

/// Notes the time when the parse is over (first in a MultiplexConsumer)
/// or when the checks are (last).
class TimeStamp : public ASTConsumer {
public:
  explicit TimeStamp(Clock::time_point &At) : At(At) {}
  void HandleTranslationUnit(ASTContext &) override { At = Clock::now(); }

private:
  Clock::time_point &At;
};

/// Narrows the traversal of the consumers after it to the unit's top-level
/// declarations that may hold the user's code (\p Narrow, userDeclarations:
/// the main file's outside the system headers, and the other files' that
/// the call index walks, not prototypes, types or enums); or widens it back
/// to the whole unit. clang-tidy's matcher visits every node of the unit and
/// asks each check's matchers of it: in a unit of a thousand lines under the
/// C library's, OpenSSL's or the project's own big header, most nodes are
/// the headers' prototypes.
/// clangd runs clang-tidy's checks on a narrowed traversal the same way.
/// With \p Alone, nothing at all: the unit's checks are all this module's
/// and need the unit only (syscall::SharedWalk).
class UserCodeScope : public ASTConsumer {
public:
  explicit UserCodeScope(bool Narrow, bool Alone = false)
      : Narrow(Narrow), Alone(Alone) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!Narrow)
      return Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
    if (Alone)
      return Ctx.setTraversalScope({});
    Ctx.setTraversalScope(syscall::userDeclarations(Ctx));
  }

private:
  bool Narrow, Alone;
};

/// Whether the matcher need visit nothing of a unit but the unit itself:
/// every check \p Factory makes for the current file is this module's
/// (another module's, or the static analyser, walks the unit itself).
bool checksAlone(ClangTidyASTConsumerFactory &Factory) {
  return llvm::all_of(Factory.getCheckNames(), [](const std::string &Name) {
    return syscall::startsWith(Name, "syscall-");
  });
}

/// The SHA-1 of an input's text. The system headers that every unit reads
/// were hashed again for each unit, most of what storing a cold run's
/// entries cost; a text seen before under the same path, with the same
/// size and 128-bit xxh3 (a fraction of SHA-1's time), reuses its SHA-1,
/// and a file edited during the run is hashed anew.
std::string inputHash(llvm::StringRef Path, llvm::StringRef Text) {
  struct Known {
    size_t Size;
    llvm::XXH128_hash_t Quick;
    std::string Sha;
  };
  static std::mutex Lock;
  static llvm::StringMap<Known> Seen;
  llvm::XXH128_hash_t Quick =
      llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Text));
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Seen.find(Path);
    if (It != Seen.end() && It->second.Size == Text.size() &&
        It->second.Quick == Quick)
      return It->second.Sha;
  }
  std::string Sha = contentHash(Text);
  std::lock_guard<std::mutex> Guard(Lock);
  Seen[Path] = {Text.size(), Quick, Sha};
  return Sha;
}

/// Every file \p SM read, with the hash of the text the compiler saw.
void recordInputs(const SourceManager &SM,
                  std::vector<std::pair<std::string, std::string>> &Inputs) {
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    const SrcMgr::ContentCache &Content = *It->second;
    std::optional<llvm::MemoryBufferRef> Text = Content.getBufferIfLoaded();
    if (!Text || !Content.OrigEntry)
      continue;
    // Absolute, but with its ".." kept: the driver finds libstdc++ as
    // "/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12", which
    // names /usr/include only through the /lib symlink.
    SmallString<256> Path(Content.OrigEntry->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/false);
    Inputs.emplace_back(Path.str().str(), inputHash(Path, Text->getBuffer()));
  }
  llvm::sort(Inputs);
}

/// The names the checks' options give (`xlseek` of SeekFunctions): the
/// user said what they are, the tool does not guess them.
llvm::StringSet<> namedInOptions(const ClangTidyOptions &Options) {
  llvm::StringSet<> Names;
  for (const auto &[Key, Value] : Options.CheckOptions) {
    llvm::SmallVector<StringRef, 8> Parts;
    StringRef(Value.Value).split(Parts, ';', -1, /*KeepEmpty=*/false);
    for (StringRef Part : Parts)
      Names.insert(Part.trim().ltrim(':'));
  }
  return Names;
}

/// One unit's analysis; converts its findings while its SourceManager, and
/// with it the text the compiler read, is still there.
class TidyAction : public ASTFrontendAction {
public:
  TidyAction(ClangTidyContext &Context, ClangTidyASTConsumerFactory &Factory,
             ClangTidyDiagnosticConsumer &Diagnostics, SourceTexts &Texts,
             TranslationUnitResult &Result, const RunSettings &Settings)
      : Context(Context), Factory(Factory), Diagnostics(Diagnostics),
        Texts(Texts), Result(Result), Settings(Settings) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    Start = Clock::now();
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<syscall::UnitDeclarationRecorder>());
    Consumers.push_back(std::make_unique<TimeStamp>(ParseEnd));
    Consumers.push_back(std::make_unique<UserCodeScope>(
        /*Narrow=*/true, checksAlone(Factory)));
    Consumers.push_back(Factory.createASTConsumer(CI, File));
    Consumers.push_back(std::make_unique<ElsewhereRerun>(
        [this, &CI, Name = File.str()] {
          return Factory.createASTConsumer(CI, Name);
        },
        Diagnostics, CI.getPreprocessor(), Taken,
        namedInOptions(Context.getOptionsForFile(File)), Settings.GuessesSettle,
        Result));
    Consumers.push_back(std::make_unique<UserCodeScope>(/*Narrow=*/false));
    Consumers.push_back(std::make_unique<TimeStamp>(ChecksEnd));
    Made = ParseEnd = ChecksEnd = Clock::now();
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    Result.MakingSeconds += secondsBetween(Start, Made);
    Result.ParseSeconds += secondsBetween(Made, ParseEnd);
    Result.CheckSeconds += secondsBetween(ParseEnd, ChecksEnd);
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    FindingConverter Converter(&SM, Texts);
    appendFindings(Taken, Diagnostics.take());
    // The functions findings lie in, for a unit that has some (most have
    // none).
    if (!Taken.empty() && getCompilerInstance().hasASTContext())
      Functions.collect(getCompilerInstance().getASTContext());
    if (Settings.KeepErrors)
      Result.Errors.reserve(Result.Errors.size() + Taken.size());
    Result.Findings.reserve(Result.Findings.size() + Taken.size());
    for (ClangTidyError &E : Taken) {
      Finding F = Converter.convert(E);
      F.Function = Functions.at(F.Begin.File, F.Begin.Offset);
      if (Settings.KeepErrors && F.Requires.empty())
        Result.Errors.push_back(std::move(E));
      else // its strings go now, not with the last: one copy at the peak
        (void)ClangTidyError(std::move(E));
      Result.Findings.push_back(std::move(F));
    }
    if (Settings.Cache)
      recordInputs(SM, Result.Inputs);
  }

private:
  ClangTidyContext &Context;
  ClangTidyASTConsumerFactory &Factory;
  ClangTidyDiagnosticConsumer &Diagnostics;
  SourceTexts &Texts;
  TranslationUnitResult &Result;
  const RunSettings &Settings;
  EnclosingFunctions Functions;
  /// The findings the checks' second run took, with the first's.
  std::vector<ClangTidyError> Taken;
  Clock::time_point Start, Made, ParseEnd, ChecksEnd;
};

class TidyActionFactory : public tooling::FrontendActionFactory {
public:
  TidyActionFactory(ClangTidyContext &Context,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                    ClangTidyDiagnosticConsumer &Diagnostics,
                    SourceTexts &Texts, TranslationUnitResult &Result,
                    const RunSettings &Settings)
      : Context(Context), Factory(Context, FS), FS(std::move(FS)),
        Diagnostics(Diagnostics), Texts(Texts), Result(Result),
        Settings(Settings) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TidyAction>(Context, Factory, Diagnostics, Texts,
                                        Result, Settings);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Consumer) override {
    // __clang_analyzer__ is defined for clang-tidy; code tests it.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." line: the findings are the output.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    std::shared_ptr<const PrecompiledPreamble> Preamble;
    if (Settings.Preambles)
      Preamble = Settings.Preambles->attach(*Invocation, *FS);
    return FrontendActionFactory::runInvocation(Invocation, Files, PCH,
                                                Consumer);
  }

private:
  ClangTidyContext &Context;
  ClangTidyASTConsumerFactory Factory;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS;
  ClangTidyDiagnosticConsumer &Diagnostics;
  SourceTexts &Texts;
  TranslationUnitResult &Result;
  const RunSettings &Settings;
};

} // namespace

void appendFindings(std::vector<ClangTidyError> &To,
                    std::vector<ClangTidyError> &&From) {
  if (To.empty()) {
    To = std::move(From);
    return;
  }
  To.reserve(To.size() + From.size());
  for (ClangTidyError &E : From)
    To.push_back(std::move(E));
}

TranslationUnitResult analyseUnit(const std::string &File,
                                  const RunSettings &Settings,
                                  SourceTexts &Texts) {
  TranslationUnitResult Result;
  Result.File = File;
  std::string Error;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS =
      runFileSystem(Settings, Error);
  ClangTidyContext Context(Settings.Config->provider(FS));
  Context.setEnableProfiling(Settings.EnableCheckProfile);
  Context.setProfileStoragePrefix(Settings.StoreCheckProfile);
  // The consumer takes its header filters from the context's current file
  // when it is made: make that the unit's own file, so HeaderFilterRegex
  // comes from its .clang-tidy and not from the working directory's.
  Context.setCurrentFile(File);
  ClangTidyDiagnosticConsumer Diagnostics(Context, nullptr,
                                          /*RemoveIncompatibleErrors=*/true,
                                          Settings.FixNotes);
  syscall::compat::OwnedDiagnostics Engine(&Diagnostics);
  syscall::compat::setDiagnosticsEngine(Context, Engine.engine());

  tooling::ClangTool Tool(*Settings.Compilations, {File},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setDiagnosticConsumer(&Diagnostics);
  Tool.setPrintErrorMessage(false); // the errors themselves are findings
  Tool.appendArgumentsAdjuster(
      [&Context](const tooling::CommandLineArguments &Args,
                 StringRef Filename) {
        ClangTidyOptions Options = Context.getOptionsForFile(Filename);
        tooling::CommandLineArguments Adjusted = Args;
        if (Options.ExtraArgsBefore) {
          auto At = Adjusted.begin();
          if (At != Adjusted.end() &&
              !clang::tidy::syscall::startsWith(StringRef(*At), "-"))
            ++At; // after the compiler's name
          Adjusted.insert(At, Options.ExtraArgsBefore->begin(),
                          Options.ExtraArgsBefore->end());
        }
        if (Options.ExtraArgs)
          Adjusted.insert(Adjusted.end(), Options.ExtraArgs->begin(),
                          Options.ExtraArgs->end());
        return Adjusted;
      });
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  TidyActionFactory Factory(Context, FS, Diagnostics, Texts, Result, Settings);
  clang::tidy::syscall::CrossUnitFacts Facts;
  int Status;
  {
    clang::tidy::syscall::CrossUnitFacts::Scope Gathering(Facts);
    Status = Tool.run(&Factory);
  }
  Result.Facts = Facts.exported();
  Result.HiddenInHeaders = Context.getStats().ErrorsIgnoredNonUserCode;

  // Messages without a unit: the driver's (unknown argument, -std=bogus,
  // no such file) arrive before any source file is entered.
  FindingConverter Converter(nullptr, Texts);
  for (ClangTidyError &E : Diagnostics.take()) {
    Result.Findings.push_back(Converter.convert(E));
    if (Settings.KeepErrors)
      Result.Errors.push_back(std::move(E));
  }
  bool Reported = llvm::any_of(Result.Findings, [](const Finding &F) {
    return F.FromCompiler || F.Check == UnmatchedNolintCheck;
  });
  if (Status != 0 && !Reported) {
    Finding Failed;
    Failed.Check = "clang-diagnostic-error";
    Failed.IsError = Failed.FromCompiler = true;
    Failed.Message = "clang could not analyse '" + File + "'";
    Result.Findings.push_back(std::move(Failed));
  }
  sortUnique(Result.Findings);
  numberOccurrences(Result.Findings);
  return Result;
}

namespace {

TranslationUnitResult cachedOrRun(const std::string &File,
                                  const RunSettings &Settings,
                                  SourceTexts &Texts) {
  if (!Settings.Cache)
    return analyseUnit(File, Settings, Texts);
  std::string Key =
      Settings.Cache->key(File, *Settings.Config, *Settings.Compilations);
  TranslationUnitResult Result;
  Result.File = File;
  if (Settings.Cache->lookup(Key, Texts, Result))
    return Result;
  Result = analyseUnit(File, Settings, Texts);
  Settings.Cache->store(Key, Result);
  return Result;
}

} // namespace

bool prepareRunSettings(const ToolOptions &Options, RunSettings &Settings,
                        std::string &Error) {
  Settings.FixNotes = Options.FixNotes;
  Settings.KeepErrors = !Options.ExportFixes.empty();
  Settings.Jobs = Options.Jobs
                      ? Options.Jobs
                      : llvm::hardware_concurrency().compute_thread_count();
  if (!Options.VfsOverlay.empty()) {
    auto Text = llvm::MemoryBuffer::getFile(Options.VfsOverlay);
    if (!Text) {
      Error = "cannot read --vfsoverlay '" + Options.VfsOverlay +
              "': " + Text.getError().message();
      return false;
    }
    Settings.OverlayPath = Options.VfsOverlay;
    Settings.OverlayText = (*Text)->getBuffer().str();
    if (!runFileSystem(Settings, Error))
      return false;
  }
  if (Options.EnableCheckProfile) {
    Settings.EnableCheckProfile = true;
    syscall::SharedWalk::timeWalkers();
    llvm::SmallString<128> Dir(Options.StoreCheckProfile);
    if (Dir.empty())
      if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(
              "syscall-tidy-profile", Dir)) {
        Error = "cannot make a directory for the profile: " + EC.message();
        return false;
      }
    Settings.StoreCheckProfile = Dir.str().str();
  }
  return true;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
runFileSystem(const RunSettings &Settings, std::string &Error) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Physical =
      llvm::vfs::createPhysicalFileSystem();
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Physical);
  if (!Settings.Unsaved.empty()) {
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    for (const auto &[Path, Text] : Settings.Unsaved)
      Memory->addFile(Path, 0,
                      llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
    FS->pushOverlay(Memory);
  }
  if (Settings.OverlayPath.empty())
    return FS;
  // The overlay redirects into the physical file system, not into FS,
  // which would redirect back into the overlay.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Overlay =
      llvm::vfs::getVFSFromYAML(
          llvm::MemoryBuffer::getMemBufferCopy(Settings.OverlayText,
                                               Settings.OverlayPath),
          /*DiagHandler=*/[](const llvm::SMDiagnostic &, void *) {},
          Settings.OverlayPath, nullptr, Physical);
  if (!Overlay) {
    Error = "invalid --vfsoverlay '" + Settings.OverlayPath + "'";
    return nullptr;
  }
  FS->pushOverlay(Overlay);
  return FS;
}

void runTranslationUnits(
    const std::vector<std::string> &Files, const RunSettings &Settings,
    SourceTexts &Texts,
    llvm::function_ref<void(TranslationUnitResult &&)> Done) {
  std::atomic<size_t> Next{0};
  std::mutex Lock;
  auto Work = [&] {
    for (size_t I; (I = Next++) < Files.size();) {
      TranslationUnitResult Result = cachedOrRun(Files[I], Settings, Texts);
      std::lock_guard<std::mutex> Guard(Lock);
      Done(std::move(Result));
    }
  };
  unsigned Threads =
      std::max(1u, std::min<unsigned>(Settings.Jobs, Files.size()));
  // Every unit is parsed on a thread with a stack of its own, far larger
  // than the 8 MiB a process gets: clang's parser recurses per nesting
  // level (an else-if chain of 8,000 links overflowed the main thread's
  // stack, in clang itself too). Only address space is reserved.
  constexpr unsigned ParseStack = 1u << 30;
  std::vector<llvm::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back(std::optional<unsigned>(ParseStack), Work);
  for (llvm::thread &T : Pool)
    T.join();
}

} // namespace syscall_tidy
