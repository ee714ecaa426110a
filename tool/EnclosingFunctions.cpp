//===--- EnclosingFunctions.cpp - The function each finding lies in ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "EnclosingFunctions.h"
#include "Findings.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace syscall_tidy {

void EnclosingFunctions::collect(ASTContext &Context) {
  collect(*Context.getTranslationUnitDecl(), Context.getSourceManager());
}

void EnclosingFunctions::collect(const DeclContext &Context,
                                 const SourceManager &SM) {
  for (const Decl *D : Context.decls()) {
    if (SM.isInSystemHeader(D->getLocation()))
      continue;
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
      D = Template->getTemplatedDecl();
    if (const auto *Function = dyn_cast<FunctionDecl>(D)) {
      if (!Function->doesThisDeclarationHaveABody())
        continue;
      CharSourceRange Extent = SM.getExpansionRange(Function->getSourceRange());
      std::pair<FileID, unsigned> Begin =
          SM.getDecomposedLoc(Extent.getBegin());
      std::pair<FileID, unsigned> End = SM.getDecomposedLoc(Extent.getEnd());
      OptionalFileEntryRef File = SM.getFileEntryRefForID(Begin.first);
      if (!File || Begin.first != End.first)
        continue;
      SmallString<256> Path(File->getName());
      SM.getFileManager().makeAbsolutePath(Path);
      Ranges[absolutePath(Path)].push_back(
          {Begin.second, End.second, Function->getQualifiedNameAsString()});
      continue;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl, ExportDecl>(D))
      collect(*cast<DeclContext>(D), SM);
    else if (const auto *Template = dyn_cast<ClassTemplateDecl>(D))
      collect(*Template->getTemplatedDecl(), SM);
  }
}

std::string EnclosingFunctions::at(llvm::StringRef File,
                                   unsigned Offset) const {
  auto It = Ranges.find(File);
  if (It == Ranges.end())
    return "";
  const Range *Innermost = nullptr;
  for (const Range &R : It->second)
    if (R.Begin <= Offset && Offset <= R.End &&
        (!Innermost || R.End - R.Begin < Innermost->End - Innermost->Begin))
      Innermost = &R;
  return Innermost ? Innermost->Name : "";
}

} // namespace syscall_tidy
