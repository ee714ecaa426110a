//===--- DescriptorModel.cpp - Syscalls that changed nothing, from a replay =//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DescriptorModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"
#include <cassert>
#include <set>

namespace syscall_tidy::trace {

namespace {

/// The checks whose rules are about a descriptor's own calls.
bool descriptorCheck(llvm::StringRef Check) {
  return Check == "syscall-lseek-before-write" ||
         Check == "syscall-fstat-after-write-open" ||
         Check == "syscall-fcntl-after-open";
}
/// The checks whose rows name a call of the C library on purpose: the
/// files it reads again on each call (getpwuid's /etc/passwd, localtime's
/// zone file).
bool namesLibraryCall(llvm::StringRef Check) {
  return Check == "syscall-costly-libc-in-loop";
}

/// Whether \p Function (a C library symbol) is the wrapper of syscall
/// \p Name: `lseek64` of lseek, `__fstat64` of fstat, `fstatat64` of
/// newfstatat, `__libc_fcntl64` of fcntl.
bool wrapperOf(llvm::StringRef Function, llvm::StringRef Name) {
  Function.consume_front("__GI_");
  Function = Function.ltrim('_');
  Function.consume_front("libc_");
  Function.consume_back("_nocancel");
  Function.consume_back("64");
  Name.consume_front("new");
  return Function == Name || (Function == "llseek" && Name == "lseek");
}

/// C library functions that make syscalls for their own ends, not as the
/// program's operation on a file: user and group lookups (NSS), ttyname's
/// checks, name resolution, realpath's walk, the loader. What they do
/// there is their cost, whatever the rule.
bool libraryInternal(llvm::StringRef Function) {
  Function = Function.ltrim('_');
  static const llvm::StringRef Prefixes[] = {
      "getpw",      "getgr",       "getsp",      "initgroups", "getgrouplist",
      "ttyname",    "getaddrinfo", "gethostby",  "getservby",  "getlogin",
      "realpath",   "dlopen",      "setlocale",  "syslog",     "openlog",
      "nss_",       "getpass",     "get_nprocs", "getloadavg", "eaccess",
      "euidaccess", "tcsetattr",   "tcgetattr",  "daemon"};
  return llvm::any_of(
      Prefixes, [&](llvm::StringRef P) { return Function.starts_with(P); });
}

bool isCreate(llvm::StringRef N) {
  return llvm::is_contained(
      {"open", "openat", "openat2", "creat", "socket", "accept", "accept4"}, N);
}
bool isOpen(llvm::StringRef N) {
  return llvm::is_contained({"open", "openat", "openat2", "creat"}, N);
}
bool isStatOfPath(llvm::StringRef N) {
  return llvm::is_contained({"stat", "lstat", "newfstatat", "statx", "access",
                             "faccessat", "faccessat2"},
                            N);
}
/// Changes made by path that have a form on a descriptor (fchmod, fchown,
/// futimens, ftruncate).
bool isChangeByPath(llvm::StringRef N) {
  return llvm::is_contained({"chmod", "fchmodat", "chown", "fchownat",
                             "utimensat", "utimes", "utime", "truncate"},
                            N);
}
/// Calls that make, remove or rename the paths they name.
bool isPathEdit(llvm::StringRef N) {
  return llvm::is_contained({"mkdir", "mkdirat", "rmdir", "rename", "renameat",
                             "renameat2", "unlink", "unlinkat", "link",
                             "linkat", "symlink", "symlinkat"},
                            N);
}
/// Changes made through a descriptor to its file's data or metadata.
bool isChangeByDescriptor(llvm::StringRef N) {
  return llvm::is_contained({"fchmod", "fchown", "ftruncate"}, N);
}
/// The ids a process asks for, and the calls that change them.
bool isIdQuery(llvm::StringRef N) {
  return llvm::is_contained({"getuid", "geteuid", "getgid", "getegid"}, N);
}
bool isIdChange(llvm::StringRef N) {
  return N.starts_with("set") && (N.ends_with("uid") || N.ends_with("gid"));
}
/// The indexes of the path arguments of a call by path.
llvm::SmallVector<size_t, 2> pathArgs(llvm::StringRef N) {
  // link's first path gains a link (its stat changes), its second appears;
  // a symlink's target is not touched, its link path appears.
  if (N == "rename" || N == "link")
    return {0, 1};
  if (N == "linkat")
    return {1, 3};
  if (N == "symlink")
    return {1};
  if (N == "symlinkat")
    return {2};
  if (N == "renameat" || N == "renameat2")
    return {1, 3};
  if (N.ends_with("at") || N == "utimensat" || N == "statx" ||
      N == "faccessat2")
    return {1};
  return {0};
}
/// A file that changes only when edited: not a device, nor one that
/// programs rewrite as they run (the static check's rule, reopen-in-loop).
bool steadyFile(llvm::StringRef Path) {
  static const llvm::StringRef Changing[] = {"/dev/", "/run/",     "/var/run/",
                                             "/tmp/", "/var/tmp/", "/proc/",
                                             "/sys/", "/etc/mtab"};
  return llvm::none_of(Changing,
                       [&](llvm::StringRef P) { return Path.starts_with(P); });
}
/// A descriptor whose reads wait for another party: a socket, a pipe, a
/// terminal.
bool isPeer(llvm::StringRef Path) {
  return Path.starts_with("socket:") || Path.starts_with("pipe:") ||
         Path.starts_with("/dev/pts/") || Path.starts_with("/dev/tty");
}
bool isWrite(llvm::StringRef N) {
  return llvm::is_contained({"write", "writev"}, N);
}
bool isPositionedWrite(llvm::StringRef N) {
  return llvm::is_contained({"pwrite64", "pwritev", "pwritev2"}, N);
}
/// Calls whose effect depends on the descriptor's offset.
bool usesOffset(const Syscall &S) {
  if (llvm::is_contained(
          {"read", "readv", "write", "writev", "getdents", "getdents64"},
          S.Name))
    return true;
  return S.Name == "lseek" && S.Args.size() == 3 && S.Args[2] == "SEEK_CUR";
}

/// Queries asked, each by whom (askerOf), with the stack of its last ask.
using Asks = std::map<std::string, uint64_t>;

struct Descriptor {
  std::string Path;
  std::string OpenedAs;     ///< the path its open named, as lookups keep it
  bool EmptyAtOpen = false; ///< O_TRUNC, O_CREAT|O_EXCL, creat
  std::vector<size_t> SmallReads; ///< the current run of small reads
  /// The offset before a seek to the end, while that seek is the last call.
  std::optional<long long> BeforeEnd;
  bool Writable = false, Append = false;
  std::optional<long long> Offset;
  bool Fresh = false; ///< nothing but fcntl since it was made
  /// A connect since it was made: O_NONBLOCK at the socket call would make
  /// that connect non-blocking, so setting it after is no fold.
  bool Connected = false;
  bool FstatCandidate = false;   ///< a write-mode open, nothing since
  std::vector<size_t> FlagReads; ///< F_GETFD/F_GETFL since it was made
  std::optional<size_t> Seek;    ///< the seek right before, if the last op
  /// A seek and the read or write after it, until the next call on the
  /// descriptor says whether anything used the offset they left.
  struct SeekThenIo {
    size_t Seek;
    bool Write;
    bool NoMove; ///< the seek went where the offset already was
  };
  std::optional<SeekThenIo> SeekBeforeIo;
  /// A seek to where the offset was, until the next call on the
  /// descriptor says which check's shape it is.
  std::optional<size_t> SeekNoMove;
  std::vector<size_t> SmallWrites; ///< the current run
  Asks AskedTty;                   ///< isatty asked of it
};

struct PathLookup {
  size_t Event = 0;
  bool Open = false, WrittenSince = false;
  /// The requests the process had waited for before it (Process::Inputs).
  unsigned Inputs = 0;
};

/// Appended to a path in what was looked up: an lstat's answer.
const std::string NoFollowKey = std::string(1, '\0') + "nofollow";
/// Appended to a path in what was looked up, with the mode: an access's
/// answer.
const std::string AccessKey = std::string(1, '\0') + "access ";

struct Process {
  std::map<int, Descriptor> Fds;
  /// What was asked (getpid, each thread's gettid, an id, getcwd) and by
  /// whom: the program cannot keep a library's answer, nor a library the
  /// program's.
  Asks Asked;
  /// Per thread, the path of the descriptor its last traced syscall closed.
  std::map<int, std::string> JustClosed;
  /// Directories made (or found made) by mkdir, until removed or renamed.
  std::set<std::string> Made;
  /// Paths readlink'ed, until one is edited.
  std::set<std::string> ReadLinks;
  /// Files fsync'ed with nothing written or changed through any descriptor
  /// since.
  std::set<std::string> Synced;
  /// Directories listed (getdents) through a descriptor still open.
  std::set<std::string> Listed;
  /// Per path (as opened), the last close of a descriptor of it.
  std::map<std::string, size_t> LastClose;
  /// Waits for a peer so far (reads from sockets, pipes and terminals,
  /// accepts): a server's requests, a user's commands. A lookup in a
  /// later request answers that request, not a repeat of this one.
  unsigned Inputs = 0;
  /// Per thread, when its last traced call ended.
  std::map<int, double> CallEnds;
  /// Per path and question (lookupKind), its last open or lookup and
  /// whether anything was written to it since.
  std::map<std::string, PathLookup> LastLookup;
  /// The lookups of \p Path, whatever each asked.
  template <typename Fn> void lookupsOf(const std::string &Path, Fn Each) {
    for (auto It = LastLookup.lower_bound(Path);
         It != LastLookup.end() &&
         llvm::StringRef(It->first).starts_with(Path);) {
      auto Next = std::next(It);
      llvm::StringRef Rest = llvm::StringRef(It->first).drop_front(Path.size());
      if (Rest.empty() || Rest.front() == '\0')
        Each(It);
      It = Next;
    }
  }
  /// Something was written to \p Path, or changed in it.
  void changed(const std::string &Path) {
    lookupsOf(Path, [](auto It) { It->second.WrittenSince = true; });
  }
};

/// What the replay keeps of a syscall once its record is gone: enough to
/// mark it later and to tell a repeat from its first.
struct EventInfo {
  const std::string *Name, *Via; ///< kept once each (Replay::Strings)
  uint64_t Stack, Callers;
  bool Failed;
  bool ViaOtherLibrary;
  uint64_t Marked = 0; ///< the rules that marked it, a bit each
};

} // namespace

class RedundancyModel::Replay {
public:
  Replay(std::map<int, int> Processes, const ModelLimits &Limits,
         RedundancySink &Sink)
      : Processes(std::move(Processes)), Limits(Limits), Sink(Sink) {}

