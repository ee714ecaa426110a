//===--- ResultCache.h - Findings of unchanged translation units reused --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A unit's findings depend on its compile command, its configuration, the
// tool and the text of every file it read. The key of an entry hashes all
// but the last; the entry lists every file the unit read with a hash of its
// text, and is a hit only while all of them still hash the same (ccache's
// "direct mode"). Entries live in a local directory, written aside and
// renamed (concurrent runs see whole entries), bounded by evicting the least
// recently used; a shared tier on a web server (HttpStore) is asked on a
// local miss and given every new entry.
//
// Both tiers are untrusted input. An entry starts with a line naming the key
// it was stored under and a SHA-256 digest of its body (and, with
// --cache-signed and a key, an HMAC-SHA-256 of both); a lookup that finds
// another key, another digest or a bad signature, or an entry too large,
// not a regular file or not readable, counts a miss. No fault of the cache
// changes a finding or the exit status.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_RESULTCACHE_H
#define SYSCALL_TIDY_TOOL_RESULTCACHE_H

#include "Configuration.h"
#include "Findings.h"
#include "HttpStore.h"
#include "ToolOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

namespace syscall_tidy {

struct TranslationUnitResult;

/// The flag of \p Options a cached run cannot honour (standard input, a
/// virtual file system, --export-fixes and the profile need the analysis
/// itself); empty when there is none or no cache is asked for.
std::string flagWithoutCache(const ToolOptions &Options);

class ResultCache {
public:
  /// The cache --cache-dir and --cache-url ask for: null without \p Error
  /// when neither is given, null with \p Error when one is unusable.
  static std::unique_ptr<ResultCache> create(const ToolOptions &Options,
                                             std::string &Error);

  /// The key of \p File's unit.
  std::string key(const std::string &File, const Configuration &Config,
                  const clang::tooling::CompilationDatabase &Compilations);

  /// Whether an entry is stored under \p Key and every file it was made
  /// from is unchanged; then \p Result has its findings and facts, and the
  /// files the findings point into are read into \p Texts.
  bool lookup(const std::string &Key, SourceTexts &Texts,
              TranslationUnitResult &Result);

  /// Stores \p Result (with the files it read) under \p Key, unless it
  /// has compiler errors, which may come from the machine (a header not
  /// generated yet) rather than from the files.
  void store(const std::string &Key, const TranslationUnitResult &Result);

  /// Keeps the facts of a run over every unit of the database in
  /// \p BuildPath, for the editor's server (locally only).
  void storeDatabaseFacts(llvm::StringRef BuildPath,
                          const std::vector<std::string> &Lines);
  /// The facts the last such run kept; std::nullopt when there are none
  /// or they are damaged.
  std::optional<std::vector<std::string>>
  databaseFacts(llvm::StringRef BuildPath);

  /// Evicts beyond the size bound; returns "H of N units from the cache
  /// (L local, S shared)".
  std::string finish();

private:
  ResultCache() = default;
  std::string localPath(llvm::StringRef Key) const;
  std::string databaseFactsKey(llvm::StringRef BuildPath) const;
  /// Whether the entry's files are unchanged; then \p Result has its
  /// findings and facts.
  bool verify(const std::string &Key, llvm::StringRef Entry,
              TranslationUnitResult &Result);
  void storeLocally(const std::string &Key, llvm::StringRef Entry);
  /// The current hash of \p Path, once per run; empty when unreadable.
  std::string currentHash(const std::string &Path);
  void remoteFailed(const std::string &Error);

  std::string Dir, ToolIdentity, Salt;
  std::string Secret;    ///< the HMAC key; empty: signatures not checked
  bool ReadOnly = false; ///< --cache-signed without the key: never store
  uint64_t MaxBytes = 0;
  std::unique_ptr<HttpStore> Remote;
  std::atomic<bool> RemoteUp{true};
  std::atomic<unsigned> Lookups{0}, LocalHits{0}, RemoteHits{0}, Rejected{0};
  std::mutex Lock; ///< guards Hashes
  llvm::StringMap<std::string> Hashes;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_RESULTCACHE_H
