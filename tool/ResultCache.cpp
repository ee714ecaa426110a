//===--- ResultCache.cpp - Findings of unchanged translation units reused ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ResultCache.h"
#include "BoundedInput.h"
#include "CacheEntry.h"
#include "FindingsJson.h"
#include "Hashing.h"
#include "OutputSink.h"
#include "TranslationUnitRunner.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include <algorithm>
#include <sys/stat.h>
#include <utime.h>

namespace syscall_tidy {

namespace {

/// The tool itself: a rebuilt checks library is a different tool even
/// under the same version number.
std::string toolIdentity() {
  PartHasher Identity;
  Identity.add(SYSCALL_TIDY_VERSION).add(LLVM_VERSION_STRING);
  std::string Self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  if (auto Binary = llvm::MemoryBuffer::getFile(Self))
    Identity.add((*Binary)->getBuffer());
  return Identity.hex();
}

/// Arguments that name outputs do not change what is analysed.
std::vector<std::string> analysedArguments(std::vector<std::string> Args) {
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if (A == "-MD" || A == "-MMD")
      continue;
    Kept.push_back(Args[I]);
  }
  return Kept;
}

} // namespace

std::string flagWithoutCache(const ToolOptions &Options) {
  if (Options.CacheDir.empty() && Options.CacheUrl.empty())
    return "";
  if (llvm::is_contained(Options.SourcePaths, "-"))
    return "standard input";
  if (!Options.VfsOverlay.empty())
    return "--vfsoverlay";
  if (!Options.ExportFixes.empty())
    return "--export-fixes";
  if (Options.EnableCheckProfile)
    return "--enable-check-profile";
  return "";
}

std::unique_ptr<ResultCache> ResultCache::create(const ToolOptions &Options,
                                                 std::string &Error) {
  if (Options.CacheDir.empty() && Options.CacheUrl.empty())
    return nullptr;
  std::unique_ptr<ResultCache> Cache(new ResultCache());
  if (!Options.CacheDir.empty()) {
    Cache->Dir = absolutePath(Options.CacheDir);
    // An unusable directory (its parent a file, no permission) costs the
    // run its cache, never its findings.
    if (std::error_code EC = llvm::sys::fs::create_directories(Cache->Dir)) {
      llvm::WithColor::warning(llvm::errs(), "syscall-tidy")
          << "cannot make --cache-dir '" << Options.CacheDir
          << "': " << EC.message() << "; going on without it\n";
      Cache->Dir.clear();
    }
  }
  if (!Options.CacheUrl.empty() &&
      !(Cache->Remote = HttpStore::create(Options.CacheUrl, Error)))
    return nullptr;
  if (Options.CacheSigned) {
    const char *Secret = std::getenv("SYSCALL_TIDY_CACHE_KEY");
    Cache->Secret = Secret ? Secret : "";
    Cache->ReadOnly = Cache->Secret.empty();
    if (Cache->ReadOnly)
      llvm::WithColor::note(llvm::errs(), "syscall-tidy")
          << "--cache-signed without $SYSCALL_TIDY_CACHE_KEY: the cache is "
             "read, never written\n";
  }
  Cache->MaxBytes = Options.CacheMaxBytes;
  Cache->ToolIdentity = toolIdentity();
  // What decides a unit's findings besides its configuration file.
  Cache->Salt = "line-filter=" + Options.LineFilter +
                ";fix-notes=" + (Options.FixNotes ? "1" : "0");
  return Cache;
}

std::string
ResultCache::key(const std::string &File, const Configuration &Config,
                 const clang::tooling::CompilationDatabase &Compilations) {
  PartHasher Key;
  Key.add(EntryFormat).add(ToolIdentity).add(Salt).add(File);
  Key.add(
      clang::tidy::configurationAsText(Config.provider()->getOptions(File)));
  for (const clang::tooling::CompileCommand &Command :
       Compilations.getCompileCommands(File)) {
    Key.add(Command.Directory).add(Command.Filename);
    for (const std::string &Arg : analysedArguments(Command.CommandLine))
      Key.add(Arg);
  }
  return Key.hex();
}

std::string ResultCache::localPath(llvm::StringRef Key) const {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Key.take_front(2), Key + ".json");
  return Path.str().str();
}

