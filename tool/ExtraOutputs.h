//===--- ExtraOutputs.h - The same findings in more formats ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --output=FORMAT:FILE: a CI job that wants SARIF for code scanning and
// annotations for the log runs the analysis once and writes both.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_EXTRAOUTPUTS_H
#define SYSCALL_TIDY_TOOL_EXTRAOUTPUTS_H

#include "OutputSink.h"
#include "Renderers.h"
#include "ToolOptions.h"
#include <memory>

namespace syscall_tidy {

class ExtraOutputs {
public:
  /// Opens every --output=FORMAT:FILE of \p Options, before the run, so
  /// that an unwritable one costs no analysis; false with \p Error.
  bool open(const ToolOptions &Options, std::string &Error);
  /// Renders \p Findings into each; false with \p Error naming the output
  /// that could not be written.
  bool write(const std::vector<Finding> &Findings, const ToolOptions &Options,
             const SourceTexts &Texts, unsigned Units, std::string &Error);

private:
  struct Output {
    std::string Format, Path;
    std::unique_ptr<OutputSink> Sink;
  };
  std::vector<Output> Outputs;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_EXTRAOUTPUTS_H
