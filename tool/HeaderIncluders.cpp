//===--- HeaderIncluders.cpp - Headers analysed through their includers -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "HeaderIncluders.h"
#include "BoundedInput.h"
#include "Findings.h"
#include "OutputSink.h"
#include "ResourceDir.h"
#include "analysis/StringHelpers.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <climits>

namespace syscall_tidy {

namespace {

/// A file a unit read, with what it looked like then.
struct Dependency {
  std::string Path;
  int64_t Size = -1, Time = -1;
};

bool stat(llvm::StringRef Path, Dependency &D) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return false;
  D.Path = Path.str();
  D.Size = (int64_t)Status.getSize();
  D.Time = (int64_t)Status.getLastModificationTime().time_since_epoch().count();
  return true;
}

bool unchanged(const Dependency &D) {
  Dependency Now;
  return stat(D.Path, Now) && Now.Size == D.Size && Now.Time == D.Time;
}

std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return absolutePath(Path);
  return std::string(Real);
}

using IncludeCache = std::map<std::string, std::vector<Dependency>>;

IncludeCache readCache(llvm::StringRef Path) {
  IncludeCache Cache;
  std::string Error;
  std::optional<std::string> Text =
      readBounded(Path.str(), MaxInputBytes, Error, /*RegularOnly=*/true);
  std::optional<llvm::json::Value> Root =
      Text ? parseBoundedJson(*Text, Error) : std::nullopt;
  if (!Root)
    return Cache; // a damaged cache is rebuilt
  const llvm::json::Object *Units = Root->getAsObject();
  for (const auto &[Unit, Deps] : Units ? *Units : llvm::json::Object()) {
    const llvm::json::Array *List = Deps.getAsArray();
    if (!List)
      continue;
    std::vector<Dependency> &Out = Cache[Unit.str()];
    for (const llvm::json::Value &Entry : *List) {
      const llvm::json::Array *Fields = Entry.getAsArray();
      if (!Fields || Fields->size() != 3)
        continue;
      Dependency D;
      D.Path = (*Fields)[0].getAsString().value_or("").str();
      D.Size = (*Fields)[1].getAsInteger().value_or(-1);
      D.Time = (*Fields)[2].getAsInteger().value_or(-1);
      Out.push_back(std::move(D));
    }
  }
  return Cache;
}

void writeCache(llvm::StringRef Path, const IncludeCache &Cache) {
  llvm::json::Object Units;
  for (const auto &[Unit, Deps] : Cache) {
    llvm::json::Array List;
    for (const Dependency &D : Deps)
      List.push_back(llvm::json::Array{D.Path, D.Size, D.Time});
    Units[Unit] = std::move(List);
  }
  // Written aside and renamed, so that concurrent runs read whole files.
  // No cache on failure: the next run scans again.
  std::string Ignored;
  writeWhole(
      Path.str(),
      [&](llvm::raw_ostream &OS) { OS << llvm::json::Value(std::move(Units)); },
      Ignored);
}

/// Preprocesses a unit and keeps the files it read (not system headers).
class IncludeScan : public clang::PreprocessOnlyAction {
public:
  explicit IncludeScan(std::vector<std::string> &Files) : Files(Files) {}

  bool BeginInvocation(clang::CompilerInstance &CI) override {
    Collector = std::make_shared<clang::DependencyCollector>();
    CI.addDependencyCollector(Collector);
    return true;
  }

  void EndSourceFileAction() override {
    llvm::SmallString<256> Dir;
    llvm::sys::fs::current_path(Dir);
    for (const std::string &File : Collector->getDependencies()) {
      llvm::SmallString<256> Path(Dir);
      if (llvm::sys::path::is_absolute(File))
        Path = File;
      else
        llvm::sys::path::append(Path, File);
      Files.push_back(realPath(Path));
    }
  }

private:
  std::vector<std::string> &Files;
  std::shared_ptr<clang::DependencyCollector> Collector;
};

class IncludeScanFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit IncludeScanFactory(std::vector<std::string> &Files) : Files(Files) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<IncludeScan>(Files);
  }

private:
  std::vector<std::string> &Files;
};

