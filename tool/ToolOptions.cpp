//===--- ToolOptions.cpp - What the command line asks for -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The flags clang-tidy users already type, in clang-tidy's spelling, and the
// ones CI needs on top; `--help` shows them in these two groups.
//
//===----------------------------------------------------------------------===//

#include "ToolOptions.h"
#include "Messages.h"
#include "Renderers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdlib>

namespace syscall_tidy {

namespace cl = llvm::cl;

namespace {

cl::OptionCategory ClangTidyFlags("Options shared with clang-tidy");
cl::OptionCategory OwnFlags("syscall-tidy options for CI and hooks");

// clang-tidy's own flags.
cl::list<std::string>
    SourcePaths(cl::Positional, cl::desc("[<file> ...] ('-': standard input)"),
                cl::cat(ClangTidyFlags));
cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory containing compile_commands.json "
                       "(or that file itself)"),
              cl::value_desc("build-dir"), cl::cat(ClangTidyFlags));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks, added to the ones from "
                    ".clang-tidy; only syscall-* checks run here"),
           cl::cat(ClangTidyFlags));
cl::opt<std::string>
    Config("config",
           cl::desc("Configuration in YAML/JSON, e.g. "
                    "'{Checks: \"syscall-*\", CheckOptions: {...}}'; "
                    "replaces .clang-tidy files"),
           cl::cat(ClangTidyFlags));
cl::opt<std::string>
    ConfigFile("config-file",
               cl::desc("Read the configuration from this file instead of "
                        ".clang-tidy files"),
               cl::value_desc("path"), cl::cat(ClangTidyFlags));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Globs of checks whose findings are errors (added to "
             "WarningsAsErrors from .clang-tidy); they exit 1 even with "
             "--fail-on=none"),
    cl::cat(ClangTidyFlags));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression of headers whose diagnostics are shown"),
    cl::cat(ClangTidyFlags));
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regular expression of headers whose diagnostics are not shown"),
    cl::cat(ClangTidyFlags));
cl::opt<bool> SystemHeaders("system-headers",
                            cl::desc("Show diagnostics in system headers too"),
                            cl::cat(ClangTidyFlags));
cl::opt<std::string> LineFilter(
    "line-filter",
    cl::desc("Report only these lines, as JSON: "
             "'[{\"name\":\"file.c\",\"lines\":[[1,3],[5,7]]}, ...]'"),
    cl::cat(ClangTidyFlags));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Compiler argument to append"),
                                cl::cat(ClangTidyFlags));
cl::list<std::string> ExtraArgsBefore("extra-arg-before",
                                      cl::desc("Compiler argument to prepend"),
                                      cl::cat(ClangTidyFlags));
cl::opt<std::string>
    VfsOverlay("vfsoverlay",
               cl::desc("Overlay the file system with this virtual file "
                        "system file (clang's -ivfsoverlay format)"),
               cl::value_desc("filename"), cl::cat(ClangTidyFlags));
cl::opt<bool> Fix("fix", cl::desc("Apply the suggested fixes"),
                  cl::cat(ClangTidyFlags));
cl::opt<bool> FixErrors("fix-errors",
                        cl::desc("Apply the fixes even when the code has "
                                 "compiler errors"),
                        cl::cat(ClangTidyFlags));
cl::opt<bool> FixNotes("fix-notes",
                       cl::desc("Apply a fix that a note offers when the "
                                "finding has none of its own"),
                       cl::cat(ClangTidyFlags));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the fixes as YAML that "
                                          "clang-apply-replacements accepts"),
                                 cl::value_desc("file"),
                                 cl::cat(ClangTidyFlags));
cl::opt<std::string>
    FormatStyle("format-style",
                cl::desc("Reformat the code around fixes with this "
                         "clang-format style (file, llvm, google, none, "
                         "{...})"),
                cl::cat(ClangTidyFlags));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks and exit"),
                         cl::cat(ClangTidyFlags));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the configuration in effect for the "
                                  "first file (or this directory) and exit"),
                         cl::cat(ClangTidyFlags));
cl::opt<bool>
    ExplainConfig("explain-config",
                  cl::desc("Say where each enabled check was enabled, and "
                           "which check names are not ours, and exit"),
                  cl::cat(ClangTidyFlags));
cl::opt<bool> VerifyConfig("verify-config",
                           cl::desc("Check the configuration and exit"),
                           cl::cat(ClangTidyFlags));
