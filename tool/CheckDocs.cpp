//===--- CheckDocs.cpp - What each check is about, from its doc page -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CheckDocs.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/SmallVector.h"
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

CheckDoc checkDoc(llvm::StringRef Check) {
  for (const auto &[Name, Page] : Pages)
    if (Check == Name) {
      CheckDoc Doc;
      Doc.Markdown = Page;
      Doc.Full = firstParagraph(Page);
      size_t End = Doc.Full.find(". ");
      Doc.Short =
          End == std::string::npos ? Doc.Full : Doc.Full.substr(0, End + 1);
      return Doc;
    }
  CheckDoc Compiler;
  Compiler.Short = Compiler.Full = Compiler.Markdown =
      "An error the compiler reported; the file was not analysed.";
  return Compiler;
}

} // namespace syscall_tidy
