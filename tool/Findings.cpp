//===--- Findings.cpp - The one list of findings every output renders ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Findings.h"
#include "Hashing.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace syscall_tidy {

void SourceTexts::add(llvm::StringRef Path, llvm::StringRef Text) {
  std::lock_guard<std::mutex> Guard(Lock);
  Texts.try_emplace(Path, Text.str());
}

std::optional<llvm::StringRef> SourceTexts::get(llvm::StringRef Path) const {
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Texts.find(Path);
  if (It == Texts.end())
    return std::nullopt;
  return llvm::StringRef(It->second); // entries never move
}

std::optional<llvm::StringRef> SourceTexts::getOrRead(llvm::StringRef Path) {
  if (std::optional<llvm::StringRef> Known = get(Path))
    return Known;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) ||
      Status.type() != llvm::sys::fs::file_type::regular_file)
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  add(Path, (*Buffer)->getBuffer());
  return get(Path);
}

void SourceTexts::readFilesOf(const std::vector<Finding> &Findings) {
  for (const Finding &F : Findings) {
    std::vector<const Position *> Places{&F.Begin};
    for (const Note &N : F.Notes)
      Places.push_back(&N.At);
    for (const Edit &E : F.Fixes)
      Places.push_back(&E.Begin);
    for (const Position *P : Places)
      if (!P->File.empty())
        getOrRead(P->File);
  }
}

std::vector<std::string> SourceTexts::paths() const {
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<std::string> Paths;
  for (const auto &Entry : Texts)
    Paths.push_back(Entry.getKey().str());
  return Paths;
}

std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P) && !Base.empty()) {
    P = Base;
    llvm::sys::path::append(P, Path);
  }
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

namespace {

std::string collapseSpaces(llvm::StringRef Line) {
  std::string Text;
  bool Space = false;
  for (char C : Line.trim()) {
    bool IsSpace = llvm::isSpace(C);
    if (!IsSpace)
      Text += Space ? std::string(" ") + C : std::string(1, C);
    Space = IsSpace;
  }
  return Text;
}

} // namespace

std::optional<llvm::StringRef>
FindingConverter::text(llvm::StringRef Absolute, llvm::StringRef AsSpelled) {
  if (std::optional<llvm::StringRef> Known = Texts.get(Absolute))
    return Known;
  if (SM) {
    clang::FileManager &FM = SM->getFileManager();
    for (llvm::StringRef Name : {AsSpelled, Absolute})
      if (auto File = FM.getOptionalFileRef(Name)) {
        clang::FileID ID = SM->translateFile(*File);
        if (ID.isValid())
          if (std::optional<llvm::StringRef> Data =
                  SM->getBufferDataOrNone(ID)) {
            Texts.add(Absolute, *Data);
            return Texts.get(Absolute);
          }
      }
  }
  return Texts.getOrRead(Absolute);
}

Position FindingConverter::position(llvm::StringRef Path,
                                    llvm::StringRef BuildDirectory,
                                    unsigned Offset) {
  Position P;
  if (Path.empty())
    return P;
  P.File = absolutePath(Path, BuildDirectory);
  P.Offset = Offset;
  std::optional<llvm::StringRef> Text = text(P.File, Path);
  if (!Text) {
    P.Line = P.Column = 0;
    return P;
  }
  auto [It, New] = LineStarts.try_emplace(P.File);
  std::vector<unsigned> &Starts = It->second;
  if (New) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text->size(); ++I)
      if ((*Text)[I] == '\n')
        Starts.push_back(I + 1);
  }
  Offset = std::min<unsigned>(Offset, Text->size());
  P.Offset = Offset;
  auto Line = std::upper_bound(Starts.begin(), Starts.end(), Offset) - 1;
  P.Line = Line - Starts.begin() + 1;
  P.Column = Offset - *Line + 1;
  return P;
}

