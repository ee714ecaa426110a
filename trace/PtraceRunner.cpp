//===--- PtraceRunner.cpp - The command, run under our own ptrace loop ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "PtraceRunner.h"
#include "PerfExits.h"
#include "StackUnwinder.h"
#include "SyscallText.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <optional>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>

namespace syscall_tidy::trace {

#if defined(__x86_64__)

namespace {

constexpr unsigned MaxFrames = 64;

/// The filter: the traced syscalls stop for the tracer, every other one
/// runs at full speed (and so does any syscall of another ABI).
std::vector<sock_filter> seccompFilter() {
  std::vector<long> Traced = tracedSyscallNumbers();
  std::vector<sock_filter> F = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr))};
  for (size_t I = 0; I < Traced.size(); ++I) {
    // Matched: jump over the other comparisons and the allow to the trace.
    unsigned char Skip = static_cast<unsigned char>(Traced.size() - I);
    F.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                         static_cast<uint32_t>(Traced[I]), Skip, 0));
  }
  F.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  F.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE));
  return F;
}

double wallClock() {
  timespec T;
  clock_gettime(CLOCK_REALTIME, &T);
  return T.tv_sec + T.tv_nsec / 1e9;
}

uint64_t monotonicNs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1000000000ull + T.tv_nsec;
}

pid_t threadGroupOf(pid_t Tid) {
  std::ifstream Status("/proc/" + std::to_string(Tid) + "/status");
  for (std::string Line; std::getline(Status, Line);)
    if (Line.rfind("Tgid:", 0) == 0)
      return std::atoi(Line.c_str() + 5);
  return Tid;
}

/// A call as its entry stop read it.
struct Entry {
  long Number = 0;
  uint64_t Args[6] = {};
  std::string Call;
  double Entered = 0;     ///< wall clock, for the trace's line
  uint64_t EnteredNs = 0; ///< CLOCK_MONOTONIC, perf's clock
  std::vector<Frame> Frames;
};

struct Thread {
  pid_t Tgid = 0;
  /// Stopped again at the call's exit for its result.
  bool InCall = false;
  Entry Current;
  /// Calls whose result perf records, in the order they were made.
  std::deque<Entry> Awaited;
};

/// Whether a call's result needs the tracee stopped at its exit: a new
/// descriptor is named from /proc while it exists; execve starts a new
/// program image.
bool needsExitStop(long Number, const uint64_t Args[6]) {
  return makesDescriptor(Number, Args) || Number == SYS_execve ||
         Number == SYS_execveat;
}

/// The tracee at a stop, as the syscall's text reads it.
class StoppedTracee : public TraceeView {
public:
  StoppedTracee(pid_t Tid, std::unordered_map<int, std::string> &Names)
      : Tid(Tid), Names(Names) {}

  std::optional<std::string> string(uint64_t Address) override {
    std::string Text;
    constexpr size_t Page = 4096;
    while (Text.size() < 4096) {
      char Chunk[Page];
      size_t Want = Page - (Address % Page);
      iovec Local = {Chunk, Want},
            Remote = {reinterpret_cast<void *>(Address), Want};
      ssize_t Got = process_vm_readv(Tid, &Local, 1, &Remote, 1, 0);
      if (Got <= 0)
        return std::nullopt;
      size_t Length = strnlen(Chunk, Got);
      Text.append(Chunk, Length);
      if (Length < static_cast<size_t>(Got))
        return Text;
      Address += Got;
    }
    return Text;
  }
  std::optional<uint64_t> word(uint64_t Address) override {
    uint64_t Value;
    iovec Local = {&Value, sizeof Value},
          Remote = {reinterpret_cast<void *>(Address), sizeof Value};
    if (process_vm_readv(Tid, &Local, 1, &Remote, 1, 0) != sizeof Value)
      return std::nullopt;
    return Value;
  }
  std::string descriptorPath(int Fd) override {
    if (Fd < 0)
      return "";
    auto It = Names.find(Fd);
    if (It != Names.end())
      return It->second;
    std::string Path =
        link("/proc/" + std::to_string(Tid) + "/fd/" + std::to_string(Fd));
    if (!Path.empty())
      Names[Fd] = Path;
    return Path;
  }
  std::string workingDirectory() override {
    return link("/proc/" + std::to_string(Tid) + "/cwd");
  }

private:
  static std::string link(const std::string &Path) {
    char Target[4096];
    ssize_t N = readlink(Path.c_str(), Target, sizeof Target);
    return N > 0 ? std::string(Target, N) : "";
  }
  pid_t Tid;
  /// The process's descriptors named so far: kept until a traced call
  /// closes or replaces one, so a read or write costs no readlink.
  std::unordered_map<int, std::string> &Names;
};

