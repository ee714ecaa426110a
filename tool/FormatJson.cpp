//===--- FormatJson.cpp - the stable JSON schema (docs/integration.md) ---===//

#include "CheckDocs.h"
#include "Renderers.h"
#include "llvm/Support/JSON.h"

namespace syscall_tidy {

static llvm::json::Object location(const Position &P) {
  return llvm::json::Object{{"file", P.File},
                            {"line", P.Line},
                            {"column", P.Column},
                            {"offset", P.Offset}};
}

void renderJson(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  llvm::json::Array List;
  for (const Finding &F : Findings) {
    llvm::json::Array Notes, Fixes;
    for (const Note &N : F.Notes)
      Notes.push_back(llvm::json::Object{{"message", N.Message},
                                         {"location", location(N.At)}});
    for (const Edit &E : F.Fixes)
      Fixes.push_back(llvm::json::Object{{"begin", location(E.Begin)},
                                         {"end", location(E.End)},
                                         {"replacement", E.Text}});
    llvm::json::Object Item{{"check", F.Check},
                            {"severity", F.IsError ? "error" : "warning"},
                            {"message", F.Message},
                            {"location", location(F.Begin)},
                            {"end", location(F.End)},
                            {"notes", std::move(Notes)},
                            {"fixes", std::move(Fixes)},
                            {"fingerprint", fingerprint(F, Options.SourceRoot)},
                            {"description", checkDoc(F.Check).Short}};
    if (std::string Uri = helpUri(F.Check); !Uri.empty())
      Item["help"] = Uri;
    List.push_back(std::move(Item));
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"version", 1},
                                   {"tool", "syscall-tidy"},
                                   {"toolVersion", Options.ToolVersion},
                                   {"findings", std::move(List)}}))
     << "\n";
}

} // namespace syscall_tidy
