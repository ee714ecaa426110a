//===--- InputFiles.cpp - The translation units a run analyses ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "InputFiles.h"
#include "Findings.h"
#include "HeaderIncluders.h"
#include "Messages.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace syscall_tidy {

namespace {

/// Why \p File cannot be analysed, or "".
std::string unreadable(llvm::StringRef File) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status))
    return "cannot read '" + File.str() + "': " + EC.message();
  if (Status.type() == llvm::sys::fs::file_type::directory_file)
    return "cannot read '" + File.str() + "': it is a directory";
  if (::access(File.str().c_str(), R_OK) != 0)
    return "cannot read '" + File.str() + "': " + std::strerror(errno);
  return "";
}

/// FNV-1a: the same on every machine and build, unlike std::hash.
uint64_t stableHash(llvm::StringRef Text) {
  uint64_t Hash = 14695981039346656037ull;
  for (unsigned char C : Text)
    Hash = (Hash ^ C) * 1099511628211ull;
  return Hash;
}

/// Keeps the files of shard "K/N"; false with \p Error on a bad spelling.
bool keepShard(llvm::StringRef Spec, std::vector<std::string> &Files,
               std::string &Error) {
  auto [KText, NText] = Spec.split('/');
  unsigned K = 0, N = 0;
  if (KText.getAsInteger(10, K) || NText.getAsInteger(10, N) || N == 0 ||
      K == 0 || K > N) {
    Error = "invalid --shard '" + Spec.str() + "' (K/N with 1 <= K <= N)";
    return false;
  }
  llvm::SmallString<256> Here;
  llvm::sys::fs::current_path(Here);
  llvm::erase_if(Files, [&](const std::string &File) {
    std::string Path = absolutePath(File);
    llvm::StringRef Key = Path;
    if (clang::tidy::syscall::startsWith(Key, Here) &&
        Key.size() > Here.size() &&
        llvm::sys::path::is_separator(Key[Here.size()]))
      Key = Key.drop_front(Here.size() + 1);
    return stableHash(Key) % N != K - 1;
  });
  return true;
}

/// Whether \p Command, inferred for \p File, comes from a file in the same
/// directory: a new file of a directory the build compiles, not a file of
/// another platform's directory.
bool inferredBeside(llvm::StringRef File,
                    const clang::tooling::CompileCommand &Command) {
  llvm::StringRef From = Command.Heuristic;
  if (!From.consume_front("inferred from "))
    return true; // another kind of guess: keep what it did
  std::string Source = absolutePath(From, Command.Directory);
  return llvm::sys::path::parent_path(Source) ==
         llvm::sys::path::parent_path(absolutePath(File));
}

} // namespace

bool collectInputFiles(const ToolOptions &Options, const Configuration &Config,
                       const AdjustedCompilations &Compilations,
                       RunSettings &Settings, std::vector<std::string> &Files,
                       std::vector<std::string> &Missing,
                       std::vector<std::string> &Notes, std::string &Error) {
  Files = Options.SourcePaths;
  if (Options.ChangedOnly && Files.empty()) {
    Notes.push_back("--diff " + Options.Diff + ": no C or C++ file changed");
    return true;
  }
  if (Files.empty()) {
    // The database's own order is a hash table's: sort, so that a run's
    // output order does not depend on where the project is checked out.
    Files = Compilations.getAllFiles();
    llvm::sort(Files);
  }
  for (std::string &File : Files) {
    if (File != "-") {
      if (!Options.SourcePaths.empty() && !(Error = unreadable(File)).empty())
        return false;
      continue;
    }
    if (!Settings.Unsaved.empty() || Options.Diff == "-") {
      Error = "standard input can be read only once";
      return false;
    }
    if (Options.Fix) {
      Error = "--fix cannot edit standard input";
      return false;
    }
    auto Stdin = llvm::MemoryBuffer::getSTDIN();
    if (!Stdin) {
      Error = "cannot read standard input: " + Stdin.getError().message();
      return false;
    }
    File = absolutePath(Options.AssumeFilename);
    Settings.Unsaved.push_back({File, (*Stdin)->getBuffer().str()});
  }
  size_t Named = Files.size();
  llvm::erase_if(Files, [](const std::string &F) { return !isCOrCxxFile(F); });
  if (Files.size() < Named)
    Notes.push_back("skipped " + std::to_string(Named - Files.size()) +
                    " file(s) that are not C or C++");
  if (Files.empty()) {
    Error = "no C or C++ input files";
    return false;
  }
  if (Options.SourcePaths.empty())
    Settings.DatabaseUnits = Files.size();
  if (!Options.Shard.empty() && !keepShard(Options.Shard, Files, Error))
    return false;
  std::vector<std::string> Kept;
  for (const std::string &File : Files) {
    if (std::string Why = Compilations.problem(File); !Why.empty()) {
      Error = "compile_commands.json: " + Why;
      return false;
    }
    if (!(Error = Config.verify(absolutePath(File))).empty())
      return false;
    // Also collects the dropped flags.
    std::vector<clang::tooling::CompileCommand> Commands =
        Compilations.getCompileCommands(absolutePath(File));
    bool Guessed = !Commands.empty() && !Commands.front().Heuristic.empty();
    llvm::SmallString<256> Database(Options.BuildPath);
    llvm::sys::path::append(Database, "compile_commands.json");
    if (Guessed && !Options.BuildPath.empty() && !isHeaderName(File) &&
        Options.MissingFiles != "guess" &&
        !inferredBeside(File, Commands.front())) {
      if (Options.MissingFiles == "error") {
        Error = File + " is not in " + std::string(Database) +
                " (--missing-files=error)";
        return false;
      }
      Notes.push_back(File + " is not in " + std::string(Database) +
                      " and no file beside it is: skipped, as a file this "
                      "build does not compile (--missing-files=guess "
                      "analyses it with guessed flags)");
      Missing.push_back(File);
      continue;
    }
    if (Guessed && !Options.BuildPath.empty() &&
        !(Options.ThroughIncluders && isHeaderName(File)))
      Notes.push_back(File + " is not in " + std::string(Database) +
                      "; analysed with the flags " +
                      Commands.front().Heuristic);
    Kept.push_back(File);
  }
  Files = std::move(Kept);
  for (const std::string &Line : Compilations.droppedFlags())
    Notes.push_back(Line);
  return true;
}

} // namespace syscall_tidy