DwarfRegisters dwarfRegisters(const user_regs_struct &R) {
  return {R.rax, R.rdx, R.rcx, R.rbx, R.rsi, R.rdi, R.rbp, R.rsp, R.r8,
          R.r9,  R.r10, R.r11, R.r12, R.r13, R.r14, R.r15, R.rip};
}

class Tracer {
public:
  /// \p CommandEnded is told the command's status (as a shell reports it)
  /// when the trace ends: when the command does, or with \p WaitChildren
  /// when the last process it left does.
  /// With \p Exits, a call stops only at its entry and its result comes
  /// from perf's records, but for needsExitStop's calls.
  Tracer(FILE *Out, pid_t Root, bool WaitChildren,
         std::unique_ptr<PerfExits> Exits,
         std::function<void(int)> CommandEnded)
      : Out(Out), Root(Root), WaitChildren(WaitChildren),
        Exits(std::move(Exits)), CommandEnded(std::move(CommandEnded)) {}
  /// Follows every tracee until none is left. What the command leaves
  /// running after the trace ends stays traced, unrecorded: the filter it
  /// inherited cannot be taken off, and without a tracer its traced
  /// syscalls would fail with ENOSYS.
  void run();
  unsigned truncatedStacks() const { return Unwinder.truncatedStacks(); }

private:
  Thread &thread(pid_t Tid);
  void enter(pid_t Tid, Thread &T);
  void leave(pid_t Tid, Thread &T);
  /// Writes the calls whose results perf recorded since the last stop, in
  /// the order they ended.
  void settleExits();
  /// Writes \p T's calls that will get no result: it ended.
  void unsettled(Thread &T, pid_t Tid);
  void write(pid_t Tid, const Entry &E, const std::string &Result,
             std::optional<double> Seconds);
  void ended(pid_t Tid, int Status);
  void resume(pid_t Tid, const Thread &T, int Signal = 0) {
    ptrace(T.InCall ? PTRACE_SYSCALL : PTRACE_CONT, Tid, nullptr,
           reinterpret_cast<void *>(static_cast<long>(Signal)));
  }
  void endTrace();

  FILE *Out;
  pid_t Root;
  bool WaitChildren;
  std::unique_ptr<PerfExits> Exits;
  std::function<void(int)> CommandEnded;
  int RootStatus = -1;
  bool RootStarted = false; ///< the command's first execve is seen
  std::unordered_map<pid_t, Thread> Threads;
  std::unordered_map<pid_t, std::unordered_map<int, std::string>> Names;
  StackUnwinder Unwinder;
};

Thread &Tracer::thread(pid_t Tid) {
  auto [It, New] = Threads.try_emplace(Tid);
  if (New)
    It->second.Tgid = threadGroupOf(Tid);
  return It->second;
}

void Tracer::enter(pid_t Tid, Thread &T) {
  user_regs_struct Regs;
  if (ptrace(PTRACE_GETREGS, Tid, nullptr, &Regs) != 0)
    return;
  Entry E;
  E.Number = static_cast<long>(Regs.orig_rax);
  uint64_t Args[6] = {Regs.rdi, Regs.rsi, Regs.rdx, Regs.r10, Regs.r8, Regs.r9};
  std::copy(Args, Args + 6, E.Args);
  StoppedTracee View(Tid, Names[T.Tgid]);
  E.Call = callText(E.Number, E.Args, View);
  // The command's own first execve is made by our fork: no line of any
  // program. A later one belongs to the program that calls it.
  bool Ours = E.Number == SYS_execve && Tid == Root && !RootStarted;
  RootStarted |= Tid == Root;
  if (!Ours)
    E.Frames = Unwinder.unwind(T.Tgid, Tid, dwarfRegisters(Regs), MaxFrames);
  for (int Fd : descriptorsEnded(E.Number, E.Args)) {
    if (Fd < 0)
      Names[T.Tgid].clear();
    else
      Names[T.Tgid].erase(Fd);
  }
  E.Entered = wallClock();
  E.EnteredNs = monotonicNs();
  T.InCall = !Exits || needsExitStop(E.Number, E.Args);
  if (T.InCall)
    T.Current = std::move(E);
  else
    T.Awaited.push_back(std::move(E));
}