Finding FindingConverter::convert(const clang::tidy::ClangTidyError &Error) {
  const clang::tooling::DiagnosticMessage &M = Error.Message;
  llvm::StringRef Dir = Error.BuildDirectory;
  Finding F;
  F.Check = Error.DiagnosticName;
  // A check's warning promoted by WarningsAsErrors is marked as such (and,
  // before LLVM 17, also has the error level); only the compiler's own
  // errors have the error level unmarked.
  // clang-tidy's own "unmatched NOLINTBEGIN" is an error of the comments,
  // not of the code: the unit compiles.
  F.FromCompiler = Error.DiagLevel == clang::tooling::Diagnostic::Error &&
                   !Error.IsWarningAsError &&
                   Error.DiagnosticName != UnmatchedNolintCheck;
  F.IsError = F.FromCompiler || Error.IsWarningAsError;
  F.Message = M.Message;
  F.Begin = F.End = position(M.FilePath, Dir, M.FileOffset);
  if (!M.Ranges.empty() && !M.FilePath.empty() &&
      absolutePath(M.Ranges.front().FilePath, Dir) == F.Begin.File &&
      M.Ranges.front().FileOffset == M.FileOffset)
    F.End = position(M.FilePath, Dir, M.FileOffset + M.Ranges.front().Length);
  if (std::optional<llvm::StringRef> Text =
          F.Begin.File.empty() ? std::nullopt : Texts.get(F.Begin.File)) {
    size_t Start = F.Begin.Offset - (F.Begin.Column - 1);
    F.Statement = collapseSpaces(Text->substr(Start).split('\n').first);
  }
  for (const clang::tooling::DiagnosticMessage &N : Error.Notes) {
    if (auto Needs = clang::tidy::syscall::requirementOfNote(N.Message)) {
      F.Requires.insert(F.Requires.end(), Needs->begin(), Needs->end());
      continue;
    }
    F.Notes.push_back({N.Message, position(N.FilePath, Dir, N.FileOffset)});
  }
  for (const auto &FileFix : M.Fix)
    for (const clang::tooling::Replacement &R : FileFix.getValue())
      F.Fixes.push_back(
          {position(R.getFilePath(), Dir, R.getOffset()),
           position(R.getFilePath(), Dir, R.getOffset() + R.getLength()),
           R.getReplacementText().str()});
  return F;
}

void sortUnique(std::vector<Finding> &All) {
  // The fix is part of the identity: one header may get different fixes
  // from translation units that configure it differently, and --fix must
  // see that conflict. Each finding's fix text is made once, not per
  // comparison (16,000 findings made it millions of times).
  std::vector<std::string> FixTexts(All.size());
  for (size_t I = 0; I < All.size(); ++I)
    for (const Edit &E : All[I].Fixes)
      FixTexts[I] += std::to_string(E.Begin.Offset) + ":" +
                     std::to_string(E.End.Offset) + ":" + E.Text + "\n";
  auto Key = [&](size_t I) {
    const Finding &F = All[I];
    return std::tie(F.Begin.File, F.Begin.Line, F.Begin.Column, F.Check,
                    F.Message, FixTexts[I]);
  };
  std::vector<size_t> Order(All.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return Key(A) < Key(B); });
  Order.erase(std::unique(Order.begin(), Order.end(),
                          [&](size_t A, size_t B) { return Key(A) == Key(B); }),
              Order.end());
  std::vector<Finding> Sorted;
  Sorted.reserve(Order.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(All[I]));
  All = std::move(Sorted);
}

std::string helpUri(llvm::StringRef Check) {
  llvm::StringRef Base = SYSCALL_TIDY_DOCS_URL;
  if (Base.empty() || Check.empty() ||
      !clang::tidy::syscall::startsWith(Check, "syscall-"))
    return "";
  return (Base + Check + ".md").str();
}

std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root) {
  if (Root.empty())
    return Path.str();
  std::string Prefix = Root.rtrim('/').str() + "/";
  return clang::tidy::syscall::startsWith(Path, Prefix)
             ? Path.drop_front(Prefix.size()).str()
             : Path.str();
}

std::string identityOf(const Finding &F) {
  std::string Key = F.Begin.File + ":" + std::to_string(F.Begin.Offset) + ":" +
                    F.Check + ":" + F.Message;
  for (const Edit &E : F.Fixes)
    Key += ":" + std::to_string(E.Begin.Offset) + "/" + E.Text;
  return Key;
}

void settleCandidates(std::vector<Finding> &Findings,
                      clang::tidy::syscall::FactBase &Facts) {
  llvm::erase_if(Findings, [&](Finding &F) {
    if (F.Requires.empty())
      return false;
    if (!Facts.holds(F.Requires))
      return true;
    F.Requires.clear();
    return false;
  });
}

void numberOccurrences(std::vector<Finding> &Sorted) {
  std::map<std::tuple<std::string, std::string, std::string, std::string>,
           unsigned>
      Seen;
  for (Finding &F : Sorted)
    F.Occurrence = Seen[{F.Check, F.Begin.File, F.Function, F.Statement}]++;
}

std::string fingerprint(const Finding &F, llvm::StringRef Root) {
  return PartHasher()
      .add(F.Check)
      .add(relativeTo(F.Begin.File, Root))
      .add(F.Function)
      .add(F.Statement)
      .add(std::to_string(F.Occurrence))
      .hex()
      .substr(0, 32);
}

} // namespace syscall_tidy
