//===--- Baseline.h - Findings already known, hidden from a run ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A code base adopting the tool has findings nobody will fix this week; a
// baseline (an earlier JSON output) hides them, so that a run reports, and
// fails on, new findings only. Findings match by their fingerprint (check,
// file, function, the flagged line's text and its occurrence index), which
// survives lines inserted or removed above them and re-indentation.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_BASELINE_H
#define SYSCALL_TIDY_TOOL_BASELINE_H

#include "Renderers.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace syscall_tidy {

class Baseline {
public:
  /// The fingerprints in \p Path, a `--format=json` output; null with a
  /// one-line \p Error when it cannot be read or is not one.
  static std::unique_ptr<Baseline> load(const std::string &Path,
                                        std::string &Error);

  /// Whether \p F (its fingerprint with paths relative to \p Root) is
  /// known: each entry hides one occurrence (the same line twice is two),
  /// and a header's finding that another unit reports again stays hidden.
  /// The compiler's errors are never hidden.
  bool hides(const Finding &F, llvm::StringRef Root);
  /// How many distinct findings it hid so far.
  size_t hidden() const { return Hidden.size(); }

private:
  llvm::StringMap<unsigned> Left;
  std::set<std::string> Hidden; ///< identityOf() of what was hidden
};

/// Writes \p Findings to \p Path as --baseline reads them (the JSON
/// format), through a temporary file renamed into place.
bool writeBaseline(const std::string &Path,
                   const std::vector<Finding> &Findings,
                   const RenderOptions &Rendering, std::string &Error);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_BASELINE_H
