// Run: build/runtime/bench/leanio_bench [--benchmark_repetitions=5 ...]
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each group ends with a table of ratios to its fastest member.
#include "leanio/leanio.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <string>
#include <sys/stat.h>
#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace {

std::string scratch(const char *dir, const char *name) {
  return std::string(dir) + "/leanio-bench-" + std::to_string(getpid()) + "-" +
         name;
}

// ---- open for write: open+close vs open+fstat+close vs lio_open+close ----

void openPlain(benchmark::State &state, const char *dir) {
  std::string p = scratch(dir, "open");
  for (auto _ : state)
    close(open(p.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
  unlink(p.c_str());
}
void openFstat(benchmark::State &state, const char *dir) {
  std::string p = scratch(dir, "open");
  struct stat st;
  for (auto _ : state) {
    int fd = open(p.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    fstat(fd, &st);
    benchmark::DoNotOptimize(S_ISDIR(st.st_mode));
    close(fd);
  }
  unlink(p.c_str());
}
void openLeanio(benchmark::State &state, const char *dir) {
  std::string p = scratch(dir, "open");
  for (auto _ : state)
    close(lio_open(p.c_str(), O_WRONLY | O_CREAT, 0644));
  unlink(p.c_str());
}

// ---- 10,000 records of 64 bytes ----------------------------------------

constexpr int Records = 10000;
char record[64] =
    "0123456789012345678901234567890123456789012345678901234567890\n";

template <typename Body> void records(benchmark::State &state, Body body) {
  std::string p = scratch("/tmp", "records");
  for (auto _ : state) {
    int fd = open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    body(fd);
    close(fd);
  }
  unlink(p.c_str());
}
void recordsLseekWrite(benchmark::State &s) {
  records(s, [](int fd) {
    for (int i = 0; i < Records; ++i) {
      lseek(fd, (off_t)i * 64, SEEK_SET);
      benchmark::DoNotOptimize(write(fd, record, 64));
    }
  });
}
void recordsWrite(benchmark::State &s) {
  records(s, [](int fd) {
    for (int i = 0; i < Records; ++i)
      benchmark::DoNotOptimize(write(fd, record, 64));
  });
}
void recordsPwrite(benchmark::State &s) {
  records(s, [](int fd) {
    for (int i = 0; i < Records; ++i)
      benchmark::DoNotOptimize(pwrite(fd, record, 64, (off_t)i * 64));
  });
}
void recordsLeanio(benchmark::State &s) {
  records(s, [](int fd) {
    lio_file *f = lio_file_adopt(fd, O_WRONLY);
    for (int i = 0; i < Records; ++i)
      lio_file_write(f, record, 64);
    free(f); // the descriptor is closed by the harness
  });
}

// ---- a thread dump: ~4 MB in 400,000 pieces -----------------------------
// The pieces are made once, so that every variant pays only for writing.

const std::vector<std::string> &pieces() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> v;
    for (int i = 0; i < 100000; ++i) {
      v.push_back("\"worker-" + std::to_string(i) + "\"");
      v.push_back(" #" + std::to_string(i));
      v.push_back(" prio=5");
      v.push_back(" waiting\n");
    }
    return v;
  }();
  return all;
}

template <typename Body> void dump(benchmark::State &state, Body body) {
  std::string p = scratch("/tmp", "dump");
  size_t bytes = 0;
  for (const std::string &piece : pieces())
    bytes += piece.size();
  for (auto _ : state)
    body(p.c_str());
  state.counters["bytes"] = (double)bytes;
  unlink(p.c_str());
}
void stdioDump(const char *path, int mode, bool flushLines) {
  FILE *f = fopen(path, "w");
  if (mode != _IOFBF)
    setvbuf(f, nullptr, mode, 0);
  for (const std::string &piece : pieces()) {
    fwrite(piece.data(), 1, piece.size(), f);
    if (flushLines && piece.back() == '\n') {
      // The naive form under measurement.
      // NOLINTNEXTLINE(syscall-unbuffered-autoflush)
      fflush(f);
    }
  }
  fclose(f);
}
void dumpUnbufferedStdio(benchmark::State &s) {
  dump(s, [](const char *p) { stdioDump(p, _IONBF, false); });
}
void dumpFflushPerLine(benchmark::State &s) {
  dump(s, [](const char *p) { stdioDump(p, _IOFBF, true); });
}
void dumpDefaultStdio(benchmark::State &s) {
  dump(s, [](const char *p) { stdioDump(p, _IOFBF, false); });
}
void streamDump(const char *path, bool endl) {
  std::ofstream out(path);
  for (const std::string &piece : pieces()) {
    if (endl && piece.back() == '\n')
      out.write(piece.data(), (std::streamsize)piece.size() - 1) << std::endl;
    else
      out.write(piece.data(), (std::streamsize)piece.size());
  }
}
void dumpEndl(benchmark::State &s) {
  dump(s, [](const char *p) { streamDump(p, true); });
}
void dumpOfstream(benchmark::State &s) {
  dump(s, [](const char *p) { streamDump(p, false); });
}
void dumpLeanio(benchmark::State &s) {
  dump(s, [](const char *p) {
    int fd = lio_open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    lio_writer *w = lio_writer_open_fd(fd, 0, LIO_WRITER_OWN_FD);
    for (const std::string &piece : pieces())
      lio_writer_write(w, piece.data(), piece.size());
    lio_writer_close(w);
  });
}
void dumpHandBuffer(benchmark::State &s) {
  dump(s, [](const char *p) {
    static char buf[256 * 1024];
    size_t used = 0;
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    for (const std::string &piece : pieces()) {
      if (used + piece.size() > sizeof buf) {
        benchmark::DoNotOptimize(write(fd, buf, used));
        used = 0;
      }
      memcpy(buf + used, piece.data(), piece.size());
      used += piece.size();
    }
    benchmark::DoNotOptimize(write(fd, buf, used));
    close(fd);
  });
}
void dumpOneWrite(benchmark::State &s) {
  static const std::string all = [] {
    std::string a;
    for (const std::string &piece : pieces())
      a += piece;
    return a;
  }();
  dump(s, [](const char *p) {
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    benchmark::DoNotOptimize(write(fd, all.data(), all.size()));
    close(fd);
  });
}

/// A log line's pid per record: the kernel's each time, or leanio's kept one.
void pidGetpid(benchmark::State &state) {
  for (auto _ : state)
    // NOLINTNEXTLINE(syscall-loop-invariant): the naive form, measured
    benchmark::DoNotOptimize(getpid());
}
void pidLeanio(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(lio_getpid());
}

/// An owner's name per listed entry: the user database each time, or
/// leanio's cache by id.
void ownerGetpwuid(benchmark::State &state) {
  for (auto _ : state) {
    // NOLINTNEXTLINE(syscall-costly-libc-in-loop): the naive form, measured
    const passwd *pw = getpwuid(0);
    benchmark::DoNotOptimize(pw);
  }
}
void ownerLeanio(benchmark::State &state) {
  char name[64];
  for (auto _ : state)
    benchmark::DoNotOptimize(lio_user_name(0, name, sizeof name));
}

/// A fork check per call: getpid() against the saved pid, or leanio's
/// fork generation against the saved one.
void forkCheckGetpid(benchmark::State &state) {
  pid_t saved = getpid();
  for (auto _ : state)
    // NOLINTNEXTLINE(syscall-loop-invariant): the naive form, measured
    benchmark::DoNotOptimize(getpid() != saved);
}
void forkCheckLeanio(benchmark::State &state) {
  unsigned long saved = lio_fork_generation();
  for (auto _ : state)
    benchmark::DoNotOptimize(lio_fork_generation() != saved);
}

/// A directory of 1000 files walked for the type of each entry: a stat
/// per entry, or leanio's d_type with the stat only for DT_UNKNOWN.
class EntryTree {
public:
  explicit EntryTree(const char *dir) : path_(scratch(dir, "tree")) {
    mkdir(path_.c_str(), 0755);
    for (int i = 0; i < 1000; i++)
      close(open((path_ + "/f" + std::to_string(i)).c_str(),
                 O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
  }
  ~EntryTree() {
    for (int i = 0; i < 1000; i++)
      unlink((path_ + "/f" + std::to_string(i)).c_str());
    rmdir(path_.c_str());
  }
  template <typename TypeOf> int regularFiles(TypeOf typeOf) const {
    DIR *d = opendir(path_.c_str());
    int n = 0;
    while (const struct dirent *e = readdir(d))
      n += S_ISREG(typeOf(dirfd(d), e));
    closedir(d);
    return n;
  }

private:
  std::string path_;
};

void entriesStat(benchmark::State &state, const char *dir) {
  EntryTree tree(dir);
  for (auto _ : state)
    benchmark::DoNotOptimize(tree.regularFiles([](int dfd,
                                                  const struct dirent *e) {
      struct stat st;
      // NOLINTNEXTLINE(syscall-stat-per-dirent): the naive form, measured
      return fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? st.st_mode
                                                                    : 0;
    }));
}
void entriesLeanio(benchmark::State &state, const char *dir) {
  EntryTree tree(dir);
  for (auto _ : state)
    benchmark::DoNotOptimize(
        tree.regularFiles([](int dfd, const struct dirent *e) {
          mode_t type = 0;
          return lio_entry_type(dfd, e, 0, &type) == 0 ? type : 0;
        }));
}

/// A sample of /proc/self/statm: open, read and close each time, or
/// leanio's kept descriptor read at offset 0.
void sampleReopen(benchmark::State &state) {
  char buf[256];
  for (auto _ : state) {
    // NOLINTNEXTLINE(syscall-reopen-in-loop): the naive form, measured
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    benchmark::DoNotOptimize(read(fd, buf, sizeof buf));
    close(fd);
  }
}
void sampleLeanio(benchmark::State &state) {
  char buf[256];
  lio_sampler *s = lio_sampler_open("/proc/self/statm");
  for (auto _ : state)
    benchmark::DoNotOptimize(lio_sampler_read(s, buf, sizeof buf));
  lio_sampler_close(s);
}

/// A 64 KiB file counted byte by byte: a read(2) per byte, or leanio's
/// read-ahead reader.
class ByteFile {
public:
  ByteFile() : path_(scratch("/var/tmp", "bytes")) {
    std::ofstream(path_, std::ios::binary) << std::string(65536, 'a');
  }
  ~ByteFile() { unlink(path_.c_str()); }
  int open() const { return ::open(path_.c_str(), O_RDONLY | O_CLOEXEC); }

private:
  std::string path_;
};

void bytesRead(benchmark::State &state) {
  ByteFile file;
  for (auto _ : state) {
    int fd = file.open();
    char c;
    long n = 0;
    while (read(fd, &c, 1) == 1)
      n++;
    close(fd);
    benchmark::DoNotOptimize(n);
  }
}
void bytesLeanio(benchmark::State &state) {
  ByteFile file;
  for (auto _ : state) {
    lio_reader *r = lio_reader_open_fd(file.open(), 0, LIO_READER_OWN_FD);
    long n = 0;
    while (lio_reader_getc(r) >= 0)
      n++;
    lio_reader_close(r);
    benchmark::DoNotOptimize(n);
  }
}

/// Prints the usual table, then per group (the name before '/') each
/// member's time as a ratio to the fastest of the group.
class RatioReporter : public benchmark::ConsoleReporter {
public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median")
        continue;
      std::string full = r.benchmark_name();
      std::string group = full.substr(0, full.find('/'));
      times_[group][full.substr(0, full.find("_median"))] =
          r.GetAdjustedRealTime();
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    for (const auto &[group, members] : times_) {
      double best = 1e300;
      for (const auto &m : members)
        best = std::min(best, m.second);
      std::printf("\n%s (ratio to the fastest)\n", group.c_str());
      for (const auto &[name, t] : members)
        std::printf("  %-40s %8.2fx\n", name.c_str(), t / best);
    }
  }

private:
  std::map<std::string, std::map<std::string, double>> times_;
};

} // namespace

BENCHMARK_CAPTURE(openPlain, tmpfs, "/dev/shm")->Name("open_tmpfs/open");
BENCHMARK_CAPTURE(openFstat, tmpfs, "/dev/shm")->Name("open_tmpfs/open+fstat");
BENCHMARK_CAPTURE(openLeanio, tmpfs, "/dev/shm")->Name("open_tmpfs/lio_open");
BENCHMARK_CAPTURE(openPlain, disk, "/var/tmp")->Name("open_disk/open");
BENCHMARK_CAPTURE(openFstat, disk, "/var/tmp")->Name("open_disk/open+fstat");
BENCHMARK_CAPTURE(openLeanio, disk, "/var/tmp")->Name("open_disk/lio_open");
BENCHMARK(recordsLseekWrite)->Name("records/lseek+write");
BENCHMARK(recordsWrite)->Name("records/write");
BENCHMARK(recordsPwrite)->Name("records/pwrite");
BENCHMARK(recordsLeanio)->Name("records/lio_file_write");
BENCHMARK(dumpUnbufferedStdio)->Name("dump/stdio_unbuffered")->Iterations(3);
BENCHMARK(dumpFflushPerLine)->Name("dump/stdio_fflush_per_line")->Iterations(5);
BENCHMARK(dumpEndl)->Name("dump/ofstream_endl")->Iterations(5);
BENCHMARK(dumpDefaultStdio)->Name("dump/stdio_default");
BENCHMARK(dumpOfstream)->Name("dump/ofstream_newline");
BENCHMARK(dumpLeanio)->Name("dump/lio_writer");
BENCHMARK(dumpHandBuffer)->Name("dump/hand_256k_buffer");
BENCHMARK(dumpOneWrite)->Name("dump/one_write");
BENCHMARK(pidGetpid)->Name("pid/getpid");
BENCHMARK(pidLeanio)->Name("pid/lio_getpid");
BENCHMARK(ownerGetpwuid)->Name("owner/getpwuid");
BENCHMARK(ownerLeanio)->Name("owner/lio_user_name");
BENCHMARK(forkCheckGetpid)->Name("fork_check/getpid");
BENCHMARK(forkCheckLeanio)->Name("fork_check/lio_fork_generation");
BENCHMARK_CAPTURE(entriesStat, disk, "/var/tmp")->Name("entries/fstatat");
BENCHMARK_CAPTURE(entriesLeanio, disk, "/var/tmp")
    ->Name("entries/lio_entry_type");
BENCHMARK(sampleReopen)->Name("sample/open+read+close");
BENCHMARK(sampleLeanio)->Name("sample/lio_sampler_read");
BENCHMARK(bytesRead)->Name("bytes/read_1");
BENCHMARK(bytesLeanio)->Name("bytes/lio_reader_getc");

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
}
