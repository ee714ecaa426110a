//===--- SyscallTidyMain.cpp - the standalone syscall-tidy driver --------===//
//
// Runs the `syscall` module the way clang-tidy users already run clang-tidy
// (files, -p <build dir>, --checks, --config/.clang-tidy, --fix,
// --export-fixes, --list-checks, `--` compiler arguments) and the way CI
// and hooks need it: every file of a database in parallel (-j), findings
// deduplicated and sorted, --diff, and text/json/sarif/github/gitlab output.
// Exit status: 0 clean, 1 findings (see --fail-on), 2 usage or tool error.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"
#include "Fixes.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR < 22 // merged into ClangTidyModule.h in LLVM 22
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace clang;
using namespace clang::tidy;
namespace cl = llvm::cl;

#ifndef SYSCALL_TIDY_RESOURCE_DIR
#error "SYSCALL_TIDY_RESOURCE_DIR must name Clang's resource directory"
#endif

static cl::OptionCategory Category("syscall-tidy options");

static cl::list<std::string>
    SourcePaths(cl::Positional, cl::desc("[<file> ...]"), cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory containing compile_commands.json"),
              cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run, added to the "
                    "ones from .clang-tidy (default: syscall-*)"),
           cl::cat(Category));
static cl::opt<std::string>
    Config("config",
           cl::desc("Configuration in YAML/JSON, e.g. "
                    "'{Checks: \"syscall-*\", CheckOptions: {...}}'; "
                    "replaces .clang-tidy files"),
           cl::cat(Category));
static cl::opt<std::string>
    ConfigFile("config-file",
               cl::desc("Read the configuration from this file instead of "
                        ".clang-tidy files"),
               cl::value_desc("path"), cl::cat(Category));
static cl::opt<bool> Fix("fix", cl::desc("Apply the suggested fixes"),
                         cl::cat(Category));
static cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("Write the fixes as YAML that "
                         "clang-apply-replacements accepts"),
                cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the enabled checks and exit"),
                                cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression of headers whose diagnostics are shown"),
    cl::cat(Category));
static cl::list<std::string> ExtraArgs("extra-arg",
                                       cl::desc("Compiler argument to append"),
                                       cl::cat(Category));
static cl::list<std::string>
    ExtraArgsBefore("extra-arg-before",
                    cl::desc("Compiler argument to prepend"),
                    cl::cat(Category));
static cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regular expression of headers whose diagnostics are not shown"),
    cl::cat(Category));
static cl::opt<bool> Quiet("quiet",
                           cl::desc("Print no progress line and no summary"),
                           cl::cat(Category));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Translation units analysed in parallel (default: "
                  "the number of cores)"),
         cl::init(0), cl::cat(Category));
static cl::opt<std::string>
    Format("format",
           cl::desc("Output format: text, json, sarif, github, gitlab"),
           cl::init("text"), cl::cat(Category));
static cl::opt<std::string> Output("output",
                                   cl::desc("Write the findings to this file"),
                                   cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    FailOn("fail-on", cl::desc("Exit with 1 on: warning (default) or none"),
           cl::init("warning"), cl::cat(Category));
static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Globs of checks whose findings are errors: reported as such, "
             "and exit 1 even with --fail-on=none"),
    cl::cat(Category));
static cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("Paths in sarif, github and gitlab output are "
                        "relative to this directory (default: $SRCROOT or "
                        "the current directory)"),
               cl::cat(Category));
static cl::opt<std::string>
    Diff("diff",
         cl::desc("Report only findings on lines changed since this git "
                  "revision, or in the unified diff on stdin ('-')"),
         cl::value_desc("rev"), cl::cat(Category));

static int fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy") << Message << "\n";
  return 2;
}

/// Clang's builtin headers (stddef.h, stdarg.h, ...): where the LLVM we were
/// built against keeps them, or beside an LLVM installed with this tool.
static std::string resourceDir(const char *Argv0) {
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

static std::unique_ptr<tooling::CompilationDatabase>
findDatabase(std::string &Error) {
  // -p names the directory that holds the database, as a build directory
  // does; searching its parents would silently pick another project's.
  std::string Detail;
  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    DB = tooling::CompilationDatabase::loadFromDirectory(BuildPath, Detail);
    Error = "no compile_commands.json in '" + BuildPath + "'";
  } else if (!SourcePaths.empty()) {
    DB = tooling::CompilationDatabase::autoDetectFromSource(SourcePaths[0],
                                                            Detail);
    Error = "no compile_commands.json in the directories above '" +
            SourcePaths[0] + "'";
  } else {
    Error = "no input files and no -p <build-dir>";
  }
  return DB;
}

