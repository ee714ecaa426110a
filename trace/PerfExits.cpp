//===--- PerfExits.cpp - Syscall results from the kernel's sys_exit event -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "PerfExits.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <linux/perf_event.h>
#include <optional>
#include <sched.h>
#include <sstream>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace syscall_tidy::trace {

namespace {

/// Data pages per CPU: the tracer empties them at every stop, when a few
/// records per thread wait there.
constexpr size_t DataPages = 64;

/// Where the tracepoint's fields sit in a record, as tracefs describes it.
struct Tracepoint {
  unsigned Id = 0;
  unsigned NumberOffset = 0, ResultOffset = 0;
};

/// "id 8 16": the tracepoint's id and its two fields' offsets, read from
/// tracefs mounted at \p Root; empty when it is not there.
std::string describeAt(const std::string &Root) {
  std::string Event = Root + "/events/raw_syscalls/sys_exit/";
  std::ifstream IdFile(Event + "id"), FormatFile(Event + "format");
  unsigned Id;
  if (!(IdFile >> Id))
    return "";
  std::optional<unsigned> Number, Result;
  for (std::string Line; std::getline(FormatFile, Line);) {
    size_t At = Line.find("offset:");
    if (At == std::string::npos)
      continue;
    unsigned Offset = std::atoi(Line.c_str() + At + 7);
    if (Line.find("field:long id;") != std::string::npos)
      Number = Offset;
    else if (Line.find("field:long ret;") != std::string::npos)
      Result = Offset;
  }
  if (!Number || !Result)
    return "";
  return std::to_string(Id) + " " + std::to_string(*Number) + " " +
         std::to_string(*Result);
}

/// The tracepoint, from tracefs where it is mounted, else from a tracefs
/// mounted in a mount namespace of a child's own, which no other process
/// sees and which ends with it.
std::optional<Tracepoint> findTracepoint(std::string &Why) {
  std::string Text = describeAt("/sys/kernel/tracing");
  if (Text.empty())
    Text = describeAt("/sys/kernel/debug/tracing");
  if (Text.empty()) {
    int Pipe[2];
    if (pipe2(Pipe, O_CLOEXEC) != 0) {
      Why = "cannot make a pipe";
      return std::nullopt;
    }
    pid_t Child = fork();
    if (Child == 0) {
      close(Pipe[0]);
      std::string Found;
      if (unshare(CLONE_NEWNS) == 0 &&
          mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
          mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, nullptr) == 0)
        Found = describeAt("/sys/kernel/tracing");
      ssize_t Ignored = write(Pipe[1], Found.data(), Found.size());
      (void)Ignored;
      _exit(0);
    }
    close(Pipe[1]);
    char Buffer[128] = {};
    ssize_t N = Child > 0 ? ::read(Pipe[0], Buffer, sizeof Buffer - 1) : -1;
    close(Pipe[0]);
    if (Child > 0)
      waitpid(Child, nullptr, 0);
    if (N > 0)
      Text.assign(Buffer, N);
  }
  Tracepoint T;
  std::istringstream In(Text);
  if (!(In >> T.Id >> T.NumberOffset >> T.ResultOffset)) {
    Why = "no tracefs with the raw_syscalls tracepoints (mount -t tracefs "
          "nodev /sys/kernel/tracing)";
    return std::nullopt;
  }
  return T;
}

/// The filter that keeps the records to the traced syscalls.
std::string filterOf(const std::vector<long> &Numbers) {
  std::string Filter;
  for (long Number : Numbers)
    Filter +=
        (Filter.empty() ? "id == " : " || id == ") + std::to_string(Number);
  return Filter;
}

} // namespace

