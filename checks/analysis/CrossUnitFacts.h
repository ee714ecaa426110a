//===--- CrossUnitFacts.h - What translation units tell each other -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The clang-tidy plugin sees one translation unit at a time; the standalone
// tool sees the whole compile database. Some findings depend on code in
// another unit: a caller there hands a file stream to this file's function,
// or calls it in a loop. A check makes such a finding a candidate that
// requires facts by name, and every unit exports the facts it sees (or how
// one follows from another: "a file stream reaches f's parameter 0 when one
// reaches g's parameter 1"). The tool keeps a candidate when its requirement
// holds over the facts of all units. Without a gatherer (the plugin) the
// checks make no candidates.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_CROSSUNITFACTS_H
#define SYSCALL_TIDY_CHECKS_CROSSUNITFACTS_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::syscall {

/// Facts that must hold: every clause, where a clause holds when any one
/// of its facts does. A fact written "!f" holds when no unit exports f,
/// which only a run over every unit of the program can tell.
using Requirement = std::vector<std::vector<std::string>>;

/// The fact that no unit exports \p Fact.
inline std::string noUnitSays(llvm::StringRef Fact) {
  return ("!" + Fact).str();
}

/// The facts one unit exports, gathered while its checks run.
class CrossUnitFacts {
public:
  /// \p Kept false: a run whose conclusions rest on guesses (the tool's
  /// second run of a unit), whose facts nobody reads; exporters skip the
  /// work of making them.
  explicit CrossUnitFacts(bool Kept = true) : Kept(Kept) {}

  /// The gatherer of the unit this thread analyses; null when there is
  /// none (in the plugin).
  static CrossUnitFacts *current();

  /// Makes \p Facts current on this thread while it lives.
  class Scope {
  public:
    explicit Scope(CrossUnitFacts &Facts);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    CrossUnitFacts *Previous;
  };

  /// \p Fact holds.
  void add(llvm::StringRef Fact);
  /// \p Fact holds when \p Premise does.
  void addImplication(llvm::StringRef Fact, llvm::StringRef Premise);

  /// Whether the facts added are kept.
  bool kept() const { return Kept; }

  /// What was added, one line each, sorted and without repeats.
  std::vector<std::string> exported() const;

private:
  bool Kept;
  llvm::StringSet<> Lines;
};

/// The name every unit knows \p D by: its USR ("" if clang makes none).
std::string usrOf(const Decl *D);

/// The name other units know \p Func by (its USR), or "" when no other
/// unit can call it: internal linkage, an anonymous namespace, a local
/// class's member.
std::string crossUnitName(const FunctionDecl *Func);

/// The message of the note that carries \p R on a candidate's diagnostic.
std::string requirementNote(const Requirement &R);

/// Makes the finding \p Check just reported at \p Loc a candidate that
/// needs \p Needs (nothing when it needs nothing).
void noteRequirement(ClangTidyCheck &Check, SourceLocation Loc,
                     const Requirement &Needs);

/// The requirement a note's \p Message carries, if it is such a note.
std::optional<Requirement> requirementOfNote(llvm::StringRef Message);

/// The facts of all units, implications followed.
class FactBase {
public:
  /// One line of a unit's exported(); a line seen before adds nothing.
  void add(llvm::StringRef Line);
  /// Every line added, sorted.
  std::vector<std::string> lines() const;
  /// The facts come from every unit of the program: what no unit says is
  /// false. Until then a "!f" never holds.
  void setComplete(bool Whole) { Complete = Whole; }
  /// Whether every clause of \p R has a fact that holds.
  bool holds(const Requirement &R);

private:
  void close();

  bool Complete = false;
  llvm::StringSet<> Lines, Known;
  /// Premise -> the facts that follow from it.
  llvm::StringMap<std::vector<std::string>> Consequences;
  bool Closed = true;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_CROSSUNITFACTS_H
