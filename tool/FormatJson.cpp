//===--- FormatJson.cpp - the stable JSON schema (docs/integration.md) ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FindingsJson.h"
#include "Renderers.h"

namespace syscall_tidy {

void renderJson(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  llvm::json::Array List;
  for (const Finding &F : Findings)
    List.push_back(findingToJson(F, Options.SourceRoot));
  llvm::json::Object Report{{"version", ReportFormatVersion},
                            {"tool", "syscall-tidy"},
                            {"toolVersion", Options.ToolVersion},
                            {"findings", std::move(List)}};
  if (Options.Units)
    Report["units"] = Options.Units;
  if (!Options.Facts.empty())
    Report["facts"] = stringArray(Options.Facts);
  if (Options.DatabaseUnits)
    Report["databaseUnits"] = Options.DatabaseUnits;
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Report))) << "\n";
}

} // namespace syscall_tidy
