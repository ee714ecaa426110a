//===--- Attribution.cpp - The source line each syscall is made at -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Attribution.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Path.h"

namespace syscall_tidy::trace {

namespace {

/// The runtimes every C and C++ program links: a syscall made in them is
/// made for the caller.
constexpr const char *RuntimeLibraries[] = {
    "libc.so", "libc-", "libstdc++.so", "libc++.so", "libc++abi.so", "ld-linux",
    "libm.so", "libpthread", "libgcc_s", "libdl.so", "librt.so", "libunwind.so",
    // The C library's name services, loaded by getpwnam and the like.
    "libnss_", "libresolv"};

bool isSystemHeader(llvm::StringRef File) {
  return File.starts_with("/usr/include/") ||
         File.starts_with("/usr/lib/gcc/") ||
         File.starts_with("/usr/lib/llvm-");
}

} // namespace

std::string normalisedPath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

Attribution::Attribution(std::vector<std::string> SkipLibraries,
                         SiteReach Reach)
    : Skip(std::move(SkipLibraries)), Reach(std::move(Reach)) {
  llvm::symbolize::LLVMSymbolizer::Options Options;
  Options.Demangle = true;
  Options.RelativeAddresses = false;
  Symbolizer = std::make_unique<llvm::symbolize::LLVMSymbolizer>(Options);
}

Attribution::~Attribution() = default;

bool Attribution::runtimeLibrary(llvm::StringRef Module) {
  llvm::StringRef Name = llvm::sys::path::filename(Module);
  if (Module.empty() || Module.starts_with("[") ||
      Name.starts_with("linux-vdso"))
    return true;
  return llvm::any_of(RuntimeLibraries, [&](const char *Runtime) {
    return Name.starts_with(Runtime);
  });
}

bool Attribution::skipped(llvm::StringRef Module) const {
  if (runtimeLibrary(Module))
    return true;
  llvm::StringRef Name = llvm::sys::path::filename(Module);
  for (const std::string &Library : Skip)
    if (Name.contains(Library))
      return true;
  return false;
}

uint64_t Attribution::loadBase(const std::string &Module) {
  auto [It, New] = Bases.try_emplace(Module, 0);
  if (!New)
    return It->second;
  llvm::Expected<llvm::object::OwningBinary<llvm::object::ObjectFile>> File =
      llvm::object::ObjectFile::createObjectFile(Module);
  if (!File) {
    llvm::consumeError(File.takeError());
    return 0;
  }
  const auto *Elf =
      llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(File->getBinary());
  if (!Elf)
    return 0;
  auto Headers = Elf->getELFFile().program_headers();
  if (!Headers) {
    llvm::consumeError(Headers.takeError());
    return 0;
  }
  uint64_t Lowest = UINT64_MAX;
  for (const auto &Header : *Headers)
    if (Header.p_type == llvm::ELF::PT_LOAD)
      Lowest = std::min<uint64_t>(Lowest, Header.p_vaddr & ~uint64_t(0xfff));
  return It->second = Lowest == UINT64_MAX ? 0 : Lowest;
}

Site Attribution::symbolize(const Frame &F, bool ReturnAddress) {
  // strace gives addresses relative to where the module is loaded; the
  // symbolizer takes them as linked: a non-PIE executable's start at
  // 0x400000, 0 for PIE and shared libraries. A caller's frame holds the
  // return address: the call is the byte before.
  uint64_t Address =
      F.Address + loadBase(F.Module) - (ReturnAddress && F.Address ? 1 : 0);
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
    S.File = normalisedPath(Info.FileName);
    S.Line = Info.Line;
    if (Info.FunctionName != llvm::DILineInfo::BadString)
      S.Function = Info.FunctionName;
    break;
  }
  return S;
}

