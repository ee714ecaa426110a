//===--- TraceReport.cpp - What a traced run cost, per site and finding --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "TraceReport.h"
#include "BoundedInput.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace syscall_tidy::trace {

namespace {

bool isTransfer(llvm::StringRef Name) {
  return llvm::is_contained({"read", "write", "pread64", "pwrite64", "readv",
                             "writev", "preadv", "pwritev", "preadv2",
                             "pwritev2"},
                            Name);
}

} // namespace

void ReportBuilder::add(const Syscall &S, const Site *At,
                        const StackLines &Lines) {
  auto [Known, New] = StackIds.try_emplace(Lines, Stacks.size());
  if (New) {
    Stacks.push_back(&Known->first);
    StackCounts.push_back(0);
  }
  ++StackCounts[Known->second];
  Events.push_back({At, &*Names.insert(S.Name).first, Known->second});
  if (!At)
    return;
  ++Attributed;
  SiteCost &C = BySite[{*At, S.Name}];
  C.At = *At;
  C.Syscall = S.Name;
  ++C.Count;
  if (isTransfer(S.Name) && !S.Failed && S.Result > 0)
    C.Bytes += S.Result;
  C.Seconds += S.Seconds;
}

void ReportBuilder::finish(const RedundantSyscalls &Redundant,
                           std::vector<FindingCost> Findings,
                           TraceReport &Report) {
  Report.Traced = Events.size();
  Report.Attributed = Attributed;
  for (auto &[Key, Cost] : BySite)
    Report.Sites.push_back(std::move(Cost));
  // Most first; ties in the order of their keys, so reports are stable.
  std::sort(Report.Sites.begin(), Report.Sites.end(),
            [](const SiteCost &A, const SiteCost &B) {
              return std::make_tuple(B.Count, A.At, A.Syscall) <
                     std::make_tuple(A.Count, B.At, B.Syscall);
            });

  std::map<std::tuple<std::string, Site, std::string>, RedundantCost> ByKind;
  // One syscall redundant for two reasons is one.
  std::vector<bool> Marked(Events.size());
  uint64_t Total = 0;
  std::map<std::tuple<std::string, Site, std::string>, std::set<std::string>>
      Whys;
  for (const Redundancy &R : Redundant.Events) {
    if (R.Text->OnlyWithFinding)
      continue;
    Total += !Marked[R.Event];
    Marked[R.Event] = true;
    const Event &E = Events[R.Event];
    Site At = E.At ? *E.At : Site{"(no frame in the program)", 0, "", {}};
    auto Key = std::make_tuple(R.Text->Kind, At, *E.Name);
    RedundantCost &C = ByKind[Key];
    if (!C.Count)
      C = {At, *E.Name, R.Text->Kind, R.Text->Why, R.Text->Fix, R.Text->Check,
           0};
    ++C.Count;
    Whys[Key].insert(R.Text->Why);
  }
  Report.RedundantTotal = Total;
  // One row per kind and site: when its cases differ (other paths), the
  // first stands for them and the row says how many there are.
  for (auto &[Key, Cost] : ByKind) {
    if (size_t Kinds = Whys[Key].size(); Kinds > 1)
      Cost.Why += " (and " + std::to_string(Kinds - 1) + " other case" +
                  (Kinds > 2 ? "s" : "") + " like it here)";
    Report.Redundant.push_back(std::move(Cost));
  }
  std::sort(Report.Redundant.begin(), Report.Redundant.end(),
            [](const RedundantCost &A, const RedundantCost &B) {
              return std::make_tuple(B.Count, A.At, A.Syscall, A.Kind) <
                     std::make_tuple(A.Count, B.At, B.Syscall, B.Kind);
            });

  // A finding's lines join the syscalls made there and the ones made
  // below them: its line may be a call of the program's own helper, which
  // makes the syscall a frame or more down. Per line, the stacks through
  // it; per stack, the redundant syscalls made with it and the checks
  // their rows name (a getpid row names two).
  std::map<std::pair<std::string, unsigned>, std::vector<unsigned>> StacksAt;
  for (unsigned Id = 0; Id < Stacks.size(); ++Id)
    for (const auto &Line : *Stacks[Id])
      StacksAt[Line].push_back(Id);
  std::map<unsigned, std::vector<std::pair<size_t, const std::string *>>>
      RedundantByStack;
  for (const Redundancy &R : Redundant.Events)
    RedundantByStack[Events[R.Event].Stack].push_back(
        {R.Event, &R.Text->Check});
  for (FindingCost &F : Findings) {
    std::set<unsigned> Through;
    for (const auto &Line : F.Lines)
      if (auto It = StacksAt.find(Line); It != StacksAt.end())
        Through.insert(It->second.begin(), It->second.end());
    std::set<size_t> Saved;
    for (unsigned Id : Through) {
      F.Syscalls += StackCounts[Id];
      auto Marked = RedundantByStack.find(Id);
      if (Marked == RedundantByStack.end())
        continue;
      for (const auto &[Event, Check] : Marked->second)
        if (!F.Check.empty() && llvm::StringRef(*Check).contains(F.Check))
          Saved.insert(Event);
    }
    F.Saves = Saved.size();
    F.Measurable = hasRunTimeRule(F.Check);
  }
  std::sort(
      Findings.begin(), Findings.end(),
      [](const FindingCost &A, const FindingCost &B) {
        return std::make_tuple(B.Saves, B.Syscalls, A.File, A.Line, A.Check) <
               std::make_tuple(A.Saves, A.Syscalls, B.File, B.Line, B.Check);
      });
  Report.Findings = std::move(Findings);
}

bool readFindings(const std::string &Path, std::vector<FindingCost> &Findings,
                  std::string &Error) {
  std::optional<std::string> Text = readBounded(Path, MaxInputBytes, Error);
  if (!Text) {
    Error = "cannot read --findings '" + Path + "': " + Error;
    return false;
  }
  std::optional<llvm::json::Value> Parsed = parseBoundedJson(*Text, Error);
  if (!Parsed) {
    Error = "--findings '" + Path + "' is not JSON: " + Error;
    return false;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *List = Root ? Root->getArray("findings") : nullptr;
  if (!List) {
    Error =
        "--findings '" + Path + "' is not a syscall-tidy --format=json output";
    return false;
  }
  auto LineOf = [](const llvm::json::Object *Location)
      -> std::optional<std::pair<std::string, unsigned>> {
    if (!Location || !Location->getString("file") ||
        !Location->getInteger("line"))
      return std::nullopt;
    return std::make_pair(normalisedPath(*Location->getString("file")),
                          unsigned(*Location->getInteger("line")));
  };
  for (const llvm::json::Value &Item : *List) {
    const llvm::json::Object *F = Item.getAsObject();
    auto At = F ? LineOf(F->getObject("location")) : std::nullopt;
    if (!At) {
      Error = "--findings '" + Path + "' has a finding without a location";
      return false;
    }
    FindingCost Cost;
    Cost.Check = F->getString("check").value_or("").str();
    Cost.Message = F->getString("message").value_or("").str();
    Cost.File = At->first;
    Cost.Line = At->second;
    Cost.Lines.push_back(*At);
    if (const llvm::json::Array *Notes = F->getArray("notes"))
      for (const llvm::json::Value &N : *Notes)
        if (const llvm::json::Object *Note = N.getAsObject())
          if (auto NoteAt = LineOf(Note->getObject("location")))
            Cost.Lines.push_back(*NoteAt);
    Findings.push_back(std::move(Cost));
  }
  return true;
}

} // namespace syscall_tidy::trace
