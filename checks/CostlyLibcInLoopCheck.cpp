//===--- CostlyLibcInLoopCheck.cpp - syscall-costly-libc-in-loop ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CostlyLibcInLoopCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/FdTracking.h"
#include "analysis/MainFileUses.h"
#include "analysis/StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::syscall {

namespace {

/// A C library call that costs syscalls on every call, and its cheap form.
struct CostlyCall {
  llvm::StringRef Name;
  bool Zone;            ///< a time call that checks /etc/localtime
  llvm::StringRef File; ///< what a lookup reads: "passwd", "group"
  llvm::StringRef Key;  ///< what a lookup is asked by: "id", "name"
  llvm::StringRef Form; ///< leanio's cache, or the reentrant time call
};

// Counted with strace on Debian 12 (glibc 2.36, TZ unset, files backend):
// a lookup of root is 6 syscalls a call (more for a later line); localtime,
// ctime and mktime one newfstatat of /etc/localtime a call, localtime_r,
// ctime_r, gmtime and strftime none after the first.
const CostlyCall CostlyCalls[] = {
    {"getpwuid", false, "passwd", "id", "lio_user_name"},
    {"getpwuid_r", false, "passwd", "id", "lio_user_name"},
    {"getpwnam", false, "passwd", "name", "lio_user_id"},
    {"getpwnam_r", false, "passwd", "name", "lio_user_id"},
    {"getgrgid", false, "group", "id", "lio_group_name"},
    {"getgrgid_r", false, "group", "id", "lio_group_name"},
    {"getgrnam", false, "group", "name", "lio_group_id"},
    {"getgrnam_r", false, "group", "name", "lio_group_id"},
    {"localtime", true, "", "", "localtime_r"},
    {"ctime", true, "", "", "ctime_r"},
    {"mktime", true, "", "", ""},
};

const CostlyCall *costlyCall(llvm::StringRef Name) {
  for (const CostlyCall &C : CostlyCalls)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

/// Whether the unit sets TZ (`setenv("TZ", ...)`, `putenv("TZ=...")`):
/// then glibc compares the variable's text and checks no file per call.
bool setsZone(const CallIndex &Index) {
  for (const CallSite &Site : Index.callsTo({"setenv", "putenv"})) {
    if (Site.Call->getNumArgs() == 0)
      continue;
    std::optional<llvm::StringRef> Text = stringValue(Site.Call->getArg(0));
    if (!Text || *Text == "TZ" || startsWith(*Text, "TZ="))
      return true; // a variable we cannot read may be TZ
  }
  return false;
}

/// Whether \p Loop retries a lookup with a bigger buffer: an `_r` call
/// fails with ERANGE when the buffer is too small, and the loop that grows
/// it says so. Such a loop runs the lookup once per size, not per item.
bool growsBuffer(const Stmt *Loop, const ASTContext &Ctx) {
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Loop->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  return Text.contains("ERANGE");
}

} // namespace

void CostlyLibcInLoopCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl(), this);
}

void CostlyLibcInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  Loops.exportFacts(Ctx);
  const CallIndex &Index = CallIndex::of(Ctx);
  std::optional<bool> ZoneSet;
  llvm::SmallVector<llvm::StringRef, 16> Names;
  for (const CostlyCall &C : CostlyCalls)
    Names.push_back(C.Name);
  for (const CallSite &Site : Index.callsTo(Names)) {
    const CostlyCall *Costly = costlyCall(calleeName(Site.Call));
    if (!Costly)
      continue;
    if (Costly->Zone && !ZoneSet)
      ZoneSet = setsZone(Index);
    if (Costly->Zone && *ZoneSet)
      continue;
    // In every iteration of a loop of its own function, or on every call
    // of a function that a loop calls in every iteration (here or in
    // another unit).
    IterationSite In = Loops.of(Site.Call, Site.Func, Ctx);
    if (!In)
      continue;
    if (In.Loop) {
      auto [Grows, New] = GrowsBuffer.try_emplace(In.Loop, false);
      if (New)
        Grows->second = growsBuffer(In.Loop, Ctx);
      if (Grows->second)
        continue;
    }
    {
      auto Diag =
          Costly->Zone
              ? diag(Site.Call->getBeginLoc(),
                     "'%0' in every iteration of %select{the|a}1 loop: "
                     "while TZ is unset, glibc stats /etc/localtime on "
                     "every call to see whether the zone changed; "
                     "%select{'%2' reads it once|set TZ once at "
                     "start-up (setenv(\"TZ\", \":/etc/localtime\", 0)) "
                     "and it is read once}3")
              : diag(Site.Call->getBeginLoc(),
                     "'%0' in every iteration of %select{the|a}1 loop: "
                     "glibc's files backend opens, reads and closes "
                     "/etc/%2 on every call; keep the answers by %3 in "
                     "a small cache (leanio's %4)");
      Diag << Costly->Name << (In.Through || !In.Loop);
      if (Costly->Zone)
        Diag << Costly->Form << Costly->Form.empty();
      else
        Diag << Costly->File << Costly->Key << Costly->Form;
      Diag << Site.Call->getSourceRange();
    } // emitted here, before its note
    if (In.Through)
      diag(In.Through->getBeginLoc(),
           "%0 is called in every iteration of this "
           "loop",
           DiagnosticIDs::Note)
          << Site.Func;
    noteRequirement(*this, Site.Call->getBeginLoc(), In.Needs);
  }
}

} // namespace clang::tidy::syscall
