//===--- Attribution.h - The source line each syscall is made at ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A syscall's site is the innermost frame of its stack in the traced
// program's own code: frames in libc, libstdc++, the dynamic loader and the
// libraries the user names are skipped. The frame is symbolised from its
// DWARF with LLVM's symbolizer (file:line, the innermost inlined function
// outside system headers); without debug info the site is the function
// name from the symbol table, with no line.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_ATTRIBUTION_H
#define SYSCALL_TIDY_TRACE_ATTRIBUTION_H

#include "StraceParser.h"
#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include <map>
#include <memory>

namespace syscall_tidy::trace {

struct Site {
  std::string File;  ///< the source file, or the module without debug info
  unsigned Line = 0; ///< 0 without debug info
  std::string Function;
  /// The program's frames that called it, innermost first: the wrappers'
  /// callers (--stack-depth, --wrapper); empty by default.
  std::vector<Site> Callers;
  bool operator<(const Site &O) const {
    return std::tie(File, Line, Function, Callers) <
           std::tie(O.File, O.Line, O.Function, O.Callers);
  }
  bool operator==(const Site &O) const {
    return File == O.File && Line == O.Line && Function == O.Function &&
           Callers == O.Callers;
  }
};

/// How far out a site reaches: at least \p Depth of the program's frames,
/// and on through every frame of a function named in \p Wrappers.
struct SiteReach {
  unsigned Depth = 1;
  std::vector<std::string> Wrappers;
};

/// \p Path without `.` and `..` steps: the one spelling sites and static
/// findings are matched by.
std::string normalisedPath(llvm::StringRef Path);

class Attribution {
public:
  /// \p SkipLibraries: more module names (substrings of the file name) to
  /// skip, on top of the C and C++ runtimes and the loader.
  explicit Attribution(std::vector<std::string> SkipLibraries,
                       SiteReach Reach = {});
  ~Attribution();

  /// The site of \p S; none when no frame is in the program's code. Its
  /// callers as far as the reach asks.
  std::optional<Site> siteOf(const Syscall &S);

  /// The lines of the program's frames of \p S, innermost first, each
  /// once: where the syscall is made and every call of the program's own
  /// code that led to it (a finding on a helper's call joins the syscalls
  /// the helper makes). At most MaxLines of them.
  std::vector<std::pair<std::string, unsigned>> programLines(const Syscall &S);
  static constexpr size_t MaxLines = 32;

  /// Sets what tells \p S's call site and caller from others': Stack (the
  /// same call site: the same program lines \p Lines, as an unrolled
  /// loop's calls have other addresses, and the same frames in skipped
  /// modules, as two calls inside one getpwnam are two sites), Callers
  /// (made by one invocation of a function: its function, \p At's, and the
  /// same lines outside it), Program (the executable: the module of the
  /// outermost frame that is not a shared library), and libraryCall()'s.
  void identify(Syscall &S, const std::optional<Site> &At,
                llvm::ArrayRef<std::pair<std::string, unsigned>> Lines);

private:
  /// Sets what \p S says of its library frames: Via, the runtime
  /// function the program called to make it (the symbol of the outermost
  /// frame under the program's first with a line: `lseek64` for a seek of
  /// its own, `getpwuid_r` for one the C library's user lookup makes,
  /// `RAND_bytes_ex` for libcrypto's getpid; empty when there is none),
  /// and whether that frame is another library's than the C runtime's.
  void libraryCall(Syscall &S);
  /// The C runtime's modules (libc, the loader, libstdc++, NSS).
  static bool runtimeLibrary(llvm::StringRef Module);
  bool skipped(llvm::StringRef Module) const;
  Site symbolize(const Frame &F, bool ReturnAddress);
  /// The address \p Module is linked at (its lowest PT_LOAD).
  uint64_t loadBase(const std::string &Module);

  std::vector<std::string> Skip;
  SiteReach Reach;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> Symbolizer;
  std::map<std::pair<std::string, uint64_t>, Site> Known;
  std::map<std::string, uint64_t> Bases;
};

/// One number per distinct list of source lines; 0 for none.
uint64_t linesHash(llvm::ArrayRef<std::pair<std::string, unsigned>> Lines);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_ATTRIBUTION_H