cl::opt<bool> AllowNoChecks("allow-no-checks",
                            cl::desc("Exit 0 when no syscall-* check is "
                                     "enabled instead of failing"),
                            cl::cat(ClangTidyFlags));
cl::opt<bool> UseColor("use-color",
                       cl::desc("Colour the text output (default: when "
                                "standard output is a terminal)"),
                       cl::cat(ClangTidyFlags));
cl::opt<bool> EnableCheckProfile(
    "enable-check-profile",
    cl::desc("Print the time spent parsing and in each check"),
    cl::cat(ClangTidyFlags));
cl::opt<std::string> StoreCheckProfile(
    "store-check-profile",
    cl::desc("With --enable-check-profile, write each file's profile as "
             "JSON under this prefix instead of printing it"),
    cl::value_desc("prefix"), cl::cat(ClangTidyFlags));
cl::opt<bool> Quiet("quiet",
                    cl::desc("Print no progress, no notes about the compile "
                             "commands and no summary"),
                    cl::cat(ClangTidyFlags));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Translation units analysed in parallel "
                                "(-j N or -jN; default: the number of cores)"),
                       cl::Prefix, cl::init(0), cl::cat(ClangTidyFlags));

// Ours.
cl::opt<std::string> AssumeFilename(
    "assume-filename",
    cl::desc("The file name standard input ('-') is analysed as (its "
             "language, compile command and .clang-tidy; default stdin.c)"),
    cl::init("stdin.c"), cl::cat(OwnFlags));
cl::opt<std::string>
    Format("format",
           cl::desc("Output format: text, json, sarif, github, gitlab"),
           cl::init("text"), cl::cat(OwnFlags));
cl::list<std::string>
    Output("output",
           cl::desc("Write the findings to this file; FORMAT:FILE (repeatable) "
                    "also writes them in another format ('-': standard "
                    "output), from the same run"),
           cl::value_desc("[format:]file"), cl::cat(OwnFlags));
cl::opt<std::string>
    FailOn("fail-on",
           cl::desc("Exit with 1 on: warning (default) or none (default "
                    "for a compile command with -o after '--', as CMake "
                    "passes it)"),
           cl::init("warning"), cl::cat(OwnFlags));
cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("Paths in sarif, github and gitlab output are "
                        "relative to this directory (default: $SRCROOT or "
                        "the current directory)"),
               cl::cat(OwnFlags));
cl::opt<std::string>
    Diff("diff",
         cl::desc("Report only findings on lines changed since this git "
                  "revision, or in the unified diff on stdin ('-')"),
         cl::value_desc("rev"), cl::cat(OwnFlags));
cl::opt<std::string>
    Shard("shard",
          cl::desc("Analyse the K-th of N parts of the inputs (1 <= K <= N): "
                   "N runs with K = 1..N cover each file once, split by a "
                   "hash of its path relative to the current directory"),
          cl::value_desc("K/N"), cl::cat(OwnFlags));
cl::opt<std::string>
    BaselineFile("baseline",
                 cl::desc("Hide the findings of this earlier --format=json "
                          "output (matched by fingerprint, which survives "
                          "moved lines): report and fail on new ones only"),
                 cl::value_desc("file"), cl::cat(OwnFlags));
cl::opt<std::string> WriteBaseline(
    "write-baseline",
    cl::desc("Also write the findings as a baseline for --baseline"),
    cl::value_desc("file"), cl::cat(OwnFlags));
cl::opt<bool>
    Merge("merge",
          cl::desc("The inputs are --format=json reports (of shards): render "
                   "them as one report, as a single run would, in --format"),
          cl::cat(OwnFlags));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Reuse results from, and store them in, this directory "
             "(default: $SYSCALL_TIDY_CACHE_DIR; none when both are unset)"),
    cl::value_desc("dir"), cl::cat(OwnFlags));
cl::opt<std::string> CacheMaxSize(
    "cache-max-size",
    cl::desc("Evict the least recently used results beyond this size "
             "(bytes, or with K, M, G; default 1G)"),
    cl::value_desc("size"), cl::init("1G"), cl::cat(OwnFlags));
cl::opt<std::string> CacheUrl(
    "cache-url",
    cl::desc(
        "A shared cache: GET and PUT results under this http:// or "
        "https:// URL (a WebDAV directory; a bearer token from "
        "$SYSCALL_TIDY_CACHE_TOKEN); the run goes on without it when it is "
        "down (default: $SYSCALL_TIDY_CACHE_URL)"),
    cl::value_desc("url"), cl::cat(OwnFlags));
