//===--- Baseline.cpp - Findings already known, hidden from a run --------===//

#include "Baseline.h"
#include "OutputSink.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace syscall_tidy {

std::unique_ptr<Baseline> Baseline::load(const std::string &Path,
                                         std::string &Error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error =
        "cannot read --baseline '" + Path + "': " + Text.getError().message();
    return nullptr;
  }
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse((*Text)->getBuffer());
  if (!Parsed) {
    Error = "--baseline '" + Path +
            "' is not JSON: " + llvm::toString(Parsed.takeError());
    return nullptr;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Findings =
      Root ? Root->getArray("findings") : nullptr;
  if (!Findings) {
    Error = "--baseline '" + Path +
            "' is not a syscall-tidy --format=json output (no \"findings\")";
    return nullptr;
  }
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

bool Baseline::hides(const std::string &Fingerprint) {
  auto It = Left.find(Fingerprint);
  if (It == Left.end() || It->second == 0)
    return false;
  --It->second;
  return true;
}

bool writeBaseline(const std::string &Path,
                   const std::vector<Finding> &Findings,
                   const RenderOptions &Rendering, std::string &Error) {
  if (writeAside(
          Path,
          [&](llvm::raw_ostream &Out) { renderJson(Findings, Out, Rendering); },
          Error))
    return true;
  Error = "cannot write --write-baseline '" + Path + "': " + Error;
  return false;
}

} // namespace syscall_tidy
