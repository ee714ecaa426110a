//===--- CrossUnitFacts.cpp - What translation units tell each other -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CrossUnitFacts.h"
#include "PerContext.h"
#include "StringHelpers.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

namespace clang::tidy::syscall {

namespace {

thread_local CrossUnitFacts *Current = nullptr;

// A line is a fact, or a fact and its premise after a tab: USRs hold no
// blanks.
constexpr char Because = '\t';

constexpr llvm::StringLiteral NotePrefix =
    "syscall-tidy requires, from other translation units: ";

std::vector<std::string> sortedLines(const llvm::StringSet<> &Lines) {
  std::vector<std::string> Sorted;
  for (const auto &Line : Lines)
    Sorted.push_back(Line.getKey().str());
  llvm::sort(Sorted);
  return Sorted;
}

} // namespace

CrossUnitFacts *CrossUnitFacts::current() { return Current; }

CrossUnitFacts::Scope::Scope(CrossUnitFacts &Facts) : Previous(Current) {
  Current = &Facts;
}

CrossUnitFacts::Scope::~Scope() { Current = Previous; }

void CrossUnitFacts::add(llvm::StringRef Fact) {
  if (Kept)
    Lines.insert(Fact);
}

void CrossUnitFacts::addImplication(llvm::StringRef Fact,
                                    llvm::StringRef Premise) {
  if (Kept && Fact != Premise)
    Lines.insert((Fact + llvm::Twine(Because) + Premise).str());
}

std::vector<std::string> CrossUnitFacts::exported() const {
  return sortedLines(Lines);
}

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> USR;
  if (index::generateUSRForDecl(D, USR))
    return "";
  return USR.str().str();
}

namespace {

/// The names made in one unit, by canonical declaration: a USR costs about
/// as much as a check's look at a call, and checks ask one per call.
struct UnitNames {
  llvm::DenseMap<const FunctionDecl *, std::string> Of;
};

} // namespace

std::string crossUnitName(const FunctionDecl *Func) {
  if (!Func || !Func->isExternallyVisible() || Func->isInAnonymousNamespace())
    return "";
  const FunctionDecl *Canonical = Func->getCanonicalDecl();
  auto &Names = PerContext<UnitNames>::get(Func->getASTContext(), [] {
                  return std::make_unique<UnitNames>();
                }).Of;
  auto [It, New] = Names.try_emplace(Canonical);
  if (New)
    It->second = usrOf(Canonical);
  return It->second;
}

std::string requirementNote(const Requirement &R) {
  llvm::json::Array Clauses;
  for (const std::vector<std::string> &Clause : R) {
    llvm::json::Array Facts;
    for (const std::string &Fact : Clause)
      Facts.push_back(Fact);
    Clauses.push_back(std::move(Facts));
  }
  std::string Note(NotePrefix);
  llvm::raw_string_ostream(Note) << llvm::json::Value(std::move(Clauses));
  return Note;
}

void noteRequirement(ClangTidyCheck &Check, SourceLocation Loc,
                     const Requirement &Needs) {
  if (!Needs.empty())
    Check.diag(Loc, "%0", DiagnosticIDs::Note) << requirementNote(Needs);
}

std::optional<Requirement> requirementOfNote(llvm::StringRef Message) {
  if (!startsWith(Message, NotePrefix))
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse(Message.drop_front(NotePrefix.size()));
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Array *Clauses = Parsed->getAsArray();
  if (!Clauses)
    return std::nullopt;
  Requirement R;
  for (const llvm::json::Value &Clause : *Clauses) {
    const llvm::json::Array *Facts = Clause.getAsArray();
    if (!Facts)
      return std::nullopt;
    R.emplace_back();
    for (const llvm::json::Value &Fact : *Facts)
      if (auto Name = Fact.getAsString()) // llvm::Optional before LLVM 16
        R.back().push_back(Name->str());
  }
  return R;
}

void FactBase::add(llvm::StringRef Line) {
  if (!Lines.insert(Line).second)
    return;
  auto [Fact, Premise] = Line.split(Because);
  if (Premise.empty())
    Known.insert(Fact);
  else
    Consequences[Premise].push_back(Fact.str());
  Closed = false;
}

std::vector<std::string> FactBase::lines() const { return sortedLines(Lines); }

void FactBase::close() {
  // Every fact once on the work list: linear in facts and implications.
  std::vector<std::string> Work;
  for (const auto &Fact : Known)
    Work.push_back(Fact.getKey().str());
  while (!Work.empty()) {
    std::string Fact = std::move(Work.back());
    Work.pop_back();
    auto It = Consequences.find(Fact);
    if (It == Consequences.end())
      continue;
    for (const std::string &Next : It->second)
      if (Known.insert(Next).second)
        Work.push_back(Next);
  }
  Closed = true;
}

bool FactBase::holds(const Requirement &R) {
  if (!Closed)
    close();
  return llvm::all_of(R, [&](const std::vector<std::string> &Clause) {
    return llvm::any_of(Clause, [&](llvm::StringRef Fact) {
      if (Fact.consume_front("!"))
        return Complete && !Known.contains(Fact);
      return Known.contains(Fact);
    });
  });
}

} // namespace clang::tidy::syscall
