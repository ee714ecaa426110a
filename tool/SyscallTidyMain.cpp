//===--- SyscallTidyMain.cpp - the standalone syscall-tidy driver --------===//
//
// Runs the `syscall` module the way clang-tidy users already run clang-tidy:
// files, -p <build dir>, --checks, --config/.clang-tidy, --fix,
// --export-fixes, --list-checks and `--` followed by compiler arguments.
// Exit status: 0 clean, 1 findings, 2 usage or tool error.
//
//===----------------------------------------------------------------------===//

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
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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
static cl::opt<bool> Quiet("quiet", cl::desc("Print no statistics"),
                           cl::cat(Category));

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
  std::unique_ptr<ClangTidyOptionsProvider> Provider;
  if (!ConfigText.empty()) {
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration(llvm::MemoryBufferRef(ConfigText, "--config"));
    if (!Parsed)
      return fail("invalid configuration: " + Parsed.getError().message());
    Provider = std::make_unique<ConfigOptionsProvider>(GlobalOptions, Defaults,
                                                       *Parsed, Overrides);
  } else {
    Provider = std::make_unique<FileOptionsProvider>(GlobalOptions, Defaults,
                                                     Overrides);
  }

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

  std::unique_ptr<llvm::raw_fd_ostream> FixesOut;
  if (!ExportFixes.empty()) {
    std::error_code EC;
    FixesOut = std::make_unique<llvm::raw_fd_ostream>(ExportFixes, EC,
                                                      llvm::sys::fs::OF_None);
    if (EC)
      return fail("cannot write --export-fixes '" + ExportFixes +
                  "': " + EC.message());
  }

  ClangTidyContext Context(std::move(Provider));
  auto BaseFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  std::vector<ClangTidyError> Errors =
      runClangTidy(Context, *Compilations, Files, BaseFS,
                   /*ApplyAnyFix=*/Fix || !ExportFixes.empty());

  bool CompilerErrors = llvm::any_of(Errors, [](const ClangTidyError &E) {
    return E.DiagLevel == ClangTidyError::Error;
  });
  unsigned WarningsAsErrors = 0;
  handleErrors(Errors, Context, Fix && !CompilerErrors ? FB_Fix : FB_NoFix,
               WarningsAsErrors, BaseFS);
  if (FixesOut) {
    exportReplacements(Files.front(), Errors, *FixesOut);
    FixesOut->close();
    if (FixesOut->has_error())
      return fail("cannot write --export-fixes '" + ExportFixes + "'");
  }
  if (CompilerErrors)
    return fail("the input does not compile; fix the errors above (or the "
                "compiler arguments) and run again");
  size_t Findings = Errors.size();
  if (!Quiet && Findings)
    llvm::errs() << Findings << " finding" << (Findings == 1 ? "" : "s")
                 << " in " << Files.size() << " file"
                 << (Files.size() == 1 ? "" : "s") << ".\n";
  return Findings ? 1 : 0;
}
