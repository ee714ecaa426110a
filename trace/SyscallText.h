//===--- SyscallText.h - A traced syscall written as strace writes it ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The ptrace backend writes its trace in the text of `strace -f -ttt -T -y
// -k`, so one parser and one model read both backends. The arguments are
// decoded as far as the model reads them: paths, descriptors with their
// files (-y), the open, fcntl, seek, ioctl, at- and clone flags; the rest
// as numbers. Buffers are not read (strace's `-s 0`).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_SYSCALLTEXT_H
#define SYSCALL_TIDY_TRACE_SYSCALLTEXT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace syscall_tidy::trace {

/// What the text of a call needs from the stopped tracee.
class TraceeView {
public:
  virtual ~TraceeView() = default;
  /// The C string at \p Address (at most PATH_MAX bytes); none when it
  /// cannot be read.
  virtual std::optional<std::string> string(uint64_t Address) = 0;
  virtual std::optional<uint64_t> word(uint64_t Address) = 0;
  /// The file behind descriptor \p Fd, as /proc names it; empty if none.
  virtual std::string descriptorPath(int Fd) = 0;
  virtual std::string workingDirectory() = 0;
};

/// The syscall numbers traced: the same set as the strace backend's.
std::vector<long> tracedSyscallNumbers();

/// "openat(AT_FDCWD</home/u>, \"x\", O_RDONLY|O_CLOEXEC)": the call as it
/// enters, read before it runs (close's descriptor is gone after).
std::string callText(long Number, const uint64_t Args[6], TraceeView &Tracee);
/// "3</home/u/x>", "-1 ENOENT (No such file or directory)", "? ERESTARTSYS".
std::string resultText(long Number, const uint64_t Args[6], long Result,
                       TraceeView &Tracee);
/// Whether the call makes a descriptor (its result, when not negative).
bool makesDescriptor(long Number, const uint64_t Args[6]);
/// Descriptors the call closes or replaces; all of them for execve and
/// close_range (-1).
std::vector<int> descriptorsEnded(long Number, const uint64_t Args[6]);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_SYSCALLTEXT_H