/// The checks linked into this tool and their option keys, read from the
/// registered modules (stable across LLVM versions, unlike the helpers in
/// ClangTidy.h).
struct CheckCatalog {
  llvm::StringSet<> Names;
  llvm::StringSet<> Options;

  CheckCatalog() {
    ClangTidyCheckFactories Factories;
    for (const auto &Module : ClangTidyModuleRegistry::entries())
      Module.instantiate()->addCheckFactories(Factories);
    ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
        ClangTidyGlobalOptions(), ClangTidyOptions()));
    for (const auto &Factory : Factories) {
      Names.insert(Factory.getKey());
      ClangTidyOptions::OptionMap Stored;
      Factory.getValue()(Factory.getKey(), &Context)->storeOptions(Stored);
      for (const auto &Option : Stored)
        Options.insert(Option.getKey());
    }
  }

  /// The first positive glob without wildcards that names no check.
  std::string unknownCheck(llvm::StringRef Globs) const {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Globs.split(Parts, ',', -1, false);
    for (llvm::StringRef Glob : Parts) {
      Glob = Glob.trim();
      if (!Glob.empty() && !Glob.starts_with("-") && !Glob.contains('*') &&
          !Glob.starts_with("clang-diagnostic-") && !Names.contains(Glob))
        return Glob.str();
    }
    return "";
  }

  std::vector<std::string> enabled(llvm::StringRef Globs) const {
    CachedGlobList Filter(Globs);
    std::vector<std::string> Result;
    for (const auto &Name : Names)
      if (Filter.contains(Name.getKey()))
        Result.push_back(Name.getKey().str());
    llvm::sort(Result);
    return Result;
  }
};

using namespace syscall_tidy;
using Renderer = void (*)(const std::vector<Finding> &, llvm::raw_ostream &,
                          const RenderOptions &);

static Renderer renderer(llvm::StringRef Name) {
  return llvm::StringSwitch<Renderer>(Name)
      .Case("text", renderText)
      .Case("json", renderJson)
      .Case("sarif", renderSarif)
      .Case("github", renderGithub)
      .Case("gitlab", renderGitlab)
      .Default(nullptr);
}

static std::string sourceRoot() {
  llvm::SmallString<256> Root;
  if (!SourceRoot.empty())
    Root = SourceRoot;
  else if (std::optional<std::string> Env =
               llvm::sys::Process::GetEnv("SRCROOT"))
    Root = *Env;
  else
    llvm::sys::fs::current_path(Root);
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  return Root.str().str();
}

