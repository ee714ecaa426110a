//===--- CheckProfile.cpp - Time spent parsing and in each check ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CheckProfile.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>

namespace syscall_tidy {

void printCheckProfile(llvm::StringRef ProfileDir, const RunTimes &Times,
                       llvm::raw_ostream &OS) {
  std::map<std::string, double> Wall;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(ProfileDir, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (!clang::tidy::syscall::endsWith(llvm::StringRef(It->path()), ".json"))
      continue;
    auto Text = llvm::MemoryBuffer::getFile(It->path());
    if (!Text)
      continue;
    llvm::Expected<llvm::json::Value> Profile =
        llvm::json::parse((*Text)->getBuffer());
    if (!Profile) {
      llvm::consumeError(Profile.takeError());
      continue;
    }
    const llvm::json::Object *Root = Profile->getAsObject();
    const llvm::json::Object *Times =
        Root ? Root->getObject("profile") : nullptr;
    if (!Times)
      continue;
    for (const auto &[Key, Value] : *Times) {
      llvm::StringRef Name = Key;
      if (Name.consume_front("time.clang-tidy.") && Name.consume_back(".wall"))
        Wall[Name.str()] += Value.getAsNumber().value_or(0);
    }
  }
  // clang-tidy times a shared walk as one callback: its time goes to the
  // walking checks by the shares each was timed at.
  double Walk = Wall["syscall-walk"], Timed = 0;
  Wall.erase("syscall-walk");
  for (const auto &[Name, Seconds] : Times.WalkerSeconds)
    Timed += Seconds;
  for (const auto &[Name, Seconds] : Times.WalkerSeconds)
    if (Timed > 0)
      Wall[Name] += Walk * Seconds / Timed;
  // Microseconds: a small unit parses in a millisecond or two, and its
  // checks' share is lost in a tenth of one.
  OS << "===-- syscall-tidy profile: " << Times.Units << " translation unit"
     << (Times.Units == 1 ? "" : "s") << " (wall seconds) --===\n";
  OS << llvm::format("  %-40s %11.6f\n", (const char *)"parse (clang)",
                     Times.ParseSeconds);
  OS << llvm::format("  %-40s %11.6f\n", (const char *)"making the checks",
                     Times.MakingSeconds);
  OS << llvm::format("  %-40s %11.6f\n",
                     (const char *)"checks (all, with matching)",
                     Times.CheckSeconds);
  // The checks' runs with guessed helpers are part of the line above; the
  // rows below, clang-tidy's, time the first run only.
  std::string Guessing = "  of which guessing helpers (" +
                         std::to_string(Times.GuessingUnits) + " unit" +
                         (Times.GuessingUnits == 1 ? "" : "s") + ")";
  OS << llvm::format("  %-40s %11.6f\n", Guessing.c_str(),
                     Times.GuessingSeconds);
  for (const auto &[Name, Seconds] : Wall)
    OS << llvm::format("  %-40s %11.6f\n", Name.c_str(), Seconds);
}

void finishCheckProfile(llvm::StringRef StoredPrefix, llvm::StringRef Dir,
                        const RunTimes &Times, llvm::raw_ostream &OS) {
  if (!StoredPrefix.empty())
    return;
  printCheckProfile(Dir, Times, OS);
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace syscall_tidy