void Attribution::libraryCall(Syscall &S) {
  // Out to the program's first frame with a line: a shared library built
  // without -g stands for its caller there, as in siteOf().
  size_t Site = 0;
  for (; Site < S.Frames.size(); ++Site) {
    const Frame &F = S.Frames[Site];
    if (skipped(F.Module))
      continue;
    if (!llvm::StringRef(F.Module).contains(".so") ||
        symbolize(F, /*ReturnAddress=*/Site > 0).Line)
      break;
  }
  S.Via.clear();
  S.ViaOtherLibrary = false;
  for (size_t I = 0; I < Site; ++I)
    if (llvm::StringRef Symbol =
            llvm::StringRef(S.Frames[I].Symbol).split('+').first;
        !Symbol.empty()) {
      S.Via = Symbol.str();
      S.ViaOtherLibrary = !runtimeLibrary(S.Frames[I].Module);
    }
}

void Attribution::identify(
    Syscall &S, const std::optional<Site> &At,
    llvm::ArrayRef<std::pair<std::string, unsigned>> Lines) {
  // The frames in skipped modules under the program's first, not copied.
  size_t Program =
      llvm::find_if(S.Frames,
                    [&](const Frame &F) { return !skipped(F.Module); }) -
      S.Frames.begin();
  uint64_t Library =
      stackHash(llvm::ArrayRef<Frame>(S.Frames).take_front(Program));
  S.Stack = Lines.empty() ? stackHash(S.Frames) : linesHash(Lines) ^ Library;
  S.Callers = Lines.empty() || !At
                  ? 0
                  : static_cast<uint64_t>(llvm::hash_combine(
                        At->Function, linesHash(Lines.drop_front()))) |
                        1;
  auto Executable = llvm::find_if(llvm::reverse(S.Frames), [&](const Frame &F) {
    return !skipped(F.Module) && !llvm::StringRef(F.Module).contains(".so");
  });
  S.Program = Executable == S.Frames.rend() ? "" : Executable->Module;
  libraryCall(S);
}

uint64_t linesHash(llvm::ArrayRef<std::pair<std::string, unsigned>> Lines) {
  if (Lines.empty())
    return 0;
  llvm::hash_code Hash = llvm::hash_value(Lines.size());
  for (const auto &[File, Line] : Lines)
    Hash = llvm::hash_combine(Hash, File, Line);
  return static_cast<uint64_t>(Hash) | 1; // never 0
}

std::vector<std::pair<std::string, unsigned>>
Attribution::programLines(const Syscall &S) {
  std::vector<std::pair<std::string, unsigned>> Lines;
  for (size_t I = 0; I < S.Frames.size() && Lines.size() < MaxLines; ++I) {
    if (skipped(S.Frames[I].Module))
      continue;
    // Every frame but the syscall's own holds a return address.
    Site Here = symbolize(S.Frames[I], /*ReturnAddress=*/I > 0);
    std::pair<std::string, unsigned> Line{Here.File, Here.Line};
    if (Here.Line && !llvm::is_contained(Lines, Line))
      Lines.push_back(std::move(Line));
  }
  return Lines;
}

std::optional<Site> Attribution::siteOf(const Syscall &S) {
  // The innermost frame with a line; a static binary's libc, or a library
  // built without -g, has none and stands for its caller.
  std::optional<Site> First;
  size_t At = S.Frames.size();
  for (size_t I = 0; I < S.Frames.size(); ++I) {
    if (skipped(S.Frames[I].Module))
      continue;
    Site Here = symbolize(S.Frames[I], /*ReturnAddress=*/I > 0);
    if (Here.Line) {
      First = std::move(Here);
      At = I;
      break;
    }
    if (!First) {
      First = std::move(Here);
      At = I;
    }
  }
  if (!First)
    return First;
  // Out through the wrappers' callers: frames of the program, each at its
  // call's line.
  auto Wraps = [&](const Site &Inner) {
    return llvm::is_contained(Reach.Wrappers, Inner.Function);
  };
  const Site *Inner = &*First;
  for (size_t I = At + 1; I < S.Frames.size(); ++I) {
    if (First->Callers.size() + 1 >= Reach.Depth && !Wraps(*Inner))
      break;
    if (skipped(S.Frames[I].Module))
      continue;
    Site Caller = symbolize(S.Frames[I], /*ReturnAddress=*/true);
    if (!Caller.Line)
      break; // the start-up code that called main
    Caller.Callers.clear();
    First->Callers.push_back(std::move(Caller));
    Inner = &First->Callers.back();
  }
  return First;
}

} // namespace syscall_tidy::trace
