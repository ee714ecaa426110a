//===--- FormatText.cpp - clang's diagnostic rendering -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The findings as clang-tidy prints them: location, message, the source
// line with a caret and the range, fix-it hints, notes with their lines,
// and clang's colours. Rendered by clang's own TextDiagnostic over the texts
// the compiler read, so a file is never read a second time.
//
//===----------------------------------------------------------------------===//

#include "Renderers.h"
#include "analysis/LlvmCompat.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Edit/Commit.h"
#include "clang/Edit/EditedSource.h"
#include "clang/Edit/EditsReceiver.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
namespace compat = clang::tidy::syscall::compat;

namespace syscall_tidy {

namespace {

/// A SourceManager over the texts of the findings' files.
class TextSources {
public:
  explicit TextSources(const SourceTexts *Texts)
      : Memory(llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>()),
        Files(FileSystemOptions(), Memory), Sources(Diags.engine(), Files) {
    if (Texts)
      for (const std::string &Path : Texts->paths())
        Memory->addFile(
            Path, 0,
            llvm::MemoryBuffer::getMemBufferCopy(*Texts->get(Path), Path));
  }

  /// The location of \p P, or an invalid one when its text is unknown.
  SourceLocation location(const Position &P) {
    if (P.File.empty() || P.Line == 0)
      return SourceLocation();
    auto [It, New] = IDs.try_emplace(P.File);
    if (New) {
      if (auto File = Files.getOptionalFileRef(P.File))
        It->second = Sources.getOrCreateFileID(*File, SrcMgr::C_User);
    }
    if (It->second.isInvalid())
      return SourceLocation();
    return Sources.getComposedLoc(It->second, P.Offset);
  }

  SourceManager &sources() { return Sources; }

private:
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory;
  FileManager Files;
  compat::OwnedDiagnostics Diags;
  SourceManager Sources;
  llvm::StringMap<FileID> IDs;
};

/// The fix-its of a diagnostic, merged as clang's renderer merges them
/// (edits that touch are joined, removals widened over what they leave
/// behind), with one edit::EditedSource for all: the renderer makes one per
/// diagnostic, and with it a table of every keyword of the language, which
/// was a quarter of a run that printed 4,000 findings.
class FixitMerger : edit::EditsReceiver {
public:
  FixitMerger(const SourceManager &SM, const LangOptions &Lang)
      : SM(SM), Lang(Lang), Editor(SM, Lang) {}

  void merge(ArrayRef<FixItHint> Hints, SmallVectorImpl<FixItHint> &Merged) {
    if (Hints.empty()) // most findings: nothing to commit or clear
      return;
    Out = &Merged;
    edit::Commit Edits(SM, Lang);
    for (const FixItHint &Hint : Hints) {
      const CharSourceRange &Range = Hint.RemoveRange;
      if (!Hint.CodeToInsert.empty() && !Range.isTokenRange() &&
          Range.getBegin() == Range.getEnd())
        Edits.insert(Range.getBegin(), Hint.CodeToInsert, /*afterToken=*/false,
                     Hint.BeforePreviousInsertions);
      else if (!Hint.CodeToInsert.empty())
        Edits.replace(Range, Hint.CodeToInsert);
      else if (Hint.InsertFromRange.isValid())
        Edits.insertFromRange(Range.getBegin(), Hint.InsertFromRange,
                              /*afterToken=*/false,
                              Hint.BeforePreviousInsertions);
      else
        Edits.remove(Range);
    }
    if (Editor.commit(Edits))
      Editor.applyRewrites(*this);
    Editor.clearRewrites();
  }

private:
  void insert(SourceLocation At, StringRef Text) override {
    Out->push_back(FixItHint::CreateInsertion(At, Text));
  }
  void replace(CharSourceRange Range, StringRef Text) override {
    Out->push_back(FixItHint::CreateReplacement(Range, Text));
  }

