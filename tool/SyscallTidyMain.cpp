//===--- SyscallTidyMain.cpp - the standalone syscall-tidy driver --------===//
//
// Wires the parts of a run: the command line (ToolOptions), the checks and
// their options (Configuration), the compile commands (CompileCommands),
// the parallel analysis (TranslationUnitRunner), the output (Renderers),
// --diff (ChangedLines) and --fix (Fixes).
// Exit status: 0 clean, 1 findings (see --fail-on), 2 usage or tool error.
//
//===----------------------------------------------------------------------===//

#include "ChangedLines.h"
#include "CheckProfile.h"
#include "CompileCommands.h"
#include "Configuration.h"
#include "Fixes.h"
#include "Renderers.h"
#include "ToolOptions.h"
#include "TranslationUnitRunner.h"
#include "clang-tidy/ClangTidy.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include <cerrno>
#include <cstring>
#include <set>
#include <unistd.h>

using namespace syscall_tidy;

namespace {

int fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy") << Message << "\n";
  return 2;
}

void note(const ToolOptions &Options, const llvm::Twine &Message) {
  if (!Options.Quiet)
    llvm::WithColor::note(llvm::errs(), "syscall-tidy") << Message << "\n";
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

std::string sourceRoot(const ToolOptions &Options) {
  llvm::SmallString<256> Root;
  if (!Options.SourceRoot.empty())
    Root = Options.SourceRoot;
  else if (std::optional<std::string> Env =
               llvm::sys::Process::GetEnv("SRCROOT"))
    Root = *Env;
  else
    llvm::sys::fs::current_path(Root);
  return absolutePath(Root);
}

/// A file named on the command line that cannot be analysed, or "".
/// Nothing here reads it: a FIFO or a process substitution gives its text
/// once, to the compiler.
std::string unreadable(llvm::StringRef File) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status))
    return "cannot read '" + File.str() + "': " + EC.message();
  if (Status.type() == llvm::sys::fs::file_type::directory_file)
    return "cannot read '" + File.str() + "': it is a directory";
  if (std::error_code EC =
          llvm::sys::fs::access(File, llvm::sys::fs::AccessMode::Exist))
    return "cannot read '" + File.str() + "': " + EC.message();
  if (::access(File.str().c_str(), R_OK) != 0)
    return "cannot read '" + File.str() + "': " + std::strerror(errno);
  return "";
}

/// The key that makes a finding printed once across translation units.
std::string identity(const Finding &F) {
  std::string Key = F.Begin.File + ":" + std::to_string(F.Begin.Offset) + ":" +
                    F.Check + ":" + F.Message;
  for (const Edit &E : F.Fixes)
    Key += ":" + std::to_string(E.Begin.Offset) + "/" + E.Text;
  return Key;
}

