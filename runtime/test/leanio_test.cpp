// Behaviour and syscall-count tests of leanio.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "leanio/leanio.h"
#include "leanio/leanio.hpp"
#include "syscall_counter.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <algorithm>
#include <vector>

using leanio::test::countSyscalls;

namespace {

class TempDir : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/leanio-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::string cmd = "rm -rf '" + dir_ + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
  }
  std::string path(const char *name) const { return dir_ + "/" + name; }
  static std::string slurp(const std::string &p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string dir_;
};

using Open = TempDir;
using FileHandle = TempDir;
using BufferedWriter = TempDir;
using CxxApi = TempDir;
using EntryType = TempDir;
using Reader = TempDir;

// ---------------------------------------------------------------- lio_open

TEST_F(Open, WriteOpenIsOneSyscall) {
  std::string p = path("w");
  auto counts = countSyscalls([&] {
    int fd = lio_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return fd >= 0 ? 0 : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_openat], 1) << counts.summary();
  EXPECT_EQ(counts.stats(), 0) << counts.summary();
}

TEST_F(Open, ReadOpenIsTwoSyscalls) {
  std::string p = path("r");
  std::ofstream(p) << "x";
  auto counts = countSyscalls([&] {
    int fd = lio_open(p.c_str(), O_RDONLY, 0);
    return fd >= 0 ? 0 : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_openat], 1) << counts.summary();
  EXPECT_EQ(counts.stats(), 1) << counts.summary();
}

TEST_F(Open, DirectoriesAreRejectedForReadAndWrite) {
  errno = 0;
  EXPECT_EQ(lio_open(dir_.c_str(), O_RDONLY, 0), -1);
  EXPECT_EQ(errno, EISDIR);
  errno = 0;
  EXPECT_EQ(lio_open(dir_.c_str(), O_WRONLY, 0), -1);
  EXPECT_EQ(errno, EISDIR);
  errno = 0;
  EXPECT_EQ(lio_open(dir_.c_str(), O_RDWR | O_CREAT, 0644), -1);
  EXPECT_EQ(errno, EISDIR);
  int fd = lio_open(dir_.c_str(), O_RDONLY | O_DIRECTORY, 0);
  EXPECT_GE(fd, 0);
  close(fd);
}

