//===--- FindingsJson.cpp - Findings to and from the JSON schema ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FindingsJson.h"
#include "BoundedInput.h"
#include "CheckDocs.h"
#include "analysis/StringHelpers.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

namespace syscall_tidy {

namespace {

void writeLocation(llvm::json::OStream &J, llvm::StringRef Key,
                   const Position &P) {
  J.attributeObject(Key, [&] {
    J.attribute("column", P.Column);
    J.attribute("file", P.File);
    J.attribute("line", P.Line);
    J.attribute("offset", P.Offset);
  });
}

bool readLocation(const llvm::json::Object *Object, Position &P) {
  if (!Object)
    return false;
  std::optional<llvm::StringRef> File = Object->getString("file");
  std::optional<int64_t> Line = Object->getInteger("line"),
                         Column = Object->getInteger("column"),
                         Offset = Object->getInteger("offset");
  if (!File || !Line || !Column || !Offset)
    return false;
  P.File = File->str();
  P.Line = *Line;
  P.Column = *Column;
  P.Offset = *Offset;
  return true;
}

std::string stringOr(const llvm::json::Object &Object, llvm::StringRef Key) {
  return Object.getString(Key).value_or("").str();
}

} // namespace

void writeFinding(llvm::json::OStream &J, const Finding &F,
                  llvm::StringRef SourceRoot) {
  J.object([&] {
    J.attribute("check", F.Check);
    J.attribute("description", checkDoc(F.Check).Short);
    writeLocation(J, "end", F.End);
    J.attribute("fingerprint", fingerprint(F, SourceRoot));
    J.attributeArray("fixes", [&] {
      for (const Edit &E : F.Fixes)
        J.object([&] {
          writeLocation(J, "begin", E.Begin);
          writeLocation(J, "end", E.End);
          J.attribute("replacement", E.Text);
        });
    });
    J.attribute("function", F.Function);
    if (std::string Uri = helpUri(F.Check); !Uri.empty())
      J.attribute("help", Uri);
    writeLocation(J, "location", F.Begin);
    J.attribute("message", F.Message);
    J.attributeArray("notes", [&] {
      for (const Note &N : F.Notes)
        J.object([&] {
          writeLocation(J, "location", N.At);
          J.attribute("message", N.Message);
        });
    });
    J.attribute("occurrence", F.Occurrence);
    if (!F.Requires.empty())
      J.attributeArray("requires", [&] {
        for (const std::vector<std::string> &Clause : F.Requires)
          J.value(stringArray(Clause));
      });
    J.attribute("severity", F.IsError ? "error" : "warning");
    J.attribute("statement", F.Statement);
  });
}

bool findingFromJson(const llvm::json::Value &Value, Finding &F) {
  const llvm::json::Object *Item = Value.getAsObject();
  if (!Item || !Item->getString("check") || !Item->getString("message") ||
      !readLocation(Item->getObject("location"), F.Begin) ||
      !readLocation(Item->getObject("end"), F.End))
    return false;
  F.Check = stringOr(*Item, "check");
  F.Message = stringOr(*Item, "message");
  F.IsError = stringOr(*Item, "severity") == "error";
  // As FindingConverter decides it: only the compiler's errors are named
  // clang-diagnostic-* and have the error level.
  F.FromCompiler = F.IsError && clang::tidy::syscall::startsWith(
                                    F.Check, "clang-diagnostic-");
  F.Function = stringOr(*Item, "function");
  F.Statement = stringOr(*Item, "statement");
  F.Occurrence = Item->getInteger("occurrence").value_or(0);
  if (const llvm::json::Array *Notes = Item->getArray("notes"))
    for (const llvm::json::Value &N : *Notes) {
      const llvm::json::Object *Object = N.getAsObject();
      Note Read;
      if (!Object || !readLocation(Object->getObject("location"), Read.At))
        return false;
      Read.Message = stringOr(*Object, "message");
      F.Notes.push_back(std::move(Read));
    }
  if (const llvm::json::Array *Fixes = Item->getArray("fixes"))
    for (const llvm::json::Value &E : *Fixes) {
      const llvm::json::Object *Object = E.getAsObject();
      Edit Read;
      if (!Object || !readLocation(Object->getObject("begin"), Read.Begin) ||
          !readLocation(Object->getObject("end"), Read.End) ||
          !Object->getString("replacement"))
        return false;
      Read.Text = stringOr(*Object, "replacement");
      F.Fixes.push_back(std::move(Read));
    }
  if (const llvm::json::Array *Clauses = Item->getArray("requires"))
    for (const llvm::json::Value &C : *Clauses) {
      const llvm::json::Array *Clause = C.getAsArray();
      if (!Clause)
        return false;
      F.Requires.push_back(stringsOf(Clause));
    }
  return true;
}

llvm::json::Array stringArray(llvm::ArrayRef<std::string> Lines) {
  llvm::json::Array Array;
  for (const std::string &Line : Lines)
    Array.push_back(Line);
  return Array;
}

std::vector<std::string> stringsOf(const llvm::json::Array *Array) {
  std::vector<std::string> Lines;
  if (Array)
    for (const llvm::json::Value &Item : *Array)
      if (std::optional<llvm::StringRef> Line = Item.getAsString())
        Lines.push_back(Line->str());
  return Lines;
}

const llvm::json::Array *findingsArray(const std::string &Path,
                                       llvm::StringRef Flag,
                                       llvm::json::Value &Document,
                                       std::string &Error) {
  std::string Named = Flag.str() + " '" + Path + "'";
  std::optional<std::string> Text = readBounded(Path, MaxInputBytes, Error);
  if (!Text) {
    Error = "cannot read " + Named + ": " + Error;
    return nullptr;
  }
  std::optional<llvm::json::Value> Parsed = parseBoundedJson(*Text, Error);
  if (!Parsed) {
    Error = Named + " is not JSON: " + Error;
    return nullptr;
  }
  Document = std::move(*Parsed);
  llvm::json::Object *Root = Document.getAsObject();
  const llvm::json::Array *Findings =
      Root ? Root->getArray("findings") : nullptr;
  if (!Findings || Root->getString("tool") != "syscall-tidy") {
    Error = Named + " is not a syscall-tidy --format=json output" +
            (Findings ? " (its \"tool\" is not syscall-tidy)"
                      : " (no \"findings\")");
    return nullptr;
  }
  // A later format may mean something else by the same fields: reading it
  // as this one could hide findings or invent them.
  // (A report without one, written by hand or by a script, is read as
  // this version.)
  if (const llvm::json::Value *Version = Root->get("version");
      Version && Version->getAsInteger() != ReportFormatVersion) {
    Error = Named + " is version " + llvm::formatv("{0}", *Version).str() +
            " of the report format; this syscall-tidy reads version " +
            std::to_string(ReportFormatVersion);
    return nullptr;
  }
  return Findings;
}

bool readJsonReport(const std::string &Path, llvm::StringRef Flag,
                    JsonReport &Report, std::string &Error) {
  llvm::json::Value Document(nullptr);
  const llvm::json::Array *Findings =
      findingsArray(Path, Flag, Document, Error);
  if (!Findings)
    return false;
  Report.Units = Document.getAsObject()->getInteger("units").value_or(0);
  Report.Facts = stringsOf(Document.getAsObject()->getArray("facts"));
  Report.DatabaseUnits =
      Document.getAsObject()->getInteger("databaseUnits").value_or(0);
  for (const llvm::json::Value &Item : *Findings) {
    Finding F;
    if (!findingFromJson(Item, F)) {
      Error = Flag.str() + " '" + Path + "' has a finding #" +
              std::to_string(Report.Findings.size() + 1) +
              " without a check, message or location";
      return false;
    }
    Report.Findings.push_back(std::move(F));
  }
  return true;
}

} // namespace syscall_tidy
