// leanio for C++17: RAII and move-only wrappers over the C API.
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

  explicit operator bool() const { return file_ != nullptr; }
  std::error_code write(std::string_view data) {
    return check(lio_file_write(file_, data.data(), data.size()));
  }
  std::error_code write_at(std::string_view data, off_t offset) {
    return check(lio_file_write_at(file_, data.data(), data.size(), offset));
  }
  ssize_t read(void *buf, size_t n) { return lio_file_read(file_, buf, n); }
  off_t seek(off_t off, int whence) {
    return lio_file_seek(file_, off, whence);
  }
  off_t tell() { return lio_file_tell(file_); }
  std::error_code close() {
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
  lio_file *file_ = nullptr;
};

/// A buffered writer (see lio_writer). Errors are sticky: every call after
/// a failed write reports it, and close() reports whether anything was
/// lost.
class Writer {
public:
  explicit Writer(int fd, size_t buffer_size = 0, bool own_fd = false)
      : w_(lio_writer_open_fd(fd, buffer_size,
                              own_fd ? LIO_WRITER_OWN_FD : 0)) {}
  explicit Writer(File &file, size_t buffer_size = 0)
      : w_(lio_writer_open_file(file.get(), buffer_size)) {}
  Writer(lio_sink_fn sink, void *ctx, size_t buffer_size = 0)
      : w_(lio_writer_open_sink(sink, ctx, buffer_size)) {}
  Writer(Writer &&o) noexcept : w_(std::exchange(o.w_, nullptr)) {}
  Writer &operator=(Writer &&o) noexcept {
    if (this != &o) {
      finish();
      w_ = std::exchange(o.w_, nullptr);
    }
    return *this;
  }
  Writer(const Writer &) = delete;
  Writer &operator=(const Writer &) = delete;
  ~Writer() { finish(); }

  explicit operator bool() const { return w_ && lio_writer_error(w_) == 0; }
  Writer &write(std::string_view s) {
    lio_writer_write(w_, s.data(), s.size());
    return *this;
  }
  Writer &operator<<(std::string_view s) { return write(s); }
  Writer &operator<<(const char *s) { return write(s); }
  Writer &operator<<(char c) {
    lio_writer_putc(w_, c);
    return *this;
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> &&
                                                    !std::is_same_v<T, char> &&
                                                    !std::is_same_v<T, bool>>>
  Writer &operator<<(T value) {
    if constexpr (std::is_signed_v<T>)
      lio_writer_put_int(w_, static_cast<long long>(value));
    else
      lio_writer_put_uint(w_, static_cast<unsigned long long>(value));
    return *this;
  }
  std::error_code flush() { return code(lio_writer_flush(w_)); }
  std::error_code error() const {
    return std::error_code(lio_writer_error(w_), std::generic_category());
  }
  /// Flushes and releases; the error of any data that was not written.
  std::error_code close() {
    return code(lio_writer_close(std::exchange(w_, nullptr)));
  }
  lio_writer *get() const { return w_; }

private:
  static std::error_code code(int rc) {
    return rc < 0 ? std::error_code(errno, std::generic_category())
                  : std::error_code();
  }
  void finish() noexcept;
  lio_writer *w_;
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
