//===--- Fixes.cpp - Project-wide --fix -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Fixes.h"
#include "Hashing.h"
#include "OutputSink.h"
#include "clang-tidy/ClangTidy.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <set>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

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

/// \p Code with \p Edits (sorted, disjoint) applied, reformatted around
/// them in \p Style unless it is empty or "none".
bool edit(llvm::StringRef File, llvm::StringRef Code,
          const std::vector<Located> &Edits, llvm::StringRef Style,
          std::string &Result, std::string &Error) {
  clang::tooling::Replacements Replaces;
  for (const Located &L : Edits)
    if (llvm::Error E = Replaces.add(clang::tooling::Replacement(
            File, L.E->Begin.Offset, L.E->End.Offset - L.E->Begin.Offset,
            L.E->Text))) {
      Error = "cannot apply the fix of " + describe(L) + " in " + File.str() +
              ": " + llvm::toString(std::move(E));
      return false;
    }
  if (!Style.empty() && Style != "none") {
    llvm::Expected<clang::format::FormatStyle> Format =
        clang::format::getStyle(Style, File, "none", Code);
    if (!Format) {
      Error = "invalid format style '" + Style.str() +
              "': " + llvm::toString(Format.takeError());
      return false;
    }
    llvm::Expected<clang::tooling::Replacements> Formatted =
        clang::format::formatReplacements(Code, Replaces, *Format);
    if (!Formatted) {
      Error = "cannot format the fixes in " + File.str() + ": " +
              llvm::toString(Formatted.takeError());
      return false;
    }
    Replaces = std::move(*Formatted);
  }
  llvm::Expected<std::string> New =
      clang::tooling::applyAllReplacements(Code, Replaces);
  if (!New) {
    Error = "cannot apply the fixes in " + File.str() + ": " +
            llvm::toString(New.takeError());
    return false;
  }
  Result = std::move(*New);
  return true;
}

} // namespace

bool replaceFiles(const std::vector<NewContent> &Contents, std::string &Error) {
  std::vector<StagedFile> Staged;
  for (const NewContent &C : Contents) {
    Staged.emplace_back();
    if (!Staged.back().stage(C.Path, C.Text, Error)) {
      Error = "cannot write the fixed " + C.Path + ": " + Error +
              "; no file was changed";
      return false;
    }
  }
  // The user may have saved the file while the run analysed it: the fixes
  // are offsets into the text that was read, and the user's edit wins.
  for (size_t I = 0; I < Contents.size(); ++I)
    if (!Staged[I].unchangedSince(Contents[I].OldHash)) {
      Error = Contents[I].Path +
              " changed while the fixes were made; no file was changed";
      return false;
    }
  for (size_t I = 0; I < Staged.size(); ++I)
    if (!Staged[I].commit(Error)) {
      Error = "cannot replace " + Contents[I].Path + ": " + Error + "; " +
              std::to_string(I) + " of " + std::to_string(Contents.size()) +
              " files were changed";
      return false;
    }
  return true;
}

void exportFixes(llvm::StringRef MainFile,
                 const std::vector<clang::tidy::ClangTidyError> &Errors,
                 llvm::raw_ostream &OS) {
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  std::vector<clang::tidy::ClangTidyError> Unique;
  for (const clang::tidy::ClangTidyError &E : Errors) {
    if (Seen.insert({E.DiagnosticName,
                     absolutePath(E.Message.FilePath, E.BuildDirectory),
                     E.Message.FileOffset, E.Message.Message})
            .second)
      Unique.push_back(E);
  }
  clang::tidy::exportReplacements(MainFile, Unique, OS);
}

bool applyFixes(const std::vector<Finding> &Findings,
                llvm::function_ref<std::string(llvm::StringRef)> StyleOf,
                const SourceTexts &Texts, FixResult &Result,
                std::string &Error) {
  std::map<std::string, std::vector<Located>> ByFile;
  std::set<const Finding *> Fixed;
  for (const Finding &F : Findings)
    for (const Edit &E : F.Fixes) {
      ByFile[E.Begin.File].push_back({&E, &F});
      Fixed.insert(&F);
    }
  std::vector<NewContent> NewContents;
  Result = FixResult();
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
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(File, Status) ||
        Status.type() != llvm::sys::fs::file_type::regular_file) {
      Error = "cannot fix " + File +
              ": not a regular file; no file was "
              "changed";
      return false;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      Error = "cannot read " + File + ": " + Buffer.getError().message() +
              "; no file was changed";
      return false;
    }
    llvm::StringRef Old = (*Buffer)->getBuffer();
    // The fixes are offsets into the text the compiler read; a file
    // changed since then would be damaged.
    if (std::optional<llvm::StringRef> Read = Texts.get(File);
        Read && *Read != Old) {
      Error = File + " changed while it was analysed; no file was changed";
      return false;
    }
    std::string New;
    if (!edit(File, Old, Unique, StyleOf(File), New, Error))
      return false;
    NewContents.push_back({File, contentHash(Old), std::move(New)});
    Result.Edits += Unique.size();
  }
  if (!replaceFiles(NewContents, Error))
    return false;
  Result.Findings = Fixed.size();
  return true;
}

} // namespace syscall_tidy