TEST_F(Open, DescriptorsAreCloseOnExec) {
  int fd = lio_open(path("c").c_str(), O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(fcntl(fd, F_GETFD) & FD_CLOEXEC);
  close(fd);
}

// ------------------------------------------------------------- lio_file

TEST_F(FileHandle, WriteOnlyHandleNeverSeeks) {
  std::string p = path("records");
  constexpr int N = 1000;
  auto counts = countSyscalls([&] {
    lio_file *f = lio_file_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char rec[64];
    for (int i = 0; i < N; ++i) {
      std::memset(rec, 'a' + i % 26, sizeof rec);
      if (lio_file_write(f, rec, sizeof rec) != 64)
        return 1;
    }
    return lio_file_close(f) == 0 ? 0 : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_write], N) << counts.summary();
  EXPECT_EQ(counts[SYS_lseek], 0) << counts.summary();
  std::string data = slurp(p);
  ASSERT_EQ(data.size(), 64u * N);
  EXPECT_EQ(data[64 * 27], 'b');
}

TEST_F(FileHandle, SeeksOfWriteOnlyHandlesBecomePwrite) {
  std::string p = path("patched");
  auto counts = countSyscalls([&] {
    lio_file *f = lio_file_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    lio_file_write(f, "hello world", 11);
    lio_file_seek(f, 6, SEEK_SET);
    lio_file_write(f, "WORLD", 5);
    lio_file_write_at(f, "H", 1, 0);
    return lio_file_tell(f) == 11 && lio_file_close(f) == 0 ? 0 : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_lseek], 0) << counts.summary();
  EXPECT_EQ(counts[SYS_pwrite64], 2) << counts.summary();
  EXPECT_EQ(slurp(p), "Hello WORLD");
}

TEST_F(FileHandle, ReadWriteHandleKeepsReadAheadCoherent) {
  std::string p = path("rw");
  std::ofstream(p) << "0123456789abcdefghij";
  auto counts = countSyscalls([&] {
    lio_file *f = lio_file_open(p.c_str(), O_RDWR, 0);
    char buf[4];
    if (lio_file_read(f, buf, 4) != 4 || std::memcmp(buf, "0123", 4) != 0)
      return 1;
    // The read-ahead holds the whole file; the write lands at position 4.
    lio_file_write(f, "XY", 2);
    if (lio_file_read(f, buf, 2) != 2 || std::memcmp(buf, "67", 2) != 0)
      return 2;
    lio_file_seek(f, 0, SEEK_SET);
    if (lio_file_read(f, buf, 4) != 4 || std::memcmp(buf, "0123", 4) != 0)
      return 3;
    return lio_file_close(f) == 0 ? 0 : 4;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_lseek], 0) << counts.summary();
  EXPECT_EQ(slurp(p), "0123XY6789abcdefghij");
}

TEST_F(FileHandle, AppendHandleAppends) {
  std::string p = path("log");
  std::ofstream(p) << "first\n";
  lio_file *f = lio_file_open(p.c_str(), O_WRONLY | O_APPEND, 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(lio_file_write(f, "second\n", 7), 7);
  EXPECT_EQ(lio_file_tell(f), 13);
  EXPECT_EQ(lio_file_close(f), 0);
  EXPECT_EQ(slurp(p), "first\nsecond\n");
}

TEST_F(FileHandle, WriteOnlyHandleHasNoReadBuffer) {
  lio_file *f = lio_file_open(path("wo").c_str(), O_WRONLY | O_CREAT, 0644);
  char c;
  errno = 0;
  EXPECT_EQ(lio_file_read(f, &c, 1), -1);
  EXPECT_EQ(errno, EBADF);
  lio_file_close(f);
}

TEST_F(FileHandle, DevFullReportsEnospc) {
  lio_file *f = lio_file_open("/dev/full", O_WRONLY, 0);
  ASSERT_NE(f, nullptr);
  errno = 0;
  EXPECT_EQ(lio_file_write(f, "x", 1), -1);
  EXPECT_EQ(errno, ENOSPC);
  lio_file_close(f);
}

TEST_F(FileHandle, SeeksThatWouldOverflowFailAndKeepThePosition) {
  constexpr off_t Max = std::numeric_limits<off_t>::max();
  constexpr off_t Min = std::numeric_limits<off_t>::min();
  std::string p = path("seek");
  std::ofstream(p) << "hello world";
  lio_file *f = lio_file_open(p.c_str(), O_RDWR, 0);
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(lio_file_seek(f, Max - 5, SEEK_SET), Max - 5);
  struct {
    off_t off;
    int whence;
    int err;
  } const refused[] = {
      {10, SEEK_CUR, EOVERFLOW}, // wrapped to a negative position before
      {Max, SEEK_CUR, EOVERFLOW},
      {Max, SEEK_END, EOVERFLOW},
      {-12, SEEK_END, EINVAL},
      {Min, SEEK_CUR, EINVAL},
      {Min, SEEK_END, EINVAL},
      {-1, SEEK_SET, EINVAL},
      {0, 42, EINVAL},
  };
  for (const auto &r : refused) {
    errno = 0;
    EXPECT_EQ(lio_file_seek(f, r.off, r.whence), -1)
        << r.off << " " << r.whence;
    EXPECT_EQ(errno, r.err) << r.off << " " << r.whence;
    EXPECT_EQ(lio_file_tell(f), Max - 5);
  }
  // The position stayed beyond any file, so this write fails (EFBIG or
  // EINVAL) instead of landing at offset 0.
  EXPECT_EQ(lio_file_write(f, "XXXXX", 5), -1);
  EXPECT_EQ(lio_file_seek(f, -11, SEEK_END), 0);
  EXPECT_EQ(lio_file_seek(f, Max, SEEK_CUR), Max); // the largest is fine
  EXPECT_EQ(lio_file_close(f), 0);
  EXPECT_EQ(slurp(p), "hello world");
}

TEST_F(FileHandle, AdoptRefusesNegativeDescriptorsWithEbadf) {
  for (int fd : {-1, -2, std::numeric_limits<int>::min()}) {
    errno = 0;
    EXPECT_EQ(lio_file_adopt(fd, O_RDWR), nullptr) << fd;
    EXPECT_EQ(errno, EBADF) << fd;
  }
  // What a failed open hands on.
  errno = 0;
  EXPECT_EQ(lio_file_adopt(open(path("no/such").c_str(), O_RDONLY), O_RDONLY),
            nullptr);
  EXPECT_EQ(errno, EBADF);
}

// ----------------------------------------------------------- lio_writer

TEST_F(BufferedWriter, RoundTripOfEveryKindOfPiece) {
  std::string p = path("out");
  int fd = lio_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  lio_writer *w = lio_writer_open_fd(fd, 64, LIO_WRITER_OWN_FD);
  std::string expected;
  std::string big(1000, 'B'); // larger than the buffer: the writev path
  for (int i = 0; i < 50; ++i) {
    lio_writer_puts(w, "line ");
    lio_writer_put_int(w, -i * 1000003LL);
    lio_writer_putc(w, ' ');
    lio_writer_put_uint(w, 18446744073709551615ULL);
    lio_writer_printf(w, " %s=%05d|", "field", i);
    lio_writer_write(w, big.data(), i % 7 == 0 ? big.size() : 0);
    lio_writer_printf(w, "%s\n", i % 10 ? "" : std::string(200, 'p').c_str());
    expected += "line " + std::to_string(-i * 1000003LL) + " " +
                "18446744073709551615" + " field=" + (i < 10 ? "0000" : "000") +
                std::to_string(i) + "|" + (i % 7 == 0 ? big : "") +
                (i % 10 ? "" : std::string(200, 'p')) + "\n";
  }
  EXPECT_EQ(lio_writer_error(w), 0);
  EXPECT_EQ(lio_writer_close(w), 0);
  EXPECT_EQ(slurp(p), expected);
}

TEST_F(BufferedWriter, ThreadDumpLoadIsOneWritePerBuffer) {
  std::string p = path("dump");
  constexpr size_t Buffer = 65536;
  size_t bytes = 0;
  for (int i = 0; i < 400000; ++i)
    bytes += std::to_string(i).size() + 6;
  auto counts = countSyscalls([&] {
    int fd = lio_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    lio_writer *w = lio_writer_open_fd(fd, Buffer, LIO_WRITER_OWN_FD);
    for (int i = 0; i < 400000; ++i) {
      lio_writer_puts(w, "t#");
      lio_writer_put_int(w, i);
      lio_writer_puts(w, " ok\n");
    }
    return lio_writer_close(w) == 0 ? 0 : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  size_t bound = (bytes + Buffer - 1) / Buffer + 1;
  EXPECT_LE(static_cast<size_t>(counts.writes()), bound) << counts.summary();
  EXPECT_GE(static_cast<size_t>(counts.writes()), bound - 1);
  EXPECT_EQ(slurp(p).size(), bytes);
}

TEST_F(BufferedWriter, DevFullErrorIsStickyAndReachesClose) {
  int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  lio_writer *w = lio_writer_open_fd(fd, 16, LIO_WRITER_OWN_FD);
  EXPECT_EQ(lio_writer_puts(w, "fits"), 0); // buffered, not written yet
  errno = 0;
  EXPECT_EQ(lio_writer_flush(w), -1);
  EXPECT_EQ(errno, ENOSPC);
  EXPECT_EQ(lio_writer_error(w), ENOSPC);
  EXPECT_EQ(lio_writer_pending(w), 4u); // the data is kept, not dropped
  errno = 0;
  EXPECT_EQ(lio_writer_puts(w, "more"), -1);
  EXPECT_EQ(errno, ENOSPC);
  errno = 0;
  EXPECT_EQ(lio_writer_close(w), -1);
  EXPECT_EQ(errno, ENOSPC);
}

TEST_F(BufferedWriter, FailedCloseIsReported) {
  int fd = lio_open(path("c").c_str(), O_WRONLY | O_CREAT, 0644);
  lio_writer *w = lio_writer_open_fd(fd, 0, LIO_WRITER_OWN_FD);
  close(fd); // closed underneath: the final flush and close must fail
  lio_writer_puts(w, "data");
  errno = 0;
  EXPECT_EQ(lio_writer_close(w), -1);
  EXPECT_EQ(errno, EBADF);
}

TEST_F(BufferedWriter, NonBlockingPipeReportsEagain) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
  lio_writer *w = lio_writer_open_fd(fds[1], 4096, 0);
  std::string chunk(1 << 20, 'z'); // more than the pipe holds
  errno = 0;
  EXPECT_EQ(lio_writer_write(w, chunk.data(), chunk.size()), -1);
  EXPECT_EQ(errno, EAGAIN);
  EXPECT_EQ(lio_writer_error(w), EAGAIN);
  EXPECT_EQ(lio_writer_close(w), -1);
  close(fds[0]);
  close(fds[1]);
}

// A slow reader on a small pipe and a storm of signals: writes come back
// short or with EINTR, and the data still arrives whole.
TEST_F(BufferedWriter, ShortWritesAndSignalStormLoseNothing) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
  fcntl(fds[1], F_SETPIPE_SZ, 4096);
  std::string expected;
  for (int i = 0; i < 200000; ++i)
    expected += "record " + std::to_string(i) + "\n";
  std::string received;
  std::thread reader([&] {
    char buf[512];
    ssize_t n;
    int k = 0;
    while ((n = read(fds[0], buf, sizeof buf)) != 0) {
      if (n < 0) {
        if (errno == EINTR)
          continue;
        break;
      }
      received.append(buf, static_cast<size_t>(n));
      if (++k % 64 == 0)
        usleep(200);
    }
  });
  static std::atomic<int> signals{0};
  struct sigaction sa {};
  sa.sa_handler = [](int) { ++signals; };
  sa.sa_flags = 0; // no SA_RESTART: blocked writes return EINTR or short
  sigaction(SIGALRM, &sa, nullptr);
  itimerval storm{{0, 50}, {0, 50}};
  setitimer(ITIMER_REAL, &storm, nullptr);
  lio_writer *w = lio_writer_open_fd(fds[1], 8192, 0);
  for (size_t off = 0; off < expected.size(); off += 3000)
    lio_writer_write(w, expected.data() + off,
                     std::min<size_t>(3000, expected.size() - off));
  int rc = lio_writer_close(w);
  itimerval off{};
  setitimer(ITIMER_REAL, &off, nullptr);
  close(fds[1]);
  reader.join();
  close(fds[0]);
  EXPECT_EQ(rc, 0);
  EXPECT_GT(signals.load(), 10); // the storm did hit the writes
  EXPECT_EQ(received.size(), expected.size());
  EXPECT_TRUE(received == expected);
}

TEST_F(BufferedWriter, SinkWithShortWrites) {
  struct Sink {
    std::string data;
    int calls = 0;
  } sink;
  auto fn = [](void *ctx, const void *buf, size_t n) -> ssize_t {
    auto *s = static_cast<Sink *>(ctx);
    if (++s->calls % 3 == 0) {
      errno = EINTR;
      return -1;
    }
    size_t take = n > 7 ? 7 : n;
    s->data.append(static_cast<const char *>(buf), take);
    return static_cast<ssize_t>(take);
  };
  lio_writer *w = lio_writer_open_sink(fn, &sink, 32);
  std::string expected;
  for (int i = 0; i < 100; ++i) {
    std::string piece(static_cast<size_t>(i % 50),
                      static_cast<char>('a' + i % 26));
    lio_writer_write(w, piece.data(), piece.size());
    expected += piece;
  }
  EXPECT_EQ(lio_writer_close(w), 0);
  EXPECT_EQ(sink.data, expected);
}

// ---------------------------------------------------------------- C++ API

std::error_code lastUnreported;

TEST_F(CxxApi, WriterAndStreambuf) {
  std::string p = path("cxx");
  int fd = lio_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  {
    leanio::Writer w(fd, 0, /*own_fd=*/true);
    w << "answer=" << 42 << ' ' << -7L << ' ' << 18446744073709551615ULL
      << '\n';
    leanio::WriterStreambuf buf(w);
    std::ostream os(&buf);
    os << "stream " << 3.5 << std::endl;
    leanio::Writer moved = std::move(w);
    moved << std::string_view("end\n");
    EXPECT_FALSE(moved.close());
  }
  EXPECT_EQ(slurp(p), "answer=42 -7 18446744073709551615\nstream 3.5\nend\n");
}

TEST_F(CxxApi, DestructorReportsUnwrittenData) {
  auto previous = leanio::set_unreported_error_handler(
      [](std::error_code ec) { lastUnreported = ec; });
  lastUnreported.clear();
  {
    leanio::Writer w(open("/dev/full", O_WRONLY | O_CLOEXEC), 0, true);
    w << "lost unless reported";
  } // must not throw; must report ENOSPC
  leanio::set_unreported_error_handler(previous);
  EXPECT_EQ(lastUnreported, std::errc::no_space_on_device);
}

TEST_F(CxxApi, FileRoundTrip) {
  std::error_code ec;
  auto f = leanio::File::open(path("f").c_str(), O_RDWR | O_CREAT, 0644, ec);
  ASSERT_FALSE(ec);
  EXPECT_FALSE(f.write("abcdef"));
  EXPECT_FALSE(f.write_at("XY", 2));
  f.seek(0, SEEK_SET);
  char buf[6];
  EXPECT_EQ(f.read(buf, 6), 6);
  EXPECT_EQ(std::string(buf, 6), "abXYef");
  EXPECT_FALSE(f.close());
  auto dir = leanio::File::open(dir_.c_str(), O_WRONLY, 0, ec);
  EXPECT_FALSE(dir);
  EXPECT_EQ(ec, std::errc::is_a_directory);
}

// ------------------------------------------------ misuse never crashes

using Misuse = TempDir;

TEST_F(Misuse, FileMethodsAfterCloseMoveOrFailedOpenReportEbadf) {
  std::error_code ec;
  auto closed =
      leanio::File::open(path("a").c_str(), O_RDWR | O_CREAT, 0644, ec);
  ASSERT_FALSE(ec);
  EXPECT_FALSE(closed.close());
  auto moved_from =
      leanio::File::open(path("b").c_str(), O_RDWR | O_CREAT, 0644, ec);
  leanio::File target = std::move(moved_from);
  auto failed = leanio::File::open(path("no/such/c").c_str(), O_RDONLY, 0, ec);
  EXPECT_EQ(ec, std::errc::no_such_file_or_directory);
  leanio::File never;
  char buf[4];
  for (leanio::File *f : {&closed, &moved_from, &failed, &never}) {
    EXPECT_FALSE(*f);
    EXPECT_EQ(f->write("x"), std::errc::bad_file_descriptor);
    EXPECT_EQ(f->write_at("x", 3), std::errc::bad_file_descriptor);
    errno = 0;
    EXPECT_EQ(f->read(buf, sizeof buf), -1);
    EXPECT_EQ(errno, EBADF);
    EXPECT_EQ(f->seek(0, SEEK_SET), -1);
    EXPECT_EQ(f->tell(), -1);
    EXPECT_EQ(f->close(), std::errc::bad_file_descriptor);
  }
  EXPECT_TRUE(target);
  EXPECT_FALSE(target.write("kept"));
}

TEST_F(Misuse, WriterMethodsAfterCloseOrMoveReportEbadf) {
  std::string p = path("w");
  leanio::Writer closed(lio_open(p.c_str(), O_WRONLY | O_CREAT, 0644), 0, true);
  closed << "before close\n";
  EXPECT_FALSE(closed.close());
  leanio::Writer moved_from(lio_open(p.c_str(), O_WRONLY | O_APPEND, 0), 0,
                            true);
  leanio::Writer target = std::move(moved_from);
  for (leanio::Writer *w : {&closed, &moved_from}) {
    *w << "dropped" << 1 << 'c' << 2.5 << true;
    w->write("dropped");
    EXPECT_FALSE(*w);
    EXPECT_EQ(w->error(), std::errc::bad_file_descriptor);
    EXPECT_EQ(w->flush(), std::errc::bad_file_descriptor);
    EXPECT_EQ(w->close(), std::errc::bad_file_descriptor);
  }
  target << "after\n";
  EXPECT_FALSE(target.close());
  EXPECT_EQ(slurp(p), "before close\nafter\n");
}

TEST_F(Misuse, WriterOnAFailedOpenFailsAtOnceWithTheOpensErrno) {
  std::error_code ec;
  leanio::Writer w = leanio::Writer::open(path("no/such/dir/f").c_str(),
                                          O_WRONLY | O_CREAT, 0644, ec);
  EXPECT_EQ(ec, std::errc::no_such_file_or_directory);
  EXPECT_FALSE(w);
  w << "x";
  EXPECT_EQ(w.flush(), std::errc::no_such_file_or_directory);
  EXPECT_EQ(w.close(), std::errc::no_such_file_or_directory);
  // A raw descriptor of -1: EBADF on the first call, not success until close.
  leanio::Writer bad(-1);
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error(), std::errc::bad_file_descriptor);
  errno = 0;
  EXPECT_EQ(lio_writer_open_fd(-1, 0, 0), nullptr);
  EXPECT_EQ(errno, EBADF);
  // A writer over a file that failed to open.
  leanio::File none;
  leanio::Writer over_none(none);
  EXPECT_EQ(over_none.error(), std::errc::bad_file_descriptor);
}

TEST_F(Misuse, NumbersFormatAsText) {
  std::string p = path("numbers");
  {
    leanio::Writer w(lio_open(p.c_str(), O_WRONLY | O_CREAT, 0644), 0, true);
    w << 3.75 << ' ' << 0.1 << ' ' << 1e300 << ' ' << -2.5f << ' ' << 1.0L / 4
      << ' ' << true << ' ' << false << ' ' << static_cast<short>(-3) << ' '
      << static_cast<unsigned char>(200) << ' ' << 'c' << '\n';
    EXPECT_FALSE(w.close());
  }
  // Shortest round trip: 0.1 prints as 0.1, not 0.1000000000000000055.
  EXPECT_EQ(slurp(p), "3.75 0.1 1e+300 -2.5 0.25 true false -3 200 c\n");
}

/// Expects a call to have \p failed with EINVAL; clears errno for the next.
void expectEinval(bool failed, const char *call) {
  EXPECT_TRUE(failed) << call;
  EXPECT_EQ(errno, EINVAL) << call;
  errno = 0;
}

TEST_F(Misuse, CFileCallsRefuseNullWithEinval) {
  char buf[4];
  errno = 0;
  expectEinval(lio_open(nullptr, O_RDONLY, 0) == -1, "lio_open");
  expectEinval(lio_file_open(nullptr, O_RDONLY, 0) == nullptr, "lio_file_open");
  expectEinval(lio_file_write(nullptr, "x", 1) == -1, "lio_file_write");
  expectEinval(lio_file_write_at(nullptr, "x", 1, 0) == -1,
               "lio_file_write_at");
  expectEinval(lio_file_read(nullptr, buf, 1) == -1, "lio_file_read");
  expectEinval(lio_file_seek(nullptr, 0, SEEK_SET) == -1, "lio_file_seek");
  expectEinval(lio_file_tell(nullptr) == -1, "lio_file_tell");
  expectEinval(lio_file_fd(nullptr) == -1, "lio_file_fd");
  EXPECT_EQ(lio_file_close(nullptr), 0);

  std::string p = path("f");
  std::ofstream(p) << "data";
  lio_file *f = lio_file_open(p.c_str(), O_RDWR, 0);
  ASSERT_NE(f, nullptr);
  expectEinval(lio_file_write(f, nullptr, 1) == -1, "write of NULL");
  expectEinval(lio_file_write_at(f, nullptr, 1, 0) == -1, "write_at of NULL");
  expectEinval(lio_file_read(f, nullptr, 1) == -1, "read into NULL");
  // A negative offset used to mean "at the kernel's offset".
  expectEinval(lio_file_write_at(f, "X", 1, -1) == -1, "write_at -1");
  // Length 0 is an empty piece, whatever the pointer.
  EXPECT_EQ(lio_file_write(f, nullptr, 0), 0);
  EXPECT_EQ(lio_file_write_at(f, nullptr, 0, 0), 0);
  EXPECT_EQ(lio_file_read(f, nullptr, 0), 0);
  EXPECT_EQ(lio_file_read(f, buf, 4), 4);
  EXPECT_EQ(std::string(buf, 4), "data");
  EXPECT_EQ(lio_file_close(f), 0);
  EXPECT_EQ(slurp(p), "data");

  // The handle of a moved-from C++ File.
  std::error_code ec;
  auto cxx = leanio::File::open(p.c_str(), O_RDWR, 0, ec);
  leanio::File target = std::move(cxx);
  expectEinval(lio_file_write(cxx.get(), "x", 1) == -1, "moved-from get()");
}

/// lio_writer_vprintf with a NULL format, which printf's checks would flag.
int printfNullFormat(lio_writer *w, ...) {
  va_list ap;
  va_start(ap, w);
  int rc = lio_writer_vprintf(w, nullptr, ap);
  va_end(ap);
  return rc;
}

TEST_F(Misuse, CWriterCallsRefuseNullWithEinval) {
  errno = 0;
  expectEinval(lio_writer_open_file(nullptr, 0) == nullptr,
               "lio_writer_open_file");
  expectEinval(lio_writer_open_sink(nullptr, nullptr, 0) == nullptr,
               "lio_writer_open_sink");
  expectEinval(lio_writer_write(nullptr, "x", 1) == -1, "lio_writer_write");
  expectEinval(lio_writer_write_slow(nullptr, "x", 1) == -1,
               "lio_writer_write_slow");
  expectEinval(lio_writer_puts(nullptr, "x") == -1, "lio_writer_puts");
  expectEinval(lio_writer_putc(nullptr, 'x') == -1, "lio_writer_putc");
  expectEinval(lio_writer_put_int(nullptr, -1) == -1, "lio_writer_put_int");
  expectEinval(lio_writer_put_uint(nullptr, 1) == -1, "lio_writer_put_uint");
  expectEinval(lio_writer_printf(nullptr, "%d", 1) == -1, "lio_writer_printf");
  expectEinval(lio_writer_flush(nullptr) == -1, "lio_writer_flush");
  EXPECT_EQ(lio_writer_error(nullptr), EINVAL);
  EXPECT_EQ(lio_writer_pending(nullptr), 0u);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_writer_close(nullptr), 0);

  std::string p = path("w");
  int fd = lio_open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  lio_writer *w = lio_writer_open_fd(fd, 16, LIO_WRITER_OWN_FD);
  ASSERT_NE(w, nullptr);
  expectEinval(lio_writer_puts(w, nullptr) == -1, "puts of NULL");
  expectEinval(lio_writer_write(w, nullptr, 1) == -1, "write of NULL");
  expectEinval(lio_writer_write(w, nullptr, 100) == -1, "large write of NULL");
  expectEinval(printfNullFormat(w, 1) == -1, "printf of NULL");
  EXPECT_EQ(lio_writer_write(w, nullptr, 0), 0);
  // A refused argument is not a failed write: the writer goes on.
  EXPECT_EQ(lio_writer_error(w), 0);
  EXPECT_EQ(lio_writer_puts(w, "still fine\n"), 0);
  EXPECT_EQ(lio_writer_close(w), 0);
  EXPECT_EQ(slurp(p), "still fine\n");

  auto sink = [](void *, const void *, size_t n) -> ssize_t {
    return static_cast<ssize_t>(n);
  };
  lio_writer *s = lio_writer_open_sink(sink, nullptr, 0); // ctx may be NULL
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(lio_writer_puts(s, "x"), 0);
  EXPECT_EQ(lio_writer_close(s), 0);
}

