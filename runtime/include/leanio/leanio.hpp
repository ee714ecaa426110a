// leanio for C++17: RAII and move-only wrappers over the C API.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef LEANIO_LEANIO_HPP
#define LEANIO_LEANIO_HPP

#include "leanio/leanio.h"

#include <cerrno>
#include <streambuf>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

namespace leanio {

/// Receives the error of a Writer destroyed with data it could not write
/// (a destructor must not throw). The default prints one line to stderr.
using UnreportedErrorHandler = void (*)(std::error_code);
/// Installs \p handler (null restores the default); returns the previous one.
UnreportedErrorHandler set_unreported_error_handler(UnreportedErrorHandler);

/// A file handle that keeps its position in user space (see lio_file).
class File {
public:
  File() = default;
  static File open(const char *path, int oflag, mode_t mode,
                   std::error_code &ec) {
    File f;
    f.file_ = lio_file_open(path, oflag, mode);
    ec = f.file_ ? std::error_code()
                 : std::error_code(errno, std::generic_category());
    return f;
  }
  File(File &&o) noexcept : file_(std::exchange(o.file_, nullptr)) {}
  File &operator=(File &&o) noexcept {
    if (this != &o) {
      lio_file_close(file_);
      file_ = std::exchange(o.file_, nullptr);
    }
    return *this;
  }
  File(const File &) = delete;
  File &operator=(const File &) = delete;
  ~File() { lio_file_close(file_); }

  // Every call on a closed, moved-from or never-opened File fails with
  // EBADF (-1 and errno for the ssize_t/off_t ones), as on a closed fd.
  explicit operator bool() const { return file_ != nullptr; }
  std::error_code write(std::string_view data) {
    if (!file_)
      return closed();
    return check(lio_file_write(file_, data.data(), data.size()));
  }
  std::error_code write_at(std::string_view data, off_t offset) {
    if (!file_)
      return closed();
    return check(lio_file_write_at(file_, data.data(), data.size(), offset));
  }
  ssize_t read(void *buf, size_t n) {
    return file_ ? lio_file_read(file_, buf, n) : closedValue();
  }
  off_t seek(off_t off, int whence) {
    return file_ ? lio_file_seek(file_, off, whence) : closedValue();
  }
  off_t tell() { return file_ ? lio_file_tell(file_) : closedValue(); }
  std::error_code close() {
    if (!file_)
      return closed();
    int rc = lio_file_close(std::exchange(file_, nullptr));
    return rc == 0 ? std::error_code()
                   : std::error_code(errno, std::generic_category());
  }
  lio_file *get() const { return file_; }

private:
  static std::error_code check(ssize_t rc) {
    return rc < 0 ? std::error_code(errno, std::generic_category())
                  : std::error_code();
  }
  static std::error_code closed() {
    return std::error_code(EBADF, std::generic_category());
  }
  static int closedValue() {
    errno = EBADF;
    return -1;
  }
  lio_file *file_ = nullptr;
};

/// A buffered writer (see lio_writer). Errors are sticky: every call after
/// a failed write reports it, and close() reports whether anything was
/// lost.
class Writer {
public:
  /// Writes to \p fd; a negative \p fd (a failed open) makes a writer whose
  /// every call fails with EBADF, never one that reports success until
  /// close.
  explicit Writer(int fd, size_t buffer_size = 0, bool own_fd = false)
      : w_(lio_writer_open_fd(fd, buffer_size, own_fd ? LIO_WRITER_OWN_FD : 0)),
        err_(w_ ? 0 : errno) {}
  /// Writes through \p file, which must outlive the writer. It goes through
  /// the File, not its handle, so that once \p file is closed or moved from
  /// the writes fail with EBADF instead of using a freed handle.
  explicit Writer(File &file, size_t buffer_size = 0)
      : w_(file ? lio_writer_open_sink(write_to_file, &file, buffer_size)
                : nullptr),
        err_(w_     ? 0
             : file ? errno
                    : EBADF) {}
  Writer(lio_sink_fn sink, void *ctx, size_t buffer_size = 0)
      : w_(lio_writer_open_sink(sink, ctx, buffer_size)), err_(w_ ? 0 : errno) {
  }
  /// Opens \p path for writing (lio_open) and writes to it; on failure
  /// \p ec and the writer's error() are the open's errno.
  static Writer open(const char *path, int oflag, mode_t mode,
                     std::error_code &ec, size_t buffer_size = 0) {
    int fd = lio_open(path, oflag, mode);
    int open_errno = errno;
    Writer w(fd, buffer_size, /*own_fd=*/true);
    if (fd < 0)
      w.err_ = open_errno;
    ec = w.error();
    return w;
  }
  Writer(Writer &&o) noexcept
      : w_(std::exchange(o.w_, nullptr)), err_(std::exchange(o.err_, EBADF)) {}
  Writer &operator=(Writer &&o) noexcept {
    if (this != &o) {
      finish();
      w_ = std::exchange(o.w_, nullptr);
      err_ = std::exchange(o.err_, EBADF);
    }
    return *this;
  }
  Writer(const Writer &) = delete;
  Writer &operator=(const Writer &) = delete;
  ~Writer() { finish(); }

