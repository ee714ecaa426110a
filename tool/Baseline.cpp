//===--- Baseline.cpp - Findings already known, hidden from a run --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Baseline.h"
#include "FindingsJson.h"
#include "OutputSink.h"

namespace syscall_tidy {

std::unique_ptr<Baseline> Baseline::load(const std::string &Path,
                                         std::string &Error) {
  // The fingerprints as the report has them. One written before the
  // fingerprints named the function (SARIF's v2) matches nothing now.
  llvm::json::Value Document(nullptr);
  const llvm::json::Array *Findings =
      findingsArray(Path, "--baseline", Document, Error);
  if (!Findings)
    return nullptr;
  auto Known = std::make_unique<Baseline>();
  for (const llvm::json::Value &Item : *Findings) {
    const llvm::json::Object *Finding = Item.getAsObject();
    std::optional<llvm::StringRef> Print =
        Finding ? Finding->getString("fingerprint") : std::nullopt;
    if (!Print) {
      Error = "--baseline '" + Path + "' has a finding without a fingerprint";
      return nullptr;
    }
    ++Known->Left[*Print];
  }
  return Known;
}

bool Baseline::hides(const Finding &F, llvm::StringRef Root) {
  if (F.FromCompiler)
    return false;
  std::string Id = identityOf(F);
  if (Hidden.count(Id))
    return true;
  auto It = Left.find(fingerprint(F, Root));
  if (It == Left.end() || It->second == 0)
    return false;
  --It->second;
  Hidden.insert(std::move(Id));
  return true;
}

bool writeBaseline(const std::string &Path,
                   const std::vector<Finding> &Findings,
                   const RenderOptions &Rendering, std::string &Error) {
  if (writeWhole(
          Path,
          [&](llvm::raw_ostream &Out) { renderJson(Findings, Out, Rendering); },
          Error))
    return true;
  Error = "cannot write --write-baseline '" + Path + "': " + Error;
  return false;
}

} // namespace syscall_tidy
