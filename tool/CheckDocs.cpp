//===--- CheckDocs.cpp - What each check is about, from its doc page -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CheckDocs.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <utility>

namespace syscall_tidy {

namespace {

const std::pair<const char *, const char *> Pages[] = {
#include "CheckDocs.inc"
};

/// The first paragraph after the title, joined into one line.
std::string firstParagraph(llvm::StringRef Page) {
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Page.split(Lines, '\n');
  std::string Text;
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (clang::tidy::syscall::startsWith(Line, "#") ||
        (Line.empty() && Text.empty()))
      continue;
    if (Line.empty())
      break;
    Text += (Text.empty() ? "" : " ") + Line.str();
  }
  return Text;
}

} // namespace

const CheckDoc &checkDoc(llvm::StringRef Check) {
  // Made once: a report asks for the page of every finding's check.
  static const llvm::StringMap<CheckDoc> Docs = [] {
    llvm::StringMap<CheckDoc> Made;
    for (const auto &[Name, Page] : Pages) {
      CheckDoc &Doc = Made[Name];
      Doc.Markdown = Page;
      Doc.Full = firstParagraph(Page);
      size_t End = Doc.Full.find(". ");
      Doc.Short =
          End == std::string::npos ? Doc.Full : Doc.Full.substr(0, End + 1);
    }
    return Made;
  }();
  static const CheckDoc Compiler = [] {
    CheckDoc Doc;
    Doc.Short = Doc.Full = Doc.Markdown =
        "An error the compiler reported; the file was not analysed.";
    return Doc;
  }();
  auto Found = Docs.find(Check);
  return Found == Docs.end() ? Compiler : Found->second;
}

} // namespace syscall_tidy
