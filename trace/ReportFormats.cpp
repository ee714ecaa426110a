//===--- ReportFormats.cpp - A traced run's report as text, JSON, HTML ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The JSON schema is in docs/trace.md. The HTML page is self-contained (no
// network, no script): inline CSS and a pre-rendered SVG bar chart.
//
//===----------------------------------------------------------------------===//

#include "TraceReport.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

namespace syscall_tidy::trace {

namespace {

/// "x.c:3 (put) <- y.c:9 (main)": the site, then the callers it reaches.
std::string place(const Site &S) {
  std::string Text = S.Line ? S.File + ":" + std::to_string(S.Line) : S.File;
  if (!S.Function.empty())
    Text += " (" + S.Function + ")";
  for (const Site &Caller : S.Callers)
    Text += " <- " + place(Caller);
  return Text;
}

/// "write rows.c:10 (main)": the file's name only, to fit beside the bar.
std::string chartLabel(const SiteCost &S) {
  Site Short = S.At;
  Short.File = llvm::sys::path::filename(S.At.File).str();
  return (S.Syscall + " " + place(Short)).substr(0, 56);
}

std::string withCommas(uint64_t N) {
  std::string Digits = std::to_string(N), Text;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Text += ',';
    Text += Digits[I];
  }
  return Text;
}

std::string escapeHtml(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    switch (C) {
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '&':
      Out += "&amp;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  return Out;
}

/// "-" for a check no run-time rule measures (its costs are the bound).
std::string savesText(const FindingCost &F) {
  return F.Measurable ? withCommas(F.Saves) : "-";
}

std::string summary(const TraceReport &R) {
  return withCommas(R.Traced) + " syscalls traced, " +
         withCommas(R.Attributed) + " at " + withCommas(R.Sites.size()) +
         " sites in the program, " + withCommas(R.RedundantTotal) +
         " redundant; exit status " + std::to_string(R.ExitStatus) +
         "; traced by " + R.Backend +
         (R.BackendWhy.empty() ? "" : " (" + R.BackendWhy + ")") +
         (R.ResultsWhy.empty()
              ? ""
              : " (results by " + R.Results + ", " + R.ResultsWhy + ")");
}

llvm::json::Object siteJson(const Site &S) {
  llvm::json::Object O{
      {"file", S.File}, {"line", S.Line}, {"function", S.Function}};
  if (!S.Callers.empty()) {
    llvm::json::Array Callers;
    for (const Site &Caller : S.Callers)
      Callers.push_back(siteJson(Caller));
    O["callers"] = std::move(Callers);
  }
  return O;
}

} // namespace

void renderText(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS) {
  if (R.HaveFindings) {
    OS << "Findings by what their fix saves on this run:\n"
       << llvm::formatv("  {0,9} {1,9}  {2}\n", "saves", "costs", "finding");
    for (const FindingCost &F : R.Findings)
      OS << llvm::formatv("  {0,9} {1,9}  {2}:{3}: {4} [{5}]\n", savesText(F),
                          withCommas(F.Syscalls), F.File, F.Line, F.Message,
                          F.Check);
    if (R.Findings.empty())
      OS << "  (none)\n";
  }
  OS << "Top sites:\n"
     << llvm::formatv("  {0,9} {1,12} {2,10}  {3,-10} {4}\n", "syscalls",
                      "bytes", "time_us", "syscall", "site");
  for (size_t I = 0; I < R.Sites.size() && I < Top; ++I) {
    const SiteCost &S = R.Sites[I];
    OS << llvm::formatv("  {0,9} {1,12} {2,10}  {3,-10} {4}\n",
                        withCommas(S.Count), withCommas(S.Bytes),
                        withCommas(uint64_t(S.Seconds * 1e6)), S.Syscall,
                        place(S.At));
  }
  OS << "Redundant syscalls:\n";
  for (size_t I = 0; I < R.Redundant.size() && I < Top; ++I) {
    const RedundantCost &C = R.Redundant[I];
    OS << llvm::formatv("  {0,9} {1,-10} {2}: {3}; fix: {4}{5}\n",
                        withCommas(C.Count), C.Syscall, place(C.At), C.Why,
                        C.Fix, C.Check.empty() ? "" : " [" + C.Check + "]");
  }
  if (R.Redundant.empty())
    OS << "  (none)\n";
  // A command that starts other programs (--follow-forks): whose calls.
  if (R.Programs.size() > 1) {
    OS << "By program:\n"
       << llvm::formatv("  {0,9} {1,9}  {2}\n", "syscalls", "redundant",
                        "program");
    for (const ProgramCost &P : R.Programs)
      OS << llvm::formatv("  {0,9} {1,9}  {2}\n", withCommas(P.Syscalls),
                          withCommas(P.Redundant), P.Program);
  }
  OS << "syscall-tidy-trace: " << summary(R) << "\n";
}

void renderJson(const TraceReport &R, llvm::raw_ostream &OS) {
  llvm::json::Array Sites, Redundant, Findings, Programs;
  for (const ProgramCost &P : R.Programs)
    Programs.push_back(llvm::json::Object{{"program", P.Program},
                                          {"syscalls", int64_t(P.Syscalls)},
                                          {"redundant", int64_t(P.Redundant)}});
  for (const SiteCost &S : R.Sites) {
    llvm::json::Object O = siteJson(S.At);
    O["syscall"] = S.Syscall;
    O["count"] = int64_t(S.Count);
    O["bytes"] = int64_t(S.Bytes);
    O["time_us"] = int64_t(S.Seconds * 1e6);
    Sites.push_back(std::move(O));
  }
  for (const RedundantCost &C : R.Redundant) {
    llvm::json::Object O = siteJson(C.At);
    O["syscall"] = C.Syscall;
    O["count"] = int64_t(C.Count);
    O["kind"] = C.Kind;
    O["why"] = C.Why;
    O["fix"] = C.Fix;
    O["check"] = C.Check;
    if (!C.Cases.empty())
      O["cases"] = llvm::json::Array(C.Cases);
    Redundant.push_back(std::move(O));
  }
  for (const FindingCost &F : R.Findings) {
    llvm::json::Array Lines;
    for (const auto &[File, Line] : F.Lines)
      Lines.push_back(llvm::json::Object{{"file", File}, {"line", Line}});
    Findings.push_back(llvm::json::Object{
        {"check", F.Check},
        {"file", F.File},
        {"line", F.Line},
        {"message", F.Message},
        {"syscalls", int64_t(F.Syscalls)},
        {"saves", F.Measurable ? llvm::json::Value(int64_t(F.Saves)) : nullptr},
        {"lines", std::move(Lines)}});
  }
  llvm::json::Array Command;
  for (const std::string &A : R.Command)
    Command.push_back(A);
  OS << llvm::formatv(
            "{0:2}",
            llvm::json::Value(llvm::json::Object{
                {"version", 1},
                {"tool", "syscall-tidy-trace"},
                {"command", std::move(Command)},
                {"exitStatus", R.ExitStatus},
                {"backend", llvm::json::Object{{"name", R.Backend},
                                               {"why", R.BackendWhy},
                                               {"results", R.Results},
                                               {"results_why", R.ResultsWhy}}},
                {"totals",
                 llvm::json::Object{{"syscalls", int64_t(R.Traced)},
                                    {"attributed", int64_t(R.Attributed)},
                                    {"redundant", int64_t(R.RedundantTotal)},
                                    {"wall_seconds", R.WallSeconds}}},
                {"sites", std::move(Sites)},
                {"redundant", std::move(Redundant)},
                {"findings", std::move(Findings)},
                {"programs", std::move(Programs)}}))
     << "\n";
}

void renderHtml(const TraceReport &R, unsigned Top, llvm::raw_ostream &OS) {
  auto Link = [](const std::string &File, unsigned Line,
                 const std::string &Text) {
    return "<a href=\"file://" + escapeHtml(File) + "#L" +
           std::to_string(Line) + "\">" + escapeHtml(Text) + "</a>";
  };
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>syscall-tidy-trace</title><style>"
        "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}"
        "td,th{border-bottom:1px solid #ddd;padding:3px 10px;text-align:left}"
        "td.n{text-align:right;font-variant-numeric:tabular-nums}"
        "svg text{font:12px system-ui,sans-serif}"
        ".bar{fill:#3b7dd8}</style></head><body>\n"
     << "<h1>syscall-tidy-trace</h1>\n<p id=\"summary\">"
     << escapeHtml(summary(R)) << "</p>\n";
  // The chart: one bar per site, widths to scale with the largest.
  size_t Bars = std::min<size_t>(R.Sites.size(), Top);
  uint64_t Max = Bars ? R.Sites.front().Count : 1;
  unsigned RowHeight = 22, Label = 360, Width = 420;
  OS << "<h2>Syscalls by site</h2>\n<svg id=\"chart\" role=\"img\" "
     << "aria-label=\"syscalls by site\" width=\"" << Label + Width + 80
     << "\" height=\"" << Bars * RowHeight + 10 << "\">\n";
  for (size_t I = 0; I < Bars; ++I) {
    const SiteCost &S = R.Sites[I];
    unsigned Y = I * RowHeight + 4;
    unsigned W =
        std::max<uint64_t>(1, S.Count * Width / std::max<uint64_t>(Max, 1));
    OS << "<text x=\"0\" y=\"" << Y + 14 << "\">" << escapeHtml(chartLabel(S))
       << "</text><rect class=\"bar\" x=\"" << Label << "\" y=\"" << Y
       << "\" width=\"" << W << "\" height=\"" << RowHeight - 6
       << "\"/><text x=\"" << Label + W + 6 << "\" y=\"" << Y + 14 << "\">"
       << withCommas(S.Count) << "</text>\n";
  }
  OS << "</svg>\n";
  if (R.HaveFindings) {
    OS << "<h2>Findings by what their fix saves</h2>\n<table "
          "id=\"findings\"><tr><th>saves</th><th>costs</th><th>check</th>"
          "<th>where</th><th>message</th></tr>\n";
    for (const FindingCost &F : R.Findings)
      OS << "<tr><td class=\"n\">" << savesText(F) << "</td><td class=\"n\">"
         << withCommas(F.Syscalls) << "</td><td>" << escapeHtml(F.Check)
         << "</td><td>"
         << Link(F.File, F.Line, F.File + ":" + std::to_string(F.Line))
         << "</td><td>" << escapeHtml(F.Message) << "</td></tr>\n";
    OS << "</table>\n";
  }
  OS << "<h2>Redundant syscalls</h2>\n<table id=\"redundant\"><tr>"
        "<th>count</th><th>syscall</th><th>where</th><th>why</th><th>fix</th>"
        "</tr>\n";
  for (const RedundantCost &C : R.Redundant)
    OS << "<tr><td class=\"n\">" << withCommas(C.Count) << "</td><td>"
       << escapeHtml(C.Syscall) << "</td><td>"
       << Link(C.At.File, C.At.Line, place(C.At)) << "</td><td>"
       << escapeHtml(C.Why) << "</td><td>" << escapeHtml(C.Fix)
       << (C.Check.empty() ? "" : " [" + escapeHtml(C.Check) + "]")
       << "</td></tr>\n";
  OS << "</table>\n<h2>Sites</h2>\n<table id=\"sites\"><tr><th>syscalls</th>"
        "<th>bytes</th><th>time (us)</th><th>syscall</th><th>where</th></tr>\n";
  for (const SiteCost &S : R.Sites)
    OS << "<tr><td class=\"n\">" << withCommas(S.Count)
       << "</td><td class=\"n\">" << withCommas(S.Bytes)
       << "</td><td class=\"n\">" << withCommas(uint64_t(S.Seconds * 1e6))
       << "</td><td>" << escapeHtml(S.Syscall) << "</td><td>"
       << Link(S.At.File, S.At.Line, place(S.At)) << "</td></tr>\n";
  OS << "</table>\n</body></html>\n";
}

} // namespace syscall_tidy::trace