// A Writer over a File writes through the File object: closing or moving
// it must fail the writes, not leave the writer on a freed handle.
TEST_F(Misuse, WriterOverAClosedOrMovedFromFileReportsEbadf) {
  std::error_code ec;
  std::string p = path("closed");
  auto file = leanio::File::open(p.c_str(), O_WRONLY | O_CREAT, 0644, ec);
  ASSERT_FALSE(ec);
  leanio::Writer w(file, 16);
  w << "kept\n";
  EXPECT_FALSE(w.flush());
  w << "lost";
  EXPECT_FALSE(file.close());
  EXPECT_EQ(w.flush(), std::errc::bad_file_descriptor); // freed handle before
  EXPECT_FALSE(w);
  EXPECT_EQ(w.close(), std::errc::bad_file_descriptor);
  EXPECT_EQ(slurp(p), "kept\n");

  std::string q = path("moved");
  auto moved_from = leanio::File::open(q.c_str(), O_WRONLY | O_CREAT, 0644, ec);
  ASSERT_FALSE(ec);
  leanio::Writer over_moved(moved_from, 16);
  leanio::File target = std::move(moved_from);
  over_moved << "x";
  EXPECT_EQ(over_moved.flush(), std::errc::bad_file_descriptor);
  EXPECT_EQ(over_moved.close(), std::errc::bad_file_descriptor);
  EXPECT_EQ(slurp(q), "");
  EXPECT_TRUE(target);

  // An ostream over a closed writer goes bad instead of taking the text.
  std::string r = path("stream");
  leanio::Writer closed(lio_open(r.c_str(), O_WRONLY | O_CREAT, 0644), 0, true);
  EXPECT_FALSE(closed.close());
  leanio::WriterStreambuf buf(closed);
  std::ostream os(&buf);
  os << "dropped" << 'c';
  EXPECT_TRUE(os.bad());
  EXPECT_EQ(lio_writer_puts(closed.get(), "x"), -1); // EINVAL, not a crash
  EXPECT_EQ(slurp(r), "");
}