  const SourceManager &SM;
  const LangOptions &Lang;
  edit::EditedSource Editor;
  SmallVectorImpl<FixItHint> *Out = nullptr;
};

/// clang's TextDiagnostic, handed a diagnostic's fix-its merged already
/// (FixitMerger) where it draws the code, so that emitDiagnostic() does not
/// merge them again with an editor of its own.
class FindingPrinter : public TextDiagnostic {
public:
  using TextDiagnostic::TextDiagnostic;

  void print(FullSourceLoc Loc, DiagnosticsEngine::Level Level,
             StringRef Message, ArrayRef<CharSourceRange> Ranges,
             ArrayRef<FixItHint> Hints, FixitMerger &Merger) {
    SmallVector<FixItHint, 8> Merged;
    Merger.merge(Hints, Merged);
    Pending = Merged;
    emitDiagnostic(Loc, Level, Message, Ranges, {});
    Pending = {};
  }

protected:
  void emitCodeContext(FullSourceLoc Loc, DiagnosticsEngine::Level Level,
                       SmallVectorImpl<CharSourceRange> &Ranges,
                       ArrayRef<FixItHint> Hints) override {
    // The diagnostic's own code comes first; as clang's renderer does, the
    // text the edits replace is shown as ranges too.
    if (Hints.empty() && !Pending.empty()) {
      for (const FixItHint &Hint : Pending)
        if (Hint.RemoveRange.isValid())
          Ranges.push_back(Hint.RemoveRange);
      Hints = Pending;
      Pending = {};
    }
    TextDiagnostic::emitCodeContext(Loc, Level, Ranges, Hints);
  }

private:
  ArrayRef<FixItHint> Pending;
};

} // namespace

void renderText(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  TextSources Sources(Options.Texts);
  LangOptions Lang;
  compat::OwnedDiagnostics Rendering;
  Rendering.options().ShowColors = Options.Color;
  std::unique_ptr<FindingPrinter> PrinterPtr =
      compat::makeTextDiagnostic<FindingPrinter>(OS, Lang, Rendering.options());
  FindingPrinter &Printer = *PrinterPtr;
  SourceManager &SM = Sources.sources();
  FixitMerger Merger(SM, Lang);
  for (const Finding &F : Findings) {
    SourceLocation Begin = Sources.location(F.Begin);
    SourceLocation End = Sources.location(F.End);
    std::vector<CharSourceRange> Ranges;
    if (Begin.isValid() && End.isValid() && F.End.Offset > F.Begin.Offset)
      Ranges.push_back(CharSourceRange::getCharRange(Begin, End));
    std::vector<FixItHint> Hints;
    for (const Edit &E : F.Fixes) {
      SourceLocation EB = Sources.location(E.Begin),
                     EE = Sources.location(E.End);
      if (EB.isValid() && EE.isValid() && E.Begin.File == F.Begin.File)
        Hints.push_back(FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(EB, EE), E.Text));
    }
    std::string Message = F.Message + " [" + F.Check + "]";
    auto Level =
        F.IsError ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    if (Begin.isValid())
      Printer.print(FullSourceLoc(Begin, SM), Level, Message, Ranges, Hints,
                    Merger);
    else {
      TextDiagnostic::printDiagnosticLevel(OS, Level, Options.Color);
      OS << Message << "\n";
    }
    for (const Note &N : F.Notes) {
      SourceLocation At = Sources.location(N.At);
      if (At.isValid())
        Printer.emitDiagnostic(FullSourceLoc(At, SM), DiagnosticsEngine::Note,
                               N.Message, {}, {});
      else
        OS << "note: " << N.Message << "\n";
    }
  }
}

Renderer rendererNamed(llvm::StringRef Name) {
  return llvm::StringSwitch<Renderer>(Name)
      .Case("text", renderText)
      .Case("json", renderJson)
      .Case("sarif", renderSarif)
      .Case("github", renderGithub)
      .Case("gitlab", renderGitlab)
      .Default(nullptr);
}

} // namespace syscall_tidy