/// The errors of all translation units with each header finding once.
static std::vector<ClangTidyError>
uniqueErrors(const std::vector<ClangTidyError> &Errors) {
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  std::vector<ClangTidyError> Unique;
  for (const ClangTidyError &E : Errors)
    if (Seen.insert({E.DiagnosticName, E.Message.FilePath, E.Message.FileOffset,
                     E.Message.Message})
            .second)
      Unique.push_back(E);
  return Unique;
}

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  std::string DBError;
  // `-- <compiler args>` takes precedence over any database, as in clang-tidy.
  std::unique_ptr<tooling::CompilationDatabase> Compilations =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv,
                                                             DBError);
  if (!DBError.empty())
    return fail("invalid compiler arguments after '--': " + DBError);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "syscall-tidy " << SYSCALL_TIDY_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string ParseErrors;
  llvm::raw_string_ostream ParseErrorStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "syscall-tidy: finds system calls C and C++ code makes for nothing\n",
          &ParseErrorStream)) {
    ParseErrorStream.flush();
    llvm::errs() << ParseErrors; // already names the tool and the argument
    return 2;
  }

  ClangTidyGlobalOptions GlobalOptions;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,syscall-*";
  ClangTidyOptions Overrides;
  if (Checks.getNumOccurrences())
    Overrides.Checks = Checks;
  if (HeaderFilter.getNumOccurrences())
    Overrides.HeaderFilterRegex = HeaderFilter;
  if (ExcludeHeaderFilter.getNumOccurrences())
    Overrides.ExcludeHeaderFilterRegex = ExcludeHeaderFilter;
  Overrides.ExtraArgsBefore =
      std::vector<std::string>(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  Overrides.ExtraArgsBefore->push_back("-resource-dir=" + resourceDir(Argv[0]));
  Overrides.ExtraArgs =
      std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end());

  std::string ConfigText = Config;
  if (!ConfigFile.empty()) {
    auto Text = llvm::MemoryBuffer::getFile(ConfigFile);
    if (!Text)
      return fail("cannot read --config-file '" + ConfigFile +
                  "': " + Text.getError().message());
    ConfigText = (*Text)->getBuffer().str();
  }
  std::optional<ClangTidyOptions> ConfigOptions;
  if (!ConfigText.empty()) {
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration(llvm::MemoryBufferRef(ConfigText, "--config"));
    if (!Parsed)
      return fail("invalid configuration: " + Parsed.getError().message());
    ConfigOptions = *Parsed;
  }
  // One provider per translation unit run: each context owns its own.
  // .clang-tidy files are looked up through the file system of the run,
  // whose working directory is the compile command's.
  using FileSystemRef = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>;
  auto MakeProvider =
      [&](FileSystemRef FS =
              nullptr) -> std::unique_ptr<ClangTidyOptionsProvider> {
    if (ConfigOptions)
      return std::make_unique<ConfigOptionsProvider>(
          GlobalOptions, Defaults, *ConfigOptions, Overrides, FS);
    return std::make_unique<FileOptionsProvider>(GlobalOptions, Defaults,
                                                 Overrides, FS);
  };
  std::unique_ptr<ClangTidyOptionsProvider> Provider = MakeProvider();

  // Options for the first file (or the current directory) decide which
  // checks run; .clang-tidy files are read per file by the context.
  llvm::SmallString<256> Probe;
  if (!SourcePaths.empty())
    Probe = SourcePaths[0];
  else
    llvm::sys::fs::current_path(Probe);
  llvm::sys::fs::make_absolute(Probe);
  ClangTidyOptions Effective = Provider->getOptions(Probe);
  CheckCatalog Known;
  std::string Unknown = Known.unknownCheck(Effective.Checks.value_or(""));
  if (!Unknown.empty())
    return fail("unknown check '" + Unknown +
                "' (syscall-tidy --list-checks --checks='*' lists them)");
  for (const auto &Option : Effective.CheckOptions) {
    llvm::StringRef Key = Option.getKey();
    if (Key.starts_with("syscall-") && !Known.Options.contains(Key))
      return fail("unknown check option '" + Key + "'");
  }
  std::vector<std::string> Enabled =
      Known.enabled(Effective.Checks.value_or(""));
  if (ListChecks) {
    llvm::outs() << "Enabled checks:";
    for (const std::string &Name : Enabled)
      llvm::outs() << "\n    " << Name;
    llvm::outs() << "\n";
    return 0;
  }
  if (Enabled.empty())
    return fail("no checks enabled by '" + Effective.Checks.value_or("") + "'");

  if (!Compilations) {
    Compilations = findDatabase(DBError);
    if (!Compilations)
      return fail("no compilation database: " + DBError +
                  "; pass -p <build-dir> with compile_commands.json, or "
                  "compiler arguments after '--'");
  }
  std::vector<std::string> Files(SourcePaths.begin(), SourcePaths.end());
  if (Files.empty())
    Files = Compilations->getAllFiles();
  if (Files.empty())
    return fail("no input files");
  for (const std::string &File : Files)
    if (std::error_code EC =
            llvm::sys::fs::access(File, llvm::sys::fs::AccessMode::Exist))
      return fail("cannot read '" + File + "': " + EC.message());

  auto Render = renderer(Format);
  if (!Render)
    return fail("unknown --format '" + Format +
                "' (text, json, sarif, github, gitlab)");
  if (FailOn != "warning" && FailOn != "none")
    return fail("unknown --fail-on '" + FailOn + "' (warning, none)");
  ChangedLines Changed;
  std::string DiffError;
  if (!Diff.empty() && !loadDiff(Diff, Changed, DiffError))
    return fail("--diff " + Diff + ": " + DiffError);
  std::unique_ptr<llvm::raw_fd_ostream> FixesOut, Out;
  for (auto [Name, Stream] :
       {std::pair(&ExportFixes, &FixesOut), std::pair(&Output, &Out)}) {
    if (Name->empty())
      continue;
    std::error_code EC;
    *Stream = std::make_unique<llvm::raw_fd_ostream>(*Name, EC,
                                                     llvm::sys::fs::OF_None);
    if (EC)
      return fail("cannot write --" + Name->ArgStr + " '" + *Name +
                  "': " + EC.message());
  }

  // Every translation unit in parallel, each with a context of its own.
  FindingCollector Collector;
  std::vector<ClangTidyError> Raw;
  std::mutex Lock;
  std::atomic<size_t> Next{0};
  size_t Done = 0;
  bool Progress = !Quiet && llvm::sys::Process::StandardErrIsDisplayed();
  auto Work = [&] {
    for (size_t I; (I = Next++) < Files.size();) {
      // A physical file system of its own: its working directory (set per
      // compile command) is not the process's, which other threads share.
      auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
          llvm::vfs::createPhysicalFileSystem());
      ClangTidyContext Context(MakeProvider(BaseFS));
      std::vector<ClangTidyError> Errors =
          runClangTidy(Context, *Compilations, {Files[I]}, BaseFS,
                       /*ApplyAnyFix=*/true);
      std::lock_guard<std::mutex> Guard(Lock);
      for (const ClangTidyError &E : Errors) {
        Collector.add(E);
        Raw.push_back(E);
      }
      if (Progress)
        llvm::errs() << "\r[" << ++Done << "/" << Files.size() << "] "
                     << Raw.size() << " findings";
    }
  };
  unsigned Threads =
      Jobs ? Jobs : llvm::hardware_concurrency().compute_thread_count();
  Threads = std::max(1u, std::min<unsigned>(Threads, Files.size()));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Work);
  Work();
  for (std::thread &T : Pool)
    T.join();
  if (Progress)
    llvm::errs() << "\n";

  std::vector<Finding> Findings = Collector.take();
  bool CompilerErrors =
      llvm::any_of(Findings, [](const Finding &F) { return F.IsError; });
  if (!Diff.empty())
    llvm::erase_if(Findings, [&](const Finding &F) {
      return !F.IsError && !touches(Changed, F);
    });
  bool Errors = false;
  if (!WarningsAsErrors.empty()) {
    CachedGlobList AsErrors(WarningsAsErrors);
    for (Finding &F : Findings)
      if (!F.IsError && AsErrors.contains(F.Check))
        F.IsError = Errors = true;
  }
  RenderOptions Options;
  Options.SourceRoot = sourceRoot();
  Options.ToolVersion = SYSCALL_TIDY_VERSION;
  Render(Findings, Out ? *Out : llvm::outs(), Options);
  llvm::outs().flush(); // before any message on stderr
  if (Out && (Out->close(), Out->has_error()))
    return fail("cannot write --output '" + Output + "'");
  if (FixesOut) {
    exportReplacements(Files.front(), uniqueErrors(Raw), *FixesOut);
    FixesOut->close();
    if (FixesOut->has_error())
      return fail("cannot write --export-fixes '" + ExportFixes + "'");
  }
  if (CompilerErrors)
    return fail("the input does not compile; fix the errors above (or the "
                "compiler arguments) and run again");
  if (Fix) {
    unsigned Applied = 0;
    std::string FixError;
    if (!applyFixes(Findings, Applied, FixError))
      return fail(FixError);
    if (!Quiet)
      llvm::errs() << "syscall-tidy applied " << Applied << " edit"
                   << (Applied == 1 ? "" : "s") << ".\n";
  }
  if (!Quiet && !Findings.empty())
    llvm::errs() << Findings.size() << " finding"
                 << (Findings.size() == 1 ? "" : "s") << " in " << Files.size()
                 << " file" << (Files.size() == 1 ? "" : "s") << ".\n";
  return Errors || (!Findings.empty() && FailOn == "warning") ? 1 : 0;
}