/// Writes to stdout or --output; every failure ends as a message.
class Sink {
public:
  bool open(const ToolOptions &Options, std::string &Error) {
    if (Options.Output.empty())
      return true;
    std::error_code EC;
    File = std::make_unique<llvm::raw_fd_ostream>(Options.Output, EC,
                                                  llvm::sys::fs::OF_None);
    if (EC)
      Error = "cannot write --output '" + Options.Output + "': " + EC.message();
    return !EC;
  }
  llvm::raw_ostream &stream() {
    return File ? static_cast<llvm::raw_ostream &>(*File) : llvm::outs();
  }
  bool toStdout() const { return !File; }
  /// Flushes and closes; false (error cleared, so LLVM does not abort at
  /// exit) when anything was lost.
  bool finish() {
    llvm::raw_fd_ostream &S = File ? *File : llvm::outs();
    S.flush();
    if (File)
      File->close();
    bool Good = !S.has_error();
    S.clear_error();
    return Good;
  }

private:
  std::unique_ptr<llvm::raw_fd_ostream> File;
};

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  ToolOptions Options;
  int Exit = 0;
  if (!parseToolOptions(Argc, Argv, Options, Exit))
    return Exit;

  std::string Error;
  std::unique_ptr<Configuration> Config = Configuration::create(Options, Error);
  if (!Config)
    return fail(Error);
  std::string Probe =
      absolutePath(Options.SourcePaths.empty() ? "syscall-tidy-probe.c"
                                               : Options.SourcePaths.front());
  std::string Problem = Config->verify(Probe);
  if (Options.VerifyConfig) {
    for (const std::string &Check : Config->foreignChecks(Probe))
      note(Options, "'" + Check +
                        "' is not a syscall-tidy check; "
                        "clang-tidy runs it, this tool ignores it");
    if (!Problem.empty())
      return fail(Problem);
    llvm::outs() << "No config errors detected.\n";
    return 0;
  }
  if (!Problem.empty())
    return fail(Problem);
  std::vector<std::string> Enabled = Config->enabledChecks(Probe);
  if (Options.ListChecks) {
    llvm::outs() << "Enabled checks:";
    for (const std::string &Name : Enabled)
      llvm::outs() << "\n    " << Name;
    llvm::outs() << "\n";
    return Sink().finish() ? 0 : fail("cannot write to standard output");
  }
  if (Options.DumpConfig) {
    llvm::outs() << Config->dump(Probe);
    return Sink().finish() ? 0 : fail("cannot write to standard output");
  }
  if (Options.ExplainConfig) {
    for (const std::string &Line : Config->explain(Probe))
      llvm::outs() << Line << "\n";
    for (const std::string &Check : Config->foreignChecks(Probe))
      llvm::outs() << "'" << Check << "' is not a syscall-tidy check.\n";
    return Sink().finish() ? 0 : fail("cannot write to standard output");
  }
  if (Enabled.empty()) {
    if (Options.AllowNoChecks) {
      llvm::outs() << "No checks enabled.\n";
      return 0;
    }
    return fail("no checks enabled (no syscall-* check matches the "
                "configuration; --allow-no-checks accepts that)");
  }

  std::unique_ptr<AdjustedCompilations> Compilations =
      loadCompilations(Options, Error);
  if (!Compilations)
    return fail("no compilation database: " + Error +
                (Options.BuildPath.empty() && !Options.SourcePaths.empty()
                     ? "; pass -p <build-dir> with compile_commands.json, "
                       "or compiler arguments after '--'"
                     : ""));
  std::vector<std::string> Files = Options.SourcePaths;
  RunSettings Settings;
  if (Files.empty())
    Files = Compilations->getAllFiles();
  for (std::string &File : Files) {
    if (File == "-") {
      if (!Settings.StdinPath.empty() || Options.Diff == "-")
        return fail("standard input can be read only once");
      if (Options.Fix)
        return fail("--fix cannot edit standard input");
      auto Stdin = llvm::MemoryBuffer::getSTDIN();
      if (!Stdin)
        return fail("cannot read standard input: " +
                    Stdin.getError().message());
      Settings.StdinPath = File = absolutePath(Options.AssumeFilename);
      Settings.StdinText = (*Stdin)->getBuffer().str();
    } else if (!Options.SourcePaths.empty()) {
      if (std::string Why = unreadable(File); !Why.empty())
        return fail(Why);
    }
  }
  size_t Named = Files.size();
  llvm::erase_if(Files, [](const std::string &F) { return !isCOrCxxFile(F); });
  if (Files.size() < Named)
    note(Options, "skipped " + std::to_string(Named - Files.size()) +
                      " file(s) that are not C or C++");
  if (Files.empty())
    return fail("no C or C++ input files");
  for (const std::string &File : Files) {
    if (std::string Why = Compilations->problem(File); !Why.empty())
      return fail("compile_commands.json: " + Why);
    if (std::string Why = Config->verify(absolutePath(File)); !Why.empty())
      return fail(Why);
    Compilations->getCompileCommands(File); // collects the dropped flags
  }
  for (const std::string &Line : Compilations->droppedFlags())
    note(Options, Line);

  Renderer Render = rendererNamed(Options.Format);
  if (!Render)
    return fail("unknown --format '" + Options.Format +
                "' (text, json, sarif, github, gitlab)");
  if (Options.FailOn != "warning" && Options.FailOn != "none")
    return fail("unknown --fail-on '" + Options.FailOn + "' (warning, none)");
  ChangedLines Changed;
  if (!Options.Diff.empty() && !loadDiff(Options.Diff, Changed, Error))
    return fail("--diff " + Options.Diff + ": " + Error);
  Settings.Config = Config.get();
  Settings.Compilations = Compilations.get();
  Settings.FixNotes = Options.FixNotes;
  Settings.Jobs = Options.Jobs
                      ? Options.Jobs
                      : llvm::hardware_concurrency().compute_thread_count();
  if (!Options.VfsOverlay.empty()) {
    auto Text = llvm::MemoryBuffer::getFile(Options.VfsOverlay);
    if (!Text)
      return fail("cannot read --vfsoverlay '" + Options.VfsOverlay +
                  "': " + Text.getError().message());
    Settings.OverlayPath = Options.VfsOverlay;
    Settings.OverlayText = (*Text)->getBuffer().str();
    if (!runFileSystem(Settings, Error))
      return fail(Error);
  }
  llvm::SmallString<128> ProfileDir;
  if (Options.EnableCheckProfile) {
    Settings.EnableCheckProfile = true;
    if (!Options.StoreCheckProfile.empty())
      ProfileDir = Options.StoreCheckProfile;
    else if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(
                 "syscall-tidy-profile", ProfileDir))
      return fail("cannot make a directory for the profile: " + EC.message());
    Settings.StoreCheckProfile = ProfileDir.str().str();
  }
  Sink Out;
  if (!Out.open(Options, Error))
    return fail(Error);
  std::unique_ptr<llvm::raw_fd_ostream> FixesOut;
  if (!Options.ExportFixes.empty()) {
    std::error_code EC;
    FixesOut = std::make_unique<llvm::raw_fd_ostream>(Options.ExportFixes, EC,
                                                      llvm::sys::fs::OF_None);
    if (EC)
      return fail("cannot write --export-fixes '" + Options.ExportFixes +
                  "': " + EC.message());
  }

  // Text on stdout shows each unit's findings as soon as it is done; the
  // machine formats are one sorted document at the end.
  SourceTexts Texts;
  RenderOptions Render0;
  Render0.SourceRoot = sourceRoot(Options);
  Render0.ToolVersion = SYSCALL_TIDY_VERSION;
  Render0.Texts = &Texts;
  Render0.Color = Options.UseColor.value_or(
      Out.toStdout() && llvm::sys::Process::StandardOutHasColors());
  bool Streaming = Render == renderText;
  bool Progress =
      !Options.Quiet && llvm::sys::Process::StandardErrIsDisplayed();
  std::vector<Finding> Findings;
  std::vector<clang::tidy::ClangTidyError> Raw;
  std::set<std::string> Printed;
  double ParseSeconds = 0, CheckSeconds = 0;
  size_t Done = 0;
  runTranslationUnits(Files, Settings, Texts, [&](TranslationUnitResult &&R) {
    ParseSeconds += R.ParseSeconds;
    CheckSeconds += R.CheckSeconds;
    if (!Options.Diff.empty())
      llvm::erase_if(R.Findings, [&](const Finding &F) {
        return !F.FromCompiler && !touches(Changed, F);
      });
    if (Progress)
      llvm::errs() << "\r\x1b[K";
    if (Streaming) {
      std::vector<Finding> New;
      for (const Finding &F : R.Findings)
        if (Printed.insert(identity(F)).second)
          New.push_back(F);
      Render(New, Out.stream(), Render0);
      Out.stream().flush();
    }
    Findings.insert(Findings.end(), R.Findings.begin(), R.Findings.end());
    for (auto &E : R.Errors)
      Raw.push_back(std::move(E));
    if (Progress)
      llvm::errs() << "[" << ++Done << "/" << Files.size() << "] "
                   << Printed.size() << " findings";
  });
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  sortUnique(Findings);
  if (!Streaming)
    Render(Findings, Out.stream(), Render0);
  if (!Out.finish())
    return fail(Options.Output.empty()
                    ? "cannot write the findings to standard output"
                    : "cannot write --output '" + Options.Output + "'");
  if (FixesOut) {
    exportFixes(Files.front(), Raw, *FixesOut);
    FixesOut->close();
    bool Lost = FixesOut->has_error();
    FixesOut->clear_error();
    if (Lost)
      return fail("cannot write --export-fixes '" + Options.ExportFixes + "'");
  }
  if (Options.EnableCheckProfile) {
    if (Options.StoreCheckProfile.empty()) {
      printCheckProfile(ProfileDir, Files.size(), ParseSeconds, CheckSeconds,
                        llvm::errs());
      llvm::sys::fs::remove_directories(ProfileDir);
    }
  }

  bool CompilerErrors =
      llvm::any_of(Findings, [](const Finding &F) { return F.FromCompiler; });
  if (CompilerErrors && !Options.FixErrors)
    return fail("the input does not compile; fix the errors above (or the "
                "compiler arguments) and run again");
  FixResult Fixed;
  if (Options.Fix) {
    auto StyleOf = [&](llvm::StringRef File) {
      return Config->provider()->getOptions(File).FormatStyle.value_or("none");
    };
    if (!applyFixes(Findings, StyleOf, Texts, Fixed, Error))
      return fail(Error);
  }
  size_t Remaining = Findings.size() - Fixed.Findings;
  bool Errors = llvm::any_of(
      Findings, [](const Finding &F) { return F.IsError && !F.FromCompiler; });
  if (!Options.Quiet) {
    std::set<std::string> InFiles;
    for (const Finding &F : Findings)
      InFiles.insert(F.Begin.File);
    llvm::errs() << Findings.size() << " finding"
                 << (Findings.size() == 1 ? "" : "s") << " in "
                 << InFiles.size() << " file"
                 << (InFiles.size() == 1 ? "" : "s") << " (" << Files.size()
                 << " translation unit" << (Files.size() == 1 ? "" : "s")
                 << " analysed)";
    if (Options.Fix)
      llvm::errs() << "; fixed " << Fixed.Findings << " (" << Fixed.Edits
                   << " edit" << (Fixed.Edits == 1 ? "" : "s") << "), "
                   << Remaining << " left";
    llvm::errs() << "\n";
  }
  if (CompilerErrors) // only with --fix-errors
    return fail("the input does not compile; " + std::to_string(Fixed.Edits) +
                " edits were applied anyway (--fix-errors)");
  if (Errors && (!Options.Fix || Remaining))
    return 1;
  return Remaining && Options.FailOn == "warning" ? 1 : 0;
}
