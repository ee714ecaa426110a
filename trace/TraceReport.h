//===--- TraceReport.h - What a traced run cost, per site and finding ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TRACE_TRACEREPORT_H
#define SYSCALL_TIDY_TRACE_TRACEREPORT_H

#include "Attribution.h"
#include "DescriptorModel.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>

namespace syscall_tidy::trace {

struct SiteCost {
  Site At;
  std::string Syscall;
  uint64_t Count = 0, Bytes = 0;
  double Seconds = 0;
};

struct RedundantCost {
  Site At;
  std::string Syscall, Kind, Why, Fix, Check;
  uint64_t Count = 0;
};

/// A static finding (syscall-tidy --format=json) with what its lines cost.
struct FindingCost {
  std::string Check, File, Message;
  unsigned Line = 0;
  /// The finding's own line and the lines its notes name.
  std::vector<std::pair<std::string, unsigned>> Lines;
  uint64_t Syscalls = 0; ///< costs: every syscall made at those lines
  /// What its fix saves on this run: the syscalls at those lines that the
  /// model marked redundant by a rule that names the finding's check.
  uint64_t Saves = 0;
  bool Measurable = false; ///< a rule of the replay names its check
};

struct TraceReport {
  std::vector<std::string> Command;
  int ExitStatus = 0;
  double WallSeconds = 0;
  std::string Backend;    ///< ptrace or strace
  std::string BackendWhy; ///< why strace, when ptrace was refused
  uint64_t Traced = 0, Attributed = 0, RedundantTotal = 0;
  std::vector<SiteCost> Sites;          ///< most syscalls first
  std::vector<RedundantCost> Redundant; ///< most first
  std::vector<FindingCost> Findings;    ///< most saved first, then costs
  bool HaveFindings = false;
};

/// Aggregates a trace a syscall at a time: its sites as they come, then
/// the redundant syscalls the model found and the cost of each finding.
class ReportBuilder {
public:
  /// The lines of the program's frames of a syscall (Attribution's
  /// programLines).
  using StackLines = std::vector<std::pair<std::string, unsigned>>;

  /// The next syscall, at \p At (null with no frame in the program; kept
  /// alive by the caller until finish), made through \p Lines (for the
  /// findings' join; empty without findings).
  void add(const Syscall &S, const Site *At, const StackLines &Lines);
  void finish(const RedundantSyscalls &Redundant,
              std::vector<FindingCost> Findings, TraceReport &Report);

private:
  struct Event {
    const Site *At;
    const std::string *Name; ///< kept once in Names
    unsigned Stack;          ///< its lines, an index into Stacks
  };
  std::vector<Event> Events;
  std::set<std::string> Names;
  std::map<std::pair<Site, std::string>, SiteCost> BySite;
  /// Each distinct set of stack lines once, and how many syscalls had it.
  std::map<StackLines, unsigned> StackIds;
  std::vector<const StackLines *> Stacks;
  std::vector<uint64_t> StackCounts;
  uint64_t Attributed = 0;
};

/// Reads a syscall-tidy --format=json report; false with \p Error.
bool readFindings(const std::string &Path, std::vector<FindingCost> &Findings,
                  std::string &Error);

void renderText(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS);
void renderJson(const TraceReport &R, llvm::raw_ostream &OS);
void renderHtml(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_TRACEREPORT_H