cl::opt<bool> CacheSigned(
    "cache-signed",
    cl::desc("The cache's entries are signed with the key in "
             "$SYSCALL_TIDY_CACHE_KEY (HMAC-SHA-256): with the key, sign "
             "what is stored and use only entries signed with it; without "
             "it, read but never write (a fork's pull request)"),
    cl::cat(OwnFlags));
cl::opt<std::string> MissingFiles(
    "missing-files",
    cl::desc("A named source file with no compile command, and none beside "
             "it to infer one from (a file of another platform): skip it "
             "with a note (default), guess its flags, or error (exit 2)"),
    cl::value_desc("skip|guess|error"), cl::init("skip"), cl::cat(OwnFlags));
cl::opt<bool> Lsp(
    "lsp",
    cl::desc("Serve an editor: a Language Server Protocol server on standard "
             "input and output that reports the findings of each open file "
             "as it is edited, with quick fixes (docs/integration.md)"),
    cl::cat(OwnFlags));
cl::opt<unsigned> LspDebounce(
    "lsp-debounce",
    cl::desc("With --lsp: milliseconds without an edit before a file is "
             "analysed again (default 250)"),
    cl::value_desc("ms"), cl::init(250), cl::cat(OwnFlags));
cl::opt<bool> ThroughIncluders(
    "through-includers",
    cl::desc("Analyse a header among the inputs through the database's "
             "translation units that include it, and report only findings "
             "in the files named (as a commit hook needs)"),
    cl::cat(OwnFlags));

template <typename T> std::optional<T> ifGiven(const cl::opt<T> &Flag) {
  if (Flag.getNumOccurrences())
    return Flag.getValue();
  return std::nullopt;
}

/// "512", "64K", "100M", "2G" in bytes; nullopt when it is none of these.
std::optional<uint64_t> parseSize(llvm::StringRef Text) {
  uint64_t Unit = 1;
  if (!Text.empty())
    switch (llvm::toUpper(Text.back())) {
    case 'K':
      Unit = 1ull << 10;
      break;
    case 'M':
      Unit = 1ull << 20;
      break;
    case 'G':
      Unit = 1ull << 30;
      break;
    }
  if (Unit != 1)
    Text = Text.drop_back();
  uint64_t Value;
  if (Text.getAsInteger(10, Value) || Value == 0 || Value > UINT64_MAX / Unit)
    return std::nullopt;
  return Value * Unit;
}

std::string fromEnvironment(const cl::opt<std::string> &Flag,
                            const char *Variable) {
  if (Flag.getNumOccurrences())
    return Flag.getValue();
  const char *Value = std::getenv(Variable);
  return Value ? Value : "";
}

/// LLVM's command-line errors as one line.
std::string oneLine(std::string Text) {
  while (!Text.empty() && Text.back() == '\n')
    Text.pop_back();
  std::string Line;
  for (char C : Text)
    Line += C == '\n' ? std::string("; ") : std::string(1, C);
  return Line;
}

} // namespace

