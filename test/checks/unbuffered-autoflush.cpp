// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t -- -std=c++17 -Wall
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t.fortify -- -std=c++17 -Wall -O2 -D_FORTIFY_SOURCE=2

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <unistd.h>
#include <vector>

// ---------------------------------------------------------------- must flag

// std::endl per line on a local ofstream: the destructor flushes at the end.
void writeReport(const std::string &path, const std::vector<int> &values) {
  std::ofstream out(path);
  for (int v : values)
    out << "value " << v << std::endl;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'std::endl' flushes the file stream on every iteration: one write(2) per line; write '\n' and let the buffer fill [syscall-unbuffered-autoflush]
}
// CHECK-FIXES: out << "value " << v << '\n';

// A NASA-style resource file written with std::endl in nested loops.
void writeGrid(const char *path, int rows, int cols) {
  std::fstream grid(path, std::ios::out);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c)
      grid << r * cols + c << ' ';
    grid << std::endl;
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'std::endl' flushes the file stream on every iteration
  }
}
// CHECK-FIXES: grid << '\n';

// std::flush per record on a member ofstream: one flush after the loop
// keeps the data published.
class Recorder {
public:
  explicit Recorder(const std::string &path) : log_(path) {}
  void record(const std::vector<std::string> &events) {
    for (const std::string &e : events) {
      log_ << e << '\n' << std::flush;
      // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'std::flush' flushes the file stream on every iteration: one write(2) per record; drop it and let the buffer fill
    }
  }

private:
  std::ofstream log_;
};
// CHECK-FIXES: log_ << e << '\n';
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:     }
// CHECK-FIXES-NEXT:     log_.flush();

// An std::ostream& parameter that a caller in this file points at a file.
void dumpThreads(std::ostream &os, const std::vector<std::string> &threads) {
  for (const std::string &t : threads)
    os << '"' << t << "\" runnable" << std::endl;
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'std::endl' flushes the file stream on every iteration: one write(2) per line; write '\n' and let the buffer fill (a caller passes a file stream)
}
// CHECK-FIXES: os << '"' << t << "\" runnable" << '\n';
// CHECK-FIXES-NEXT: os.flush();

void dumpThreadsToFile(const std::vector<std::string> &threads) {
  std::ofstream file("threads.txt");
  dumpThreads(file, threads);
}

// Nested loops on an std::ostream& (rows of cells): one flush after the
// outer loop, not one per row.
void dumpGrid(std::ostream &os, const std::vector<std::vector<int>> &grid) {
  for (const std::vector<int> &row : grid) {
    for (int cell : row)
      os << cell << std::endl;
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'std::endl' flushes the file stream on every iteration
  }
}
// CHECK-FIXES: {{^}}      os << cell << '\n';{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  os.flush();{{$}}

void dumpGridToFile(const std::vector<std::vector<int>> &grid) {
  std::ofstream file("grid.txt");
  dumpGrid(file, grid);
}

