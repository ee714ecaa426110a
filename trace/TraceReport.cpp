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
  ProgramCost &Program = ByProgram[S.Program];
  Program.Program = S.Program;
  ++Program.Syscalls;
  Open[Added++] = {
      At, &*Names.insert(S.Name).first, &Program, Known->second, {}};
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

void ReportBuilder::marked(size_t Event, const RedundancyText &Text) {
  if (auto It = Open.find(Event); It != Open.end())
    It->second.Marks.push_back(&Text);
}

void ReportBuilder::settled(size_t Event) {
  auto It = Open.find(Event);
  if (It == Open.end())
    return;
  const ReportBuilder::Event &E = It->second;
  // One syscall redundant for two reasons is one.
  bool Counted = false;
  std::vector<std::string> Checks;
  for (const RedundancyText *T : E.Marks) {
    Checks.push_back(T->Check);
    if (T->OnlyWithFinding)
      continue;
    Counted = true;
    Site At = E.At ? *E.At : Site{"(no frame in the program)", 0, "", {}};
    RowKey Key{T->Kind, At, *E.Name, T->Check, T->Fix};
    RedundantCost &C = Rows[Key];
    if (!C.Count)
      C = {At, *E.Name, T->Kind, T->Why, T->Fix, T->Check, 0, {}};
    ++C.Count;
    Whys[Key].insert(T->Why);
  }
  RedundantTotal += Counted;
  E.Program->Redundant += Counted;
  if (!Checks.empty()) {
    llvm::sort(Checks);
    Checks.erase(std::unique(Checks.begin(), Checks.end()), Checks.end());
    ++Saved[{E.Stack, std::move(Checks)}];
  }
  Open.erase(It);
}

void ReportBuilder::finish(std::vector<FindingCost> Findings,
                           TraceReport &Report) {
  Report.Traced = Added;
  Report.Attributed = Attributed;
  for (auto &[Key, Cost] : BySite)
    Report.Sites.push_back(std::move(Cost));
  // Most first; ties in the order of their keys, so reports are stable.
  std::sort(Report.Sites.begin(), Report.Sites.end(),
            [](const SiteCost &A, const SiteCost &B) {
              return std::make_tuple(B.Count, A.At, A.Syscall) <
                     std::make_tuple(A.Count, B.At, B.Syscall);
            });

  Report.RedundantTotal = RedundantTotal;
  // Calls no program frame names (the loader's, before main) are in the
  // totals only.
  for (auto &[Name, Cost] : ByProgram)
    if (!Name.empty())
      Report.Programs.push_back(std::move(Cost));
  std::sort(Report.Programs.begin(), Report.Programs.end(),
            [](const ProgramCost &A, const ProgramCost &B) {
              return std::make_tuple(B.Syscalls, A.Program) <
                     std::make_tuple(A.Syscalls, B.Program);
            });
  // One row per kind and site: when its cases differ (other paths), the
  // first stands for them and the row says how many there are.
  for (auto &[Key, Cost] : Rows) {
    const std::set<std::string> &Cases = Whys[Key];
    if (size_t Kinds = Cases.size(); Kinds > 1) {
      Cost.Why += " (and " + std::to_string(Kinds - 1) + " other case" +
                  (Kinds > 2 ? "s" : "") + " like it here)";
      for (const std::string &Case : Cases)
        if (Cost.Cases.size() < RedundantCost::MaxCases)
          Cost.Cases.push_back(Case);
    }
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
  // it; per stack, how many redundant syscalls were made with it and the
  // checks their rows name.
  std::map<std::pair<std::string, unsigned>, std::vector<unsigned>> StacksAt;
  for (unsigned Id = 0; Id < Stacks.size(); ++Id)
    for (const auto &Line : *Stacks[Id])
      StacksAt[Line].push_back(Id);
  std::map<unsigned,
           std::vector<std::pair<const std::vector<std::string> *, uint64_t>>>
      SavedByStack;
  for (const auto &[Key, Count] : Saved)
    SavedByStack[Key.first].push_back({&Key.second, Count});
  for (FindingCost &F : Findings) {
    std::set<unsigned> Through;
    for (const auto &Line : F.Lines)
      if (auto It = StacksAt.find(Line); It != StacksAt.end())
        Through.insert(It->second.begin(), It->second.end());
    for (unsigned Id : Through) {
      F.Syscalls += StackCounts[Id];
      auto Marked = SavedByStack.find(Id);
      if (Marked == SavedByStack.end() || F.Check.empty())
        continue;
      for (const auto &[Checks, Count] : Marked->second)
        if (llvm::any_of(*Checks, [&](const std::string &Check) {
              return llvm::StringRef(Check).contains(F.Check);
            }))
          F.Saves += Count;
    }
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
