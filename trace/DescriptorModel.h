//===--- DescriptorModel.h - Syscalls that changed nothing, from a replay -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Replays the trace over a model of each process's descriptors (path,
// access mode, offset, what was done to it since it was made) and of what
// each process already asked, and marks the syscalls whose answer or effect
// was already there: seeks that did not move the offset, a seek whose
// write could have been one pwrite, an fstat right after a write-mode open,
// fcntl flags right after the creating call, a path opened or stat'ed again
// with nothing written to it, runs of small writes and reads, a seek to the
// end and back, ids, umask, links and syncs asked or made again, and getpid,
// gettid and isatty asked again. Threads share their process's descriptors;
// a fork gives the child a copy, and it starts with nothing asked.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TRACE_DESCRIPTORMODEL_H
#define SYSCALL_TIDY_TRACE_DESCRIPTORMODEL_H

#include "StraceParser.h"
#include <memory>
#include <set>
#include <tuple>

namespace syscall_tidy::trace {

/// What a rule says of the syscalls it marks: one per distinct text, shared
/// by every syscall it marks (a long trace marks thousands alike).
struct RedundancyText {
  std::string Kind, Why, Fix;
  std::string Check; ///< the static check that finds the shape, if one does
  /// A shape that is as often needed (a stat of each entry: `ls -l` wants
  /// more than the type): counted only in what a static finding of its
  /// check at that line saves, never a row of its own.
  bool OnlyWithFinding = false;
  bool operator<(const RedundancyText &O) const {
    return std::tie(Kind, Why, Fix, Check) <
           std::tie(O.Kind, O.Why, O.Fix, O.Check);
  }
};

/// Where the replay's verdicts go as they are made: a consumer keeps what
/// it needs of a syscall until it is settled, so a long trace costs memory
/// for what is still open, not for every syscall.
class RedundancySink {
public:
  virtual ~RedundancySink() = default;
  /// Syscall \p Event (its index in the trace) is redundant for \p Text,
  /// which lives as long as the model.
  virtual void marked(size_t Event, const RedundancyText &Text) = 0;
  /// Nothing will mark \p Event any more.
  virtual void settled(size_t Event) = 0;
};

struct ModelLimits {
  unsigned SmallWrite = 64; ///< bytes: a write below this is small
  unsigned SmallRun = 4;    ///< small writes in a row that make a run
  /// A thread that made no traced call for this long waited (a poll, a
  /// sleep, a timer: calls the tracer does not stop at) or worked that
  /// long: what it wrote before went out before, and what it asks after
  /// is asked anew.
  double QuietSeconds = 0.1;
};

/// Whether a rule of the replay names static check \p Check: whether what
/// the check's fix saves can be measured on a run.
bool hasRunTimeRule(llvm::StringRef Check);

/// The replay, a syscall at a time. It keeps a syscall (a few words: its
/// name and caller kept once, its stack's hash) while the state of some
/// descriptor or path still names it, and tells the sink when it is
/// settled.
class RedundancyModel {
public:
  /// \p Processes maps each thread to its process (the first thread's id).
  RedundancyModel(std::map<int, int> Processes, const ModelLimits &Limits,
                  RedundancySink &Sink);
  ~RedundancyModel();
  /// Replays \p S, the next syscall; its index is the count so far.
  void step(const Syscall &S);
  /// Settles what is pending, and every syscall kept.
  void finish();

private:
  class Replay;
  std::unique_ptr<Replay> R;
};

/// Whether \p Name makes a thread or a process.
bool isProcessCreation(llvm::StringRef Name);

/// Each thread's process: threads made with CLONE_THREAD share their
/// creator's; other children (fork, vfork, clone) are processes of their
/// own. \p Root is the traced command's first thread.
std::map<int, int> processesOf(const SyscallList &Trace, int Root);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_DESCRIPTORMODEL_H
