//===--- StraceRunner.cpp - The command, run under strace ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StraceRunner.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace syscall_tidy::trace {

const char *const TracedSyscalls =
    "open,openat,openat2,creat,stat,lstat,fstat,newfstatat,statx,access,"
    "faccessat,faccessat2,lseek,read,write,pread64,pwrite64,readv,writev,"
    "preadv,pwritev,preadv2,pwritev2,fcntl,ioctl,getdents,getdents64,getpid,"
    "gettid,close,dup,dup2,dup3,fsync,fdatasync,socket,accept,accept4,"
    "clone,clone3,fork,vfork,execve";

bool runTraced(const std::vector<std::string> &Command,
               const std::string &TraceFile, TracedRun &Run,
               std::string &Error) {
  llvm::ErrorOr<std::string> Strace = llvm::sys::findProgramByName("strace");
  if (!Strace) {
    Error = "strace is not installed (apt-get install strace)";
    return false;
  }
  std::vector<std::string> Args = {
      *Strace, "-f",
      "-qq",   "-ttt",
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
  // ends with the command, and so do we.
  struct sigaction Ignore = {}, OldInt, OldQuit;
  Ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &Ignore, &OldInt);
  sigaction(SIGQUIT, &Ignore, &OldQuit);
  int Status;
  pid_t Done;
  do
    Done = waitpid(Child, &Status, 0);
  while (Done < 0 && errno == EINTR);
  sigaction(SIGINT, &OldInt, nullptr);
  sigaction(SIGQUIT, &OldQuit, nullptr);
  Run.WallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  // strace exits with the command's status, or kills itself with the
  // signal that killed the command.
  Run.ExitStatus = WIFEXITED(Status)     ? WEXITSTATUS(Status)
                   : WIFSIGNALED(Status) ? 128 + WTERMSIG(Status)
                                         : 1;
  // The first line of the trace is the command's first thread.
  auto Trace = llvm::MemoryBuffer::getFile(TraceFile);
  llvm::StringRef First =
      Trace ? (*Trace)->getBuffer().split('\n').first : llvm::StringRef();
  if (First.empty() || First.split(' ').first.getAsInteger(10, Run.RootPid)) {
    Error = "strace could not trace the command (is ptrace allowed here? "
            "a container may need --cap-add=SYS_PTRACE)";
    return false;
  }
  return true;
}

} // namespace syscall_tidy::trace