  void step(size_t I, const Syscall &S, Process &P);
  void finish() {
    for (auto &[Pid, P] : All)
      for (auto &[Fd, D] : P.Fds)
        settle(D, nullptr);
    for (const auto &Kept : Events)
      Sink.settled(Kept.first);
    Events.clear();
  }
  /// Settles the syscalls no state names any more. Run when the kept ones
  /// have doubled since the last time, so each costs a constant.
  void compact();

private:
  void mark(size_t Event, llvm::StringRef Kind, std::string Why,
            std::string Fix, llvm::StringRef Check) {
    // One syscall redundant twice for the same rule (a stat repeated and
    // right before the open) is one syscall the fix removes.
    auto Kept = Events.find(Event);
    assert(Kept != Events.end() && "a syscall settled while state names it");
    if (Kept == Events.end())
      return;
    EventInfo &Info = Kept->second;
    auto [K, NewKind] = Kinds.try_emplace(Kind.str(), Kinds.size());
    uint64_t Bit = uint64_t(1) << (K->second % 64);
    if (Info.Marked & Bit)
      return;
    Info.Marked |= Bit;
    // A descriptor rule's fix edits the call the program made; one the C
    // library made inside another call (an lseek in a user lookup, an
    // fstat in fopen) is that call's cost, and no check's shape. So is any
    // syscall made inside a lookup of users, a ttyname, a realpath.
    const std::string &Via = *Info.Via;
    bool Inside = Info.ViaOtherLibrary ||
                  (descriptorCheck(Check) ? !wrapperOf(Via, *Info.Name)
                                          : libraryInternal(Via));
    if (!namesLibraryCall(Check) && !Via.empty() && Inside) {
      Why += " (made inside '" + Via + "')";
      // True whether the program calls it once or per item.
      Fix = "the library's own cost: call '" + Via +
            "' less often, or keep its answer, where the program calls it "
            "more than once";
      Check = "";
    }
    const RedundancyText &Text =
        *Texts
             .insert({Kind.str(), std::move(Why), std::move(Fix), Check.str(),
                      Kind == "stat-per-dirent"})
             .first;
    Sink.marked(Event, Text);
  }
  /// Decides what an earlier syscall on \p D was, now that \p Next (null
  /// at the end or at close) comes.
  void settle(Descriptor &D, const Syscall *Next);
  /// Marks \p Seek, which moved nothing on this run (NoMoveFix).
  void markNoMove(size_t Seek, llvm::StringRef Check);
  /// Pairs the seek right before a read or a write with it (one pread or
  /// pwrite), or marks a seek that moved nothing and pairs with nothing.
  void seekThenIo(Descriptor &D, std::optional<size_t> SeekBefore, bool Write);
  void endSmallRun(Descriptor &D);
  /// A read from a peer, an accept, or a thread quiet for
  /// ModelLimits::QuietSeconds: the process waited for a request.
  /// What it wrote before went out before the wait (a prompt, a log line,
  /// a reply), so no run of writes spans it; and a lookup after it is
  /// asked for the new request.
  void waitedForPeer(Process &P) {
    ++P.Inputs;
    for (auto &[Fd, D] : P.Fds)
      endSmallRun(D);
  }
  void endSmallReads(Descriptor &D);
  /// Marks all but the first of a run of small writes or reads.
  void endRun(std::vector<size_t> &Run, llvm::StringRef Kind,
              llvm::StringRef What, llvm::StringRef Where, llvm::StringRef Fix,
              llvm::StringRef Check);
  void lookup(size_t I, const Syscall &S, Process &P, const std::string &Path,
              bool Open);
  /// The rules for calls by path: a stat of a file the process holds open,
  /// a change right after the close, mkdir again, and edits of paths.
  void byPath(size_t I, const Syscall &S, Process &P,
              const std::string &Closed);
  std::string absolute(const Syscall &S, const std::string &Path) const;
  /// Marks \p S when its asker (askerOf) asked \p Query before with no
  /// change since, as \p Asked (a process's, or a descriptor's isatty)
  /// keeps them: from the same stack (a loop's call) the row names
  /// \p Check; from another line no check's shape is known (a trace cannot
  /// tell getpid compared with a saved pid from getpid stored).
  void askedAgain(size_t I, const Syscall &S, Asks &Asked,
                  const std::string &Query, llvm::StringRef Kind,
                  llvm::StringRef Why, llvm::StringRef Check,
                  llvm::StringRef FixNote = "");
  /// Forgets every ask of a query \p Changed says changed.
  template <typename Pred> void forgetAsked(Process &P, Pred Changed) {
    for (auto It = P.Asked.begin(); It != P.Asked.end();)
      It = Changed(llvm::StringRef(It->first).split('\0').first)
               ? P.Asked.erase(It)
               : std::next(It);
  }

public:
  std::map<int, int> Processes;
  std::map<int, Process> All;
  /// The syscalls kept, by index: the recent ones and those state names.
  llvm::DenseMap<size_t, EventInfo> Events;
  size_t Next = 0;     ///< the next syscall's index
  size_t KeptLast = 0; ///< how many compact() kept
  std::set<std::string> Strings;

private:
  ModelLimits Limits;
  RedundancySink &Sink;
  std::set<RedundancyText> Texts; ///< what the sink's marks point to
  /// The rules that marked syscalls so far (EventInfo::Marked).
  std::map<std::string, unsigned> Kinds; ///< each rule's bit in Marked
};

std::string RedundancyModel::Replay::absolute(const Syscall &S,
                                              const std::string &Path) const {
  if (llvm::sys::path::is_absolute(Path) || S.Args.empty())
    return Path;
  // openat(AT_FDCWD</dir>, "rel", ...) / openat(3</dir>, "rel", ...)
  llvm::StringRef Dir = S.Args[0];
  size_t Open = Dir.find('<');
  if (Open == llvm::StringRef::npos || !Dir.ends_with(">"))
    return Path;
  llvm::SmallString<256> Joined(Dir.slice(Open + 1, Dir.size() - 1));
  llvm::sys::path::append(Joined, Path);
  llvm::sys::path::remove_dots(Joined, true);
  return Joined.str().str();
}

namespace {

/// What a lookup of a path asks besides the path: an lstat (or a stat with
/// AT_SYMLINK_NOFOLLOW) asks of the link, a stat and an open of what it
/// points to; the two are different questions. Kept with the path as the
/// key of what was looked up (an invisible suffix in messages).
std::string lookupKind(const Syscall &S, llvm::StringRef Spelled) {
  bool NoFollow =
      S.Name == "lstat" || llvm::any_of(S.Args, [](const std::string &A) {
        return llvm::StringRef(A).contains("AT_SYMLINK_NOFOLLOW");
      });
  std::string Kind = NoFollow ? NoFollowKey : "";
  // access asks whether this process may read, write or run the file,
  // which a stat does not answer (noexec mounts, ACLs), one mode at a
  // time.
  if (llvm::StringRef(S.Name).contains("access") && S.Args.size() >= 2)
    Kind += AccessKey + S.Args[S.Name == "access" ? 1 : 2];
  // "." asks what the working directory is now, as a shell does to
  // compare it with $PWD: no repeat of the path that names it.
  if (Spelled == "." || Spelled == "..")
    Kind += std::string(1, '\0') + "dot";
  return Kind;
}

/// The check of a lookup made right before the open of its path: an
/// existence test (access-before-open) or, a stat before a write-mode
/// open, also a directory test that the open's EISDIR makes redundant
/// (fstat-after-write-open); a trace cannot tell which use the program
/// made of the answer, so the row names both.
std::string lookupCheck(llvm::StringRef Lookup, const Syscall &Open) {
  bool Access = Lookup.contains("access");
  bool Writes =
      Open.Name == "creat" || llvm::any_of(Open.Args, [](const std::string &A) {
        return llvm::StringRef(A).contains("O_WRONLY") ||
               llvm::StringRef(A).contains("O_RDWR");
      });
  return Access || !Writes
             ? "syscall-access-before-open"
             : "syscall-access-before-open, syscall-fstat-after-write-open";
}

/// A seek that moved nothing on this run may move on another (a target
/// from input: a request's offset), so "drop it" holds only where the
/// target is always the current offset, which a trace cannot see.
const char *const NoMoveFix =
    "drop it if its target is always where the offset already is (a "
    "position the program keeps); one from input needs it, or pread/pwrite";

/// Whether two syscalls were made from the same stack: the same call site
/// again (a loop's), not two sites of one pass (metadata, then data).
bool sameSite(uint64_t A, uint64_t B) { return A && A == B; }

/// Who asked \p S: "" for the program, by its own call of the query's
/// function (\p Query's first word: getpid, isatty, getcwd) or of the
/// syscall's wrapper (fstat's tail call `fstatat64`), or without a stack
/// to tell; otherwise the library function that asked for its own ends
/// (libevent's seed, libcrypto's fork check, ttyname's TCGETS).
std::string askerOf(const Syscall &S, llvm::StringRef Query) {
  llvm::StringRef Function = Query.split(' ').first;
  bool Own = S.Via.empty() ||
             (!S.ViaOtherLibrary &&
              (wrapperOf(S.Via, Function) || wrapperOf(S.Via, S.Name)));
  return Own ? "" : S.Via;
}

} // namespace

void RedundancyModel::Replay::askedAgain(size_t I, const Syscall &S,
                                         Asks &Asked, const std::string &Query,
                                         llvm::StringRef Kind,
                                         llvm::StringRef Why,
                                         llvm::StringRef Check,
                                         llvm::StringRef FixNote) {
  auto [Last, New] =
      Asked.try_emplace(Query + '\0' + askerOf(S, Query), S.Stack);
  if (!New)
    mark(I, Kind, Why.str(),
         (sameSite(Last->second, S.Stack)
              ? "ask once and keep the answer"
              : "keep the answer from the first time it was asked") +
             FixNote.str(),
         sameSite(Last->second, S.Stack) ? Check : "");
  Last->second = S.Stack;
}

void RedundancyModel::Replay::compact() {
  // Every index the state keeps: what a later syscall may still mark, or
  // read (a lookup's stack and result).
  llvm::DenseSet<size_t> Named;
  auto Name = [&](const std::optional<size_t> &Event) {
    if (Event)
      Named.insert(*Event);
  };
  for (const auto &[Pid, P] : All) {
    for (const auto &[Fd, D] : P.Fds) {
      Named.insert(D.SmallReads.begin(), D.SmallReads.end());
      Named.insert(D.SmallWrites.begin(), D.SmallWrites.end());
      Named.insert(D.FlagReads.begin(), D.FlagReads.end());
      Name(D.Seek);
      if (D.SeekBeforeIo)
        Named.insert(D.SeekBeforeIo->Seek);
      Name(D.SeekNoMove);
    }
    for (const auto &[Path, Event] : P.LastClose)
      Named.insert(Event);
    for (const auto &[Path, Lookup] : P.LastLookup)
      Named.insert(Lookup.Event);
  }
  llvm::SmallVector<size_t, 0> Settled;
  for (const auto &Kept : Events)
    if (!Named.count(Kept.first) && Kept.first + 1 != Next)
      Settled.push_back(Kept.first);
  // In trace order, so that a sink sees the same sequence every run.
  llvm::sort(Settled);
  for (size_t Event : Settled) {
    Events.erase(Event);
    Sink.settled(Event);
  }
  KeptLast = Events.size();
}

void RedundancyModel::Replay::endRun(std::vector<size_t> &Run,
                                     llvm::StringRef Kind, llvm::StringRef What,
                                     llvm::StringRef Where, llvm::StringRef Fix,
                                     llvm::StringRef Check) {
  if (Run.size() >= Limits.SmallRun)
    for (size_t K = 1; K < Run.size(); ++K)
      mark(Run[K], Kind,
           std::to_string(Run.size()) + " " + What.str() + " of fewer than " +
               std::to_string(Limits.SmallWrite) + " bytes in a row " +
               Where.str(),
           Fix.str(), Check);
  Run.clear();
}

void RedundancyModel::Replay::endSmallRun(Descriptor &D) {
  endRun(D.SmallWrites, "small-writes", "writes", "on one descriptor",
         "buffer them (a full stdio buffer, an ostream without std::endl, "
         "lio_writer)",
         "syscall-unbuffered-autoflush");
}

void RedundancyModel::Replay::markNoMove(size_t Seek, llvm::StringRef Check) {
  mark(Seek, "seek-no-move",
       "the offset was already where it seeks to, on this run", NoMoveFix,
       Check);
}

void RedundancyModel::Replay::seekThenIo(Descriptor &D,
                                         std::optional<size_t> SeekBefore,
                                         bool Write) {
  // The seek right before the call is both, when both are set. O_APPEND
  // moves writes only: a seek then a read is one pread there too.
  bool NoMove = D.SeekNoMove.has_value();
  if (SeekBefore && (!D.Append || !Write))
    D.SeekBeforeIo = {*SeekBefore, Write, NoMove};
  else if (NoMove && !(SeekBefore && Write)) // seek-append's, in append mode
    markNoMove(*D.SeekNoMove, Write ? "syscall-lseek-before-write" : "");
  D.SeekNoMove.reset();
}

void RedundancyModel::Replay::settle(Descriptor &D, const Syscall *Next) {
  // Before a read or a write the seek and that call are one pread or
  // pwrite (decided at the call after them); before a close or nothing
  // the seek is lseek-before-write's shape, before another seek no
  // check's.
  bool IoNext = Next && (Next->Name == "read" || isWrite(Next->Name));
  if (D.SeekNoMove && !IoNext) {
    markNoMove(*D.SeekNoMove, Next && Next->Name == "lseek"
                                  ? ""
                                  : "syscall-lseek-before-write");
    D.SeekNoMove.reset();
  }
  if (D.SeekBeforeIo) {
    const Descriptor::SeekThenIo &Pair = *D.SeekBeforeIo;
    if (!(Next && usesOffset(*Next)))
      mark(Pair.Seek, Pair.Write ? "seek-write" : "seek-read",
           std::string("a seek and the ") + (Pair.Write ? "write" : "read") +
               " after it, with nothing using the offset later",
           Pair.Write ? "one pwrite at that offset"
                      : "one pread at that offset",
           "syscall-lseek-before-write");
    else if (Pair.NoMove)
      markNoMove(Pair.Seek, Pair.Write ? "syscall-lseek-before-write" : "");
    D.SeekBeforeIo.reset();
  }
  if (!Next || !isWrite(Next->Name))
    endSmallRun(D);
  if (!Next || Next->Name != "read")
    endSmallReads(D);
}

void RedundancyModel::Replay::endSmallReads(Descriptor &D) {
  endRun(D.SmallReads, "small-reads", "reads", "from one file",
         "read a block at a time (a buffered stream, lio_reader)",
         "syscall-small-reads");
}

void RedundancyModel::Replay::lookup(size_t I, const Syscall &S, Process &P,
                                     const std::string &Key, bool Open) {
  if (Key.empty())
    return;
  const std::string Path = llvm::StringRef(Key).split('\0').first.str();
  // An open answers an access made since the path's last lookup (an
  // access of one mode asks what no stat does, but the open asks it too).
  if (Open && Key == Path) {
    std::optional<PathLookup> Access;
    P.lookupsOf(Path, [&](auto Looked) {
      if (llvm::StringRef(Looked->first).contains(AccessKey) &&
          (!Access || Looked->second.Event > Access->Event))
        Access = Looked->second;
    });
    auto Plain = P.LastLookup.find(Path);
    if (Access &&
        (Plain == P.LastLookup.end() || Plain->second.Event < Access->Event))
      P.LastLookup[Path] = *Access;
  }
  auto [It, New] = P.LastLookup.try_emplace(Key);
  PathLookup &Last = It->second;
  bool Proc = llvm::StringRef(Path).starts_with("/proc/") ||
              llvm::StringRef(Path).starts_with("/sys/");
  // Not a repeat: an open after a failed open (the probe failed, as an
  // opendir of a file does; this one does what it could not), a device
  // opened again (each open of /dev/ptmx makes a new terminal).
  bool Device = llvm::StringRef(Path).starts_with("/dev/") &&
                Path != "/dev/urandom" && Path != "/dev/random";
  bool AfterFailedOpen = !New && Last.Open && Events[Last.Event].Failed;
  // Files the C library reads again on each call of one of its own
  // functions (a user lookup, localtime): their repeats are that call's.
  bool LibraryFile = Path == "/etc/passwd" || Path == "/etc/group" ||
                     Path == "/etc/nsswitch.conf" || Path == "/etc/localtime" ||
                     Path == "/dev/urandom" || Path == "/dev/random";
  // A lookup in one request and the open in the next (a server's STAT,
  // then its OPEN) cannot be one call. Nor is the program's own lookup
  // asked again for a later request (or a later command, read between)
  // a repeat: each asks of the file as it is then, and no cache could
  // know that nothing else changed it. The library's own files, /proc
  // and what a library does inside its calls are that call's cost
  // whatever the request.
  bool ProgramsOwn = !LibraryFile && !Proc && !libraryInternal(S.Via);
  bool AcrossRequests =
      !New && Last.Inputs != P.Inputs && ((Open && !Last.Open) || ProgramsOwn);
  if (!New && !Last.WrittenSince && !AcrossRequests &&
      !(Open && (Device || AfterFailedOpen))) {
    // A stat and then an open of the path: the stat is the one too many
    // (the open answers it); otherwise the later call is.
    bool StatBeforeOpen = Open && !Last.Open;
    std::string Fix =
        Proc ? "keep the descriptor and pread at 0 (lio_sampler)"
        : StatBeforeOpen
            ? "open it and act on the open's error (or fstat the descriptor)"
            : "keep the descriptor, or the answer, from the first time";
    // The static checks' shape is a lookup and the open in one function:
    // made by one invocation, the two have the same callers.
    std::string Check =
        Proc ? "syscall-reopen-in-loop"
        : StatBeforeOpen && S.Callers && Events[Last.Event].Callers == S.Callers
            ? lookupCheck(*Events[Last.Event].Name, S)
            : "";
    // Files the C library reads again on each call of one of its own
    // functions: the checks name the call, not the file.
    if (Path == "/etc/passwd" || Path == "/etc/group" ||
        Path == "/etc/nsswitch.conf") {
      // From the same stack again: a lookup made per item (a loop's). From
      // another, a second lookup of the program's: its cost, no loop's.
      bool PerItem = sameSite(Events[Last.Event].Stack, S.Stack);
      Fix = PerItem ? "keep the user and group names by id (lio_user_name, "
                      "lio_group_name): each getpwuid-style lookup reads the "
                      "file again"
                    : "each getpwnam or getpwuid-style lookup reads the file "
                      "again: ask once, or keep the answer";
      Check = PerItem ? "syscall-costly-libc-in-loop" : "";
    } else if (Path == "/etc/localtime") {
      Fix = "localtime_r or ctime_r (or TZ set once): while TZ is unset, "
            "localtime, ctime and mktime stat the zone file on every call";
      Check = "syscall-costly-libc-in-loop";
    } else if (Path == "/dev/urandom" || Path == "/dev/random") {
      Fix = "getrandom(buf, n, 0): one syscall, no descriptor (lio_random)";
      Check = "syscall-reopen-in-loop";
    } else if (Open && Last.Open && !Proc && steadyFile(Path) &&
               sameSite(Events[Last.Event].Stack, S.Stack)) {
      Fix = "read it once and keep what it says";
      Check = "syscall-reopen-in-loop";
    }
    mark(StatBeforeOpen ? Last.Event : I, "repeated-path",
         "'" + Path + "' " +
             (StatBeforeOpen ? "looked up right before it is opened"
              : Open         ? "opened again with nothing written to it since"
                             : "looked up again with nothing written to it "
                               "since"),
         Fix, Check);
    // Kept open, the file needs no close between its opens: the fix saves
    // the close too.
    auto Closed = P.LastClose.find(Key);
    if (Open && Last.Open && Check == "syscall-reopen-in-loop" &&
        Closed != P.LastClose.end() && Closed->second > Last.Event)
      mark(Closed->second, "close-reopened",
           "'" + Path + "' closed, then opened again", Fix, Check);
  }
  Last = {I, Open, false, P.Inputs};
}

void RedundancyModel::Replay::byPath(size_t I, const Syscall &S, Process &P,
                                     const std::string &Closed) {
  llvm::StringRef Name = S.Name;
  std::vector<std::string> Paths;
  for (size_t K : pathArgs(Name))
    if (S.Args.size() > K)
      if (std::optional<std::string> Path = stringArg(S.Args[K]);
          Path && !Path->empty())
        Paths.push_back(absolute(S, *Path));
  if (Paths.empty())
    return;
  const std::string &Path = Paths.front();
  bool NoFollow = llvm::any_of(S.Args, [](const std::string &A) {
    return llvm::StringRef(A).contains("AT_SYMLINK_NOFOLLOW");
  });
  bool Stat = Name == "stat" || Name == "newfstatat" || Name == "statx";
  if ((Stat || Name == "lstat") &&
      P.Listed.count(llvm::sys::path::parent_path(Path).str()))
    mark(I, "stat-per-dirent",
         "a stat of an entry of the directory being listed (a candidate: "
         "only the static check sees whether its file type is all it is "
         "for)",
         "the entry's d_type (a stat only for DT_UNKNOWN and links)",
         "syscall-stat-per-dirent");
  if (Stat && !NoFollow)
    for (const auto &[Fd, Held] : P.Fds)
      if (Held.Path == Path) {
        mark(I, "stat-held",
             "'" + Path + "' stat'ed by path while descriptor " +
                 std::to_string(Fd) + " of it is open",
             "fstat the descriptor: the same answer, no path walked again",
             "syscall-repeated-lookup");
        break;
      }
  if (isChangeByPath(Name) && !NoFollow && Path == Closed)
    mark(I, "change-after-close",
         "'" + Path + "' changed by path right after its descriptor closed",
         "make the change on the descriptor (fchmod, fchown, futimens, "
         "ftruncate) before the close",
         "syscall-repeated-lookup");
  if (Name == "mkdir" || Name == "mkdirat") {
    if (S.Failed && P.Made.count(Path))
      mark(I, "repeated-mkdir",
           "'" + Path +
               "' made again: it was made, or found made, before "
               "and nothing removed it",
           "remember the last directory made and skip the mkdir while it "
           "is the same",
           "syscall-costly-libc-in-loop");
    P.Made.insert(Path);
    return;
  }
  // A removed or renamed path: what was looked up of it no longer holds.
  if (isChangeByPath(Name) || isPathEdit(Name))
    for (const std::string &Changed : Paths)
      P.Synced.erase(Changed);
  if (isPathEdit(Name))
    for (const std::string &Edited : Paths) {
      P.lookupsOf(Edited, [&](auto It) { P.LastLookup.erase(It); });
      P.Made.erase(Edited);
      P.ReadLinks.erase(Edited);
    }
  if (Name == "readlink" || Name == "readlinkat") {
    if (!S.Failed && !P.ReadLinks.insert(Path).second)
      mark(I, "repeated-readlink",
           "'" + Path +
               "' read again with nothing renamed, removed or "
               "linked there since",
           "keep the answer from the first time", "");
    return;
  }
}

void RedundancyModel::Replay::step(size_t I, const Syscall &S, Process &P) {
  llvm::StringRef Name = S.Name;
  if (S.Start > 0) {
    double &LastEnd = P.CallEnds[S.Pid];
    if (LastEnd > 0 && S.Start - LastEnd > Limits.QuietSeconds)
      waitedForPeer(P);
    LastEnd = S.Start + S.Seconds;
  }
  std::optional<DescriptorArg> Arg =
      S.Args.empty() ? std::nullopt : descriptorArg(S.Args[0]);
  Descriptor *D = nullptr;
  bool CreatesFd =
      isCreate(Name) || Name == "dup" || Name == "dup2" || Name == "dup3";
  std::string Closed;
  if (auto It = P.JustClosed.find(S.Pid); It != P.JustClosed.end()) {
    Closed = std::move(It->second);
    P.JustClosed.erase(It);
  }
  // The first argument of an open or a lookup is a path or a directory;
  // fstatat(fd, "", AT_EMPTY_PATH) is an fstat of fd, utimensat(fd, NULL,
  // ...) a futimens.
  bool EmptyPath =
      S.Args.size() > 1 &&
      (S.Args[1] == "\"\"" || (Name == "utimensat" && S.Args[1] == "NULL"));
  bool ByPath = isOpen(Name) || isStatOfPath(Name) || isChangeByPath(Name) ||
                isPathEdit(Name);
  if (!EmptyPath && (isStatOfPath(Name) || isChangeByPath(Name) ||
                     isPathEdit(Name) || Name.starts_with("readlink")))
    byPath(I, S, P, Closed);
  if (Name == "getcwd") {
    askedAgain(I, S, P.Asked, "getcwd", "repeated-getcwd",
               "the working directory asked again with no chdir in between",
               "syscall-costly-libc-in-loop");
    return;
  }
  if (Name == "chdir" || Name == "fchdir") {
    forgetAsked(P, [](llvm::StringRef Query) { return Query == "getcwd"; });
    return;
  }
  if (Arg && (!ByPath || EmptyPath)) {
    D = &P.Fds[Arg->Fd];
    if (D->Path.empty())
      D->Path = Arg->Path;
    settle(*D, &S);
  }

  if (Name == "close_range" && S.Args.size() >= 2 && !S.Failed) {
    long long First = 0, Last = 0;
    if (llvm::StringRef(S.Args[0]).getAsInteger(10, First) ||
        llvm::StringRef(S.Args[1]).getAsInteger(10, Last))
      return;
    // close_range(3, ~0U): the unsigned bound written as a large number.
    for (auto It = P.Fds.lower_bound(static_cast<int>(First));
         It != P.Fds.end() && (Last < 0 || It->first <= Last);) {
      settle(It->second, nullptr);
      It = P.Fds.erase(It);
    }
    return;
  }
  if (isIdQuery(Name)) {
    askedAgain(I, S, P.Asked, Name.str(), "repeated-id",
               "asked again with no setuid-family call or exec in between: "
               "the answer cannot change",
               "syscall-loop-invariant");
    return;
  }
  if (isIdChange(Name)) {
    forgetAsked(P, isIdQuery);
    return;
  }
  if (Name == "umask") {
    // umask(M) answers the mask it replaced: the same M changed nothing.
    unsigned long long Asked;
    if (!S.Args.empty() && !llvm::StringRef(S.Args[0]).getAsInteger(0, Asked) &&
        static_cast<long long>(Asked) == S.Result)
      mark(I, "repeated-umask",
           "the mask set was already the mask: nothing changed",
           "set it once (or keep the mask the program last set)", "");
    return;
  }
  // A fork changes nothing the parent asked (its pid, its directory stay:
  // the child starts with a process of its own); a new program cannot
  // keep what the old one looked up or asked.
  if (isProcessCreation(Name))
    return;
  if (Name == "execve") {
    P.Asked.clear();
    P.LastLookup.clear();
    for (auto &[Fd, Kept] : P.Fds)
      Kept.AskedTty.clear();
    return;
  }
  if (Name == "getpid" || Name == "gettid") {
    askedAgain(I, S, P.Asked,
               Name == "getpid" ? "getpid" : "gettid " + std::to_string(S.Pid),
               "repeated-" + Name.str(),
               "asked again by the same process: the answer cannot change",
               Name == "getpid"
                   ? "syscall-loop-invariant, syscall-getpid-fork-check"
                   : "syscall-loop-invariant",
               " (to notice a fork: a fork generation counter, "
               "lio_fork_generation)");
    return;
  }

  // Paths: opens and lookups of one path with nothing written in between.
  std::string LookedUp;
  if (isOpen(Name) || isStatOfPath(Name)) {
    size_t PathArg = Name == "openat" || Name == "openat2" ||
                             Name == "newfstatat" || Name == "statx" ||
                             Name == "faccessat" || Name == "faccessat2"
                         ? 1
                         : 0;
    if (S.Args.size() > PathArg)
      if (std::optional<std::string> Path = stringArg(S.Args[PathArg]))
        // fstatat(fd, "", AT_EMPTY_PATH) is an fstat.
        if (!Path->empty()) {
          LookedUp = absolute(S, *Path) + lookupKind(S, *Path);
          lookup(I, S, P, LookedUp, isOpen(Name));
        }
  }

  if (Name.starts_with("accept"))
    waitedForPeer(P);
  if (CreatesFd && !S.Failed && S.Result >= 0) {
    Descriptor Made;
    Made.Path = S.ResultPath;
    Made.OpenedAs = LookedUp;
    std::string Flags = S.Args.size() > 1 ? S.Args.back() : "";
    for (const std::string &A : S.Args)
      if (llvm::StringRef(A).contains("O_"))
        Flags = A;
    Made.Writable = Name == "creat" ||
                    llvm::StringRef(Flags).contains("O_WRONLY") ||
                    llvm::StringRef(Flags).contains("O_RDWR");
    Made.Append = llvm::StringRef(Flags).contains("O_APPEND");
    llvm::StringRef F(Flags);
    Made.EmptyAtOpen = Name == "creat" || F.contains("O_TRUNC") ||
                       (F.contains("O_CREAT") && F.contains("O_EXCL"));
    if (isOpen(Name))
      Made.Offset = 0;
    Made.Fresh = isCreate(Name);
    Made.FstatCandidate = isOpen(Name) && Made.Writable;
    if (Name.starts_with("dup") && D)
      D->Offset.reset(); // one offset, shared: not followed any more
    auto Old = P.Fds.find(S.Result);
    if (Old != P.Fds.end())
      settle(Old->second, nullptr);
    P.Fds[S.Result] = std::move(Made);
    return;
  }
  if (!D)
    return;
  // fcntl and fstat right after the creating call may come in either
  // order: each is still "right after" it.
  bool WasFresh = D->Fresh, WasCandidate = D->FstatCandidate;
  bool FstatLike = Name == "fstat" || (Name == "newfstatat" && EmptyPath);
  if (Name == "connect")
    D->Connected = true;
  else if (!FstatLike && Name != "fcntl")
    D->Fresh = D->FstatCandidate = false;
  std::optional<size_t> SeekBefore = D->Seek;
  D->Seek.reset();
  std::optional<long long> BackTo = D->BeforeEnd;
  D->BeforeEnd.reset();

  if (Name == "fsync" || Name == "fdatasync") {
    if (!S.Failed && !P.Synced.insert(D->Path).second)
      mark(I, "fsync-unchanged",
           "nothing was written to the file or changed through a descriptor "
           "since it was last synced (a candidate: writes through mmap or "
           "by another process are not seen)",
           "drop it", "");
    return;
  }
  if (Name == "ftruncate" && WasFresh && D->EmptyAtOpen && !S.Failed &&
      S.Args.size() > 1 && S.Args[1] == "0")
    mark(I, "ftruncate-after-open",
         "truncated to 0 right after an open that left it empty (O_TRUNC, "
         "or O_CREAT|O_EXCL)",
         "drop the ftruncate", "syscall-ftruncate-after-open");
  if (isChangeByDescriptor(Name)) {
    P.Synced.erase(D->Path);
    P.changed(D->Path);
    return;
  }
  if (Name == "close") {
    if (!llvm::any_of(P.Fds, [&](const auto &Other) {
          return Other.first != Arg->Fd && Other.second.Path == D->Path;
        }))
      P.Listed.erase(D->Path);
    if (!S.Failed) {
      P.JustClosed[S.Pid] = D->Path;
      if (!D->OpenedAs.empty())
        P.LastClose[D->OpenedAs] = I;
    }
    P.Fds.erase(Arg->Fd);
    return;
  }
  if (FstatLike) {
    D->FstatCandidate = false;
    // The program's own fstat: a C library function's (daemon()'s test
    // that /dev/null is the device) is no shape of the program's.
    if (WasCandidate && askerOf(S, "fstat").empty())
      mark(I, "fstat-after-write-open",
           "an fstat right after an open with a write access mode "
           "(a candidate: only a directory test makes it redundant)",
           "drop it: the open already fails with EISDIR on a directory",
           "syscall-fstat-after-write-open");
    return;
  }
  if (Name == "fcntl" && S.Args.size() >= 2) {
    llvm::StringRef Cmd = S.Args[1];
    llvm::StringRef Value =
        S.Args.size() > 2 ? llvm::StringRef(S.Args[2]) : llvm::StringRef();
    if (Cmd == "F_GETFD" || Cmd == "F_GETFL") {
      D->FlagReads.push_back(I);
      return;
    }
    bool Folds =
        (Cmd == "F_SETFD" && Value.contains("FD_CLOEXEC")) ||
        (Cmd == "F_SETFL" && Value.contains("O_NONBLOCK") && !D->Connected);
    if (WasFresh && Folds) {
      for (size_t Read : D->FlagReads)
        mark(Read, "fcntl-after-create",
             "reads the flags only to set them right after the creating call",
             "pass O_CLOEXEC / O_NONBLOCK (SOCK_CLOEXEC / SOCK_NONBLOCK) to "
             "the creating call",
             "syscall-fcntl-after-open");
      mark(I, "fcntl-after-create", "sets a flag right after the creating call",
           "pass O_CLOEXEC / O_NONBLOCK (SOCK_CLOEXEC / SOCK_NONBLOCK) to the "
           "creating call",
           "syscall-fcntl-after-open");
      D->FlagReads.clear();
    }
    return;
  }
  // A TCGETS is an isatty when isatty made it; tcgetattr's and
  // tcsetattr's ask for the settings, another question.
  if (Name == "ioctl" && S.Args.size() >= 2 && S.Args[1] == "TCGETS" &&
      (S.Via.empty() || wrapperOf(S.Via, "isatty"))) {
    askedAgain(I, S, D->AskedTty, "isatty", "repeated-isatty",
               "isatty asked again of a descriptor nothing replaced since",
               "syscall-loop-invariant");
    return;
  }
  if (Name == "lseek" && !S.Failed && S.Args.size() == 3) {
    bool ReadsOnly = S.Args[1] == "0" && S.Args[2] == "SEEK_CUR";
    if (ReadsOnly)
      mark(I, "seek-no-move",
           "lseek(fd, 0, SEEK_CUR) reads the offset and moves nothing",
           "keep the offset in the program, or use pread/pwrite",
           "syscall-lseek-before-write");
    else if (D->Offset && *D->Offset == S.Result)
      D->SeekNoMove = I;
    // To the end and straight back: the size was all it asked.
    long long Target = 0;
    if (BackTo && S.Args[2] == "SEEK_SET" &&
        !llvm::StringRef(S.Args[1]).getAsInteger(10, Target) &&
        Target == *BackTo)
      mark(I, "seek-for-size",
           "a seek to the end and straight back, only to learn the size",
           "fstat (st_size): one call, the offset left alone",
           "syscall-seek-for-size");
    if (S.Args[2] == "SEEK_END" && D->Offset)
      D->BeforeEnd = *D->Offset;
    D->Offset = S.Result;
    if (S.Args[2] == "SEEK_SET" || D->Append)
      D->Seek = I;
    return;
  }
  bool Moves = !S.Failed && S.Result > 0;
  if (isWrite(Name) || isPositionedWrite(Name)) {
    P.Synced.erase(D->Path);
    P.changed(D->Path);
    if (!S.Failed && S.Result < Limits.SmallWrite)
      D->SmallWrites.push_back(I);
    else
      endSmallRun(*D);
    if (isWrite(Name)) {
      seekThenIo(*D, SeekBefore, true);
      // In append mode every write goes to the end: the seek before it
      // moved nothing the write used (a candidate: the program may want
      // the offset the seek returned, the file's size).
      if (SeekBefore && D->Append)
        mark(*SeekBefore, "seek-append",
             "a seek right before a write in append mode, which writes at "
             "the end wherever the offset is",
             "drop the seek, unless the offset it returns is used",
             "syscall-lseek-before-write");
      if (D->Append)
        D->Offset.reset();
      else if (D->Offset && Moves)
        *D->Offset += S.Result;
    }
    return;
  }
  if (llvm::is_contained({"read", "readv", "getdents", "getdents64"}, Name) &&
      D->Offset && Moves)
    *D->Offset += S.Result;
  if (Name == "read")
    seekThenIo(*D, SeekBefore, false);
  if (Name.starts_with("getdents") && !D->Path.empty())
    P.Listed.insert(D->Path);
  // Small reads of a file (not a pipe, socket or terminal, whose reads
  // are as small as what arrives): asked small, by the program.
  unsigned long long Asked = 0;
  if (Name == "read" && !S.Failed && S.Result > 0 && S.Args.size() > 2 &&
      llvm::StringRef(D->Path).starts_with("/") &&
      !llvm::StringRef(D->Path).starts_with("/dev/") &&
      !llvm::StringRef(S.Args[2]).getAsInteger(10, Asked) &&
      Asked < Limits.SmallWrite)
    D->SmallReads.push_back(I);
  else if (Name == "read")
    endSmallReads(*D);
  // A read between writes to a socket or a pipe: the writes answer what
  // came in (a server's replies, each awaited by its peer), not a run one
  // buffer could hold.
  if (llvm::is_contained({"read", "readv"}, Name)) {
    for (auto &[Fd, Other] : P.Fds)
      if (isPeer(Other.Path))
        endSmallRun(Other);
    if (isPeer(D->Path))
      waitedForPeer(P);
  }
}

bool isProcessCreation(llvm::StringRef N) {
  return llvm::is_contained({"clone", "clone3", "fork", "vfork"}, N);
}

bool hasRunTimeRule(llvm::StringRef Check) {
  return llvm::is_contained(
      {"syscall-access-before-open", "syscall-costly-libc-in-loop",
       "syscall-fcntl-after-open", "syscall-fstat-after-write-open",
       "syscall-loop-invariant", "syscall-getpid-fork-check",
       "syscall-lseek-before-write", "syscall-reopen-in-loop",
       "syscall-repeated-lookup", "syscall-unbuffered-autoflush",
       "syscall-stat-per-dirent", "syscall-seek-for-size",
       "syscall-small-reads", "syscall-ftruncate-after-open"},
      Check);
}

std::map<int, int> processesOf(const SyscallList &Trace, int Root) {
  std::map<int, int> Process{{Root, Root}};
  for (const Syscall &S : Trace) {
    if (!isProcessCreation(S.Name) || S.Failed || S.Result <= 0)
      continue;
    int Parent = Process.count(S.Pid) ? Process[S.Pid] : S.Pid;
    bool Thread = llvm::any_of(S.Args, [](const std::string &A) {
      return llvm::StringRef(A).contains("CLONE_THREAD");
    });
    Process[S.Result] = Thread ? Parent : S.Result;
  }
  return Process;
}

RedundancyModel::RedundancyModel(std::map<int, int> Processes,
                                 const ModelLimits &Limits,
                                 RedundancySink &Sink)
    : R(std::make_unique<Replay>(std::move(Processes), Limits, Sink)) {}

RedundancyModel::~RedundancyModel() = default;

void RedundancyModel::step(const Syscall &S) {
  size_t I = R->Next++;
  R->Events[I] = {&*R->Strings.insert(S.Name).first,
                  &*R->Strings.insert(S.Via).first,
                  S.Stack,
                  S.Callers,
                  S.Failed,
                  S.ViaOtherLibrary};
  if (R->Events.size() >= 2 * R->KeptLast + 4096)
    R->compact();
  auto It = R->Processes.find(S.Pid);
  int Pid = It == R->Processes.end() ? S.Pid : It->second;
  R->step(I, S, R->All[Pid]);
  // A child process starts with a copy of its parent's descriptors, their
  // offsets shared (not followed any more), nothing asked yet.
  if (!isProcessCreation(S.Name) || S.Failed || S.Result <= 0)
    return;
  auto Child = R->Processes.find(S.Result);
  if (Child == R->Processes.end() || Child->second != S.Result ||
      Child->second == Pid)
    return;
  // The child's own calls may be in the trace before the clone's (a
  // backend writes each call when it returns): what they made stays, and
  // it inherits the descriptors it did not replace.
  Process &Made = R->All[S.Result];
  for (auto &[Fd, D] : R->All[Pid].Fds) {
    Descriptor Inherited;
    Inherited.Path = D.Path;
    Inherited.Writable = D.Writable;
    Inherited.Append = D.Append;
    Made.Fds.try_emplace(Fd, Inherited);
    D.Offset.reset();
  }
}

void RedundancyModel::finish() { R->finish(); }

} // namespace syscall_tidy::trace