void Tracer::write(pid_t Tid, const Entry &E, const std::string &Result,
                   std::optional<double> Seconds) {
  if (!Out)
    return;
  fprintf(Out, "%d %.6f %s = %s", Tid, E.Entered, E.Call.c_str(),
          Result.c_str());
  if (Seconds)
    fprintf(Out, " <%.6f>", *Seconds);
  fputc('\n', Out);
  for (const Frame &F : E.Frames)
    fprintf(Out, " > %s(%s) [0x%llx]\n", F.Module.c_str(), F.Symbol.c_str(),
            static_cast<unsigned long long>(F.Address));
}

void Tracer::leave(pid_t Tid, Thread &T) {
  T.InCall = false;
  errno = 0;
  long Result = ptrace(
      PTRACE_PEEKUSER, Tid,
      reinterpret_cast<void *>(offsetof(user_regs_struct, rax)), nullptr);
  if (errno || !Out)
    return;
  const Entry &E = T.Current;
  double Seconds = (monotonicNs() - E.EnteredNs) / 1e9;
  StoppedTracee View(Tid, Names[T.Tgid]);
  if (makesDescriptor(E.Number, E.Args) && Result >= 0)
    Names[T.Tgid].erase(static_cast<int>(Result));
  write(Tid, E, resultText(E.Number, E.Args, Result, View), Seconds);
  if (E.Number == SYS_execve && Result == 0) {
    Unwinder.forget(T.Tgid);
    Names[T.Tgid].clear();
  }
}

void Tracer::settleExits() {
  if (!Exits)
    return;
  for (const SyscallExit &X : Exits->take()) {
    auto It = Threads.find(X.Tid);
    if (It == Threads.end())
      continue;
    Thread &T = It->second;
    std::deque<Entry> &Q = T.Awaited;
    // A thread makes one call at a time: a record of the time a later
    // call was made means the kernel dropped the record of the first.
    while (Q.size() > 1 && Q[1].EnteredNs <= X.TimeNs) {
      write(X.Tid, Q.front(), "?", std::nullopt);
      Q.pop_front();
    }
    // Else the record is of a call stopped at its exit, written there.
    if (Q.empty() || Q.front().EnteredNs > X.TimeNs ||
        Q.front().Number != X.Number)
      continue;
    StoppedTracee View(X.Tid, Names[T.Tgid]);
    write(X.Tid, Q.front(),
          resultText(X.Number, Q.front().Args, X.Result, View),
          (X.TimeNs - Q.front().EnteredNs) / 1e9);
    Q.pop_front();
  }
}

void Tracer::unsettled(Thread &T, pid_t Tid) {
  for (const Entry &E : T.Awaited)
    write(Tid, E, "?", std::nullopt);
  T.Awaited.clear();
  if (T.InCall)
    write(Tid, T.Current, "?", std::nullopt);
  T.InCall = false;
}

void Tracer::ended(pid_t Tid, int Status) {
  settleExits();
  auto It = Threads.find(Tid);
  if (It != Threads.end())
    unsettled(It->second, Tid);
  if (Out && WIFEXITED(Status))
    fprintf(Out, "%d %.6f +++ exited with %d +++\n", Tid, wallClock(),
            WEXITSTATUS(Status));
  else if (Out)
    fprintf(Out, "%d %.6f +++ killed by SIG%s +++\n", Tid, wallClock(),
            sigabbrev_np(WTERMSIG(Status)) ? sigabbrev_np(WTERMSIG(Status))
                                           : "UNKNOWN");
  if (It != Threads.end()) {
    pid_t Tgid = It->second.Tgid;
    Threads.erase(It);
    if (Tid == Tgid) {
      Unwinder.forget(Tgid);
      Names.erase(Tgid);
    }
  }
  if (Tid == Root)
    RootStatus =
        WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}

void Tracer::endTrace() {
  if (!Out)
    return;
  settleExits();
  for (auto &[Tid, T] : Threads)
    unsettled(T, Tid);
  Out = nullptr;
  CommandEnded(RootStatus >= 0 ? RootStatus : 1);
}

