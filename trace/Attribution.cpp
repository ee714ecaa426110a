//===--- Attribution.cpp - The source line each syscall is made at -------===//

#include "Attribution.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace syscall_tidy::trace {

namespace {

/// The runtimes every C and C++ program links: a syscall made in them is
/// made for the caller.
constexpr const char *RuntimeLibraries[] = {
    "libc.so",      "libc-",    "libstdc++.so", "libc++.so",
    "libc++abi.so", "ld-linux", "libm.so",      "libpthread",
    "libgcc_s",     "libdl.so", "librt.so",     "libunwind.so"};

bool isSystemHeader(llvm::StringRef File) {
  return File.starts_with("/usr/include/") ||
         File.starts_with("/usr/lib/gcc/") ||
         File.starts_with("/usr/lib/llvm-");
}

std::string normalised(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

} // namespace

Attribution::Attribution(std::vector<std::string> SkipLibraries)
    : Skip(std::move(SkipLibraries)) {
  llvm::symbolize::LLVMSymbolizer::Options Options;
  Options.Demangle = true;
  Options.RelativeAddresses = false;
  Symbolizer = std::make_unique<llvm::symbolize::LLVMSymbolizer>(Options);
}

Attribution::~Attribution() = default;

bool Attribution::skipped(llvm::StringRef Module) const {
  llvm::StringRef Name = llvm::sys::path::filename(Module);
  if (Module.empty() || Module.starts_with("[") ||
      Name.starts_with("linux-vdso"))
    return true;
  for (const char *Runtime : RuntimeLibraries)
    if (Name.starts_with(Runtime))
      return true;
  for (const std::string &Library : Skip)
    if (Name.contains(Library))
      return true;
  return false;
}

Site Attribution::symbolize(const Frame &F, bool ReturnAddress) {
  // A caller's frame holds the return address: the call is the byte before.
  uint64_t Address = F.Address - (ReturnAddress && F.Address ? 1 : 0);
  auto [It, New] = Known.try_emplace({F.Module, Address});
  if (!New)
    return It->second;
  Site &S = It->second;
  S.File = F.Module;
  S.Function = llvm::StringRef(F.Symbol).split('+').first.str();
  llvm::Expected<llvm::DIInliningInfo> Inlined =
      Symbolizer->symbolizeInlinedCode(
          F.Module, {Address, llvm::object::SectionedAddress::UndefSection});
  if (!Inlined) {
    llvm::consumeError(Inlined.takeError());
    return S;
  }
  // The innermost inlined frame in the program's own sources: a fortified
  // read() inlined from <bits/unistd.h> belongs to its caller's line.
  for (uint32_t I = 0; I < Inlined->getNumberOfFrames(); ++I) {
    const llvm::DILineInfo &Info = Inlined->getFrame(I);
    if (Info.Line == 0 || Info.FileName == llvm::DILineInfo::BadString ||
        (isSystemHeader(Info.FileName) && I + 1 < Inlined->getNumberOfFrames()))
      continue;
    S.File = normalised(Info.FileName);
    S.Line = Info.Line;
    if (Info.FunctionName != llvm::DILineInfo::BadString)
      S.Function = Info.FunctionName;
    break;
  }
  return S;
}

std::optional<Site> Attribution::siteOf(const Syscall &S) {
  for (size_t I = 0; I < S.Frames.size(); ++I)
    if (!skipped(S.Frames[I].Module))
      return symbolize(S.Frames[I], /*ReturnAddress=*/I > 0);
  return std::nullopt;
}

} // namespace syscall_tidy::trace
