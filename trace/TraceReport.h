//===--- TraceReport.h - What a traced run cost, per site and finding ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TRACE_TRACEREPORT_H
#define SYSCALL_TIDY_TRACE_TRACEREPORT_H

#include "Attribution.h"
#include "DescriptorModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
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
  /// Every case the row joins (other paths), when there is more than one:
  /// the first MaxCases of them.
  std::vector<std::string> Cases;
  static constexpr size_t MaxCases = 16;
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

/// What one executable's calls cost, in a trace that follows the programs
/// a command starts.
struct ProgramCost {
  std::string Program;
  uint64_t Syscalls = 0, Redundant = 0;
};

struct TraceReport {
  std::vector<std::string> Command;
  int ExitStatus = 0;
  double WallSeconds = 0;
  std::string Backend;    ///< ptrace or strace
  std::string BackendWhy; ///< why strace, when ptrace was refused
  /// ptrace: "perf" or "exit stops", and why not perf (TracedRun).
  std::string Results, ResultsWhy;
  uint64_t Traced = 0, Attributed = 0, RedundantTotal = 0;
  std::vector<SiteCost> Sites;          ///< most syscalls first
  std::vector<RedundantCost> Redundant; ///< most first
  /// Per executable a frame names, most syscalls first.
  std::vector<ProgramCost> Programs;
  std::vector<FindingCost> Findings; ///< most saved first, then costs
  bool HaveFindings = false;
};

/// Aggregates a trace a syscall at a time: its sites as they come, each
/// syscall's verdicts when the model settles it (then it is dropped), and
/// at the end the cost of each finding. What it keeps grows with the
/// distinct sites, stacks and rows, not with the syscalls.
class ReportBuilder : public RedundancySink {
public:
  /// The lines of the program's frames of a syscall (Attribution's
  /// programLines).
  using StackLines = std::vector<std::pair<std::string, unsigned>>;

  /// The next syscall, at \p At (null with no frame in the program; kept
  /// alive by the caller until finish), made through \p Lines (for the
  /// findings' join; empty without findings). Before the model replays it.
  void add(const Syscall &S, const Site *At, const StackLines &Lines);
  void marked(size_t Event, const RedundancyText &Text) override;
  void settled(size_t Event) override;
  /// After the model's finish: the report, the findings' costs joined.
  void finish(std::vector<FindingCost> Findings, TraceReport &Report);

private:
  struct Event {
    const Site *At;
    const std::string *Name; ///< kept once in Names
    ProgramCost *Program;    ///< in ByProgram
    unsigned Stack;          ///< its lines, an index into Stacks
    llvm::SmallVector<const RedundancyText *, 1> Marks;
  };
  /// The syscalls the model has not settled yet.
  llvm::DenseMap<size_t, Event> Open;
  size_t Added = 0;
  std::set<std::string> Names;
  std::map<std::pair<Site, std::string>, SiteCost> BySite;
  std::map<std::string, ProgramCost> ByProgram;
  /// Each distinct set of stack lines once, and how many syscalls had it.
  std::map<StackLines, unsigned> StackIds;
  std::vector<const StackLines *> Stacks;
  std::vector<uint64_t> StackCounts;
  uint64_t Attributed = 0, RedundantTotal = 0;
  /// One row per rule, site and syscall, and the distinct cases it merges.
  /// A row: its rule, site and syscall, and what it says to do (the check
  /// and the fix), so that a row's text is true of every case it joins.
  using RowKey =
      std::tuple<std::string, Site, std::string, std::string, std::string>;
  std::map<RowKey, RedundantCost> Rows;
  std::map<RowKey, std::set<std::string>> Whys;
  /// Redundant syscalls per stack and the checks their rules name (a
  /// getpid row names two): what a finding's fix saves, joined at finish.
  std::map<std::pair<unsigned, std::vector<std::string>>, uint64_t> Saved;
};

/// Reads a syscall-tidy --format=json report; false with \p Error.
bool readFindings(const std::string &Path, std::vector<FindingCost> &Findings,
                  std::string &Error);

void renderText(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS);
void renderJson(const TraceReport &R, llvm::raw_ostream &OS);
void renderHtml(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS);

} // namespace syscall_tidy::trace

#endif // SYSCALL_TIDY_TRACE_TRACEREPORT_H