#if defined(__SANITIZE_ADDRESS__) || defined(__has_feature)
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define LEANIO_TEST_ASAN 1
#endif
#endif

TEST_F(Misuse, SecondCloseOfACHandleIsDetected) {
#ifdef LEANIO_TEST_ASAN
  GTEST_SKIP() << "a second close reads freed memory; ASan rightly stops it";
#else
  // Release builds (NDEBUG) report EBADF; debug builds abort with a message.
  lio_file *f = lio_file_open(path("twice").c_str(), O_WRONLY | O_CREAT, 0644);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(lio_file_close(f), 0);
#ifdef NDEBUG
  errno = 0;
  EXPECT_EQ(lio_file_close(f), -1);
  EXPECT_EQ(errno, EBADF);
#endif
  lio_writer *w = lio_writer_open_fd(
      lio_open(path("twice").c_str(), O_WRONLY, 0), 0, LIO_WRITER_OWN_FD);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(lio_writer_close(w), 0);
#ifdef NDEBUG
  errno = 0;
  EXPECT_EQ(lio_writer_close(w), -1);
  EXPECT_EQ(errno, EBADF);
#endif
  EXPECT_EQ(lio_file_close(nullptr), 0);
  EXPECT_EQ(lio_writer_close(nullptr), 0);
#endif
}

