//===--- Configuration.cpp - Which checks run, with which options --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Configuration.h"
#include "BoundedInput.h"
#include "ResourceDir.h"
#include "analysis/LlvmCompat.h"
#include "analysis/StringHelpers.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include <mutex>
#include <optional>

using namespace clang::tidy;

namespace syscall_tidy {

CheckCatalog::CheckCatalog() {
  ClangTidyCheckFactories Factories;
  for (const auto &Module : ClangTidyModuleRegistry::entries())
    Module.instantiate()->addCheckFactories(Factories);
  ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
      ClangTidyGlobalOptions(), ClangTidyOptions()));
  for (const auto &Factory : Factories) {
    if (!clang::tidy::syscall::startsWith(Factory.getKey(), "syscall-"))
      continue;
    Names.insert(Factory.getKey());
    ClangTidyOptions::OptionMap Stored;
    Factory.getValue()(Factory.getKey(), &Context)->storeOptions(Stored);
    for (const auto &Option : Stored) {
      OptionKeys.insert(Option.getKey());
      Defaults.insert({Option.getKey(), Option.getValue()});
    }
  }
}

namespace {

std::vector<llvm::StringRef> globsOf(llvm::StringRef Globs) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Globs.split(Parts, ',', -1, false);
  std::vector<llvm::StringRef> Result;
  for (llvm::StringRef Glob : Parts)
    if (!(Glob = Glob.trim()).empty())
      Result.push_back(Glob);
  return Result;
}

/// Errors met while reading .clang-tidy files, for every thread's provider.
class ConfigErrors {
public:
  void add(std::string Message) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (First.empty())
      First = std::move(Message);
  }
  std::string first() {
    std::lock_guard<std::mutex> Guard(Lock);
    return First;
  }

private:
  std::mutex Lock;
  std::string First;
};

ConfigErrors &configErrors() {
  static ConfigErrors Errors;
  return Errors;
}

/// clang-tidy's .clang-tidy parser, with its errors kept for one message
/// instead of printed and ignored.
llvm::ErrorOr<ClangTidyOptions> parseDotClangTidy(llvm::MemoryBufferRef Text) {
  std::string Message;
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      parseConfigurationWithDiags(Text, [&](const llvm::SMDiagnostic &D) {
        if (Message.empty())
          Message = std::to_string(D.getLineNo()) + ":" +
                    std::to_string(D.getColumnNo() + 1) + ": " +
                    D.getMessage().str();
      });
  if (Parsed)
    return Parsed;
  configErrors().add(
      "invalid configuration in '" + Text.getBufferIdentifier().str() +
      "': " + (Message.empty() ? Parsed.getError().message() : Message));
  return ClangTidyOptions(); // reported once by the caller
}

/// .clang-tidy files up the tree, read through the run's file system (the
/// compile command's working directory) with parseDotClangTidy.
class CheckedFileOptionsProvider : public FileOptionsProvider {
public:
  CheckedFileOptionsProvider(ClangTidyGlobalOptions Global,
                             ClangTidyOptions Defaults,
                             ClangTidyOptions Overrides,
                             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : FileOptionsProvider(std::move(Global), std::move(Defaults),
                            std::move(Overrides), std::move(FS)) {
    ConfigHandlers = {{".clang-tidy", parseDotClangTidy}};
  }
};

/// A list of globs that enables exactly \p On of the catalog's checks, \p
/// Off being the rest: the shorter of the names enabled and `syscall-*`
/// without those disabled (the tool links no other syscall-* check).
std::string narrowedChecks(llvm::ArrayRef<llvm::StringRef> On,
                           llvm::ArrayRef<llvm::StringRef> Off) {
  if (On.empty())
    return "-*";
  if (On.size() <= Off.size())
    return llvm::join(On, ",");
  std::string Globs = "syscall-*";
  for (llvm::StringRef Name : Off)
    Globs += ",-" + Name.str();
  return Globs;
}

/// The user's configuration followed by one source that enables exactly the
/// syscall-* checks it enables: `Checks: '*'` in a project's .clang-tidy is
/// meant for clang-tidy, not a request to run every linked check here.
class SyscallChecksOnly : public ClangTidyOptionsProvider {
public:
  SyscallChecksOnly(std::unique_ptr<ClangTidyOptionsProvider> User,
                    const CheckCatalog &Catalog)
      : User(std::move(User)), Catalog(Catalog) {}