// std::unitbuf and setf(unitbuf) flush after every '<<'.
void openAudit(std::ofstream &audit, const char *path) {
  audit.open(path);
  audit << std::unitbuf;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'std::unitbuf' flushes the file stream after every output operation: one write(2) per '<<'; remove it
  audit.setf(std::ios::unitbuf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setf(std::ios::unitbuf)' flushes the file stream after every output operation
}
// CHECK-FIXES: audit.open(path);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: }

// An unbuffered filebuf.
void rawTrace(const char *path, const std::vector<std::string> &lines) {
  std::ofstream trace;
  trace.rdbuf()->pubsetbuf(nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pubsetbuf(nullptr, 0)' makes the file buffer unbuffered: one write(2) per output operation; remove it
  trace.open(path);
  for (const std::string &l : lines)
    trace << l << '\n';
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: each output here is a write(2)
}
// CHECK-FIXES: std::ofstream trace;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   trace.open(path);

// A streambuf that writes each character with write(2).
class FdBuf : public std::streambuf {
public:
  explicit FdBuf(int fd) : fd_(fd) {}

protected:
  int_type overflow(int_type ch) override {
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'overflow' writes each character with write(2) and 'FdBuf' never sets a put area (setp): one syscall per character; give it a buffer and write it out in overflow() and sync()
    if (ch == traits_type::eof())
      return traits_type::not_eof(ch);
    char c = static_cast<char>(ch);
    return ::write(fd_, &c, 1) == 1 ? ch : traits_type::eof();
  }

private:
  int fd_;
};

// A wide file stream gets a wide newline.
void writeNames(const char *path, const std::vector<std::wstring> &names) {
  std::wofstream out(path);
  for (const std::wstring &n : names)
    out << n << std::endl;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'std::endl' flushes the file stream on every iteration
}
// CHECK-FIXES: out << n << L'\n';

// A do-while over records.
void drain(std::ofstream &sink, std::vector<int> &queue) {
  do {
    sink << queue.back() << std::flush << '\n';
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'std::flush' flushes the file stream on every iteration
    queue.pop_back();
  } while (!queue.empty());
}
// CHECK-FIXES: sink << queue.back() << '\n';
// CHECK-FIXES: } while (!queue.empty());
// CHECK-FIXES-NEXT: sink.flush();

// A lambda inside a function is analysed as a function of its own, once.
void saveAll(const std::vector<std::string> &paths) {
  auto writeLines = [](const std::string &path) {
    std::ofstream out(path);
    for (int i = 0; i < 3; ++i)
      out << i << std::endl;
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'std::endl' flushes the file stream on every iteration
  };
  for (const std::string &p : paths)
    writeLines(p);
}
// CHECK-FIXES: out << i << '\n';

// A member stream flushed per event through this->.
class EventLog {
public:
  explicit EventLog(const char *path) : out_(path) {}
  void drain(std::vector<std::string> &events) {
    while (!events.empty()) {
      this->out_ << events.back() << '\n' << std::flush;
      // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: 'std::flush' flushes the file stream on every iteration
      events.pop_back();
    }
  }

private:
  std::ofstream out_;
};
// CHECK-FIXES: this->out_ << events.back() << '\n';
// CHECK-FIXES: this->out_.flush();

// ios_base::unitbuf spelled through ios_base.
void openTrace(std::ofstream &trace) {
  trace.setf(std::ios_base::unitbuf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setf(std::ios::unitbuf)' flushes the file stream
}
// CHECK-FIXES: void openTrace(std::ofstream &trace) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: }

// C stdio from C++: a flush per record on a std::fopen'ed file.
int saveRecords(const char *path, const std::vector<int> &v) {
  std::FILE *f = std::fopen(path, "w");
  for (int x : v) {
    std::fprintf(f, "%d\n", x);
    std::fflush(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fflush' in a loop that writes to a file stream
  }
  return std::fclose(f);
}
// CHECK-FIXES: std::fprintf(f, "%d\n", x);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT:   fflush(f);

// std::setbuf(f, nullptr), two writes per record.
int savePairs(const char *path, const std::vector<std::string> &keys) {
  std::FILE *f = std::fopen(path, "w");
  std::setbuf(f, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setbuf(f, NULL)' makes a file stream unbuffered: 2 write(2) calls per record
  for (const std::string &k : keys) {
    std::fputs(k.c_str(), f);
    std::fputc('\n', f);
  }
  return std::fclose(f);
}
// CHECK-FIXES: std::FILE *f = std::fopen(path, "w");
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   for (const std::string &k : keys) {

// Manipulators in parentheses, as macro-heavy logging code spells them; the
// fix takes the parentheses with them.
void writeSpans(std::ofstream &out, const std::vector<int> &spans) {
  for (int s : spans) {
    out << s << (std::endl);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'std::endl' flushes the file stream on every iteration
    // CHECK-FIXES: {{^}}    out << s << '\n';{{$}}
    out << (std::flush);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'std::flush' flushes the file stream on every iteration
  }
  // CHECK-FIXES: {{^}}  }{{$}}
  // CHECK-FIXES-NEXT: {{^}}  out.flush();{{$}}
}

// A flush that is a statement of its own goes with its line.
void writeTicks(std::ofstream &out, int n) {
  for (int i = 0; i < n; ++i) {
    out << i << ',';
    out << std::flush;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'std::flush' flushes the file stream on every iteration
  }
  // CHECK-FIXES: {{^}}    out << i << ',';{{$}}
  // CHECK-FIXES-NOT: out << std::flush;
}

// Two calls below the loop: save() makes the file, write_body() loops,
// write_item() ends each item with std::endl.
struct Item {
  std::string key, value;
};
static void write_item(std::ostream &os, const Item &it) {
  os << it.key << '=' << it.value << std::endl;
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'std::endl' flushes the file stream on every call of 'write_item', which 'write_body' makes in a loop: one write(2) per line; write '\n' and let the buffer fill (a caller passes a file stream) [syscall-unbuffered-autoflush]
}
// CHECK-FIXES: os << it.key << '=' << it.value << '\n';
static void write_body(std::ostream &os, const std::vector<Item> &items) {
  for (const Item &it : items)
    write_item(os, it);
}
bool save(const char *path, const std::vector<Item> &items) {
  std::ofstream out(path);
  write_body(out, items);
  return bool(out);
}

// Three levels, and std::flush, which goes.
static void put_row(std::ostream &os, int v) { os << v << std::flush; }
// CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'std::flush' flushes the file stream on every call of 'put_row', which 'put_rows' makes in a loop: one write(2) per record; drop it and let the buffer fill (a caller passes a file stream)
// CHECK-FIXES: static void put_row(std::ostream &os, int v) { os << v; }
static void put_rows(std::ostream &os, int n) {
  while (n-- > 0)
    put_row(os, n);
}
static void put_table(std::ostream &os) { put_rows(os, 100); }
void dump_table(const std::string &path) {
  std::ofstream f(path);
  put_table(f);
}

// ------------------------------------------------------------ must not flag

// In-memory streams cost no syscall per flush.
std::string render(const std::vector<int> &values) {
  std::ostringstream os;
  for (int v : values)
    os << v << std::endl;
  return os.str();
}

// Diagnostics and interactive output.
void progress(int steps) {
  for (int i = 0; i < steps; ++i) {
    std::cerr << "step " << i << std::endl;
    std::clog << i << std::flush;
    std::cout << '.' << std::flush;
  }
}

// One endl after the loop.
void writeOnce(const char *path, const std::vector<int> &values) {
  std::ofstream out(path);
  for (int v : values)
    out << v << ' ';
  out << std::endl;
}

// A stream opened per iteration.
void onePerFile(const std::vector<std::string> &paths) {
  for (const std::string &p : paths) {
    std::ofstream out(p);
    out << p << std::endl;
  }
}

// An ostream& whose callers here pass only std::cout.
void printAll(std::ostream &os, const std::vector<int> &values) {
  for (int v : values)
    os << v << std::endl;
}
void showAll(const std::vector<int> &values) { printAll(std::cout, values); }

// unitbuf on std::cerr-like streams of unknown kind.
void makeUnbuffered(std::ostream &os) { os << std::unitbuf; }

// A streambuf with a put area: overflow() runs once per buffer.
class BufferedFd : public std::streambuf {
public:
  explicit BufferedFd(int fd) : fd_(fd) { setp(buf_, buf_ + sizeof buf_); }

protected:
  int_type overflow(int_type ch) override {
    ::write(fd_, pbase(), pptr() - pbase());
    setp(buf_, buf_ + sizeof buf_);
    if (ch != traits_type::eof())
      sputc(static_cast<char>(ch));
    return traits_type::not_eof(ch);
  }

private:
  int fd_;
  char buf_[4096];
};

// A stringstream's buffer.
void memoryBuffer(std::stringstream &ss) { ss.rdbuf()->pubsetbuf(nullptr, 0); }

// An in-memory stream made unitbuf.
std::string unitbufInMemory(const std::vector<int> &v) {
  std::stringstream ss;
  ss << std::unitbuf;
  for (int x : v)
    ss << x << std::flush;
  return ss.str();
}

// A stream over a descriptor of unknown kind (a socket?).
void replyLines(int sock, const std::vector<std::string> &lines) {
  std::FILE *f = fdopen(sock, "w");
  setvbuf(f, nullptr, _IONBF, 0);
  for (const std::string &l : lines) {
    std::fputs(l.c_str(), f);
    std::fputc('\n', f);
  }
}

// An ostream& parameter that no caller in this file points at a file.
void printTable(std::ostream &os, const std::vector<int> &v) {
  for (int x : v)
    os << x << std::endl;
}

// A flush made durable each time.
int saveDurably(const char *path, const std::vector<int> &v) {
  std::FILE *f = std::fopen(path, "w");
  for (int x : v) {
    std::fprintf(f, "%d\n", x);
    std::fflush(f);
    fsync(fileno(f));
  }
  return std::fclose(f);
}

// Diagnostics per line on stderr.
void warnAll(const std::vector<std::string> &msgs) {
  for (const std::string &m : msgs) {
    std::fputs(m.c_str(), stderr);
    std::fflush(stderr);
  }
}

// Parenthesised manipulators on the terminal and on a string stream.
void progressDots(std::ostringstream &ss, int n) {
  for (int i = 0; i < n; ++i) {
    std::cout << '.' << (std::flush);
    ss << i << (std::endl);
  }
  std::cout << (std::unitbuf);
}

// A helper ending its line with std::endl, called once per run.
static void write_header(std::ostream &os) { os << "# v1" << std::endl; }
void save_header(const char *path) {
  std::ofstream out(path);
  write_header(out);
}

// Called in a loop, but on the terminal (a progress line is meant to show).
static void show_step(std::ostream &os, int i) { os << i << std::endl; }
void run_steps(int n) {
  for (int i = 0; i < n; i++)
    show_step(std::cout, i);
}

// Called in a loop on a string stream: no syscall at all.
static void add_line(std::ostream &os, int i) { os << i << std::endl; }
std::string collect(int n) {
  std::ostringstream ss;
  for (int i = 0; i < n; i++)
    add_line(ss, i);
  return ss.str();
}

// Passed down from a caller this file does not see (a public function's
// parameter): who owns the stream, and what it is, is not known.
static void emit(std::ostream &os, int v) { os << v << std::endl; }
void emit_all(std::ostream &os, int n) {
  for (int i = 0; i < n; i++)
    emit(os, i);
}

// Stream buffers spelt as projects write them: a class template used
// with char, a definition out of the class, a class nested in another.
namespace sink {
template <class Ch> class CharBuf : public std::basic_streambuf<Ch> {
  using Base = std::basic_streambuf<Ch>;

protected:
  typename Base::int_type overflow(typename Base::int_type ch) override {
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'overflow' writes each character with write(2) and 'CharBuf<char>' never sets a put area (setp)
    char c = static_cast<char>(ch);
    return ::write(1, &c, 1) == 1 ? ch : Base::traits_type::eof();
  }
};
CharBuf<char> console;

class LogBuf : public std::streambuf {
protected:
  int_type overflow(int_type ch) override;

public:
  struct Mirror : std::streambuf {
    int_type overflow(int_type ch) override {
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'overflow' writes each character with write(2) and 'Mirror' never sets a put area (setp)
      char c = static_cast<char>(ch);
      return ::write(2, &c, 1) == 1 ? ch : traits_type::eof();
    }
  };
};
LogBuf::int_type LogBuf::overflow(int_type ch) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'overflow' writes each character with write(2) and 'LogBuf' never sets a put area (setp)
  char c = static_cast<char>(ch);
  return ::write(3, &c, 1) == 1 ? ch : traits_type::eof();
}

// Look-alikes: a template never used, a template that sets a put area, a
// class that is no stream buffer, and a nested one that sets a put area.
template <class Ch> class UnusedBuf : public std::basic_streambuf<Ch> {
protected:
  typename std::basic_streambuf<Ch>::int_type
  overflow(typename std::basic_streambuf<Ch>::int_type ch) override {
    char c = static_cast<char>(ch);
    ::write(1, &c, 1);
    return ch;
  }
};
template <class Ch> class AreaBuf : public std::basic_streambuf<Ch> {
public:
  AreaBuf() { this->setp(buf_, buf_ + 64); }

protected:
  typename std::basic_streambuf<Ch>::int_type
  overflow(typename std::basic_streambuf<Ch>::int_type ch) override {
    ::write(1, this->pbase(), this->pptr() - this->pbase());
    this->setp(buf_, buf_ + 64);
    return ch;
  }

private:
  Ch buf_[64];
};
AreaBuf<char> buffered;
struct Counter {
  int overflow(int ch) {
    char c = static_cast<char>(ch);
    return static_cast<int>(::write(1, &c, 1));
  }
};
struct Outer {
  struct Area : std::streambuf {
    Area() { setp(buf_, buf_ + sizeof buf_); }
    int_type overflow(int_type ch) override {
      ::write(1, pbase(), pptr() - pbase());
      setp(buf_, buf_ + sizeof buf_);
      return ch;
    }
    char buf_[64];
  };
};
} // namespace sink

// A stream buffer local to the function that uses it, and its look-alike
// with a put area.
void log_to_stderr(const char *msg) {
  struct ErrBuf : std::streambuf {
    int_type overflow(int_type ch) override {
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'overflow' writes each character with write(2) and 'ErrBuf' never sets a put area (setp)
      char c = static_cast<char>(ch);
      return ::write(2, &c, 1) == 1 ? ch : traits_type::eof();
    }
  } buf;
  std::ostream(&buf) << msg;
}
void log_buffered(const char *msg) {
  struct AreaErrBuf : std::streambuf {
    AreaErrBuf() { setp(area, area + sizeof area); }
    int_type overflow(int_type ch) override {
      ::write(2, pbase(), pptr() - pbase());
      setp(area, area + sizeof area);
      return ch;
    }
    char area[64];
  } buf;
  std::ostream(&buf) << msg;
}
