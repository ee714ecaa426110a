//===--- Renderers.h - The output formats --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_RENDERERS_H
#define SYSCALL_TIDY_TOOL_RENDERERS_H

#include "Findings.h"

namespace syscall_tidy {

struct RenderOptions {
  std::string SourceRoot; ///< paths in SARIF/GitHub/GitLab are relative to it
  std::string ToolVersion;
  bool Color = false;                 ///< text: clang's colours
  const SourceTexts *Texts = nullptr; ///< text: the lines to show
  unsigned Units = 0;                 ///< json: the translation units analysed
  /// json of a shard: its units' facts, for --merge to settle candidates,
  /// and the units of the database the shards split.
  std::vector<std::string> Facts;
  size_t DatabaseUnits = 0;
};

/// Each renders the whole list. Text also renders a part of it (one
/// translation unit's findings as soon as it is done).
using Renderer = void (*)(const std::vector<Finding> &, llvm::raw_ostream &,
                          const RenderOptions &);
void renderText(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options);
void renderJson(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options);
void renderSarif(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                 const RenderOptions &Options);
void renderGithub(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options);
void renderGitlab(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options);

/// The renderer of a --format name, or null.
Renderer rendererNamed(llvm::StringRef Name);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_RENDERERS_H
