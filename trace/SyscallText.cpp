//===--- SyscallText.cpp - A traced syscall written as strace writes it --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "SyscallText.h"
#include "llvm/ADT/StringRef.h"
#include <cstring>
#include <sys/syscall.h>

// The syscall numbers and argument registers are x86-64's: the ptrace
// backend that uses this runs there only (elsewhere strace does).
#if defined(__x86_64__)

namespace syscall_tidy::trace {

namespace {

/// How each argument is written, one letter per argument:
/// f descriptor (-y), D directory descriptor or AT_FDCWD, P path,
/// O open flags (and the mode after it when they create), m mode,
/// d signed, u unsigned, x address, W seek origin, A at-flags,
/// N address family, T socket type, S socket flags, R access mode, K clone
/// flags, E clone3's arguments, H openat2's how, F fcntl command and its
/// argument, I ioctl request.
struct SyscallSpec {
  long Number;
  const char *Name;
  const char *Args;
};

constexpr SyscallSpec Specs[] = {
    {SYS_open, "open", "POm"},
    {SYS_openat, "openat", "DPOm"},
    {SYS_openat2, "openat2", "DPHu"},
    {SYS_creat, "creat", "Pm"},
    {SYS_stat, "stat", "Px"},
    {SYS_lstat, "lstat", "Px"},
    {SYS_fstat, "fstat", "fx"},
    {SYS_newfstatat, "newfstatat", "DPxA"},
    {SYS_statx, "statx", "DPAux"},
    {SYS_access, "access", "PR"},
    {SYS_faccessat, "faccessat", "DPR"},
    {SYS_faccessat2, "faccessat2", "DPRA"},
    {SYS_lseek, "lseek", "fdW"},
    {SYS_read, "read", "fxu"},
    {SYS_write, "write", "fxu"},
    {SYS_pread64, "pread64", "fxud"},
    {SYS_pwrite64, "pwrite64", "fxud"},
    {SYS_readv, "readv", "fxu"},
    {SYS_writev, "writev", "fxu"},
    {SYS_preadv, "preadv", "fxud"},
    {SYS_pwritev, "pwritev", "fxud"},
    {SYS_preadv2, "preadv2", "fxudx"},
    {SYS_pwritev2, "pwritev2", "fxudx"},
    {SYS_fcntl, "fcntl", "fF"},
    {SYS_ioctl, "ioctl", "fIx"},
    {SYS_getdents, "getdents", "fxu"},
    {SYS_getdents64, "getdents64", "fxu"},
    {SYS_getpid, "getpid", ""},
    {SYS_gettid, "gettid", ""},
    {SYS_close, "close", "f"},
    {SYS_dup, "dup", "f"},
    {SYS_dup2, "dup2", "ff"},
    {SYS_dup3, "dup3", "ffO"},
    {SYS_fsync, "fsync", "f"},
    {SYS_fdatasync, "fdatasync", "f"},
    {SYS_socket, "socket", "NTd"},
    {SYS_accept, "accept", "fxx"},
    {SYS_accept4, "accept4", "fxxS"},
    {SYS_connect, "connect", "fxu"},
    {SYS_clone, "clone", "Kxxxx"},
    {SYS_clone3, "clone3", "Eu"},
    {SYS_fork, "fork", ""},
    {SYS_vfork, "vfork", ""},
    {SYS_execve, "execve", "Pxx"},
    {SYS_chmod, "chmod", "Pm"},
    {SYS_fchmodat, "fchmodat", "DPm"},
    {SYS_chown, "chown", "Pdd"},
    {SYS_fchownat, "fchownat", "DPddA"},
    {SYS_utimensat, "utimensat", "DPxA"},
    {SYS_utimes, "utimes", "Px"},
    {SYS_utime, "utime", "Px"},
    {SYS_truncate, "truncate", "Pd"},
    {SYS_mkdir, "mkdir", "Pm"},
    {SYS_mkdirat, "mkdirat", "DPm"},
    {SYS_rmdir, "rmdir", "P"},
    {SYS_rename, "rename", "PP"},
    {SYS_renameat, "renameat", "DPDP"},
    {SYS_renameat2, "renameat2", "DPDPx"},
    {SYS_unlink, "unlink", "P"},
    {SYS_unlinkat, "unlinkat", "DPA"},
    {SYS_getcwd, "getcwd", "xu"},
    {SYS_chdir, "chdir", "P"},
    {SYS_fchdir, "fchdir", "f"},
    {SYS_close_range, "close_range", "ddx"},
    {SYS_link, "link", "PP"},
    {SYS_linkat, "linkat", "DPDPA"},
    {SYS_symlink, "symlink", "PP"},
    {SYS_symlinkat, "symlinkat", "PDP"},
    {SYS_readlink, "readlink", "Pxu"},
    {SYS_readlinkat, "readlinkat", "DPxu"},
    {SYS_fchmod, "fchmod", "fm"},
    {SYS_fchown, "fchown", "fdd"},
    {SYS_ftruncate, "ftruncate", "fd"},
    {SYS_umask, "umask", "m"},
    {SYS_getuid, "getuid", ""},
    {SYS_geteuid, "geteuid", ""},
    {SYS_getgid, "getgid", ""},
    {SYS_getegid, "getegid", ""},
    {SYS_setuid, "setuid", "d"},
    {SYS_setgid, "setgid", "d"},
    {SYS_setreuid, "setreuid", "dd"},
    {SYS_setregid, "setregid", "dd"},
    {SYS_setresuid, "setresuid", "ddd"},
    {SYS_setresgid, "setresgid", "ddd"},
    {SYS_setfsuid, "setfsuid", "d"},
    {SYS_setfsgid, "setfsgid", "d"},
    {SYS_getrandom, "getrandom", "xux"},
};

const SyscallSpec *specOf(long Number) {
  for (const SyscallSpec &S : Specs)
    if (S.Number == Number)
      return &S;
  return nullptr;
}

struct FlagName {
  uint64_t Bits;
  const char *Name;
};

/// The kernel's open flags on x86-64 (O_LARGEFILE is 0 in glibc's headers
/// there, but the kernel's bit shows in fcntl's answers).
constexpr FlagName OpenFlags[] = {
    {04010000, "O_SYNC"},     {020200000, "O_TMPFILE"},
    {0100, "O_CREAT"},        {0200, "O_EXCL"},
    {0400, "O_NOCTTY"},       {01000, "O_TRUNC"},
    {02000, "O_APPEND"},      {04000, "O_NONBLOCK"},
    {010000, "O_DSYNC"},      {020000, "O_ASYNC"},
    {040000, "O_DIRECT"},     {0100000, "O_LARGEFILE"},
    {0200000, "O_DIRECTORY"}, {0400000, "O_NOFOLLOW"},
    {01000000, "O_NOATIME"},  {02000000, "O_CLOEXEC"},
    {010000000, "O_PATH"}};
constexpr FlagName AtFlags[] = {{0x100, "AT_SYMLINK_NOFOLLOW"},
                                {0x200, "AT_REMOVEDIR"},
                                {0x400, "AT_SYMLINK_FOLLOW"},
                                {0x800, "AT_NO_AUTOMOUNT"},
                                {0x1000, "AT_EMPTY_PATH"}};
constexpr FlagName AccessModes[] = {{4, "R_OK"}, {2, "W_OK"}, {1, "X_OK"}};
constexpr FlagName SocketFlags[] = {{04000, "SOCK_NONBLOCK"},
                                    {02000000, "SOCK_CLOEXEC"}};
constexpr FlagName CloneFlags[] = {{0x100, "CLONE_VM"},
                                   {0x200, "CLONE_FS"},
                                   {0x400, "CLONE_FILES"},
                                   {0x800, "CLONE_SIGHAND"},
                                   {0x1000, "CLONE_PIDFD"},
                                   {0x2000, "CLONE_PTRACE"},
                                   {0x4000, "CLONE_VFORK"},
                                   {0x8000, "CLONE_PARENT"},
                                   {0x10000, "CLONE_THREAD"},
                                   {0x40000, "CLONE_SYSVSEM"},
                                   {0x80000, "CLONE_SETTLS"},
                                   {0x100000, "CLONE_PARENT_SETTID"},
                                   {0x200000, "CLONE_CHILD_CLEARTID"},
                                   {0x1000000, "CLONE_CHILD_SETTID"}};

std::string hex(uint64_t V) {
  char Text[24];
  snprintf(Text, sizeof Text, "%#llx", static_cast<unsigned long long>(V));
  return Text;
}

/// "A|B|0x40": the named bits of \p Value, then what is left in hex.
std::string flags(uint64_t Value, const FlagName *Names, size_t Count,
                  std::string Text = "") {
  for (size_t I = 0; I < Count; ++I)
    if ((Value & Names[I].Bits) == Names[I].Bits) {
      Text += (Text.empty() ? "" : "|") + std::string(Names[I].Name);
      Value &= ~Names[I].Bits;
    }
  if (Value || Text.empty())
    Text += (Text.empty() ? "" : "|") + hex(Value);
  return Text;
}
template <size_t N>
std::string flags(uint64_t Value, const FlagName (&Names)[N],
                  std::string Text = "") {
  return flags(Value, Names, N, std::move(Text));
}

std::string openFlags(uint64_t Value) {
  static const char *const Access[] = {"O_RDONLY", "O_WRONLY", "O_RDWR",
                                       "O_ACCMODE"};
  return flags(Value & ~3ull, OpenFlags, Access[Value & 3]);
}

std::string escaped(llvm::StringRef Raw) {
  std::string Text;
  for (unsigned char C : Raw) {
    if (C == '"' || C == '\\')
      Text += {'\\', static_cast<char>(C)};
    else if (C >= 0x20 && C < 0x7f)
      Text += static_cast<char>(C);
    else
      Text += "\\x" + llvm::StringRef(hex(C)).drop_front(2).str();
  }
  return Text;
}

std::string descriptor(int Fd, TraceeView &Tracee) {
  std::string Named = Tracee.descriptorPath(Fd);
  llvm::StringRef Path = Named;
  if (Path.empty())
    return std::to_string(Fd);
  // A removed file: /proc says "/x (deleted)", strace "<x>(deleted)".
  bool Deleted = Path.consume_back(" (deleted)");
  return std::to_string(Fd) + "<" + escaped(Path) + ">" +
         (Deleted ? "(deleted)" : "");
}

std::string fcntlText(const uint64_t Args[6], TraceeView &Tracee) {
  static const std::pair<int, const char *> Commands[] = {
      {0, "F_DUPFD"},
      {1, "F_GETFD"},
      {2, "F_SETFD"},
      {3, "F_GETFL"},
      {4, "F_SETFL"},
      {5, "F_GETLK"},
      {6, "F_SETLK"},
      {7, "F_SETLKW"},
      {8, "F_SETOWN"},
      {9, "F_GETOWN"},
      {1030, "F_DUPFD_CLOEXEC"},
      {1031, "F_SETPIPE_SZ"},
      {1032, "F_GETPIPE_SZ"},
      {1033, "F_ADD_SEALS"},
      {1034, "F_GET_SEALS"}};
  int Command = static_cast<int>(Args[1]);
  std::string Text = std::to_string(Command);
  for (const auto &[Number, Name] : Commands)
    if (Number == Command)
      Text = Name;
  switch (Command) {
  case 1:
  case 3:
  case 9:
  case 1032:
  case 1034:
    return Text;
  case 2:
    return Text + ", " +
           (Args[2] == 1 ? "FD_CLOEXEC" : std::to_string(Args[2]));
  case 4:
    return Text + ", " + openFlags(Args[2]);
  case 5:
  case 6:
  case 7:
    return Text + ", " + hex(Args[2]);
  default:
    return Text + ", " + std::to_string(static_cast<long>(Args[2]));
  }
}

std::string ioctlRequest(uint64_t Request) {
  static const std::pair<uint64_t, const char *> Requests[] = {
      {0x5401, "TCGETS"},    {0x5402, "TCSETS"},     {0x5403, "TCSETSW"},
      {0x540f, "TIOCGPGRP"}, {0x5413, "TIOCGWINSZ"}, {0x5414, "TIOCSWINSZ"},
      {0x541b, "FIONREAD"},  {0x5421, "FIONBIO"}};
  for (const auto &[Number, Name] : Requests)
    if (Number == (Request & 0xffffffff))
      return Name;
  return hex(Request);
}

} // namespace

std::vector<long> tracedSyscallNumbers() {
  std::vector<long> Numbers;
  for (const SyscallSpec &S : Specs)
    Numbers.push_back(S.Number);
  return Numbers;
}

std::string callText(long Number, const uint64_t Args[6], TraceeView &Tracee) {
  const SyscallSpec *Spec = specOf(Number);
  if (!Spec)
    return "syscall_" + std::to_string(Number) + "()";
  std::string Text = std::string(Spec->Name) + "(";
  llvm::StringRef Kinds = Spec->Args;
  bool Creates = false;
  for (size_t I = 0; I < Kinds.size() && I < 6; ++I) {
    uint64_t V = Args[I];
    std::string Arg;
    switch (Kinds[I]) {
    case 'f':
      Arg = descriptor(static_cast<int>(V), Tracee);
      break;
    case 'D': {
      if (static_cast<int>(V) != -100) {
        Arg = descriptor(static_cast<int>(V), Tracee);
        break;
      }
      // The working directory only matters to a relative path.
      std::optional<std::string> Path = Tracee.string(Args[I + 1]);
      Arg = "AT_FDCWD";
      if (Path && !llvm::StringRef(*Path).starts_with("/"))
        Arg += "<" + escaped(Tracee.workingDirectory()) + ">";
      break;
    }
    case 'P': {
      std::optional<std::string> Path = V ? Tracee.string(V) : std::nullopt;
      Arg = !V ? "NULL" : Path ? "\"" + escaped(*Path) + "\"" : hex(V);
      break;
    }
    case 'O':
      Arg = openFlags(V);
      Creates = V & 020200100; // O_CREAT, O_TMPFILE
      break;
    case 'm': {
      if (I > 0 && Kinds[I - 1] == 'O' && !Creates)
        continue;
      char Mode[16];
      snprintf(Mode, sizeof Mode, "%#llo",
               static_cast<unsigned long long>(V & 07777));
      Arg = Mode;
      break;
    }
    case 'd':
      Arg = std::to_string(static_cast<long>(V));
      break;
    case 'u':
      Arg = std::to_string(V);
      break;
    case 'W': {
      static const char *const Origins[] = {"SEEK_SET", "SEEK_CUR", "SEEK_END",
                                            "SEEK_DATA", "SEEK_HOLE"};
      Arg = V < 5 ? Origins[V] : std::to_string(V);
      break;
    }
    case 'A':
      Arg = V ? flags(V, AtFlags) : "0";
      break;
    case 'T': {
      static const char *const Types[] = {"0",          "SOCK_STREAM",
                                          "SOCK_DGRAM", "SOCK_RAW",
                                          "SOCK_RDM",   "SOCK_SEQPACKET"};
      Arg = flags(V & ~0xfull, SocketFlags,
                  (V & 0xf) < 6 ? Types[V & 0xf] : hex(V & 0xf));
      break;
    }
    case 'S':
      Arg = V ? flags(V, SocketFlags) : "0";
      break;
    case 'N': {
      static const std::pair<uint64_t, const char *> Families[] = {
          {1, "AF_UNIX"},     {2, "AF_INET"},    {10, "AF_INET6"},
          {16, "AF_NETLINK"}, {17, "AF_PACKET"}, {40, "AF_VSOCK"}};
      Arg = std::to_string(V);
      for (const auto &[Number, Name] : Families)
        if (Number == V)
          Arg = Name;
      break;
    }
    case 'R':
      Arg = V ? flags(V, AccessModes) : "F_OK";
      break;
    case 'K':
      Arg = "flags=" + flags(V & ~0xffull, CloneFlags) +
            ((V & 0xff) ? "|" + std::to_string(V & 0xff) : "");
      break;
    case 'E': {
      std::optional<uint64_t> Flags = Tracee.word(V);
      Arg = Flags ? "{flags=" + flags(*Flags, CloneFlags) + ", ...}" : hex(V);
      break;
    }
    case 'H': {
      std::optional<uint64_t> Flags = Tracee.word(V);
      Arg = Flags ? "{flags=" + openFlags(*Flags) + ", ...}" : hex(V);
      break;
    }
    case 'F':
      Arg = fcntlText(Args, Tracee);
      I = Kinds.size(); // the command's argument is written with it
      break;
    case 'I':
      Arg = ioctlRequest(V);
      break;
    default:
      Arg = V ? hex(V) : "NULL";
    }
    Text += (llvm::StringRef(Text).ends_with("(") ? "" : ", ") + Arg;
  }
  return Text + ")";
}

bool makesDescriptor(long Number, const uint64_t Args[6]) {
  switch (Number) {
  case SYS_open:
  case SYS_openat:
  case SYS_openat2:
  case SYS_creat:
  case SYS_socket:
  case SYS_accept:
  case SYS_accept4:
  case SYS_dup:
  case SYS_dup2:
  case SYS_dup3:
    return true;
  case SYS_fcntl:
    return Args[1] == 0 || Args[1] == 1030; // F_DUPFD, F_DUPFD_CLOEXEC
  default:
    return false;
  }
}

std::vector<int> descriptorsEnded(long Number, const uint64_t Args[6]) {
  switch (Number) {
  case SYS_close:
    return {static_cast<int>(Args[0])};
  case SYS_dup2:
  case SYS_dup3:
    return {static_cast<int>(Args[1])};
  case SYS_execve:
  case SYS_close_range:
    return {-1};
  default:
    return {};
  }
}

std::string resultText(long Number, const uint64_t Args[6], long Result,
                       TraceeView &Tracee) {
  if (Result < 0 && Result > -4096) {
    int Error = static_cast<int>(-Result);
    // The kernel's restart codes: the call runs again after the signal.
    static const char *const Restarts[] = {"ERESTARTSYS", "ERESTARTNOINTR",
                                           "ERESTARTNOHAND", "ENOIOCTLCMD",
                                           "ERESTART_RESTARTBLOCK"};
    if (Error >= 512 && Error <= 516)
      return std::string("? ") + Restarts[Error - 512];
    const char *Name = strerrorname_np(Error);
    return "-1 " + std::string(Name ? Name : "E" + std::to_string(Error)) +
           " (" + strerror(Error) + ")";
  }
  if (makesDescriptor(Number, Args))
    return descriptor(static_cast<int>(Result), Tracee);
  if (Number == SYS_umask) { // the mask it replaced, in octal as strace
    char Mode[16];
    snprintf(Mode, sizeof Mode, "%#lo", Result);
    return Mode;
  }
  return std::to_string(Result);
}

} // namespace syscall_tidy::trace

#endif // __x86_64__