// ------------------------------------------------- lio_getpid, lio_gettid

TEST(Ids, ThousandPidsAreOneSyscall) {
  auto counts = countSyscalls([] {
    pid_t expected = getpid(); // the test's own syscall
    for (int i = 0; i < 1000; i++)
      if (lio_getpid() != expected)
        return 1;
    return 0;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_getpid], 2) << counts.summary();
}

TEST(Ids, ThousandTidsAreOneSyscall) {
  auto counts = countSyscalls([] {
    pid_t expected = static_cast<pid_t>(syscall(SYS_gettid));
    for (int i = 0; i < 1000; i++)
      if (lio_gettid() != expected)
        return 1;
    return 0;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_gettid], 2) << counts.summary();
}

TEST(Ids, ForkedChildGetsItsOwnIds) {
  pid_t parent = lio_getpid();
  pid_t parentThread = lio_gettid();
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    bool pidOk = lio_getpid() == getpid() && lio_getpid() != parent;
    bool tidOk = lio_gettid() == static_cast<pid_t>(syscall(SYS_gettid)) &&
                 lio_gettid() != parentThread;
    _exit(pidOk && tidOk ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(lio_getpid(), parent);
}

TEST(Ids, ForkGenerationTakesNoSyscall) {
  auto counts = countSyscalls([] {
    unsigned long saved = lio_fork_generation();
    for (int i = 0; i < 1000; i++)
      if (lio_fork_generation() != saved)
        return 1;
    return 0;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_getpid], 0) << counts.summary();
}

TEST(Ids, ForkGenerationTellsChildrenAndGrandchildren) {
  unsigned long parent = lio_fork_generation();
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    unsigned long mine = lio_fork_generation();
    if (mine == parent)
      _exit(1);
    pid_t grandchild = fork();
    if (grandchild == 0)
      _exit(lio_fork_generation() != mine && lio_fork_generation() != parent
                ? 0
                : 1);
    int status = 0;
    bool ok = grandchild > 0 && waitpid(grandchild, &status, 0) == grandchild &&
              WIFEXITED(status) && WEXITSTATUS(status) == 0;
    _exit(ok && lio_fork_generation() == mine ? 0 : 2);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(lio_fork_generation(), parent);
}

// --------------------------------------------------------------- lio_random

TEST(Random, ThousandRequestsAreThousandGetrandoms) {
  auto counts = countSyscalls([] {
    unsigned char buf[64];
    for (int i = 0; i < 1000; i++)
      if (lio_random(buf, sizeof buf) != static_cast<ssize_t>(sizeof buf))
        return 1;
    return 0;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_getrandom], 1000) << counts.summary();
  EXPECT_EQ(counts[SYS_openat], 0) << counts.summary();
}

TEST(Random, FillsLargeBuffersAndRefusesNull) {
  std::vector<unsigned char> big(1 << 20, 0);
  ASSERT_EQ(lio_random(big.data(), big.size()),
            static_cast<ssize_t>(big.size()));
  // A megabyte of zeros from the pool would mean nothing was written.
  EXPECT_NE(std::count(big.begin(), big.end(), 0), static_cast<long>(big.size()));
  EXPECT_EQ(lio_random(nullptr, 0), 0);
  EXPECT_EQ(lio_random(nullptr, 1), -1);
  EXPECT_EQ(errno, EINVAL);
}

// ------------------------------------------------- lio_user_name and friends

TEST(Names, ThousandLookupsAskTheDatabaseOnce) {
  char first[64];
  ASSERT_EQ(lio_user_name(0, first, sizeof first), 0);
  EXPECT_STREQ(first, "root");
  auto counts = countSyscalls([] {
    char name[64];
    gid_t gid = 1;
    for (int i = 0; i < 1000; i++)
      if (lio_user_name(0, name, sizeof name) != 0 ||
          lio_group_name(0, name, sizeof name) != 0 ||
          lio_group_id("root", &gid) != 0 || gid != 0)
        return 1;
    return 0;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  // The group lookups' first calls, in the child the counter forks: a few
  // opens of /etc/group (and nsswitch.conf), not 2,000.
  EXPECT_LE(counts[SYS_openat], 4) << counts.summary();
}

TEST(Names, MissingEntriesAndSmallBuffersFail) {
  char name[64];
  uid_t uid = 0;
  errno = 0;
  EXPECT_EQ(lio_user_name(987654, name, sizeof name), -1);
  EXPECT_EQ(errno, ENOENT);
  EXPECT_EQ(lio_user_name(987654, name, sizeof name), -1); // kept
  EXPECT_EQ(errno, ENOENT);
  EXPECT_EQ(lio_user_id("no-such-user-here", &uid), -1);
  EXPECT_EQ(errno, ENOENT);
  char small[2];
  EXPECT_EQ(lio_user_name(0, small, sizeof small), -1);
  EXPECT_EQ(errno, ERANGE);
  EXPECT_EQ(lio_user_id("root", &uid), 0);
  EXPECT_EQ(uid, 0u);
}

TEST(Names, MisuseIsAnError) {
  uid_t uid;
  gid_t gid;
  EXPECT_EQ(lio_user_name(0, nullptr, 10), -1);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_group_name(0, nullptr, 0), -1);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_user_id(nullptr, &uid), -1);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_group_id("root", nullptr), -1);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_group_id(nullptr, &gid), -1);
  EXPECT_EQ(errno, EINVAL);
}

