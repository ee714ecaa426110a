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

} // namespace

void renderText(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  TextSources Sources(Options.Texts);
  LangOptions Lang;
  compat::OwnedDiagnostics Rendering;
  Rendering.options().ShowColors = Options.Color;
  std::unique_ptr<TextDiagnostic> PrinterPtr =
      compat::makeTextDiagnostic(OS, Lang, Rendering.options());
  TextDiagnostic &Printer = *PrinterPtr;
  SourceManager &SM = Sources.sources();
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
      Printer.emitDiagnostic(FullSourceLoc(Begin, SM), Level, Message, Ranges,
                             Hints);
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
