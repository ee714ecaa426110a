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

void printCheckProfile(llvm::StringRef ProfileDir, unsigned Units,
                       double ParseSeconds, double CheckSeconds,
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
  OS << "===-- syscall-tidy profile: " << Units << " translation unit"
     << (Units == 1 ? "" : "s") << " (wall seconds) --===\n";
  OS << llvm::format("  %-40s %10.4f\n", (const char *)"parse (clang)",
                     ParseSeconds);
  OS << llvm::format("  %-40s %10.4f\n",
                     (const char *)"checks (all, with matching)", CheckSeconds);
  for (const auto &[Name, Seconds] : Wall)
    OS << llvm::format("  %-40s %10.4f\n", Name.c_str(), Seconds);
}

void finishCheckProfile(llvm::StringRef StoredPrefix, llvm::StringRef Dir,
                        unsigned Units, double ParseSeconds,
                        double CheckSeconds, llvm::raw_ostream &OS) {
  if (!StoredPrefix.empty())
    return;
  printCheckProfile(Dir, Units, ParseSeconds, CheckSeconds, OS);
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace syscall_tidy