TEST(Ids, EachThreadHasItsOwnTid) {
  pid_t mine = lio_gettid();
  pid_t other = 0, otherPid = 0;
  std::thread t([&] {
    other = lio_gettid();
    otherPid = lio_getpid();
  });
  t.join();
  EXPECT_NE(other, mine);
  EXPECT_EQ(mine, static_cast<pid_t>(syscall(SYS_gettid)));
  EXPECT_EQ(otherPid, lio_getpid());
}

// ------------------------------------------------------------ lio_entry_type

/// 100 files, 5 directories and a symlink to a file, in \p dir.
void makeTree(const std::string &dir) {
  for (int i = 0; i < 100; i++)
    close(open((dir + "/f" + std::to_string(i)).c_str(), O_CREAT | O_WRONLY,
               0644));
  for (int i = 0; i < 5; i++)
    mkdir((dir + "/d" + std::to_string(i)).c_str(), 0755);
  ASSERT_EQ(symlink("f0", (dir + "/link").c_str()), 0);
}

/// Counts the entries of \p dir by type through lio_entry_type; -1 on error.
int countTypes(const std::string &dir, int flags, int *files, int *dirs,
               int *links) {
  DIR *d = opendir(dir.c_str());
  if (!d)
    return -1;
  *files = *dirs = *links = 0;
  while (const struct dirent *e = readdir(d)) {
    if (e->d_name[0] == '.')
      continue;
    mode_t type = 0;
    if (lio_entry_type(dirfd(d), e, flags, &type) != 0) {
      closedir(d);
      return -1;
    }
    *files += S_ISREG(type);
    *dirs += S_ISDIR(type);
    *links += S_ISLNK(type);
  }
  return closedir(d);
}