/// The files \p Unit reads, as the compiler sees them under its command
/// with the run's extra arguments \p Before and \p After it.
std::vector<Dependency> scan(const AdjustedCompilations &Compilations,
                             llvm::StringRef Unit,
                             const std::vector<std::string> &Before,
                             const std::vector<std::string> &After) {
  using namespace clang::tooling;
  std::vector<std::string> Files;
  ClangTool Tool(Compilations, {Unit.str()});
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster(Before, ArgumentInsertPosition::BEGIN));
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster(After, ArgumentInsertPosition::END));
  clang::IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  IncludeScanFactory Factory(Files);
  Tool.run(&Factory);
  std::vector<Dependency> Deps;
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  for (const std::string &File : Files) {
    Dependency D;
    if (stat(File, D))
      Deps.push_back(std::move(D));
  }
  return Deps;
}

} // namespace

bool isHeaderName(llvm::StringRef File) {
  static const llvm::StringRef Extensions[] = {".h",   ".hh", ".hpp", ".hxx",
                                               ".h++", ".H",  ".inc", ".inl",
                                               ".ipp", ".tcc"};
  return llvm::is_contained(Extensions, llvm::sys::path::extension(File));
}

void admitNamedHeaders(ToolOptions &Options) {
  // clang-tidy matches the header filter against the name the compiler
  // found the header by, which may be relative or have '..' in it: admit
  // the base name here, and let the report keep the named files only.
  std::string Headers;
  for (const std::string &File : Options.SourcePaths)
    if (isHeaderName(File))
      Headers += (Headers.empty() ? "" : "|") +
                 llvm::Regex::escape(llvm::sys::path::filename(File));
  if (Headers.empty())
    return;
  Headers = "(^|/)(" + Headers + ")$";
  if (Options.HeaderFilter && !Options.HeaderFilter->empty())
    Headers = "(" + *Options.HeaderFilter + ")|" + Headers;
  Options.HeaderFilter = Headers;
}

void expandHeaders(std::vector<std::string> &Files,
                   const AdjustedCompilations &Compilations,
                   const ToolOptions &Options, ChangedLines &Named,
                   std::vector<std::string> &Notes) {
  std::vector<std::string> Headers, Units;
  for (const std::string &File : Files) {
    for (const std::string &Path : {absolutePath(File), realPath(File)})
      Named[Path] = {{1, UINT_MAX}};
    (isHeaderName(File) ? Headers : Units).push_back(File);
  }
  if (Headers.empty())
    return;

  llvm::SmallString<256> CachePath(Options.BuildPath);
  llvm::sys::path::append(CachePath, ".syscall-tidy-includes.json");
  IncludeCache Cache = readCache(CachePath);
  std::vector<std::string> All = Compilations.getAllFiles();
  llvm::sort(All);
  std::vector<std::string> Before = Options.ExtraArgsBefore;
  Before.insert(Before.begin(),
                "-resource-dir=" + resourceDir(Options.Argv0.c_str()));
  unsigned Scanned = 0;
  for (const std::string &Unit : All) {
    auto It = Cache.find(Unit);
    if (It != Cache.end() && !It->second.empty() &&
        llvm::all_of(It->second, unchanged))
      continue;
    Cache[Unit] = scan(Compilations, Unit, Before, Options.ExtraArgs);
    ++Scanned;
  }
  // Units the database no longer has leave the cache.
  llvm::StringSet<> Current;
  for (const std::string &Unit : All)
    Current.insert(Unit);
  for (auto It = Cache.begin(); It != Cache.end();)
    It = Current.contains(It->first) ? std::next(It) : Cache.erase(It);
  if (Scanned)
    writeCache(CachePath, Cache);

  for (const std::string &Header : Headers) {
    std::string Real = realPath(Header);
    unsigned Found = 0;
    for (const auto &[Unit, Deps] : Cache)
      if (llvm::any_of(Deps,
                       [&](const Dependency &D) { return D.Path == Real; })) {
        Units.push_back(Unit);
        ++Found;
      }
    Notes.push_back(Header +
                    (Found ? ": analysed through " + std::to_string(Found) +
                                 " translation unit(s) that include it"
                           : ": no translation unit of the compile "
                             "database includes it; not analysed"));
  }
  llvm::sort(Units);
  Units.erase(std::unique(Units.begin(), Units.end()), Units.end());
  Files = std::move(Units);
}

} // namespace syscall_tidy