bool parseToolOptions(int Argc, const char **Argv, ToolOptions &Options,
                      int &Exit) {
  Options.Argv0 = Argv[0];
  // The compile command after `--` is taken whole, as clang-tidy does; it
  // may itself contain flags that look like ours (-o, -p).
  const char **DoubleDash =
      std::find_if(Argv + 1, Argv + Argc,
                   [](const char *A) { return llvm::StringRef(A) == "--"; });
  if (DoubleDash != Argv + Argc)
    Options.CommandLine = std::vector<std::string>(DoubleDash + 1, Argv + Argc);
  int OwnArgc = DoubleDash - Argv;

  cl::HideUnrelatedOptions({&ClangTidyFlags, &OwnFlags});
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "syscall-tidy " << SYSCALL_TIDY_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string Errors;
  llvm::raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(
          OwnArgc, Argv,
          "syscall-tidy: finds system calls C and C++ code makes for "
          "nothing\n",
          &ErrorStream)) {
    ErrorStream.flush();
    llvm::errs() << oneLine(Errors) << "\n"; // names the tool already
    Exit = 2;
    return false;
  }

  Options.SourcePaths.assign(SourcePaths.begin(), SourcePaths.end());
  Options.AssumeFilename = AssumeFilename;
  Options.BuildPath = BuildPath;
  // clang-tidy also takes the database file itself (-p
  // build/compile_commands.json).
  if (llvm::sys::fs::is_regular_file(BuildPath)) {
    if (llvm::sys::path::filename(BuildPath) != "compile_commands.json") {
      Exit = fail("-p '" + BuildPath +
                  "' is a file, not a build directory or its "
                  "compile_commands.json");
      return false;
    }
    Options.BuildPath = llvm::sys::path::parent_path(BuildPath).str();
    if (Options.BuildPath.empty())
      Options.BuildPath = ".";
  }
  Options.Checks = ifGiven(Checks);
  Options.Config = Config;
  Options.ConfigFile = ConfigFile;
  Options.WarningsAsErrors = ifGiven(WarningsAsErrors);
  Options.HeaderFilter = ifGiven(HeaderFilter);
  Options.ExcludeHeaderFilter = ifGiven(ExcludeHeaderFilter);
  Options.SystemHeaders = ifGiven(SystemHeaders);
  Options.FormatStyle = ifGiven(FormatStyle);
  Options.LineFilter = LineFilter;
  Options.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  Options.ExtraArgsBefore.assign(ExtraArgsBefore.begin(),
                                 ExtraArgsBefore.end());
  Options.VfsOverlay = VfsOverlay;
  Options.DumpConfig = DumpConfig;
  Options.ExplainConfig = ExplainConfig;
  Options.VerifyConfig = VerifyConfig;
  Options.ListChecks = ListChecks;
  Options.AllowNoChecks = AllowNoChecks;
  Options.Fix = Fix || FixErrors;
  Options.FixErrors = FixErrors;
  Options.FixNotes = FixNotes;
  Options.ExportFixes = ExportFixes;
  Options.Quiet = Quiet;
  Options.UseColor = ifGiven(UseColor);
  Options.EnableCheckProfile = EnableCheckProfile;
  Options.StoreCheckProfile = StoreCheckProfile;
  Options.Format = Format;
  for (const std::string &Value : Output) {
    auto [Prefix, Path] = llvm::StringRef(Value).split(':');
    if (!Path.empty() && rendererNamed(Prefix)) {
      Options.ExtraOutputs.push_back({Prefix.str(), Path.str()});
      continue;
    }
    if (!Options.Output.empty()) {
      Exit = fail("two --output files for --format=" + std::string(Format) +
                  "; name the others' formats (--output=sarif:FILE)");
      return false;
    }
    Options.Output = Value;
  }
  if (Options.Output.empty() &&
      llvm::any_of(Options.ExtraOutputs,
                   [](const auto &Extra) { return Extra.second == "-"; })) {
    Exit = fail("--output=FORMAT:- and the --format report both go to "
                "standard output; give one of them a file");
    return false;
  }
  Options.FailOn = FailOn;
  // As a build step (CMake's <LANG>_CLANG_TIDY passes the compile command
  // with its -o), findings are warnings in the build log, as clang-tidy's
  // are; only --warnings-as-errors or --fail-on=warning fail the step.
  if (!FailOn.getNumOccurrences() && Options.CommandLine &&
      llvm::is_contained(*Options.CommandLine, "-o"))
    Options.FailOn = "none";
  Options.SourceRoot = SourceRoot;
  Options.Diff = Diff;
  Options.ThroughIncluders = ThroughIncluders;
  if (MissingFiles != "skip" && MissingFiles != "guess" &&
      MissingFiles != "error") {
    Exit = fail("unknown --missing-files '" + MissingFiles +
                "' (skip, guess, error)");
    return false;
  }
  Options.MissingFiles = MissingFiles;
  Options.Shard = Shard;
  Options.Baseline = BaselineFile;
  Options.WriteBaseline = WriteBaseline;
  Options.Merge = Merge;
  Options.CacheDir = fromEnvironment(CacheDir, "SYSCALL_TIDY_CACHE_DIR");
  Options.CacheUrl = fromEnvironment(CacheUrl, "SYSCALL_TIDY_CACHE_URL");
  const char *CacheKey = std::getenv("SYSCALL_TIDY_CACHE_KEY");
  Options.CacheSigned = CacheSigned || (CacheKey && *CacheKey);
  std::optional<uint64_t> MaxBytes = parseSize(CacheMaxSize);
  if (!MaxBytes) {
    Exit = fail("invalid --cache-max-size '" + CacheMaxSize +
                "' (bytes, or a number with K, M or G)");
    return false;
  }
  Options.CacheMaxBytes = *MaxBytes;
  Options.Jobs = Jobs;
  Options.Lsp = Lsp;
  Options.LspDebounceMs = LspDebounce;
  return true;
}

} // namespace syscall_tidy