TEST_F(EntryType, TypesOfAWholeDirectoryTakeNoStat) {
  makeTree(dir_);
  auto counts = countSyscalls([&] {
    int files, dirs, links;
    return countTypes(dir_, 0, &files, &dirs, &links) == 0 && files == 100 &&
                   dirs == 5 && links == 1
               ? 0
               : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  // opendir's own check that the descriptor is a directory, nothing else.
  EXPECT_EQ(counts.stats(), 1) << counts.summary();
}

TEST_F(EntryType, FollowingStatsOnlyTheSymlink) {
  makeTree(dir_);
  auto counts = countSyscalls([&] {
    int files, dirs, links;
    return countTypes(dir_, LIO_FOLLOW, &files, &dirs, &links) == 0 &&
                   files == 101 && dirs == 5 && links == 0
               ? 0
               : 1;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts.stats(), 2) << counts.summary();
}

TEST_F(EntryType, UnknownTypeFallsBackToStat) {
  makeTree(dir_);
  struct dirent unknown {};
  unknown.d_type = DT_UNKNOWN;
  std::strcpy(unknown.d_name, "d1");
  int dfd = open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(dfd, 0);
  mode_t type = 0;
  auto counts = countSyscalls(
      [&] { return lio_entry_type(dfd, &unknown, 0, &type) == 0 ? 0 : 1; });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts.stats(), 1) << counts.summary();
  ASSERT_EQ(lio_entry_type(dfd, &unknown, 0, &type), 0);
  EXPECT_TRUE(S_ISDIR(type));
  // A vanished entry is the stat's error, not a guess.
  std::strcpy(unknown.d_name, "gone");
  errno = 0;
  EXPECT_EQ(lio_entry_type(dfd, &unknown, 0, &type), -1);
  EXPECT_EQ(errno, ENOENT);
  close(dfd);
}

TEST_F(EntryType, MisuseIsEinval) {
  struct dirent entry {};
  mode_t type = 0;
  errno = 0;
  EXPECT_EQ(lio_entry_type(AT_FDCWD, nullptr, 0, &type), -1);
  EXPECT_EQ(errno, EINVAL);
  errno = 0;
  EXPECT_EQ(lio_entry_type(AT_FDCWD, &entry, 0, nullptr), -1);
  EXPECT_EQ(errno, EINVAL);
  errno = 0;
  EXPECT_EQ(lio_entry_type(AT_FDCWD, &entry, 0x40, &type), -1);
  EXPECT_EQ(errno, EINVAL);
}

// --------------------------------------------------------------- lio_sampler

TEST(Sampler, ThousandSamplesAreOneOpen) {
  auto counts = countSyscalls([] {
    lio_sampler *s = lio_sampler_open("/proc/self/statm");
    if (!s)
      return 1;
    char buf[256];
    for (int i = 0; i < 1000; i++)
      if (lio_sampler_read(s, buf, sizeof buf) <= 0)
        return 2;
    return lio_sampler_close(s) == 0 ? 0 : 3;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  EXPECT_EQ(counts[SYS_openat], 1) << counts.summary();
  EXPECT_EQ(counts[SYS_pread64], 1000) << counts.summary();
  EXPECT_EQ(counts[SYS_read], 0) << counts.summary();
  EXPECT_EQ(counts[SYS_close], 1) << counts.summary();
}

/// The pid /proc/self/stat names, read through \p s.
long statPid(lio_sampler *s) {
  char buf[512];
  ssize_t n = lio_sampler_read(s, buf, sizeof buf - 1);
  if (n <= 0)
    return -1;
  buf[n] = '\0';
  return std::strtol(buf, nullptr, 10);
}

TEST(Sampler, EachReadIsFreshAndAForkedChildReadsItsOwn) {
  lio_sampler *s = lio_sampler_open("/proc/self/stat");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(statPid(s), getpid());
  EXPECT_EQ(statPid(s), getpid()); // again from offset 0, not at the end
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0)
    _exit(statPid(s) == getpid() && lio_sampler_close(s) == 0 ? 0 : 1);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(statPid(s), getpid()); // the parent's descriptor is untouched
  EXPECT_EQ(lio_sampler_close(s), 0);
}

TEST(Sampler, MisuseAndMissingFiles) {
  errno = 0;
  EXPECT_EQ(lio_sampler_open(nullptr), nullptr);
  EXPECT_EQ(errno, EINVAL);
  errno = 0;
  EXPECT_EQ(lio_sampler_open("/proc/self/no-such-file"), nullptr);
  EXPECT_EQ(errno, ENOENT);
  char buf[8];
  errno = 0;
  EXPECT_EQ(lio_sampler_read(nullptr, buf, sizeof buf), -1);
  EXPECT_EQ(errno, EINVAL);
  lio_sampler *s = lio_sampler_open("/proc/self/statm");
  ASSERT_NE(s, nullptr);
  errno = 0;
  EXPECT_EQ(lio_sampler_read(s, nullptr, 8), -1);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_sampler_read(s, nullptr, 0), 0);
  EXPECT_EQ(lio_sampler_close(s), 0);
  EXPECT_EQ(lio_sampler_close(nullptr), 0);
}

// ---------------------------------------------------------------- lio_reader

TEST_F(Reader, ByteByByteIsOneReadPerBuffer) {
  std::string p = path("bytes");
  {
    std::ofstream out(p, std::ios::binary);
    out << std::string(100000, 'x');
  }
  auto counts = countSyscalls([&] {
    lio_reader *r =
        lio_reader_open_fd(open(p.c_str(), O_RDONLY), 0, LIO_READER_OWN_FD);
    if (!r)
      return 1;
    long n = 0;
    while (lio_reader_getc(r) == 'x')
      n++;
    return n == 100000 && lio_reader_close(r) == 0 ? 0 : 2;
  });
  EXPECT_EQ(counts.exitStatus, 0);
  // 64 KiB, the remaining 34,464 bytes, and the end.
  EXPECT_EQ(counts[SYS_read], 3) << counts.summary();
}

TEST_F(Reader, LinesAndBlocks) {
  std::string p = path("lines");
  {
    std::ofstream out(p, std::ios::binary);
    out << "a\nbb\n\nccc";
  }
  lio_reader *r =
      lio_reader_open_fd(open(p.c_str(), O_RDONLY), 4, LIO_READER_OWN_FD);
  ASSERT_NE(r, nullptr);
  char line[16];
  std::vector<std::string> got;
  while (lio_reader_getdelim(r, line, sizeof line, '\n') > 0)
    got.push_back(line);
  EXPECT_EQ(got, (std::vector<std::string>{"a\n", "bb\n", "\n", "ccc"}));
  EXPECT_EQ(lio_reader_getc(r), LIO_READER_EOF);
  EXPECT_EQ(lio_reader_read(r, line, sizeof line), 0);
  EXPECT_EQ(lio_reader_close(r), 0);
  // A line longer than the caller's buffer comes in pieces.
  r = lio_reader_open_fd(open(p.c_str(), O_RDONLY), 0, LIO_READER_OWN_FD);
  ASSERT_NE(r, nullptr);
  char small[2];
  EXPECT_EQ(lio_reader_getdelim(r, small, sizeof small, '\n'), 1);
  EXPECT_STREQ(small, "a");
  char block[16] = {};
  EXPECT_EQ(lio_reader_read(r, block, sizeof block), 8);
  EXPECT_STREQ(block, "\nbb\n\nccc");
  EXPECT_EQ(lio_reader_close(r), 0);
}

void onAlarm(int) {}

TEST(ReaderPipe, ShortReadsAndEintrAreContinued) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  struct sigaction sa {};
  sa.sa_handler = onAlarm; // no SA_RESTART: read(2) fails with EINTR
  struct sigaction old {};
  ASSERT_EQ(sigaction(SIGALRM, &sa, &old), 0);
  struct itimerval every {
    {0, 500}, { 0, 500 }
  }, off{};
  ASSERT_EQ(setitimer(ITIMER_REAL, &every, nullptr), 0);
  std::thread writer([&] {
    for (int i = 0; i < 5; i++) {
      usleep(20000);
      ASSERT_EQ(write(fds[1], "0123456789", 10), 10);
    }
    close(fds[1]);
  });
  lio_reader *r = lio_reader_open_fd(fds[0], 0, LIO_READER_OWN_FD);
  ASSERT_NE(r, nullptr);
  char all[64] = {};
  EXPECT_EQ(lio_reader_read(r, all, 50), 50);
  EXPECT_EQ(lio_reader_read(r, all, 1), 0);
  writer.join();
  setitimer(ITIMER_REAL, &off, nullptr);
  sigaction(SIGALRM, &old, nullptr);
  EXPECT_EQ(std::string(all, 10), "0123456789");
  EXPECT_EQ(lio_reader_close(r), 0);
}

TEST_F(Reader, ErrorsAreStickyAndMisuseIsRefused) {
  int dfd = open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(dfd, 0);
  lio_reader *r = lio_reader_open_fd(dfd, 0, LIO_READER_OWN_FD);
  ASSERT_NE(r, nullptr);
  errno = 0;
  EXPECT_EQ(lio_reader_getc(r), LIO_READER_ERROR);
  EXPECT_EQ(errno, EISDIR);
  char buf[4];
  errno = 0;
  EXPECT_EQ(lio_reader_read(r, buf, sizeof buf), -1);
  EXPECT_EQ(errno, EISDIR);
  EXPECT_EQ(lio_reader_getdelim(r, buf, sizeof buf, '\n'), -1);
  EXPECT_EQ(lio_reader_error(r), EISDIR);
  EXPECT_EQ(lio_reader_close(r), 0);
  EXPECT_EQ(fcntl(dfd, F_GETFD), -1); // closed with the reader

  errno = 0;
  EXPECT_EQ(lio_reader_open_fd(-1, 0, 0), nullptr);
  EXPECT_EQ(errno, EBADF);
  errno = 0;
  EXPECT_EQ(lio_reader_open_fd(0, 0, 0x10), nullptr);
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(lio_reader_read(nullptr, buf, 1), -1);
  EXPECT_EQ(lio_reader_getc(nullptr), LIO_READER_ERROR);
  EXPECT_EQ(lio_reader_getdelim(nullptr, buf, sizeof buf, '\n'), -1);
  EXPECT_EQ(lio_reader_error(nullptr), EINVAL);
  EXPECT_EQ(lio_reader_close(nullptr), 0);
  int keep = open(dir_.c_str(), O_RDONLY);
  r = lio_reader_open_fd(keep, 0, 0);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(lio_reader_getdelim(r, buf, 0, '\n'), -1);
  EXPECT_EQ(lio_reader_close(r), 0);
  EXPECT_EQ(close(keep), 0); // not the reader's to close
}

} // namespace
