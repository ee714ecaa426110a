//===--- Messages.cpp - The tool's one-line messages ----------------------===//

#include "Messages.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

namespace syscall_tidy {

int fail(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "syscall-tidy") << Message << "\n";
  return 2;
}

void note(bool Quiet, const llvm::Twine &Message) {
  if (!Quiet)
    llvm::WithColor::note(llvm::errs(), "syscall-tidy") << Message << "\n";
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

} // namespace syscall_tidy
