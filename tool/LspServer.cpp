//===--- LspServer.cpp - Findings in the editor, over the LSP -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two threads: this one reads the client's messages and answers at once;
// an analysis thread takes the open file whose last edit is oldest past the
// quiet time, analyses a copy of its text and publishes the findings unless
// the file changed meanwhile (then the newer text is already queued: a
// stale analysis is dropped, never published). A code action waits for the
// analysis of the text it was asked about, and is answered as cancelled on
// $/cancelRequest.
//
//===----------------------------------------------------------------------===//

#include "LspServer.h"
#include "CompileCommands.h"
#include "Configuration.h"
#include "LspProtocol.h"
#include "LspTransport.h"
#include "Messages.h"
#include "Preambles.h"
#include "ResultCache.h"
#include "TranslationUnitRunner.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/thread.h"
#include <chrono>
#include <condition_variable>
#include <map>

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace syscall_tidy {

namespace {

using Clock = std::chrono::steady_clock;

// JSON-RPC's and LSP's error codes.
constexpr int ParseError = -32700, InvalidRequest = -32600,
              MethodNotFound = -32601, InvalidParams = -32602,
              ServerNotInitialized = -32002, RequestCancelled = -32800;

struct Document {
  std::string Uri, Text;
  int64_t Version = 0;
  bool Queued = false;
  Clock::time_point Due;
  /// The last analysis published: of the text with this version.
  int64_t Analysed = -1;
  Array Diagnostics;
  /// Per diagnostic, its fix-its as WorkspaceEdit changes (null: none).
  std::vector<std::optional<Object>> Fixes;
};

/// A code action waiting for its file's analysis.
struct WaitingAction {
  Value Id;
  std::string Path;
  Value Params;
};

/// The usual places of a build's compile_commands.json under a workspace.
constexpr const char *BuildFolders[] = {"",
                                        "build",
                                        "out",
                                        "builddir",
                                        "_build",
                                        "cmake-build-debug",
                                        "cmake-build-release"};

class Server {
public:
  Server(const ToolOptions &Options, std::unique_ptr<Configuration> Config,
         LspTransport &Client)
      : Options(Options), Config(std::move(Config)), Client(Client) {}

  int run();

private:
  void handle(Value Message);
  void request(llvm::StringRef Method, Value Id, const Object &Params);
  void notification(llvm::StringRef Method, const Object &Params);
  void reply(Value Id, Value Result);
  void replyError(Value Id, int Code, const llvm::Twine &Message);
  void notify(llvm::StringRef Method, Value Params);
  void showMessage(int Type, const std::string &Text);

  Value initialize(const Object &Params);
  void open(const Object &Params);
  void change(const Object &Params);
  void close(const Object &Params);
  /// The code actions of \p Params, from \p D's last analysis.
  Array codeActions(const Document &D, const Object &Params) const;
  /// Answers the waiting code actions whose file is analysed (or gone).
  void answerWaiting();

  void analyseLoop();
  void analyse(const std::string &Path);
  /// The database that builds \p Path, loaded once per folder, and its
  /// folder in \p BuildPath; without one, the flags after `--` or clang's
  /// defaults (and an empty \p BuildPath).
  AdjustedCompilations *compilationsFor(const std::string &Path,
                                        std::string &BuildPath);

  const ToolOptions &Options;
  std::unique_ptr<Configuration> Config;
  LspTransport &Client;
  std::string Root, DatabaseFolder;
  bool Initialized = false, ShutDown = false, Guessed = false;
  PreambleStore Preambles;
  std::unique_ptr<ResultCache> Cache;
  std::map<std::string, std::unique_ptr<AdjustedCompilations>> Databases;
  std::unique_ptr<AdjustedCompilations> GuessedFlags;

  std::mutex Lock; ///< guards what follows
  std::condition_variable Wake;
  bool Stopping = false;
  std::map<std::string, Document> Documents; ///< by absolute path
  std::vector<WaitingAction> Waiting;
};

std::optional<std::string> documentPath(const Object &Params) {
  const Object *Doc = Params.getObject("textDocument");
  std::optional<llvm::StringRef> Uri =
      Doc ? Doc->getString("uri") : std::nullopt;
  return Uri ? pathOfUri(*Uri) : std::nullopt;
}

int Server::run() {
  llvm::thread Analyser(std::optional<unsigned>(1u << 30),
                        [this] { analyseLoop(); });
  int Status = 1; // the client went away without exit
  while (true) {
    Value Message(nullptr);
    std::string Error;
    LspTransport::Read Got = Client.read(Message, Error);
    if (Got == LspTransport::Read::End)
      break;
    if (Got == LspTransport::Read::Malformed) {
      replyError(nullptr, ParseError, "not JSON: " + Error);
      continue;
    }
    const Object *O = Message.getAsObject();
    if (O && O->getString("method") == llvm::StringRef("exit")) {
      Status = ShutDown ? 0 : 1;
      break;
    }
    handle(std::move(Message));
  }
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Stopping = true;
  }
  Wake.notify_all();
  Analyser.join();
  return Status;
}

void Server::handle(Value Message) {
  const Object *O = Message.getAsObject();
  std::optional<llvm::StringRef> Method =
      O ? O->getString("method") : std::nullopt;
  const Value *Id = O ? O->get("id") : nullptr;
  if (!Method) {
    if (O && !Id) // a response to something we never ask: nothing to do
      return;
    if (!O || !O->get("result"))
      replyError(Id ? *Id : Value(nullptr), InvalidRequest,
                 "a request needs a method");
    return;
  }
  static const Object NoParams;
  const Object *Params = O->getObject("params");
  if (!Params)
    Params = &NoParams;
  if (Id)
    request(*Method, *Id, *Params);
  else
    notification(*Method, *Params);
}

void Server::request(llvm::StringRef Method, Value Id, const Object &Params) {
  if (Method == "initialize") {
    if (Initialized)
      return replyError(Id, InvalidRequest, "initialize was already sent");
    return reply(Id, initialize(Params));
  }
  if (!Initialized)
    return replyError(Id, ServerNotInitialized,
                      "'" + Method + "' before initialize");
  if (Method == "shutdown") {
    ShutDown = true;
    return reply(Id, nullptr);
  }
  if (Method == "textDocument/codeAction") {
    std::optional<std::string> Path = documentPath(Params);
    if (!Path)
      return replyError(Id, InvalidParams, "codeAction needs a file:// uri");
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Documents.find(*Path);
    if (It == Documents.end())
      return reply(Id, Array());
    if (It->second.Analysed == It->second.Version)
      return reply(Id, codeActions(It->second, Params));
    Waiting.push_back({Id, *Path, Object(Params)});
    return;
  }
  replyError(Id, MethodNotFound, "no method '" + Method + "'");
}

void Server::notification(llvm::StringRef Method, const Object &Params) {
  if (!Initialized)
    return; // LSP: notifications before initialize are dropped
  if (Method == "textDocument/didOpen")
    open(Params);
  else if (Method == "textDocument/didChange")
    change(Params);
  else if (Method == "textDocument/didSave") {
    // A saved file may be any open file's header: all are analysed again
    // (the saved one first), which also ends an edit's quiet time.
    std::optional<std::string> Path = documentPath(Params);
    std::lock_guard<std::mutex> Guard(Lock);
    for (auto &[Open, D] : Documents) {
      D.Queued = true;
      D.Due = Clock::now() +
              std::chrono::milliseconds(Path && Open == *Path ? 0 : 1);
      D.Analysed = -1;
    }
    Wake.notify_all();
  } else if (Method == "textDocument/didClose")
    close(Params);
  else if (Method == "$/cancelRequest") {
    const Value *Id = Params.get("id");
    std::lock_guard<std::mutex> Guard(Lock);
    for (auto It = Waiting.begin(); Id && It != Waiting.end(); ++It)
      if (It->Id == *Id) {
        replyError(It->Id, RequestCancelled, "cancelled");
        Waiting.erase(It);
        break;
      }
  }
  // Other notifications ($/setTrace, workspace/didChangeConfiguration) ask
  // nothing of us.
}

void Server::reply(Value Id, Value Result) {
  Client.send(Object{{"jsonrpc", "2.0"},
                     {"id", std::move(Id)},
                     {"result", std::move(Result)}});
}

void Server::replyError(Value Id, int Code, const llvm::Twine &Message) {
  Client.send(
      Object{{"jsonrpc", "2.0"},
             {"id", std::move(Id)},
             {"error", Object{{"code", Code}, {"message", Message.str()}}}});
}

void Server::notify(llvm::StringRef Method, Value Params) {
  Client.send(Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

void Server::showMessage(int Type, const std::string &Text) {
  notify("window/showMessage", Object{{"type", Type}, {"message", Text}});
}

Value Server::initialize(const Object &Params) {
  Initialized = true;
  if (std::optional<llvm::StringRef> Uri = Params.getString("rootUri"))
    Root = pathOfUri(*Uri).value_or("");
  else if (std::optional<llvm::StringRef> Path = Params.getString("rootPath"))
    Root = absolutePath(*Path);
  DatabaseFolder = Options.BuildPath;
  if (const Object *Init = Params.getObject("initializationOptions"))
    if (std::optional<llvm::StringRef> P =
            Init->getString("compilationDatabasePath"))
      DatabaseFolder = absolutePath(*P, Root);
  std::string Error;
  Cache = ResultCache::create(Options, Error);
  if (!Error.empty())
    showMessage(2, "syscall-tidy: " + Error +
                       "; going on without the "
                       "facts of other files");
  return Object{{"capabilities",
                 Object{{"textDocumentSync",
                         Object{{"openClose", true},
                                {"change", 2}, // incremental
                                {"save", Object{{"includeText", false}}}}},
                        {"codeActionProvider",
                         Object{{"codeActionKinds",
                                 Array{"quickfix", "source.fixAll"}}}}}},
                {"serverInfo", Object{{"name", "syscall-tidy"},
                                      {"version", SYSCALL_TIDY_VERSION}}}};
}

void Server::open(const Object &Params) {
  const Object *Doc = Params.getObject("textDocument");
  std::optional<std::string> Path = documentPath(Params);
  std::optional<llvm::StringRef> Text =
      Doc ? Doc->getString("text") : std::nullopt;
  if (!Path || !Text)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  Document &D = Documents[*Path];
  D.Uri = *Doc->getString("uri");
  D.Text = Text->str();
  D.Version = Doc->getInteger("version").value_or(0);
  D.Analysed = -1;
  D.Queued = true;
  D.Due = Clock::now(); // opening is not typing: no quiet time
  Wake.notify_all();
}

void Server::change(const Object &Params) {
  const Object *Doc = Params.getObject("textDocument");
  const Array *Changes = Params.getArray("contentChanges");
  std::optional<std::string> Path = documentPath(Params);
  if (!Path || !Changes)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Documents.find(*Path);
  if (It == Documents.end())
    return;
  Document &D = It->second;
  // In order: a change with a range replaces that range (incremental
  // synchronisation, UTF-16 positions), one without is the whole text.
  for (const Value &Change : *Changes) {
    const Object *C = Change.getAsObject();
    std::optional<llvm::StringRef> Text =
        C ? C->getString("text") : std::nullopt;
    if (!Text)
      continue;
    const Object *Range = C->getObject("range");
    if (!Range) {
      D.Text = Text->str();
      continue;
    }
    LineIndex Lines(D.Text);
    const Value *From = Range->get("start"), *To = Range->get("end");
    std::optional<unsigned> Begin = From ? Lines.offset(*From) : std::nullopt;
    std::optional<unsigned> End = To ? Lines.offset(*To) : std::nullopt;
    if (!Begin || !End || *Begin > *End) {
      notify("window/logMessage",
             Object{{"type", 1},
                    {"message", "syscall-tidy: a change of " + *Path +
                                    " names a range outside its text; "
                                    "reopen the file"}});
      continue;
    }
    D.Text.replace(*Begin, *End - *Begin, Text->str());
  }
  D.Version = Doc->getInteger("version").value_or(D.Version + 1);
  D.Queued = true;
  D.Due = Clock::now() + std::chrono::milliseconds(Options.LspDebounceMs);
  Wake.notify_all();
}

void Server::close(const Object &Params) {
  std::optional<std::string> Path = documentPath(Params);
  if (!Path)
    return;
  std::string Uri;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Documents.find(*Path);
    if (It == Documents.end())
      return;
    Uri = It->second.Uri;
    Documents.erase(It);
    answerWaiting();
  }
  Preambles.forget(*Path);
  notify("textDocument/publishDiagnostics",
         Object{{"uri", Uri}, {"diagnostics", Array()}});
}

/// Whether LSP ranges \p A and \p B share a position.
bool overlaps(const Value &A, const Value &B) {
  auto Key = [](const Value &Range, llvm::StringRef End) {
    const Object *R = Range.getAsObject();
    const Object *P = R ? R->getObject(End) : nullptr;
    return std::make_pair(P ? P->getInteger("line").value_or(0) : 0,
                          P ? P->getInteger("character").value_or(0) : 0);
  };
  return Key(A, "start") <= Key(B, "end") && Key(B, "start") <= Key(A, "end");
}

Array Server::codeActions(const Document &D, const Object &Params) const {
  bool QuickFixes = true, FixAll = true;
  if (const Object *Context = Params.getObject("context"))
    if (const Array *Only = Context->getArray("only")) {
      auto Wants = [&](llvm::StringRef Kind) {
        return llvm::any_of(*Only, [&](const Value &V) {
          std::optional<llvm::StringRef> Prefix = V.getAsString();
          return Prefix &&
                 (Kind == *Prefix || Kind.starts_with((*Prefix + ".").str()));
        });
      };
      QuickFixes = Wants("quickfix");
      FixAll = Wants("source.fixAll");
    }
  const Value *Range = Params.get("range");
  Array Actions;
  Object All;
  unsigned Fixable = 0;
  for (size_t I = 0; I < D.Diagnostics.size(); ++I) {
    if (!D.Fixes[I])
      continue;
    ++Fixable;
    // Fix all: each finding's edits, unless one overlaps an edit already
    // taken (two fixes of one place).
    bool Clash = llvm::any_of(*D.Fixes[I], [&](const auto &Entry) {
      const Array *Taken = All.getArray(Entry.first);
      return Taken &&
             llvm::any_of(*Entry.second.getAsArray(), [&](const Value &Edit) {
               return llvm::any_of(*Taken, [&](const Value &T) {
                 return overlaps(*T.getAsObject()->get("range"),
                                 *Edit.getAsObject()->get("range"));
               });
             });
    });
    for (const auto &[Uri, Edits] : *D.Fixes[I]) {
      if (Clash)
        break;
      if (!All.getArray(Uri))
        All[Uri] = Array();
      for (const Value &Edit : *Edits.getAsArray())
        All.getArray(Uri)->push_back(Edit);
    }
    const Object &Diag = *D.Diagnostics[I].getAsObject();
    if (!QuickFixes || (Range && !overlaps(*Range, *Diag.get("range"))))
      continue;
    Actions.push_back(
        Object{{"title", "Fix: " + Diag.getString("message")->str()},
               {"kind", "quickfix"},
               {"diagnostics", Array{Object(Diag)}},
               {"isPreferred", true},
               {"edit", Object{{"changes", Object(*D.Fixes[I])}}}});
  }
  if (FixAll && Fixable)
    Actions.push_back(
        Object{{"title", "Fix all syscall-tidy findings in this file"},
               {"kind", "source.fixAll"},
               {"edit", Object{{"changes", std::move(All)}}}});
  return Actions;
}

void Server::answerWaiting() {
  for (auto It = Waiting.begin(); It != Waiting.end();) {
    auto Doc = Documents.find(It->Path);
    if (Doc == Documents.end())
      reply(It->Id, Array());
    else if (Doc->second.Analysed == Doc->second.Version)
      reply(It->Id, codeActions(Doc->second, *It->Params.getAsObject()));
    else {
      ++It;
      continue;
    }
    It = Waiting.erase(It);
  }
}

void Server::analyseLoop() {
  std::unique_lock<std::mutex> Guard(Lock);
  while (!Stopping) {
    auto Next = Documents.end();
    for (auto It = Documents.begin(); It != Documents.end(); ++It)
      if (It->second.Queued &&
          (Next == Documents.end() || It->second.Due < Next->second.Due))
        Next = It;
    if (Next == Documents.end()) {
      Wake.wait(Guard);
      continue;
    }
    if (Next->second.Due > Clock::now()) {
      Wake.wait_until(Guard, Next->second.Due);
      continue;
    }
    Next->second.Queued = false;
    std::string Path = Next->first;
    Guard.unlock();
    analyse(Path);
    Guard.lock();
  }
}

void Server::analyse(const std::string &Path) {
  RunSettings Settings;
  int64_t Version;
  std::string Uri;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Documents.find(Path);
    if (It == Documents.end())
      return;
    Version = It->second.Version;
    Uri = It->second.Uri;
    // Every open file as the editor holds it: a header being edited too.
    for (const auto &[Open, D] : Documents)
      Settings.Unsaved.push_back({Open, D.Text});
  }
  std::string BuildPath;
  Settings.Compilations = compilationsFor(Path, BuildPath);
  Settings.Config = Config.get();
  Settings.Preambles = &Preambles;
  Settings.Jobs = 1;
  SourceTexts Texts;
  TranslationUnitResult Result;
  // A broken .clang-tidy is the tool's exit 2: here one message, and the
  // file has no findings until it is mended.
  if (std::string Why = Config->verify(Path); !Why.empty())
    showMessage(1, "syscall-tidy: " + Why);
  else
    Result = analyseUnit(Path, Settings, Texts);

  clang::tidy::syscall::FactBase Facts;
  std::optional<std::vector<std::string>> Stored =
      Cache && !BuildPath.empty() ? Cache->databaseFacts(BuildPath)
                                  : std::nullopt;
  for (const std::string &Line : Stored.value_or(std::vector<std::string>()))
    Facts.add(Line);
  for (const std::string &Line : Result.Facts)
    Facts.add(Line);
  Facts.setComplete(Stored.has_value());
  settleCandidates(Result.Findings, Facts);

  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Documents.find(Path);
  if (It == Documents.end() || It->second.Version != Version)
    return; // stale: the newer text is queued
  Document &D = It->second;
  LineIndex Lines(D.Text);
  D.Diagnostics.clear();
  D.Fixes.clear();
  unsigned CompilerErrors = 0;
  for (const Finding &F : Result.Findings) {
    // The compiler's own errors are the compiler's (clangd) to show.
    if (F.FromCompiler) {
      ++CompilerErrors;
      continue;
    }
    if (F.Begin.File != Path)
      continue;
    D.Diagnostics.push_back(diagnosticOf(F, Lines, Texts));
    Object Changes;
    if (!F.Fixes.empty() && addEdits(F, Lines, Path, Texts, Changes))
      D.Fixes.push_back(std::move(Changes));
    else
      D.Fixes.push_back(std::nullopt);
  }
  D.Analysed = Version;
  if (CompilerErrors)
    notify("window/logMessage",
           Object{{"type", 3},
                  {"message", "syscall-tidy: " + Path + " does not compile (" +
                                  std::to_string(CompilerErrors) +
                                  (CompilerErrors == 1 ? " error" : " errors") +
                                  "): its findings may be incomplete"}});
  notify("textDocument/publishDiagnostics",
         Object{{"uri", Uri},
                {"version", Version},
                {"diagnostics", Array(D.Diagnostics)}});
  answerWaiting();
}

AdjustedCompilations *Server::compilationsFor(const std::string &Path,
                                              std::string &BuildPath) {
  std::vector<std::string> Candidates;
  if (!DatabaseFolder.empty())
    Candidates.push_back(DatabaseFolder);
  else {
    for (const char *Folder : BuildFolders)
      if (!Root.empty())
        Candidates.push_back(
            (llvm::Twine(Root) + (*Folder ? "/" : "") + Folder).str());
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path); !Dir.empty();
         Dir = llvm::sys::path::parent_path(Dir))
      Candidates.push_back(Dir.str());
  }
  for (const std::string &Folder : Candidates) {
    if (!llvm::sys::fs::exists(Folder + "/compile_commands.json"))
      continue;
    std::unique_ptr<AdjustedCompilations> &DB = Databases[Folder];
    if (!DB) {
      ToolOptions Load;
      Load.BuildPath = Folder;
      std::string Error;
      if (!(DB = loadCompilations(Load, Error))) {
        showMessage(1, "syscall-tidy: " + Error);
        continue;
      }
    }
    BuildPath = Folder;
    std::vector<clang::tooling::CompileCommand> Commands =
        DB->getCompileCommands(Path);
    if (!Commands.empty() && !Commands.front().Heuristic.empty() &&
        !std::exchange(Guessed, true))
      showMessage(2, "syscall-tidy: " + Path + " is not in " + Folder +
                         "/compile_commands.json; analysed with the flags " +
                         Commands.front().Heuristic);
    return DB.get();
  }
  // The flags after `--` on the server's command line, as for the tool.
  if (!GuessedFlags) {
    ToolOptions Load;
    Load.CommandLine = Options.CommandLine.value_or(std::vector<std::string>());
    std::string Error;
    GuessedFlags = loadCompilations(Load, Error);
  }
  if (!std::exchange(Guessed, true))
    showMessage(2, "syscall-tidy: no compile_commands.json for " + Path +
                       " (pass -p or initializationOptions."
                       "compilationDatabasePath); analysed with " +
                       (Options.CommandLine ? "the flags after '--'"
                                            : "clang's default flags"));
  return GuessedFlags.get();
}

} // namespace

int serveLanguageClient(const ToolOptions &Options) {
  std::string Error;
  std::unique_ptr<Configuration> Config = Configuration::create(Options, Error);
  if (!Config)
    return fail(Error);
  // Our messages go to the client only: a stray write to stdout would
  // break its framing.
  LspTransport Client(stdin, stdout);
  return Server(Options, std::move(Config), Client).run();
}

} // namespace syscall_tidy
