//===--- StraceRunner.cpp - The command, run under strace ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StraceRunner.h"
#include "StraceParser.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <optional>
#include <spawn.h>
#include <string>
#include <sys/wait.h>

extern char **environ;

namespace syscall_tidy::trace {

// The same set as the ptrace backend's table (SyscallText.cpp); keep the
// two in step.
const char *const TracedSyscalls =
    "open,openat,openat2,creat,stat,lstat,fstat,newfstatat,statx,access,"
    "faccessat,faccessat2,lseek,read,write,pread64,pwrite64,readv,writev,"
    "preadv,pwritev,preadv2,pwritev2,fcntl,ioctl,getdents,getdents64,getpid,"
    "gettid,close,dup,dup2,dup3,fsync,fdatasync,socket,accept,accept4,connect,"
    "clone,clone3,fork,vfork,execve,chmod,fchmodat,chown,fchownat,"
    "utimensat,utimes,utime,truncate,mkdir,mkdirat,rmdir,rename,renameat,"
    "renameat2,unlink,unlinkat,getcwd,chdir,fchdir,link,linkat,symlink,"
    "symlinkat,readlink,readlinkat,fchmod,fchown,ftruncate,umask,getuid,"
    "geteuid,getgid,getegid,setuid,setgid,setreuid,setregid,setresuid,"
    "setresgid,setfsuid,setfsgid,getrandom,close_range";

namespace {

/// Sends \p Signal to every process \p Tracer traces, then to \p Tracer:
/// strace, told to stop, detaches and leaves its tracees running.
void stopTraced(pid_t Tracer, int Signal) {
  if (DIR *Proc = opendir("/proc")) {
    while (dirent *Entry = readdir(Proc)) {
      int Pid = std::atoi(Entry->d_name);
      if (Pid <= 0)
        continue;
      std::ifstream Status("/proc/" + std::to_string(Pid) + "/status");
      for (std::string Line; std::getline(Status, Line);)
        if (Line.rfind("TracerPid:", 0) == 0) {
          if (std::atoi(Line.c_str() + 10) == Tracer)
            kill(Pid, Signal);
          break;
        }
    }
    closedir(Proc);
  }
  kill(Tracer, Signal);
}

/// Whether \p Strace has no child left: the command it ran has ended, and
/// what the command left behind belongs to init now.
bool childless(pid_t Strace) {
  std::ifstream Children("/proc/" + std::to_string(Strace) + "/task/" +
                         std::to_string(Strace) + "/children");
  int Pid = 0;
  return Children && !(Children >> Pid);
}

/// Whether the trace in \p TraceFile has its command's end.
bool commandEnded(const std::string &TraceFile) {
  int Root = 0, Exit = -1;
  return traceEnds(TraceFile, Root, Exit) && Exit >= 0;
}

} // namespace

bool runStraced(const RunRequest &Request, TracedRun &Run, std::string &Error) {
  const std::vector<std::string> &Command = Request.Command;
  const std::string &TraceFile = Request.TraceFile;
  llvm::ErrorOr<std::string> Strace = llvm::sys::findProgramByName("strace");
  if (!Strace) {
    Error = "strace is not installed (apt-get install strace)";
    return false;
  }
  // -q, not -qq: the trace keeps each process's end ("+++ exited with 3
  // +++"), which says the command's exit status when strace's cannot.
  std::vector<std::string> Args = {
      *Strace, "-f",
      "-q",    "-ttt",
      "-T",    "-y",
      "-s",    "0",
      "-k",    "--seccomp-bpf",
      "-e",    std::string("trace=") + TracedSyscalls,
      "-o",    TraceFile,
      "--"};
  Args.insert(Args.end(), Command.begin(), Command.end());
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  auto Start = std::chrono::steady_clock::now();
  pid_t Child;
  if (int Status = posix_spawn(&Child, Argv[0], nullptr, nullptr, Argv.data(),
                               environ)) {
    Error = "cannot run strace: " + std::string(std::strerror(Status));
    return false;
  }
  // The terminal's ^C goes to the traced command; strace passes it on and
  // ends with the command, and so do we. Told to stop (SIGTERM, SIGHUP),
  // the tracer stops the command too, and reports what it traced until
  // then: nothing is left running, orphaned.
  std::optional<StopSignals> Stops(std::in_place);
  int StopSignal = 0;
  int Status = 0;
  pid_t Done;
  bool Stopping = false, Detached = false;
  // Polls strace has gone without a child: it normally exits within a few
  // after the command, so the trace is read only when something it still
  // traces keeps it alive.
  constexpr unsigned GracePolls = 10;
  unsigned Childless = 0;
  for (;;) {
    Done = waitpid(Child, &Status, WNOHANG);
    if (Done == Child || (Done < 0 && errno != EINTR))
      break;
    if (int Signal = StopSignals::take(); Signal && !StopSignal)
      StopSignal = Signal;
    if (StopSignal && !Stopping) {
      Stopping = true;
      stopTraced(Child, StopSignal);
    }
    // The trace ends with the command: a daemon it left behind would keep
    // strace, and us, waiting for ever. strace with -o blocks SIGTERM; when
    // it is killed the kernel detaches the daemon, which runs on, and the
    // trace already holds the command's end.
    Childless = childless(Child) ? Childless + 1 : 0;
    if (!Request.WaitChildren && !Detached && Childless >= GracePolls &&
        commandEnded(TraceFile)) {
      Detached = true;
      kill(Child, SIGKILL);
    }
    usleep(20000);
  }
  Stops.reset();
  Run.WallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  // strace exits with the command's status, or kills itself with the
  // signal that killed the command.
  Run.ExitStatus = WIFEXITED(Status)     ? WEXITSTATUS(Status)
                   : WIFSIGNALED(Status) ? 128 + WTERMSIG(Status)
                                         : 1;
  // The first line of the trace is the command's first thread.
  int Recorded = -1;
  if (!traceEnds(TraceFile, Run.RootPid, Recorded)) {
    Error = "strace could not trace the command (is ptrace allowed here? "
            "a container may need --cap-add=SYS_PTRACE)";
    return false;
  }
  // The command's own end, as the trace records it: strace interrupted by
  // a terminal's ^C exits 0 though the command died of the SIGINT.
  if (Recorded >= 0)
    Run.ExitStatus = Recorded;
  else if (StopSignal)
    Run.ExitStatus = 128 + StopSignal;
  return true;
}

} // namespace syscall_tidy::trace
