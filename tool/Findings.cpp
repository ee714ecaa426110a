//===--- Findings.cpp - The one list of findings every output renders ----===//

#include "Findings.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <tuple>

namespace syscall_tidy {

llvm::StringRef FindingCollector::contents(const std::string &File) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    It = Files.try_emplace(File, Buffer ? (*Buffer)->getBuffer().str() : "")
             .first;
  }
  return It->second;
}

Position FindingCollector::position(const std::string &File, unsigned Offset) {
  Position P;
  P.File = File;
  P.Offset = Offset;
  llvm::StringRef Text = contents(File);
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  P.Line = 1 + Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  P.Column =
      Offset - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1) + 1;
  return P;
}

/// Absolute and without dots: one spelling per file across TUs.
static std::string absolute(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P) && !Base.empty()) {
    P = Base;
    llvm::sys::path::append(P, Path);
  }
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

void FindingCollector::add(const clang::tidy::ClangTidyError &Original) {
  clang::tidy::ClangTidyError Error = Original;
  clang::tooling::DiagnosticMessage &M = Error.Message;
  if (M.FilePath.empty())
    return;
  M.FilePath = absolute(M.FilePath, Error.BuildDirectory);
  for (clang::tooling::DiagnosticMessage &N : Error.Notes)
    if (!N.FilePath.empty())
      N.FilePath = absolute(N.FilePath, Error.BuildDirectory);
  if (!M.Ranges.empty())
    M.Ranges.front().FilePath =
        absolute(M.Ranges.front().FilePath, Error.BuildDirectory);
  Finding F;
  F.Check = Error.DiagnosticName;
  F.IsError = Error.DiagLevel == clang::tooling::Diagnostic::Error;
  F.Message = M.Message;
  F.Begin = F.End = position(M.FilePath, M.FileOffset);
  if (!M.Ranges.empty() && M.Ranges.front().FilePath == M.FilePath)
    F.End = position(M.FilePath,
                     M.Ranges.front().FileOffset + M.Ranges.front().Length);
  llvm::StringRef Text = contents(M.FilePath);
  size_t Start = F.Begin.Offset - (F.Begin.Column - 1);
  F.LineText = Text.substr(Start).split('\n').first.trim().str();
  for (const clang::tooling::DiagnosticMessage &N : Error.Notes)
    if (!N.FilePath.empty())
      F.Notes.push_back({N.Message, position(N.FilePath, N.FileOffset)});
  for (const auto &FileFix : M.Fix)
    for (const clang::tooling::Replacement &R : FileFix.getValue()) {
      std::string File = absolute(R.getFilePath(), Error.BuildDirectory);
      F.Fixes.push_back({position(File, R.getOffset()),
                         position(File, R.getOffset() + R.getLength()),
                         R.getReplacementText().str()});
    }
  All.push_back(std::move(F));
}

std::vector<Finding> FindingCollector::take() {
  // The fix is part of the identity: one header may get different fixes
  // from translation units that configure it differently, and --fix must
  // see that conflict.
  auto FixText = [](const Finding &F) {
    std::string Text;
    for (const Edit &E : F.Fixes)
      Text += std::to_string(E.Begin.Offset) + ":" +
              std::to_string(E.End.Offset) + ":" + E.Text + "\n";
    return Text;
  };
  auto Key = [&](const Finding &F) {
    return std::make_tuple(F.Begin.File, F.Begin.Line, F.Begin.Column, F.Check,
                           F.Message, FixText(F));
  };
  std::sort(All.begin(), All.end(), [&](const Finding &A, const Finding &B) {
    return Key(A) < Key(B);
  });
  All.erase(std::unique(All.begin(), All.end(),
                        [&](const Finding &A, const Finding &B) {
                          return Key(A) == Key(B);
                        }),
            All.end());
  return std::move(All);
}

std::string helpUri(llvm::StringRef Check) {
  return (SYSCALL_TIDY_DOCS_URL + Check + ".md").str();
}

std::string relativeTo(llvm::StringRef Path, llvm::StringRef Root) {
  if (Root.empty())
    return Path.str();
  std::string Prefix = Root.rtrim('/').str() + "/";
  return Path.starts_with(Prefix) ? Path.drop_front(Prefix.size()).str()
                                  : Path.str();
}

std::string fingerprint(const Finding &F, llvm::StringRef Root) {
  llvm::SHA1 Hash;
  std::string File = relativeTo(F.Begin.File, Root);
  for (llvm::StringRef Part :
       {llvm::StringRef(F.Check), llvm::StringRef(File),
        llvm::StringRef(F.Message), llvm::StringRef(F.LineText)}) {
    Hash.update(Part);
    Hash.update(llvm::StringRef("\0", 1));
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
}

} // namespace syscall_tidy
