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

/// The notification of a unit that did not compile: about the run, not
/// the code, so code scanning shows it as the tool's, not as an alert.
llvm::json::Object notificationOf(const Finding &F,
                                  const RenderOptions &Options) {
  llvm::json::Object Notification{
      {"level", "error"},
      {"message", llvm::json::Object{{"text", F.Message}}},
      {"descriptor", llvm::json::Object{{"id", F.Check}}}};
  if (!F.Begin.File.empty())
    Notification["locations"] = llvm::json::Array{llvm::json::Object{
        {"physicalLocation",
         llvm::json::Object{{"artifactLocation", artifact(F.Begin, Options)},
                            {"region", region(F.Begin, F.End)}}}}};
  return Notification;
}

/// The rule of \p Check, from its doc page.
llvm::json::Object ruleOf(llvm::StringRef Check) {
  const CheckDoc &Doc = checkDoc(Check);
  llvm::json::Object Rule{
      {"id", Check},
      {"shortDescription", llvm::json::Object{{"text", Doc.Short}}},
      {"fullDescription", llvm::json::Object{{"text", Doc.Full}}},
      {"help",
       llvm::json::Object{{"text", Doc.Full}, {"markdown", Doc.Markdown}}}};
  if (std::string Uri = helpUri(Check); !Uri.empty())
    Rule["helpUri"] = Uri;
  return Rule;
}

/// The result of finding \p F, whose rule is the \p RuleIndex-th.
llvm::json::Object resultOf(const Finding &F, unsigned RuleIndex,
                            const RenderOptions &Options) {
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
      {"ruleIndex", RuleIndex},
      {"level", F.IsError ? "error" : "warning"},
      {"message", llvm::json::Object{{"text", F.Message}}},
      {"locations",
       llvm::json::Array{llvm::json::Object{
           {"physicalLocation",
            llvm::json::Object{{"artifactLocation", artifact(F.Begin, Options)},
                               {"region", region(F.Begin, F.End)}}}}}},
      {"partialFingerprints",
       llvm::json::Object{
           {"syscallTidyFingerprint/v2", fingerprint(F, Options.SourceRoot)}}}};
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);
  if (!Fixes.empty())
    Result["fixes"] = std::move(Fixes);
  return Result;
}

} // namespace

void renderSarif(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                 const RenderOptions &Options) {
  // Streamed, a result at a time: a log of 16,000 findings built whole took
  // 1.2 GB. Keys go in the order json::Object prints them (sorted), and
  // the rules, under "tool", after the results that name them.
  llvm::json::Array Notifications;
  for (const Finding &F : Findings)
    if (F.FromCompiler)
      Notifications.push_back(notificationOf(F, Options));
  bool Compiled = Notifications.empty();
  llvm::json::Array Rules;
  llvm::StringMap<unsigned> RuleIndex;
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attribute("invocations", llvm::json::Array{llvm::json::Object{
                                       {"executionSuccessful", Compiled},
                                       {"toolExecutionNotifications",
                                        std::move(Notifications)}}});
        if (!Options.SourceRoot.empty())
          J.attribute("originalUriBaseIds",
                      llvm::json::Object{
                          {"SRCROOT",
                           llvm::json::Object{
                               {"uri", "file://" +
                                           llvm::StringRef(Options.SourceRoot)
                                               .rtrim('/')
                                               .str() +
                                           "/"}}}});
        J.attributeArray("results", [&] {
          for (const Finding &F : Findings) {
            if (F.FromCompiler)
              continue;
            auto [It, New] = RuleIndex.try_emplace(F.Check, RuleIndex.size());
            if (New)
              Rules.push_back(ruleOf(F.Check));
            J.value(resultOf(F, It->second, Options));
          }
        });
        llvm::json::Object Driver{{"name", "syscall-tidy"},
                                  {"version", Options.ToolVersion},
                                  {"semanticVersion", Options.ToolVersion},
                                  {"rules", std::move(Rules)}};
        if (llvm::StringRef Docs = SYSCALL_TIDY_DOCS_URL; !Docs.empty())
          Driver["informationUri"] = Docs;
        J.attribute("tool", llvm::json::Object{{"driver", std::move(Driver)}});
      });
    });
    J.attribute("version", "2.1.0");
  });
  OS << "\n";
}

} // namespace syscall_tidy