void Tracer::run() {
  for (;;) {
    if (int Signal = StopSignals::take()) {
      // Told to stop: every process traced gets the signal once.
      for (auto &[Tid, T] : Threads)
        if (Tid == T.Tgid)
          kill(Tid, Signal);
    }
    int Status;
    pid_t Tid = waitpid(-1, &Status, __WALL);
    if (Tid < 0) {
      if (errno == EINTR)
        continue;
      break; // no tracee left
    }
    settleExits();
    if (WIFEXITED(Status) || WIFSIGNALED(Status)) {
      ended(Tid, Status);
      if (RootStatus >= 0 && !WaitChildren)
        endTrace();
      continue;
    }
    if (!WIFSTOPPED(Status))
      continue;
    Thread &T = thread(Tid);
    int Signal = WSTOPSIG(Status), Event = Status >> 16;
    if (Signal == (SIGTRAP | 0x80)) {
      leave(Tid, T);
      resume(Tid, T);
    } else if (Event == PTRACE_EVENT_SECCOMP) {
      if (Out)
        enter(Tid, T);
      resume(Tid, T);
    } else if (Event == PTRACE_EVENT_EXEC) {
      // A thread other than the leader ran execve: it is the leader now.
      unsigned long Former = 0;
      ptrace(PTRACE_GETEVENTMSG, Tid, nullptr, &Former);
      if (auto It = Threads.find(static_cast<pid_t>(Former));
          It != Threads.end() && It->first != Tid) {
        unsettled(It->second, It->first);
        Threads.erase(It);
      }
      resume(Tid, T);
    } else if (Event == PTRACE_EVENT_STOP) {
      bool GroupStop = Signal == SIGSTOP || Signal == SIGTSTP ||
                       Signal == SIGTTIN || Signal == SIGTTOU;
      if (GroupStop)
        ptrace(PTRACE_LISTEN, Tid, nullptr, nullptr);
      else
        resume(Tid, T);
    } else if (Event) { // clone, fork, vfork: the child is attached itself
      resume(Tid, T);
    } else {
      resume(Tid, T, Signal);
    }
  }
  endTrace();
}

/// Runs the tracer's process on the CPU it is on, and so the command it
/// starts (affinity is inherited).
void pinToThisCpu() {
  cpu_set_t One;
  CPU_ZERO(&One);
  int Cpu = sched_getcpu();
  CPU_SET(Cpu >= 0 ? Cpu : 0, &One);
  sched_setaffinity(0, sizeof One, &One);
}

/// The command's side of the fork: the filter, a stop for the tracer to
/// attach, the command. Nothing here makes a traced syscall before the
/// tracer is there (one would fail with ENOSYS).
[[noreturn]] void startCommand(const RunRequest &Request,
                               const StopSignals &Stops, int ErrorPipe) {
  Stops.restoreBefore();
  auto Fail = [&](const char *What) {
    char Message[256];
    int Length =
        snprintf(Message, sizeof Message, "%s: %s", What, strerror(errno));
    ssize_t Ignored = write(ErrorPipe, Message, Length);
    (void)Ignored;
    _exit(127);
  };
  pid_t Self = getpid();
  std::vector<sock_filter> Filter = seccompFilter();
  sock_fprog Program = {static_cast<unsigned short>(Filter.size()),
                        Filter.data()};
  std::vector<char *> Argv;
  for (const std::string &A : Request.Command)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    Fail("cannot set no_new_privs");
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &Program) != 0)
    Fail("seccomp filters are not allowed");
  syscall(SYS_kill, Self, SIGSTOP);
  execv(Request.Program.c_str(), Argv.data());
  _exit(127);
}