std::string ResultCache::currentHash(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Hashes.find(Path);
    if (It != Hashes.end())
      return It->second;
  }
  // Only what a unit can read: an entry naming a device reads nothing.
  std::string Ignored;
  std::optional<std::string> Text =
      readBounded(Path, MaxInputBytes, Ignored, /*RegularOnly=*/true);
  std::string Hash = Text ? contentHash(*Text) : "";
  std::lock_guard<std::mutex> Guard(Lock);
  return Hashes.try_emplace(Path, Hash).first->second;
}

bool ResultCache::verify(const std::string &Key, llvm::StringRef Entry,
                         TranslationUnitResult &Result) {
  std::optional<llvm::StringRef> Body = openEntry(Entry, Key, Secret);
  std::string Error;
  std::optional<llvm::json::Value> Parsed =
      Body ? parseBoundedJson(*Body, Error) : std::nullopt;
  const llvm::json::Object *Root = Parsed ? Parsed->getAsObject() : nullptr;
  const llvm::json::Array *Inputs = Root ? Root->getArray("inputs") : nullptr;
  const llvm::json::Array *Stored = Root ? Root->getArray("findings") : nullptr;
  if (!Inputs || !Stored) {
    ++Rejected; // a damaged entry is a miss, written again
    return false;
  }
  for (const llvm::json::Value &Input : *Inputs) {
    const llvm::json::Array *Pair = Input.getAsArray();
    if (!Pair || Pair->size() != 2) {
      ++Rejected;
      return false;
    }
    std::optional<llvm::StringRef> Path = (*Pair)[0].getAsString(),
                                   Hash = (*Pair)[1].getAsString();
    if (!Path || !Hash || currentHash(Path->str()) != *Hash)
      return false; // a file changed since: an ordinary miss
  }
  std::vector<Finding> Findings;
  for (const llvm::json::Value &Item : *Stored) {
    Finding F;
    if (!findingFromJson(Item, F)) {
      ++Rejected;
      return false;
    }
    Findings.push_back(std::move(F));
  }
  Result.Findings = std::move(Findings);
  Result.Facts = stringsOf(Root->getArray("facts"));
  Result.HiddenInHeaders = Root->getInteger("hiddenInHeaders").value_or(0);
  return true;
}

void ResultCache::remoteFailed(const std::string &Error) {
  if (RemoteUp.exchange(false))
    llvm::WithColor::warning(llvm::errs(), "syscall-tidy")
        << "--cache-url: " << Error << "; going on without the shared cache\n";
}

bool ResultCache::lookup(const std::string &Key, SourceTexts &Texts,
                         TranslationUnitResult &Result) {
  ++Lookups;
  bool Found = false;
  if (!Dir.empty()) {
    std::string Path = localPath(Key), Error;
    if (std::optional<std::string> Entry =
            readBounded(Path, MaxEntryBytes, Error, /*RegularOnly=*/true))
      if ((Found = verify(Key, *Entry, Result))) {
        ++LocalHits;
        ::utime(Path.c_str(), nullptr); // recently used: evicted last
      }
  }
  if (!Found && Remote && RemoteUp) {
    std::string Body, Error;
    switch (Remote->get(Key + ".json", MaxEntryBytes, Body, Error)) {
    case HttpStore::Outcome::Found:
      if ((Found = verify(Key, Body, Result))) {
        ++RemoteHits;
        if (!Dir.empty() && !ReadOnly)
          storeLocally(Key, Body);
      }
      break;
    case HttpStore::Outcome::Missing:
      break;
    case HttpStore::Outcome::Failed:
      remoteFailed(Error);
      break;
    }
  }
  if (Found)
    Texts.readFilesOf(Result.Findings);
  return Found;
}

void ResultCache::store(const std::string &Key,
                        const TranslationUnitResult &Result) {
  if (Result.Inputs.empty() ||
      llvm::any_of(Result.Findings,
                   [](const Finding &F) { return F.FromCompiler; }))
    return;
  if (ReadOnly)
    return;
  // Written key by key in the order json::Object prints them (sorted),
  // with no document built first: the store is on the run's path.
  std::string Body;
  llvm::raw_string_ostream Out(Body);
  llvm::json::OStream J(Out);
  J.object([&] {
    J.attribute("facts", stringArray(Result.Facts));
    J.attribute("file", Result.File);
    J.attributeArray("findings", [&] {
      for (const Finding &F : Result.Findings)
        writeFinding(J, F, "");
    });
    J.attribute("format", EntryFormat);
    J.attribute("hiddenInHeaders", Result.HiddenInHeaders);
    J.attributeArray("inputs", [&] {
      for (const auto &[Path, Hash] : Result.Inputs)
        J.value(llvm::json::Array{Path, Hash});
    });
  });
  Out.flush();
  std::string Entry = sealEntry(Key, Body, Secret), Error;
  if (!Dir.empty())
    storeLocally(Key, Entry);
  if (Remote && RemoteUp && !Remote->put(Key + ".json", Entry, Error))
    remoteFailed(Error);
}