  // A writer that failed to open, was closed or moved from takes no data:
  // each call leaves error() set (EBADF, or the failed open's errno).
  explicit operator bool() const { return w_ && lio_writer_error(w_) == 0; }
  Writer &write(std::string_view s) {
    if (w_)
      lio_writer_write(w_, s.data(), s.size());
    return *this;
  }
  Writer &operator<<(std::string_view s) { return write(s); }
  Writer &operator<<(const char *s) { return write(s ? s : "(null)"); }
  Writer &operator<<(char c) {
    if (w_)
      lio_writer_putc(w_, c);
    return *this;
  }
  Writer &operator<<(bool b) { return write(b ? "true" : "false"); }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> &&
                                                    !std::is_same_v<T, char> &&
                                                    !std::is_same_v<T, bool>>>
  Writer &operator<<(T value) {
    if (!w_)
      return *this;
    if constexpr (std::is_signed_v<T>)
      lio_writer_put_int(w_, static_cast<long long>(value));
    else
      lio_writer_put_uint(w_, static_cast<unsigned long long>(value));
    return *this;
  }
  /// The shortest text that reads back as the same value (std::to_chars).
  Writer &operator<<(float value) { return put_floating(value); }
  Writer &operator<<(double value) { return put_floating(value); }
  Writer &operator<<(long double value) { return put_floating(value); }
  std::error_code flush() { return w_ ? code(lio_writer_flush(w_)) : error(); }
  std::error_code error() const {
    return std::error_code(w_ ? lio_writer_error(w_) : err_,
                           std::generic_category());
  }
  /// Flushes and releases; the error of any data that was not written.
  std::error_code close() {
    if (!w_)
      return error();
    err_ = EBADF; // what later calls report
    return code(lio_writer_close(std::exchange(w_, nullptr)));
  }
  lio_writer *get() const { return w_; }

private:
  static std::error_code code(int rc) {
    return rc < 0 ? std::error_code(errno, std::generic_category())
                  : std::error_code();
  }
  template <typename F> Writer &put_floating(F value);
  static ssize_t write_to_file(void *file, const void *data, size_t n);
  void finish() noexcept;
  lio_writer *w_;
  int err_; ///< the error of calls when w_ is null
};

/// A std::streambuf over a Writer, so that iostream code gets the same
/// buffering: `std::ostream os(&buf); os << x << '\n';`.
class WriterStreambuf : public std::streambuf {
public:
  explicit WriterStreambuf(Writer &w) : w_(w) {}

protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char *s, std::streamsize n) override;
  int sync() override;

private:
  Writer &w_;
};

} // namespace leanio

#endif // LEANIO_LEANIO_HPP
