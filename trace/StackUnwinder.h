//===--- StackUnwinder.h - A stopped thread's stack, from the CFI --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Unwinds a thread stopped at a syscall from its registers and its stack,
// copied once with process_vm_readv. Each module's unwind tables
// (.eh_frame, read with libdw) give the rule at a PC; the rules are kept
// per PC, so a stack seen before costs a lookup and a load per frame. Every
// frame is reported as strace -k reports it: the module, the symbol from
// the ELF symbol table, and the address relative to where the module is
// mapped (the PC less the mapping's start, plus its file offset).
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_STACKUNWINDER_H
#define SYSCALL_TIDY_TRACE_STACKUNWINDER_H

#include "StraceParser.h"
#include <array>
#include <memory>
#include <sys/types.h>
#include <unordered_map>

namespace syscall_tidy::trace {

/// x86-64's registers in DWARF's numbering; 16 is the return address.
using DwarfRegisters = std::array<uint64_t, 17>;

class StackUnwinder {
public:
  StackUnwinder();
  ~StackUnwinder();

  /// The frames of thread \p Tid of process \p Tgid, innermost first, at
  /// most \p MaxFrames.
  std::vector<Frame> unwind(pid_t Tgid, pid_t Tid, const DwarfRegisters &Regs,
                            unsigned MaxFrames);

  /// Forgets \p Tgid's mappings: it ran execve or ended.
  void forget(pid_t Tgid);

  /// Stacks cut short because a frame had no rule we could follow.
  unsigned truncatedStacks() const { return Truncated; }

private:
  struct Module;
  struct Mapping;
  struct Rule;
  struct Memory;
  Module *module(const std::string &Path);
  const Mapping *mappingAt(pid_t Tgid, uint64_t PC);
  const Rule *ruleAt(Module &M, uint64_t ElfAddress);

  std::unordered_map<std::string, std::unique_ptr<Module>> Modules;
  std::unordered_map<pid_t, std::vector<Mapping>> Maps;
  unsigned Truncated = 0;
};

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_STACKUNWINDER_H
