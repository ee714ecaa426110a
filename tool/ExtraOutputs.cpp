//===--- ExtraOutputs.cpp - The same findings in more formats -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ExtraOutputs.h"
#include "FindingReport.h"

namespace syscall_tidy {

bool ExtraOutputs::open(const ToolOptions &Options, std::string &Error) {
  for (const auto &[Format, Path] : Options.ExtraOutputs) {
    auto Sink = std::make_unique<OutputSink>();
    if (!Sink->open(Path == "-" ? "" : Path, Error,
                    "--output '" + Format + ":" + Path + "'"))
      return false;
    Outputs.push_back({Format, Path, std::move(Sink)});
  }
  return true;
}

bool ExtraOutputs::write(const std::vector<Finding> &Findings,
                         const ToolOptions &Options, const SourceTexts &Texts,
                         unsigned Units, std::string &Error) {
  for (Output &O : Outputs) {
    RenderOptions Rendering = renderOptions(Options, *O.Sink, Texts);
    Rendering.Units = Units;
    rendererNamed(O.Format)(Findings, O.Sink->stream(), Rendering);
    if (!O.Sink->finish()) {
      Error = "cannot write --output '" + O.Format + ":" + O.Path + "'";
      return false;
    }
  }
  return true;
}

} // namespace syscall_tidy