  const ClangTidyGlobalOptions &getGlobalOptions() override {
    return User->getGlobalOptions();
  }

  std::vector<OptionsSource> getRawOptions(llvm::StringRef File) override {
    // Asked again for the same file by each set of checks clang-tidy makes
    // (one more per run with guesses) and by the compile command's
    // adjuster: a third of making the checks.
    std::lock_guard<std::mutex> Lock(KnownMutex);
    if (Known && File == KnownFile)
      return *Known;
    std::vector<OptionsSource> Sources = User->getRawOptions(File);
    ClangTidyOptions Merged;
    for (const OptionsSource &Source : Sources)
      Merged.mergeWith(Source.first, 0);
    CachedGlobList Enabled(Merged.Checks.value_or(""));
    std::vector<llvm::StringRef> On, Off;
    for (const auto &Name : Catalog.Names)
      (Enabled.contains(Name.getKey()) ? On : Off).push_back(Name.getKey());
    // Ours alone decide: clang-tidy matches the name of every analyzer
    // checker against the list for each set of checks it makes, and a glob
    // that matches costs a regex run, one that cannot (no such literal
    // text) next to nothing. `-*` and the user's globs made that a
    // millisecond per unit.
    for (OptionsSource &Source : Sources)
      Source.first.Checks.reset();
    ClangTidyOptions Narrowed;
    Narrowed.Checks = narrowedChecks(On, Off);
    Sources.emplace_back(Narrowed, "syscall-tidy (syscall-* checks only)");
    KnownFile = File.str();
    Known = Sources;
    return Sources;
  }

private:
  std::unique_ptr<ClangTidyOptionsProvider> User;
  const CheckCatalog &Catalog;
  std::mutex KnownMutex;
  std::string KnownFile;
  std::optional<std::vector<OptionsSource>> Known;
};

/// Whether \p Globs say anything about \p Check, enabling or disabling it.
bool mentions(llvm::StringRef Globs, llvm::StringRef Check) {
  return GlobList(Globs).contains(Check) ||
         !GlobList(("*," + Globs).str()).contains(Check);
}

/// YAML reads {"name": 12} as the file "12", and a filter that names no
/// file hides every finding; in the JSON clang-tidy documents, a name must
/// be a string and a range two line numbers.
bool checkLineFilter(llvm::StringRef Filter, std::string &Error) {
  std::string Ignored;
  std::optional<llvm::json::Value> Parsed = parseBoundedJson(Filter, Ignored);
  if (!Parsed)
    return true; // YAML's own flow style, which parseLineFilter accepted
  const llvm::json::Array *Files = Parsed->getAsArray();
  for (size_t I = 0; Files && I < Files->size(); ++I) {
    const llvm::json::Object *File = (*Files)[I].getAsObject();
    if (!File || !File->getString("name")) {
      Error = "invalid --line-filter: entry " + std::to_string(I + 1) +
              " has no \"name\" string";
      return false;
    }
    const llvm::json::Value *Lines = File->get("lines");
    const llvm::json::Array *Ranges = Lines ? Lines->getAsArray() : nullptr;
    bool Valid = !Lines || Ranges;
    for (size_t R = 0; Valid && Ranges && R < Ranges->size(); ++R) {
      const llvm::json::Array *Range = (*Ranges)[R].getAsArray();
      Valid = Range && Range->size() == 2 && (*Range)[0].getAsInteger() &&
              (*Range)[1].getAsInteger();
    }
    if (!Valid) {
      Error = "invalid --line-filter: the \"lines\" of entry " +
              std::to_string(I + 1) + " are not [first, last] pairs";
      return false;
    }
  }
  if (!Files) {
    Error = "invalid --line-filter: not a list of files";
    return false;
  }
  return true;
}

} // namespace

