//===--- StraceParser.h - strace's output as syscall records -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reads what `strace -f -ttt -T -y -k` writes: one line per syscall (split
// into "<unfinished ...>" and "<... resumed>" when threads interleave), each
// followed by its stack, innermost frame first.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_STRACEPARSER_H
#define SYSCALL_TIDY_TRACE_STRACEPARSER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <deque>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace syscall_tidy::trace {

struct Frame {
  std::string Module;   ///< the ELF file's path
  std::string Symbol;   ///< "name+0x1f" from the symbol table, may be empty
  uint64_t Address = 0; ///< relative to the module, as symbolizers take it
};

struct Syscall {
  int Pid = 0; ///< the thread's id
  std::string Name;
  std::vector<std::string> Args; ///< as strace printed them
  long long Result = 0;
  bool Failed = false;       ///< returned -1 with an errno
  std::string ResultPath;    ///< "3</tmp/x>": what -y says the result is
  double Seconds = 0;        ///< time in the syscall (-T)
  double Start = 0;          ///< when it began (-ttt, seconds since the epoch)
  std::vector<Frame> Frames; ///< innermost first
  /// stackHash(Frames), kept when the frames are dropped after attribution;
  /// 0 without frames.
  uint64_t Stack = 0;
  /// The runtime function the program called (Attribution::libraryCall).
  std::string Via;
  /// That function is another library's than the C runtime's (libcrypto,
  /// libevent): what it does is its own business, never the program's.
  bool ViaOtherLibrary = false;
  /// linesHash of the program's lines outside the one the syscall is
  /// attributed to: two calls with the same are made by one invocation of
  /// a function (or by the same call of it again); 0 without them.
  uint64_t Callers = 0;
  /// The executable it was made in (Attribution::identify); empty when no
  /// frame names one.
  std::string Program;
};

/// The records of a trace, in the order the calls completed. A deque: it
/// grows without copying, so a long trace never holds its records twice.
using SyscallList = std::deque<Syscall>;

/// Reads the trace file \p Path a line at a time (a long trace is never
/// held whole): \p Root, the id of its first line's thread (the command's),
/// and \p Exit, the status the trace records for that thread's end ("+++
/// exited with 3 +++", "+++ killed by SIGINT +++") as a shell reports it,
/// or -1 if none. False when the file cannot be read or its first line
/// names no thread.
bool traceEnds(const std::string &Path, int &Root, int &Exit);
/// traceEnds() of a trace already open.
bool traceEnds(std::istream &Trace, int &Root, int &Exit);

/// One number per distinct stack (module and address of every frame).
uint64_t stackHash(llvm::ArrayRef<Frame> Frames);

/// An argument "3</tmp/x>" (or "3"): the descriptor and what -y named.
struct DescriptorArg {
  int Fd = -1;
  std::string Path;
};
std::optional<DescriptorArg> descriptorArg(llvm::StringRef Arg);

/// A string argument "\"/etc/x\"" without its quotes (escapes kept).
std::optional<std::string> stringArg(llvm::StringRef Arg);

class StraceParser {
public:
  /// Takes one line of the trace; false when it is not one strace writes.
  bool feed(llvm::StringRef Line);
  /// The syscalls completed so far, in the order they completed.
  SyscallList &syscalls() { return Done; }

private:
  bool finish(int Pid, double Start, llvm::StringRef Text,
              std::vector<Frame> Frames);
  SyscallList Done;
  /// A call whose end another line gives: its text so far, when it
  /// began, and the stack printed with it.
  struct Unfinished {
    std::string Text;
    double Start = 0;
    std::vector<Frame> Frames;
  };
  std::map<int, Unfinished> Pending; ///< per thread
  /// Where the next stack line goes: a thread's unfinished call, or the
  /// last completed one.
  std::optional<int> StackOfPending;
  bool StackOfDone = false;
};

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_STRACEPARSER_H