/// The tracer's process: starts the command, traces it, and tells \p Report
/// one line: "refused WHY", "failed WHY", or "started PID" and then, when
/// the trace ends, "ended STATUS TRUNCATED". It lives on while what the
/// command left running does, with no part in the user's terminal.
int traceCommand(const RunRequest &Request, int Report) {
  auto Tell = [&](const std::string &Line) {
    std::string Text = Line + "\n";
    return write(Report, Text.data(), Text.size()) ==
           static_cast<ssize_t>(Text.size());
  };
  // The terminal's ^C reaches the command itself; SIGTERM and SIGHUP come
  // from the tool's own process, to pass on to every traced process. The
  // command gets the dispositions the user gave the tool.
  StopSignals Stops;
  FILE *Out = fopen(Request.TraceFile.c_str(), "we");
  if (!Out)
    return !Tell("failed cannot write the trace: " +
                 std::string(strerror(errno)));
  static char Buffer[1 << 20];
  setvbuf(Out, Buffer, _IOFBF, sizeof Buffer);
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0)
    return !Tell("failed cannot make a pipe: " + std::string(strerror(errno)));
  if (Request.ShareCpu)
    pinToThisCpu();
  pid_t Child = fork();
  if (Child == 0) {
    close(Pipe[0]);
    startCommand(Request, Stops, Pipe[1]);
  }
  close(Pipe[1]);
  int Status = 0;
  if (Child < 0 || waitpid(Child, &Status, WUNTRACED) != Child ||
      !WIFSTOPPED(Status)) {
    char Message[256] = {};
    ssize_t N = Child < 0 ? -1 : read(Pipe[0], Message, sizeof Message - 1);
    return !Tell("refused " + (N > 0
                                   ? std::string(Message, N)
                                   : std::string("the command did not start")));
  }
  close(Pipe[0]);
  long Options = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACESECCOMP |
                 PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK |
                 PTRACE_O_TRACEVFORK | PTRACE_O_TRACEEXEC;
  if (ptrace(PTRACE_SEIZE, Child, nullptr, reinterpret_cast<void *>(Options)) !=
      0) {
    int Error = errno;
    kill(Child, SIGKILL);
    waitpid(Child, &Status, 0);
    return !Tell("refused ptrace is not allowed (" +
                 std::string(strerror(Error)) +
                 "; a container may need --cap-add=SYS_PTRACE)");
  }
  std::unique_ptr<PerfExits> Exits;
  std::string NoExits = "--results=ptrace";
  if (Request.Results != "ptrace")
    Exits = PerfExits::open(Child, tracedSyscallNumbers(), NoExits);
  if (!Exits && Request.Results == "perf") {
    kill(Child, SIGKILL);
    waitpid(Child, &Status, __WALL);
    return !Tell("failed --results=perf cannot run here: " + NoExits);
  }
  Tell("started " + std::to_string(Child));
  Tell(Exits ? "results perf" : "results exit stops, " + NoExits);
  // The command has the user's standard streams; a tracer that outlives
  // it must not hold a pipe the user's shell waits on.
  int Null = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int Fd = 0; Null >= 0 && Fd < 3; ++Fd)
    dup2(Null, Fd);
  kill(Child, SIGCONT);
  Tracer T(Out, Child, Request.WaitChildren, std::move(Exits), [&](int Exit) {
    bool Written = fclose(Out) == 0;
    Tell(Written ? "ended " + std::to_string(Exit) + " " +
                       std::to_string(T.truncatedStacks())
                 : "failed cannot write the trace: " +
                       std::string(strerror(errno)));
    close(Report);
  });
  T.run();
  return 0;
}

} // namespace

PtraceOutcome runPtraced(const RunRequest &Request, TracedRun &Run,
                         std::string &Why) {
  int Report[2];
  if (pipe2(Report, O_CLOEXEC) != 0) {
    Why = "cannot make a pipe: " + std::string(strerror(errno));
    return PtraceOutcome::Failed;
  }
  auto Start = std::chrono::steady_clock::now();
  pid_t TracerPid = fork();
  if (TracerPid == 0) {
    close(Report[0]);
    _exit(traceCommand(Request, Report[1]));
  }
  close(Report[1]);
  if (TracerPid < 0) {
    close(Report[0]);
    Why = "cannot start the tracer: " + std::string(strerror(errno));
    return PtraceOutcome::Failed;
  }
  // SIGTERM and SIGHUP go to the tracer's process, which passes them on to
  // every traced process; the terminal's ^C reaches the command itself.
  std::optional<StopSignals> Stops(std::in_place);
  std::string Told;
  for (;;) {
    if (int Signal = StopSignals::take())
      kill(TracerPid, Signal);
    char Chunk[512];
    ssize_t N = read(Report[0], Chunk, sizeof Chunk);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Told.append(Chunk, N);
  }
  close(Report[0]);
  Stops.reset();
  // Reaped when done; else it goes on tracing what the command left.
  waitpid(TracerPid, nullptr, WNOHANG);
  Run.WallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  llvm::StringRef Rest = Told;
  llvm::StringRef Last;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef Text = Line;
    if (Text.consume_front("refused ")) {
      Why = Text.str();
      return PtraceOutcome::Refused;
    }
    if (Text.consume_front("failed ")) {
      Why = Text.str();
      return PtraceOutcome::Failed;
    }
    if (Text.consume_front("started "))
      Text.getAsInteger(10, Run.RootPid);
    if (Text.consume_front("results ")) {
      auto [Mode, Why] = Text.split(", ");
      Run.Results = Mode.str();
      Run.ResultsWhy = Why.str();
    }
    if (Line.starts_with("ended "))
      Last = Line;
  }
  unsigned Truncated = 0;
  auto [Exit, Count] = Last.drop_front(6).split(' ');
  if (Last.empty() || Exit.getAsInteger(10, Run.ExitStatus)) {
    Why = "the tracer stopped before the command ended";
    return PtraceOutcome::Failed;
  }
  Count.getAsInteger(10, Truncated);
  Run.TruncatedStacks = Truncated;
  return PtraceOutcome::Ran;
}

#else

PtraceOutcome runPtraced(const RunRequest &, TracedRun &, std::string &Why) {
  Why = "the ptrace backend reads x86-64 registers only";
  return PtraceOutcome::Refused;
}

#endif

} // namespace syscall_tidy::trace
