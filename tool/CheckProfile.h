//===--- CheckProfile.h - Time spent parsing and in each check -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_CHECKPROFILE_H
#define SYSCALL_TIDY_TOOL_CHECKPROFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>

namespace syscall_tidy {

/// What the runner measured of a run's units.
struct RunTimes {
  unsigned Units = 0;
  double ParseSeconds = 0, CheckSeconds = 0;
  /// Before each parse: making the unit's checks.
  double MakingSeconds = 0;
  /// Of CheckSeconds, the checks' runs with guessed helpers, and the units
  /// that had them (ElsewhereRerun).
  double GuessingSeconds = 0;
  unsigned GuessingUnits = 0;
  /// Each walking check's seconds in shared walks (syscall::SharedWalk).
  std::map<std::string, double> WalkerSeconds;
};

/// Prints one table for the whole run: the times the runner measured and
/// each check's wall time summed over the JSON profiles clang-tidy wrote
/// under \p ProfileDir (--store-check-profile's format).
void printCheckProfile(llvm::StringRef ProfileDir, const RunTimes &Times,
                       llvm::raw_ostream &OS);

/// After a run with --enable-check-profile: the table on \p OS, unless
/// --store-check-profile kept the profiles (then nothing is printed and the
/// directory stays); a temporary directory is removed.
void finishCheckProfile(llvm::StringRef StoredPrefix, llvm::StringRef Dir,
                        const RunTimes &Times, llvm::raw_ostream &OS);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CHECKPROFILE_H