std::unique_ptr<PerfExits>
PerfExits::open(pid_t Pid, const std::vector<long> &Numbers, std::string &Why) {
  std::optional<Tracepoint> Point = findTracepoint(Why);
  if (!Point)
    return nullptr;
  std::unique_ptr<PerfExits> Exits(
      new PerfExits(Point->NumberOffset, Point->ResultOffset));
  perf_event_attr Attr = {};
  Attr.size = sizeof Attr;
  Attr.type = PERF_TYPE_TRACEPOINT;
  Attr.config = Point->Id;
  Attr.sample_period = 1;
  Attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_RAW;
  Attr.inherit = 1;
  Attr.use_clockid = 1;
  Attr.clockid = CLOCK_MONOTONIC;
  std::string Filter = filterOf(Numbers);
  long Page = sysconf(_SC_PAGESIZE);
  // An inherited event cannot be mapped per thread: one buffer per CPU,
  // wherever the program's threads run.
  long Cpus = sysconf(_SC_NPROCESSORS_CONF);
  for (long Cpu = 0; Cpu < Cpus; ++Cpu) {
    int Fd = static_cast<int>(syscall(SYS_perf_event_open, &Attr, Pid, Cpu, -1,
                                      PERF_FLAG_FD_CLOEXEC));
    if (Fd < 0 && errno == ENODEV)
      continue; // a CPU that is offline
    if (Fd < 0) {
      Why = std::string("perf_event_open refused the sys_exit tracepoint: ") +
            strerror(errno);
      return nullptr;
    }
    void *Base = mmap(nullptr, (DataPages + 1) * Page, PROT_READ | PROT_WRITE,
                      MAP_SHARED, Fd, 0);
    if (Base == MAP_FAILED) {
      Why = std::string("cannot map perf's buffer: ") + strerror(errno);
      close(Fd);
      return nullptr;
    }
    Exits->Rings.push_back({Fd, Base});
    if (ioctl(Fd, PERF_EVENT_IOC_SET_FILTER, Filter.c_str()) != 0) {
      Why = std::string("the kernel refused the tracepoint's filter: ") +
            strerror(errno);
      return nullptr;
    }
  }
  if (Exits->Rings.empty()) {
    Why = "no CPU to record on";
    return nullptr;
  }
  return Exits;
}

PerfExits::~PerfExits() {
  long Page = sysconf(_SC_PAGESIZE);
  for (Ring &R : Rings) {
    munmap(R.Base, (DataPages + 1) * Page);
    close(R.Fd);
  }
}

void PerfExits::read(Ring &R, std::vector<SyscallExit> &Into) {
  auto *Meta = static_cast<perf_event_mmap_page *>(R.Base);
  const char *Data = static_cast<const char *>(R.Base) + Meta->data_offset;
  uint64_t Size = Meta->data_size;
  uint64_t Head = __atomic_load_n(&Meta->data_head, __ATOMIC_ACQUIRE);
  uint64_t Tail = Meta->data_tail;
  // A record may wrap around the buffer's end: copy it out whole.
  auto Copy = [&](uint64_t From, size_t Length) {
    Record.resize(Length);
    size_t First = std::min<uint64_t>(Length, Size - From % Size);
    memcpy(Record.data(), Data + From % Size, First);
    memcpy(Record.data() + First, Data, Length - First);
  };
  while (Tail < Head) {
    Copy(Tail, sizeof(perf_event_header));
    perf_event_header Header;
    memcpy(&Header, Record.data(), sizeof Header);
    if (Header.size < sizeof Header)
      break;
    Copy(Tail, Header.size);
    const char *At = Record.data() + sizeof Header;
    if (Header.type == PERF_RECORD_SAMPLE) {
      // TID (pid, tid), TIME, RAW (size, data), in this order.
      SyscallExit E;
      uint32_t Ids[2], RawSize;
      memcpy(Ids, At, sizeof Ids);
      memcpy(&E.TimeNs, At + 8, 8);
      memcpy(&RawSize, At + 16, 4);
      const char *Raw = At + 20;
      if (RawSize >= std::max(NumberOffset, ResultOffset) + sizeof(long)) {
        E.Tid = static_cast<pid_t>(Ids[1]);
        memcpy(&E.Number, Raw + NumberOffset, sizeof(long));
        memcpy(&E.Result, Raw + ResultOffset, sizeof(long));
        Into.push_back(E);
      }
    } else if (Header.type == PERF_RECORD_LOST) {
      uint64_t Count;
      memcpy(&Count, At + 8, 8);
      Lost += Count;
    }
    Tail += Header.size;
  }
  __atomic_store_n(&Meta->data_tail, Tail, __ATOMIC_RELEASE);
}

const std::vector<SyscallExit> &PerfExits::take() {
  Taken.clear();
  for (Ring &R : Rings)
    read(R, Taken);
  std::sort(Taken.begin(), Taken.end(),
            [](const SyscallExit &A, const SyscallExit &B) {
              return A.TimeNs < B.TimeNs;
            });
  return Taken;
}

} // namespace syscall_tidy::trace
