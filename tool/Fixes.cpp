//===--- Fixes.cpp - Project-wide --fix and --diff
//-------------------------===//

#include "Fixes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace syscall_tidy {

namespace {

struct Located {
  const Edit *E;
  const Finding *From;
};

std::string describe(const Located &L) {
  return L.From->Check + " at " + std::to_string(L.From->Begin.Line) + ":" +
         std::to_string(L.From->Begin.Column);
}

bool sameEdit(const Edit &A, const Edit &B) {
  return A.Begin.Offset == B.Begin.Offset && A.End.Offset == B.End.Offset &&
         A.Text == B.Text;
}

} // namespace

bool applyFixes(const std::vector<Finding> &Findings, unsigned &Applied,
                std::string &Error) {
  std::map<std::string, std::vector<Located>> ByFile;
  for (const Finding &F : Findings)
    for (const Edit &E : F.Fixes)
      ByFile[E.Begin.File].push_back({&E, &F});
  std::map<std::string, std::string> NewContents;
  Applied = 0;
  for (auto &[File, Edits] : ByFile) {
    std::sort(Edits.begin(), Edits.end(),
              [](const Located &A, const Located &B) {
                return std::tie(A.E->Begin.Offset, A.E->End.Offset, A.E->Text) <
                       std::tie(B.E->Begin.Offset, B.E->End.Offset, B.E->Text);
              });
    std::vector<Located> Unique;
    for (const Located &L : Edits) {
      if (!Unique.empty() && sameEdit(*Unique.back().E, *L.E))
        continue; // the same fix from another translation unit
      if (!Unique.empty()) {
        const Edit &Prev = *Unique.back().E;
        bool Overlap = L.E->Begin.Offset < Prev.End.Offset ||
                       (L.E->Begin.Offset == Prev.Begin.Offset &&
                        Prev.Begin.Offset == Prev.End.Offset);
        if (Overlap) {
          Error = "conflicting fixes in " + File + ": " +
                  describe(Unique.back()) + " and " + describe(L) +
                  "; no file was changed";
          return false;
        }
      }
      Unique.push_back(L);
    }
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      Error = "cannot read " + File + ": " + Buffer.getError().message();
      return false;
    }
    llvm::StringRef Old = (*Buffer)->getBuffer();
    std::string New;
    unsigned At = 0;
    for (const Located &L : Unique) {
      New += Old.slice(At, L.E->Begin.Offset).str() + L.E->Text;
      At = L.E->End.Offset;
    }
    New += Old.substr(At).str();
    NewContents[File] = std::move(New);
    Applied += Unique.size();
  }
  for (const auto &[File, Contents] : NewContents) {
    std::error_code EC;
    llvm::raw_fd_ostream Out(File, EC);
    if (!EC) {
      Out << Contents;
      Out.close();
      EC = Out.error();
    }
    if (EC) {
      Error = "cannot write " + File + ": " + EC.message();
      return false;
    }
  }
  return true;
}

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
    if (!runGit({"rev-parse", "--show-toplevel"}, Root, Error) ||
        !runGit({"diff", "-U0", "--no-color", "--no-ext-diff", Rev, "--"}, Diff,
                Error))
      return false;
    Root = llvm::StringRef(Root).trim().str();
  }
  std::string Current;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Diff).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Line.consume_front("+++ ")) {
      if (Line.starts_with("b/"))
        Line = Line.drop_front(2);
      llvm::SmallString<256> Path(Root);
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
        (!CountText.empty() && CountText.getAsInteger(10, Count)))
      continue;
    if (Count)
      Changed[Current].push_back({Start, Start + Count - 1});
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