std::unique_ptr<Configuration> Configuration::create(const ToolOptions &Options,
                                                     std::string &Error) {
  std::unique_ptr<Configuration> C(new Configuration());
  if (!Options.LineFilter.empty()) {
    if (!checkLineFilter(Options.LineFilter, Error))
      return nullptr;
    if (std::error_code EC = parseLineFilter(Options.LineFilter, C->Global)) {
      Error = "invalid --line-filter: " + EC.message();
      return nullptr;
    }
  }
  C->Defaults = ClangTidyOptions::getDefaults();
  C->Defaults.Checks = "-*,syscall-*";
  if (Options.Checks)
    C->Overrides.Checks = *Options.Checks;
  if (Options.WarningsAsErrors)
    C->Overrides.WarningsAsErrors = *Options.WarningsAsErrors;
  C->Overrides.HeaderFilterRegex = Options.HeaderFilter;
  if (std::optional<std::string> *Exclude =
          syscall::compat::excludeHeaderFilterRegex(C->Overrides))
    *Exclude = Options.ExcludeHeaderFilter;
  else if (Options.ExcludeHeaderFilter) {
    Error = "--exclude-header-filter needs clang-tidy 19 or later; this "
            "syscall-tidy is built on LLVM " LLVM_VERSION_STRING;
    return nullptr;
  }
  C->Overrides.SystemHeaders = Options.SystemHeaders;
  C->Overrides.FormatStyle = Options.FormatStyle;
  C->Overrides.ExtraArgsBefore = Options.ExtraArgsBefore;
  C->Overrides.ExtraArgsBefore->push_back("-resource-dir=" +
                                          resourceDir(Options.Argv0.c_str()));
  C->Overrides.ExtraArgs = Options.ExtraArgs;

  std::string Text = Options.Config;
  std::string Name = "--config";
  if (!Options.ConfigFile.empty()) {
    auto File = llvm::MemoryBuffer::getFile(Options.ConfigFile);
    if (!File) {
      Error = "cannot read --config-file '" + Options.ConfigFile +
              "': " + File.getError().message();
      return nullptr;
    }
    Text = (*File)->getBuffer().str();
    Name = Options.ConfigFile;
  }
  if (!Text.empty()) {
    parseDotClangTidy(llvm::MemoryBufferRef(Text, Name));
    if (!(Error = configErrors().first()).empty())
      return nullptr;
    C->Explicit = *parseConfiguration(llvm::MemoryBufferRef(Text, Name));
  }
  C->Probe = C->provider();
  C->Queries = C->userProvider(nullptr);
  return C;
}

std::unique_ptr<ClangTidyOptionsProvider>
Configuration::userProvider(FileSystemRef FS) const {
  if (Explicit)
    return std::make_unique<ConfigOptionsProvider>(Global, Defaults, *Explicit,
                                                   Overrides, FS);
  return std::make_unique<CheckedFileOptionsProvider>(Global, Defaults,
                                                      Overrides, FS);
}

std::unique_ptr<ClangTidyOptionsProvider>
Configuration::provider(FileSystemRef FS) const {
  return std::make_unique<SyscallChecksOnly>(userProvider(FS), Catalog);
}

std::vector<std::string>
Configuration::enabledChecks(llvm::StringRef File) const {
  CachedGlobList Enabled(Probe->getOptions(File).Checks.value_or(""));
  std::vector<std::string> Result;
  for (const auto &Name : Catalog.Names)
    if (Enabled.contains(Name.getKey()))
      Result.push_back(Name.getKey().str());
  llvm::sort(Result);
  return Result;
}

