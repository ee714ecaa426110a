//===--- LspProtocol.cpp - Findings in the Language Server Protocol's terms =//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LspProtocol.h"
#include "CheckDocs.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace syscall_tidy {

namespace {

bool unreservedInUri(char C) {
  return llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C);
}

/// UTF-16 code units of the UTF-8 text \p Bytes: one per character, two
/// for a character beyond the Basic Multilingual Plane (4 bytes in UTF-8).
unsigned utf16Length(llvm::StringRef Bytes) {
  unsigned Units = 0;
  for (unsigned char C : Bytes)
    if ((C & 0xC0) != 0x80)
      Units += C >= 0xF0 ? 2 : 1;
  return Units;
}

/// The bytes of \p Line that make \p Units UTF-16 code units (all of it
/// when it is shorter, as LSP says a client may ask).
unsigned bytesFor(llvm::StringRef Line, unsigned Units) {
  unsigned I = 0;
  while (I < Line.size() && Units > 0) {
    unsigned char C = Line[I];
    unsigned Width = C < 0x80 ? 1 : C >= 0xF0 ? 4 : C >= 0xE0 ? 3 : 2;
    Units -= std::min(Units, C >= 0xF0 ? 2u : 1u);
    I = std::min<unsigned>(I + Width, Line.size());
  }
  return I;
}

/// The page a diagnostic links to: the configured docs URL, else the page
/// installed beside the tool, else the source tree's (a build tree's tool).
std::string pageOf(llvm::StringRef Check) {
  if (std::string Uri = helpUri(Check); !Uri.empty())
    return Uri;
  if (!clang::tidy::syscall::startsWith(Check, "syscall-"))
    return "";
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> Installed(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "share/doc/syscall-tidy/checks",
                          Check + ".md");
  llvm::SmallString<256> Source(SYSCALL_TIDY_SOURCE_DOCS);
  llvm::sys::path::append(Source, Check + ".md");
  for (llvm::StringRef Page : {Installed.str(), Source.str()})
    if (llvm::sys::fs::exists(Page))
      return uriOfPath(Page);
  return "";
}

} // namespace

std::optional<std::string> pathOfUri(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority (file://localhost/...) names this machine.
  Uri = Uri.drop_until([](char C) { return C == '/'; });
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] != '%') {
      Path += Uri[I];
      continue;
    }
    unsigned Byte;
    if (I + 2 >= Uri.size() || Uri.substr(I + 1, 2).getAsInteger(16, Byte))
      return std::nullopt;
    Path += static_cast<char>(Byte);
    I += 2;
  }
  if (Path.empty() || Path[0] != '/')
    return std::nullopt;
  return absolutePath(Path);
}

std::string uriOfPath(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (char C : Path)
    if (unreservedInUri(C))
      Uri += C;
    else
      Uri += "%" + llvm::utohexstr(static_cast<unsigned char>(C), false, 2);
  return Uri;
}

LineIndex::LineIndex(std::string Text) : Text(std::move(Text)) {
  Starts.push_back(0);
  for (size_t I = 0; I < this->Text.size(); ++I)
    if (this->Text[I] == '\n')
      Starts.push_back(I + 1);
}

llvm::json::Value LineIndex::position(unsigned Offset) const {
  Offset = std::min<unsigned>(Offset, Text.size());
  unsigned Line = llvm::upper_bound(Starts, Offset) - Starts.begin() - 1;
  llvm::StringRef Before = llvm::StringRef(Text).slice(Starts[Line], Offset);
  return llvm::json::Object{{"line", Line}, {"character", utf16Length(Before)}};
}

llvm::json::Value LineIndex::range(unsigned Begin, unsigned End,
                                   bool Widen) const {
  if (Widen && End <= Begin && Begin < Text.size()) {
    End = Begin + 1;
    while (End < Text.size() &&
           (llvm::isAlnum(Text[End]) || Text[End] == '_') &&
           (llvm::isAlnum(Text[Begin]) || Text[Begin] == '_'))
      ++End;
  }
  return llvm::json::Object{{"start", position(Begin)},
                            {"end", position(std::max(Begin, End))}};
}

std::optional<unsigned>
LineIndex::offset(const llvm::json::Value &Position) const {
  const llvm::json::Object *P = Position.getAsObject();
  std::optional<int64_t> Line = P ? P->getInteger("line") : std::nullopt;
  std::optional<int64_t> Character =
      P ? P->getInteger("character") : std::nullopt;
  if (!Line || !Character || *Line < 0 || *Character < 0 ||
      *Line >= static_cast<int64_t>(Starts.size()))
    return std::nullopt;
  unsigned Start = Starts[*Line];
  unsigned EndOfLine = *Line + 1 < static_cast<int64_t>(Starts.size())
                           ? Starts[*Line + 1] - 1
                           : Text.size();
  return Start + bytesFor(llvm::StringRef(Text).slice(Start, EndOfLine),
                          static_cast<unsigned>(*Character));
}

llvm::json::Object diagnosticOf(const Finding &F, const LineIndex &Lines,
                                SourceTexts &Texts) {
  llvm::json::Object D{
      {"range", Lines.range(F.Begin.Offset, F.End.Offset, /*Widen=*/true)},
      {"severity", F.IsError ? 1 : 2},
      {"code", F.Check},
      {"source", "syscall-tidy"},
      {"message", F.Message}};
  if (std::string Page = pageOf(F.Check); !Page.empty())
    D["codeDescription"] = llvm::json::Object{{"href", Page}};
  llvm::json::Array Related;
  for (const Note &N : F.Notes) {
    if (N.At.File.empty())
      continue;
    std::optional<llvm::StringRef> Text = Texts.getOrRead(N.At.File);
    if (!Text)
      continue;
    LineIndex Other(Text->str());
    Related.push_back(llvm::json::Object{
        {"location",
         llvm::json::Object{{"uri", uriOfPath(N.At.File)},
                            {"range", Other.range(N.At.Offset, N.At.Offset,
                                                  /*Widen=*/true)}}},
        {"message", N.Message}});
  }
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

bool addEdits(const Finding &F, const LineIndex &Lines, const std::string &File,
              SourceTexts &Texts, llvm::json::Object &Changes) {
  llvm::StringMap<llvm::json::Array> ByFile;
  llvm::StringMap<LineIndex> Others;
  for (const Edit &E : F.Fixes) {
    const LineIndex *In = &Lines;
    if (E.Begin.File != File) {
      auto It = Others.find(E.Begin.File);
      if (It == Others.end()) {
        std::optional<llvm::StringRef> Text = Texts.getOrRead(E.Begin.File);
        if (!Text)
          return false;
        It = Others.try_emplace(E.Begin.File, Text->str()).first;
      }
      In = &It->second;
    }
    ByFile[E.Begin.File].push_back(
        llvm::json::Object{{"range", In->range(E.Begin.Offset, E.End.Offset)},
                           {"newText", E.Text}});
  }
  for (auto &Entry : ByFile) {
    std::string Uri = uriOfPath(Entry.getKey());
    if (!Changes.getArray(Uri))
      Changes[Uri] = llvm::json::Array();
    llvm::json::Array *Into = Changes.getArray(Uri);
    for (llvm::json::Value &V : Entry.getValue())
      Into->push_back(std::move(V));
  }
  return true;
}

} // namespace syscall_tidy
