//===--- FormatText.cpp - clang-style text --------------------------------===//

#include "Findings.h"

namespace syscall_tidy {

void renderText(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &) {
  auto Where = [&](const Position &P) {
    OS << P.File << ":" << P.Line << ":" << P.Column << ": ";
  };
  for (const Finding &F : Findings) {
    Where(F.Begin);
    OS << (F.IsError ? "error: " : "warning: ") << F.Message << " [" << F.Check
       << "]\n";
    if (!F.LineText.empty())
      OS << "    " << F.LineText << "\n";
    for (const Note &N : F.Notes) {
      Where(N.At);
      OS << "note: " << N.Message << "\n";
    }
  }
}

} // namespace syscall_tidy