std::string Configuration::verify(llvm::StringRef File) const {
  ClangTidyOptions Options = Queries->getOptions(File);
  if (std::string Broken = configErrors().first(); !Broken.empty())
    return Broken;
  std::string Checks = Options.Checks.value_or("");
  for (llvm::StringRef Glob : globsOf(Checks)) {
    if (clang::tidy::syscall::startsWith(Glob, "syscall-") &&
        !Glob.contains('*') && !Catalog.Names.contains(Glob))
      return "unknown check '" + Glob.str() +
             "' (syscall-tidy --list-checks --checks='syscall-*' lists them)";
  }
  for (const auto &Option : Options.CheckOptions) {
    llvm::StringRef Key = Option.getKey();
    if (clang::tidy::syscall::startsWith(Key, "syscall-") &&
        !Catalog.OptionKeys.contains(Key))
      return "unknown check option '" + Key.str() + "'";
  }
  return "";
}

std::vector<std::string> Configuration::warnings(llvm::StringRef File) const {
  ClangTidyOptions Options = Queries->getOptions(File);
  std::vector<std::string> Lines;
  // clang-tidy 19 takes a regex that does not compile ("*.h") and matches
  // nothing with it; so do we, but not in silence.
  for (const auto &[Name, Regex] :
       {std::pair{"HeaderFilterRegex", &Options.HeaderFilterRegex},
        std::pair{"ExcludeHeaderFilterRegex",
                  syscall::compat::excludeHeaderFilterRegex(Options)}}) {
    std::string Why;
    if (Regex && *Regex && !(*Regex)->empty() &&
        !llvm::Regex(**Regex).isValid(Why))
      Lines.push_back(std::string("invalid ") + Name + " '" + **Regex + "': " +
                      Why + "; as clang-tidy does, it matches no header");
  }
  return Lines;
}

std::optional<bool> Configuration::useColor(llvm::StringRef File) const {
  return Queries->getOptions(File).UseColor;
}

std::vector<std::string>
Configuration::foreignChecks(llvm::StringRef File) const {
  ClangTidyOptions Options = Queries->getOptions(File);
  std::vector<std::string> Foreign;
  std::string Checks = Options.Checks.value_or("");
  for (llvm::StringRef Glob : globsOf(Checks))
    if (!Glob.consume_front("-") &&
        !clang::tidy::syscall::startsWith(Glob, "syscall-") && Glob != "*")
      Foreign.push_back(Glob.str());
  return Foreign;
}

std::string Configuration::dump(llvm::StringRef File) const {
  ClangTidyOptions Options = Queries->getOptions(File);
  for (const std::string &Check : enabledChecks(File))
    for (const auto &Default : Catalog.Defaults)
      if (clang::tidy::syscall::startsWith(Default.getKey(), Check + ".") &&
          !Options.CheckOptions.count(Default.getKey()))
        Options.CheckOptions.insert({Default.getKey(), Default.getValue()});
  return configurationAsText(Options);
}

std::string Configuration::formatStyle(llvm::StringRef File) const {
  return Queries->getOptions(File).FormatStyle.value_or("none");
}

std::vector<std::string> Configuration::explain(llvm::StringRef File) const {
  std::vector<ClangTidyOptionsProvider::OptionsSource> Sources =
      Queries->getRawOptions(File);
  std::vector<std::string> Lines;
  for (const std::string &Check : enabledChecks(File)) {
    std::string From = "syscall-tidy's default ('-*,syscall-*')";
    for (const auto &[Options, Source] : Sources)
      if (Options.Checks && mentions(*Options.Checks, Check) &&
          Source != "clang-tidy binary") // our defaults, under its name
        From = Source;
    Lines.push_back("'" + Check + "' is enabled in " + From + ".");
  }
  return Lines;
}

} // namespace syscall_tidy
