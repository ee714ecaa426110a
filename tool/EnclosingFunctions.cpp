//===--- EnclosingFunctions.cpp - The function each finding lies in ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "EnclosingFunctions.h"
#include "Findings.h"
#include "analysis/CallIndex.h"
#include "clang/AST/DeclTemplate.h"
#include <algorithm>
#include <numeric>

using namespace clang;

namespace syscall_tidy {

void EnclosingFunctions::collect(ASTContext &Context) {
  // The functions outside the system headers are in the declarations that
  // may hold the user's code.
  for (const Decl *D : clang::tidy::syscall::userDeclarations(Context))
    collect(D, Context.getSourceManager());
  // Ranges nest or are apart (a macro that defines two functions gives both
  // the same range: the first defined answers, as it is sorted last).
  for (auto &Entry : Ranges) {
    std::vector<Range> &File = Entry.second;
    // Equal ranges by their place, last first (std::stable_sort's buffer,
    // get_temporary_buffer, is deprecated in libstdc++ under clang).
    std::vector<unsigned> Order(File.size());
    std::iota(Order.begin(), Order.end(), 0u);
    std::sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
      const Range &L = File[A], &R = File[B];
      if (L.Begin != R.Begin)
        return L.Begin < R.Begin;
      return L.End != R.End ? L.End > R.End : A > B;
    });
    std::vector<Range> Sorted;
    Sorted.reserve(File.size());
    for (unsigned I : Order)
      Sorted.push_back(File[I]);
    File = std::move(Sorted);
    std::vector<int> Open;
    for (int I = 0, N = File.size(); I != N; ++I) {
      while (!Open.empty() && File[Open.back()].End < File[I].Begin)
        Open.pop_back();
      File[I].Parent = Open.empty() ? -1 : Open.back();
      Open.push_back(I);
    }
  }
}

void EnclosingFunctions::collect(const DeclContext &Context,
                                 const SourceManager &SM) {
  for (const Decl *D : Context.decls())
    if (!SM.isInSystemHeader(D->getLocation()))
      collect(D, SM);
}

void EnclosingFunctions::collect(const Decl *D, const SourceManager &SM) {
  if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  if (const auto *Function = dyn_cast<FunctionDecl>(D)) {
    if (!Function->doesThisDeclarationHaveABody())
      return;
    CharSourceRange Extent = SM.getExpansionRange(Function->getSourceRange());
    std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(Extent.getBegin());
    std::pair<FileID, unsigned> End = SM.getDecomposedLoc(Extent.getEnd());
    OptionalFileEntryRef File = SM.getFileEntryRefForID(Begin.first);
    if (!File || Begin.first != End.first)
      return;
    SmallString<256> Path(File->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    Ranges[absolutePath(Path)].push_back(
        {Begin.second, End.second, Function->getQualifiedNameAsString()});
    return;
  }
  if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl, ExportDecl>(D))
    collect(*cast<DeclContext>(D), SM);
  else if (const auto *Template = dyn_cast<ClassTemplateDecl>(D))
    collect(*Template->getTemplatedDecl(), SM);
}

std::string EnclosingFunctions::at(llvm::StringRef File,
                                   unsigned Offset) const {
  auto It = Ranges.find(File);
  if (It == Ranges.end())
    return "";
  const std::vector<Range> &InFile = It->second;
  auto After =
      std::upper_bound(InFile.begin(), InFile.end(), Offset,
                       [](unsigned O, const Range &R) { return O < R.Begin; });
  int I = static_cast<int>(After - InFile.begin()) - 1;
  while (I >= 0 && InFile[I].End < Offset)
    I = InFile[I].Parent;
  return I >= 0 ? InFile[I].Name : "";
}

} // namespace syscall_tidy
