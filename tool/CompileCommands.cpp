//===--- CompileCommands.cpp - The compile commands of a run -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CompileCommands.h"
#include "BoundedInput.h"
#include "Findings.h"
#include "analysis/LlvmCompat.h"
#include "analysis/StringHelpers.h"
#include "clang/Driver/Types.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace clang;
namespace options = clang::tidy::syscall::compat::driver_options;

namespace syscall_tidy {

namespace {

/// @file arguments of a database's commands expanded, as clang's
/// expandResponseFiles does, but with each failure (a missing or
/// self-including file) said once, on a line of its own.
class ResponseFileExpansion : public tooling::CompilationDatabase {
public:
  explicit ResponseFileExpansion(
      std::unique_ptr<tooling::CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return expand(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
    return expand(Base->getAllCompileCommands());
  }

private:
  std::vector<tooling::CompileCommand>
  expand(std::vector<tooling::CompileCommand> Commands) const {
    for (tooling::CompileCommand &Command : Commands) {
      if (llvm::none_of(Command.CommandLine, [](const std::string &Arg) {
            return clang::tidy::syscall::startsWith(Arg, "@");
          }))
        continue;
      llvm::BumpPtrAllocator Memory;
      llvm::StringSaver Saver(Memory);
      llvm::SmallVector<const char *, 32> Argv;
      for (const std::string &Arg : Command.CommandLine)
        Argv.push_back(Saver.save(Arg).data());
      llvm::cl::ExpansionContext Expansion(Memory,
                                           llvm::cl::TokenizeGNUCommandLine);
      Expansion.setCurrentDir(Command.Directory);
      if (llvm::Error Failed = Expansion.expandResponseFiles(Argv)) {
        std::string Why = llvm::toString(std::move(Failed));
        std::lock_guard<std::mutex> Guard(Lock);
        if (Said.insert(Why).second)
          llvm::WithColor::warning(llvm::errs(), "syscall-tidy")
              << "the compile command of " << Command.Filename << ": " << Why
              << "\n";
        continue; // the @file stays, and the compiler says what it lacks
      }
      Command.CommandLine.assign(Argv.begin(), Argv.end());
    }
    return Commands;
  }

  std::unique_ptr<tooling::CompilationDatabase> Base;
  mutable std::mutex Lock;
  mutable std::set<std::string> Said;
};

bool isSourceName(llvm::StringRef Arg) {
  llvm::StringRef Ext = llvm::sys::path::extension(Arg);
  return !Ext.empty() && driver::types::lookupTypeForExtension(
                             Ext.drop_front()) != driver::types::TY_INVALID;
}

/// -Wp,-MD,path and -Wp,-MMD,path (kbuild, autotools) write a dependency
/// file; the other -Wp, values (-D_FORTIFY_SOURCE=2) still matter.
std::string withoutDependencyOutput(const llvm::opt::Arg &Wp) {
  std::string Kept;
  for (unsigned I = 0; I < Wp.getNumValues(); ++I) {
    llvm::StringRef V = Wp.getValue(I);
    if (V == "-MD" || V == "-MMD" || V == "-MF" || V == "-MT" || V == "-MQ") {
      ++I; // and its file
      continue;
    }
    if (clang::tidy::syscall::startsWith(V, "-M"))
      continue;
    Kept += (Kept.empty() ? "" : ",") + V.str();
  }
  return Kept.empty() ? "" : "-Wp," + Kept;
}

/// The arguments of a compile command that clang can take for a syntax
/// check of one file. \p Inputs: whether source file arguments stay (a
/// database entry names its file) or go (the file is added per run).
std::vector<std::string> adjust(const std::vector<std::string> &Command,
                                bool KeepInputs,
                                std::map<std::string, unsigned> &Dropped) {
  if (Command.empty())
    return Command;
  llvm::StringRef Mode;
  for (llvm::StringRef Arg : Command)
    if (clang::tidy::syscall::startsWith(Arg, "--driver-mode="))
      Mode = Arg.drop_front(strlen("--driver-mode="));
  bool IsCl = Mode == "cl" || clang::tidy::syscall::endsWithInsensitive(
                                  llvm::sys::path::stem(Command[0]), "cl");
  if (IsCl)
    return Command; // clang-cl's flags differ; leave them to clang.
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Command.size(); ++I)
    Argv.push_back(Command[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = clang::tidy::syscall::compat::parseDriverArgs(
      Argv, MissingIndex, MissingCount);
  // gcc's own warning options (-Wlogical-op, -Wjump-misses-init); first,
  // since a `--` may end the options.
  std::vector<std::string> Result{Command[0], "-Wno-unknown-warning-option"};
  std::vector<const llvm::opt::Arg *> List(Args.begin(), Args.end());
  for (size_t I = 0; I < List.size(); ++I) {
    const llvm::opt::Arg &A = *List[I];
    unsigned Begin = A.getIndex();
    unsigned End = I + 1 < List.size() ? List[I + 1]->getIndex() : Argv.size();
    const llvm::opt::Option &O = A.getOption();
    // gcc's return thunks (-mfunction-return=thunk, distributions' hardening
    // default) are code generation whose values clang rejects.
    llvm::StringRef Spelling = Argv[Begin];
    if (O.getID() == options::OPT_UNKNOWN ||
        (clang::tidy::syscall::startsWith(Spelling, "-mfunction-return=") &&
         Spelling != "-mfunction-return=keep" &&
         Spelling != "-mfunction-return=thunk-extern")) {
      ++Dropped[A.getAsString(Args)];
      continue;
    }
    if (O.matches(options::OPT_M_Group) || O.matches(options::OPT_o) ||
        O.matches(options::OPT_c))
      continue;
    // -Werror is for the compiler: a clang warning gcc does not give must
    // not stop the analysis.
    if (Spelling == "-Werror" ||
        clang::tidy::syscall::startsWith(Spelling, "-Werror=") ||
        Spelling == "-pedantic-errors")
      continue;
    if (O.matches(options::OPT_INPUT) && !KeepInputs &&
        isSourceName(A.getValue()))
      continue;
    if (O.matches(options::OPT_Wp_COMMA)) {
      std::string Kept = withoutDependencyOutput(A);
      if (!Kept.empty())
        Result.push_back(Kept);
      continue;
    }
    for (unsigned J = Begin; J < End; ++J)
      Result.push_back(Argv[J]);
  }
  // A flag missing its value (a bare trailing -I) stays for clang to
  // report.
  if (MissingCount)
    for (unsigned J = MissingIndex; J < Argv.size(); ++J)
      Result.push_back(Argv[J]);
  return Result;
}

/// The command after `--`: one compile job for whichever file is named,
/// as CMake's <LANG>_CLANG_TIDY passes it (`-- cc -o x.o -c x.c`).
class CommandLineCompilations : public tooling::CompilationDatabase {
public:
  explicit CommandLineCompilations(std::vector<std::string> Args) {
    // A leading word that is not a flag or a source is the compiler.
    if (Args.empty() || Args[0].empty() || Args[0][0] == '-' ||
        isSourceName(Args[0]))
      Args.insert(Args.begin(), "clang-tool");
    std::map<std::string, unsigned> Unused;
    Command = adjust(Args, /*KeepInputs=*/false, Unused);
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    Directory = Cwd.str().str();
  }
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    std::vector<std::string> Line = Command;
    Line.push_back(File.str());
    return {tooling::CompileCommand(Directory, File, Line, "")};
  }

private:
  std::vector<std::string> Command;
  std::string Directory;
};

} // namespace

bool isCOrCxxFile(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  if (Ext.empty())
    return true; // a header without extension, or stdin-like input
  driver::types::ID Type =
      driver::types::lookupTypeForExtension(Ext.drop_front());
  return Type == driver::types::TY_C || Type == driver::types::TY_CHeader ||
         Type == driver::types::TY_ObjC || driver::types::isCXX(Type);
}

std::vector<tooling::CompileCommand>
AdjustedCompilations::getCompileCommands(llvm::StringRef File) const {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Adjusted.find(File);
    if (It != Adjusted.end())
      return It->second;
  }
  std::vector<tooling::CompileCommand> Commands =
      Inner->getCompileCommands(File);
  std::map<std::string, unsigned> Flags;
  for (tooling::CompileCommand &C : Commands)
    C.CommandLine = adjust(C.CommandLine, /*KeepInputs=*/true, Flags);
  std::lock_guard<std::mutex> Guard(Lock);
  // Counted once per file, however often the file is asked for.
  if (Adjusted.try_emplace(File, Commands).second)
    for (const auto &[Flag, Count] : Flags)
      Dropped[Flag] += Count;
  return Commands;
}

std::vector<std::string> AdjustedCompilations::getAllFiles() const {
  return Inner->getAllFiles();
}

std::string AdjustedCompilations::problem(llvm::StringRef File) const {
  std::vector<tooling::CompileCommand> Commands =
      Inner->getCompileCommands(File);
  if (Commands.empty())
    return "no compile command for '" + File.str() +
           "', and no entry to infer one from";
  for (const tooling::CompileCommand &C : Commands) {
    if (C.CommandLine.empty())
      return "the compile command of '" + File.str() + "' is empty";
    if (!llvm::sys::fs::is_directory(C.Directory))
      return "the compile command of '" + File.str() + "' runs in '" +
             C.Directory + "', which is not a directory";
  }
  return "";
}

std::vector<std::string> AdjustedCompilations::droppedFlags() const {
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<std::string> Lines;
  for (const auto &[Flag, Count] : Dropped)
    Lines.push_back("dropped '" + Flag + "', which clang does not know (" +
                    std::to_string(Count) + " compile command" +
                    (Count == 1 ? "" : "s") + ")");
  return Lines;
}

/// clang's loader prints YAML parse errors over three lines and recurses
/// once per level of nesting; JSON's own parser, bounded, says what is
/// wrong in one line.
static bool checkDatabaseText(const std::string &Json, std::string &Error) {
  std::optional<std::string> Text = readBounded(Json, MaxInputBytes, Error);
  if (Text && parseBoundedJson(*Text, Error))
    return true;
  Error = "cannot read '" + Json + "': " + Error;
  return false;
}

/// The database in \p Json with what clang's loadFromDirectory adds:
/// @rsp files, commands for files it lacks (headers, new files), and the
/// target from the compiler's name; null with \p Error.
static std::unique_ptr<tooling::CompilationDatabase>
loadJsonDatabase(const std::string &Json, std::string &Error) {
  if (!checkDatabaseText(Json, Error))
    return nullptr;
  std::string Detail;
  std::unique_ptr<tooling::CompilationDatabase> DB =
      tooling::JSONCompilationDatabase::loadFromFile(
          Json, Detail, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    Error =
        "cannot read '" + Json + "': " + llvm::StringRef(Detail).trim().str();
    return nullptr;
  }
  return tooling::inferTargetAndDriverMode(tooling::inferMissingCompileCommands(
      std::make_unique<ResponseFileExpansion>(std::move(DB))));
}

std::unique_ptr<AdjustedCompilations>
loadCompilations(const ToolOptions &Options, std::string &Error) {
  std::unique_ptr<tooling::CompilationDatabase> DB;
  std::string Detail;
  if (Options.CommandLine) {
    DB = std::make_unique<CommandLineCompilations>(*Options.CommandLine);
  } else if (!Options.BuildPath.empty()) {
    // -p names the directory that holds the database, as a build directory
    // does; searching its parents would silently pick another project's.
    llvm::SmallString<256> Json(Options.BuildPath);
    llvm::sys::path::append(Json, "compile_commands.json");
    if (!llvm::sys::fs::exists(Json)) {
      Error = "no compile_commands.json in '" + Options.BuildPath + "'";
      return nullptr;
    }
    if (!(DB = loadJsonDatabase(Json.str().str(), Error)))
      return nullptr;
  } else if (!Options.SourcePaths.empty()) {
    // The database clang's search would pick, read as with -p.
    std::string Source = absolutePath(Options.SourcePaths[0]);
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(Source);
         !Dir.empty() && !DB; Dir = llvm::sys::path::parent_path(Dir)) {
      llvm::SmallString<256> Json(Dir);
      llvm::sys::path::append(Json, "compile_commands.json");
      if (llvm::sys::fs::exists(Json) &&
          !(DB = loadJsonDatabase(Json.str().str(), Error)))
        return nullptr;
    }
    if (!DB) // compile_flags.txt and the like
      DB = tooling::CompilationDatabase::autoDetectFromSource(
          Options.SourcePaths[0], Detail);
    if (!DB) {
      Error = "no compile_commands.json in the directories above '" +
              Options.SourcePaths[0] + "'";
      return nullptr;
    }
  } else {
    Error = "no input files and no -p <build-dir>";
    return nullptr;
  }
  return std::make_unique<AdjustedCompilations>(std::move(DB));
}

} // namespace syscall_tidy
