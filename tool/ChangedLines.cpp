//===--- ChangedLines.cpp - The lines a change touches (--diff) ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ChangedLines.h"
#include "analysis/StringHelpers.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace syscall_tidy {

namespace {

/// Runs git with \p Args and returns its standard output.
bool runGit(llvm::ArrayRef<llvm::StringRef> Args, std::string &Output,
            std::string &Error) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git) {
    Error = "git not found";
    return false;
  }
  llvm::SmallString<128> OutFile;
  llvm::sys::fs::createTemporaryFile("syscall-tidy-git", "txt", OutFile);
  std::vector<llvm::StringRef> Argv{*Git};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(OutFile), std::nullopt};
  std::string Message;
  int Status = llvm::sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0,
                                         0, &Message);
  auto Buffer = llvm::MemoryBuffer::getFile(OutFile);
  llvm::sys::fs::remove(OutFile);
  if (Status != 0 || !Buffer) {
    Error = "git " + Args.front().str() + " failed" +
            (Message.empty() ? "" : ": " + Message);
    return false;
  }
  Output = (*Buffer)->getBuffer().str();
  return true;
}

} // namespace

bool loadDiff(llvm::StringRef Rev, ChangedLines &Changed, std::string &Error) {
  std::string Diff, Root;
  if (Rev == "-") {
    auto Stdin = llvm::MemoryBuffer::getSTDIN();
    if (!Stdin) {
      Error = "cannot read the diff from standard input";
      return false;
    }
    Diff = (*Stdin)->getBuffer().str();
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    Root = Cwd.str().str();
  } else {
    // git would take "--output=F" as its own option and write F.
    if (clang::tidy::syscall::startsWith(Rev, "-")) {
      Error = "'" + Rev.str() + "' is not a git revision";
      return false;
    }
    if (!runGit({"rev-parse", "--show-toplevel"}, Root, Error) ||
        !runGit({"diff", "-U0", "--no-color", "--no-ext-diff", Rev, "--"}, Diff,
                Error))
      return false;
    Root = llvm::StringRef(Root).trim().str();
  }
  std::string Current;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Diff).split(Lines, '\n');
  bool SawFile = false;
  for (llvm::StringRef Line : Lines) {
    if (clang::tidy::syscall::startsWith(Line, "diff "))
      SawFile = true; // also a diff of a mode or of a binary file
    if (Line.consume_front("+++ ")) {
      SawFile = true;
      if (clang::tidy::syscall::startsWith(Line, "b/"))
        Line = Line.drop_front(2);
      llvm::SmallString<256> Path(Root);
      if (llvm::sys::path::is_absolute(Line.trim()))
        Path = Line.trim(); // written by a script, not by git
      else
        llvm::sys::path::append(Path, Line.trim());
      Current = Line.trim() == "/dev/null" ? "" : Path.str().str();
      continue;
    }
    // @@ -a,b +c,d @@: d lines from c (d 0: a pure deletion).
    if (!Line.consume_front("@@ ") || Current.empty())
      continue;
    llvm::StringRef Plus = Line.split('+').second.split(' ').first;
    auto [StartText, CountText] = Plus.split(',');
    unsigned Start = 0, Count = 1;
    if (StartText.getAsInteger(10, Start) ||
        (!CountText.empty() && CountText.getAsInteger(10, Count))) {
      Error =
          "the diff has a hunk header that is not one: '@@ " + Line.str() + "'";
      return false;
    }
    if (Count)
      Changed[Current].push_back({Start, Start + Count - 1});
  }
  // Text that is not a diff would otherwise read as one that changes
  // nothing, and pass whatever it was meant to check.
  if (!SawFile && !llvm::StringRef(Diff).trim().empty()) {
    Error = "the text given to --diff" + std::string(Rev == "-" ? "=- " : " ") +
            "is not a unified diff (no 'diff' or '+++ ' line)";
    return false;
  }
  return true;
}

bool touches(const ChangedLines &Changed, const Finding &F) {
  auto It = Changed.find(F.Begin.File);
  if (It == Changed.end())
    return false;
  return llvm::any_of(It->second, [&](const std::pair<unsigned, unsigned> &R) {
    return F.Begin.Line >= R.first && F.Begin.Line <= R.second;
  });
}

} // namespace syscall_tidy