void ResultCache::storeLocally(const std::string &Key, llvm::StringRef Entry) {
  std::string Path = localPath(Key), Error;
  // Only ever our own regular files: an entry made a link (to /dev/zero,
  // to a file of the user's) is left as it is and stays a miss.
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Path, Status, /*Follow=*/false) &&
      Status.type() != llvm::sys::fs::file_type::regular_file)
    return;
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  // A full disk costs the next run a miss, not this run its findings. Not
  // synced: an entry cut short by a crash fails its digest, a miss too,
  // and a sync per unit was most of what storing cost.
  writeWhole(
      Path, [&](llvm::raw_ostream &Out) { Out << Entry; }, Error,
      /*Sync=*/false);
}

std::string ResultCache::databaseFactsKey(llvm::StringRef BuildPath) const {
  PartHasher Key;
  Key.add(EntryFormat).add(ToolIdentity).add("database facts");
  Key.add(absolutePath(BuildPath));
  return Key.hex();
}

void ResultCache::storeDatabaseFacts(llvm::StringRef BuildPath,
                                     const std::vector<std::string> &Lines) {
  if (Dir.empty() || ReadOnly)
    return;
  std::string Body;
  llvm::raw_string_ostream Out(Body);
  llvm::json::OStream(Out).value(
      llvm::json::Object{{"facts", stringArray(Lines)}});
  Out.flush();
  std::string Key = databaseFactsKey(BuildPath);
  storeLocally(Key, sealEntry(Key, Body, Secret));
}

std::optional<std::vector<std::string>>
ResultCache::databaseFacts(llvm::StringRef BuildPath) {
  if (Dir.empty())
    return std::nullopt;
  std::string Key = databaseFactsKey(BuildPath), Error;
  std::optional<std::string> Entry =
      readBounded(localPath(Key), MaxEntryBytes, Error, /*RegularOnly=*/true);
  std::optional<llvm::StringRef> Body =
      Entry ? openEntry(*Entry, Key, Secret) : std::nullopt;
  std::optional<llvm::json::Value> Parsed =
      Body ? parseBoundedJson(*Body, Error) : std::nullopt;
  const llvm::json::Object *Root = Parsed ? Parsed->getAsObject() : nullptr;
  if (!Root || !Root->getArray("facts"))
    return std::nullopt;
  return stringsOf(Root->getArray("facts"));
}

std::string ResultCache::finish() {
  if (!Dir.empty()) {
    struct Entry {
      std::string Path;
      llvm::sys::TimePoint<> Used;
      uint64_t Size;
    };
    std::vector<Entry> Entries;
    uint64_t Total = 0;
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
         It != End && !EC; It.increment(EC)) {
      llvm::sys::fs::file_status Status;
      if (It.level() != 1 ||
          llvm::sys::path::extension(It->path()) != ".json" ||
          llvm::sys::fs::status(It->path(), Status))
        continue;
      Entries.push_back(
          {It->path(), Status.getLastModificationTime(), Status.getSize()});
      Total += Status.getSize();
    }
    std::sort(Entries.begin(), Entries.end(),
              [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
    for (const Entry &E : Entries) {
      if (Total <= MaxBytes)
        break;
      if (!llvm::sys::fs::remove(E.Path))
        Total -= E.Size;
    }
  }
  unsigned Hits = LocalHits + RemoteHits;
  std::string Summary = std::to_string(Hits) + " of " +
                        std::to_string(Lookups) + " units from the cache (" +
                        std::to_string(LocalHits) + " local, " +
                        std::to_string(RemoteHits) + " shared)";
  if (Rejected)
    Summary += "; " + std::to_string(Rejected) +
               " entries rejected (another unit's, altered, cut short or "
               "unsigned)";
  return Summary;
}

} // namespace syscall_tidy
