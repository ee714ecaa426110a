//===--- FormatSarif.cpp - SARIF 2.1.0 -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CheckDocs.h"
#include "Renderers.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

namespace syscall_tidy {

namespace {

llvm::json::Object artifact(const Position &P, const RenderOptions &Options) {
  llvm::json::Object A{{"uri", relativeTo(P.File, Options.SourceRoot)}};
  if (!Options.SourceRoot.empty())
    A["uriBaseId"] = "SRCROOT";
  return A;
}

llvm::json::Object region(const Position &Begin, const Position &End) {
  llvm::json::Object R{{"startLine", Begin.Line},
                       {"startColumn", Begin.Column}};
  if (End.Line >= Begin.Line) {
    R["endLine"] = End.Line;
    R["endColumn"] = End.Line == Begin.Line && End.Column <= Begin.Column
                         ? Begin.Column + 1
                         : End.Column;
  }
  return R;
}

} // namespace

void renderSarif(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                 const RenderOptions &Options) {
  llvm::json::Array Rules, Results, Notifications;
  llvm::StringMap<unsigned> RuleIndex;
  for (const Finding &F : Findings) {
    // A unit that did not compile is about the run, not the code: code
    // scanning shows it as a notification of the tool, not an alert.
    if (F.FromCompiler) {
      llvm::json::Object Notification{
          {"level", "error"},
          {"message", llvm::json::Object{{"text", F.Message}}},
          {"descriptor", llvm::json::Object{{"id", F.Check}}}};
      if (!F.Begin.File.empty())
        Notification["locations"] = llvm::json::Array{llvm::json::Object{
            {"physicalLocation",
             llvm::json::Object{
                 {"artifactLocation", artifact(F.Begin, Options)},
                 {"region", region(F.Begin, F.End)}}}}};
      Notifications.push_back(std::move(Notification));
      continue;
    }
    auto [It, New] = RuleIndex.try_emplace(F.Check, RuleIndex.size());
    if (New) {
      CheckDoc Doc = checkDoc(F.Check);
      llvm::json::Object Rule{
          {"id", F.Check},
          {"shortDescription", llvm::json::Object{{"text", Doc.Short}}},
          {"fullDescription", llvm::json::Object{{"text", Doc.Full}}},
          {"help",
           llvm::json::Object{{"text", Doc.Full}, {"markdown", Doc.Markdown}}}};
      if (std::string Uri = helpUri(F.Check); !Uri.empty())
        Rule["helpUri"] = Uri;
      Rules.push_back(std::move(Rule));
    }
    llvm::json::Array Fixes, Related;
    if (!F.Fixes.empty()) {
      llvm::json::Array Changes;
      for (const Edit &E : F.Fixes)
        Changes.push_back(llvm::json::Object{
            {"artifactLocation", artifact(E.Begin, Options)},
            {"replacements",
             llvm::json::Array{llvm::json::Object{
                 {"deletedRegion",
                  llvm::json::Object{
                      {"charOffset", E.Begin.Offset},
                      {"charLength", E.End.Offset - E.Begin.Offset}}},
                 {"insertedContent", llvm::json::Object{{"text", E.Text}}}}}}});
      Fixes.push_back(llvm::json::Object{
          {"description", llvm::json::Object{{"text", "Apply the fix-it"}}},
          {"artifactChanges", std::move(Changes)}});
    }
    unsigned NoteId = 0;
    for (const Note &N : F.Notes)
      Related.push_back(llvm::json::Object{
          {"id", NoteId++},
          {"message", llvm::json::Object{{"text", N.Message}}},
          {"physicalLocation",
           llvm::json::Object{{"artifactLocation", artifact(N.At, Options)},
                              {"region", region(N.At, N.At)}}}});
    llvm::json::Object Result{
        {"ruleId", F.Check},
        {"ruleIndex", It->second},
        {"level", F.IsError ? "error" : "warning"},
        {"message", llvm::json::Object{{"text", F.Message}}},
        {"locations", llvm::json::Array{llvm::json::Object{
                          {"physicalLocation",
                           llvm::json::Object{
                               {"artifactLocation", artifact(F.Begin, Options)},
                               {"region", region(F.Begin, F.End)}}}}}},
        {"partialFingerprints",
         llvm::json::Object{{"syscallTidyFingerprint/v2",
                             fingerprint(F, Options.SourceRoot)}}}};
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
    if (!Fixes.empty())
      Result["fixes"] = std::move(Fixes);
    Results.push_back(std::move(Result));
  }
  llvm::json::Object Driver{{"name", "syscall-tidy"},
                            {"version", Options.ToolVersion},
                            {"semanticVersion", Options.ToolVersion},
                            {"rules", std::move(Rules)}};
  if (llvm::StringRef Docs = SYSCALL_TIDY_DOCS_URL; !Docs.empty())
    Driver["informationUri"] = Docs;
  bool Compiled = Notifications.empty();
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"invocations",
       llvm::json::Array{llvm::json::Object{
           {"executionSuccessful", Compiled},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)}};
  if (!Options.SourceRoot.empty())
    Run["originalUriBaseIds"] = llvm::json::Object{
        {"SRCROOT",
         llvm::json::Object{
             {"uri", "file://" +
                         llvm::StringRef(Options.SourceRoot).rtrim('/').str() +
                         "/"}}}};
  OS << llvm::formatv(
            "{0:2}",
            llvm::json::Value(llvm::json::Object{
                {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", llvm::json::Array{std::move(Run)}}}))
     << "\n";
}

} // namespace syscall_tidy
