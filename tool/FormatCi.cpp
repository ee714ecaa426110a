//===--- FormatCi.cpp - GitHub workflow commands, GitLab Code Quality ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Renderers.h"
#include "llvm/Support/JSON.h"

namespace syscall_tidy {

namespace {

/// GitHub's escaping: data escapes %, CR, LF; properties also : and ,.
std::string escape(llvm::StringRef S, bool Property) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    case ':':
      Out += Property ? "%3A" : ":";
      break;
    case ',':
      Out += Property ? "%2C" : ",";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

} // namespace

void renderGithub(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options) {
  for (const Finding &F : Findings) {
    std::string Message = F.Message;
    for (const Note &N : F.Notes)
      Message += "\n" + relativeTo(N.At.File, Options.SourceRoot) + ":" +
                 std::to_string(N.At.Line) + ": " + N.Message;
    OS << "::" << (F.IsError ? "error" : "warning")
       << " file=" << escape(relativeTo(F.Begin.File, Options.SourceRoot), true)
       << ",line=" << F.Begin.Line << ",col=" << F.Begin.Column
       << ",endLine=" << F.End.Line << ",title=" << escape(F.Check, true)
       << "::" << escape(Message, false) << "\n";
  }
}

void renderGitlab(const std::vector<Finding> &Findings, llvm::raw_ostream &OS,
                  const RenderOptions &Options) {
  llvm::json::Array Issues;
  for (const Finding &F : Findings)
    Issues.push_back(llvm::json::Object{
        {"type", "issue"},
        {"check_name", F.Check},
        {"description", F.Message},
        {"categories", llvm::json::Array{"Performance"}},
        {"severity", F.IsError ? "major" : "minor"},
        {"fingerprint", fingerprint(F, Options.SourceRoot)},
        {"location", llvm::json::Object{
                         {"path", relativeTo(F.Begin.File, Options.SourceRoot)},
                         {"lines", llvm::json::Object{{"begin", F.Begin.Line},
                                                      {"end", F.End.Line}}}}}});
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Issues))) << "\n";
}

} // namespace syscall_tidy
