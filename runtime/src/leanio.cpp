// The non-inline parts of the C++ API.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "leanio/leanio.hpp"

#include <atomic>
#include <charconv>
#include <cstdio>

namespace leanio {

namespace {

void print_error(std::error_code ec) {
  std::fprintf(stderr,
               "leanio: a writer was destroyed with unwritten data: %s\n",
               ec.message().c_str());
}

std::atomic<UnreportedErrorHandler> handler{print_error};

} // namespace

UnreportedErrorHandler set_unreported_error_handler(UnreportedErrorHandler h) {
  return handler.exchange(h ? h : print_error);
}

template <typename F> Writer &Writer::put_floating(F value) {
  char text[64];
  std::to_chars_result r = std::to_chars(text, text + sizeof text, value);
  return write(std::string_view(text, r.ec == std::errc() ? r.ptr - text : 0));
}
template Writer &Writer::put_floating(float);
template Writer &Writer::put_floating(double);
template Writer &Writer::put_floating(long double);

ssize_t Writer::write_to_file(void *file, const void *data, size_t n) {
  lio_file *f = static_cast<File *>(file)->get();
  if (!f) {
    errno = EBADF;
    return -1;
  }
  return lio_file_write(f, data, n);
}

void Writer::finish() noexcept {
  if (!w_)
    return;
  if (std::error_code ec = close())
    handler.load()(ec);
}

WriterStreambuf::int_type WriterStreambuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof()))
    return traits_type::not_eof(ch);
  w_ << traits_type::to_char_type(ch);
  return w_ ? ch : traits_type::eof();
}

std::streamsize WriterStreambuf::xsputn(const char *s, std::streamsize n) {
  w_.write(std::string_view(s, static_cast<size_t>(n)));
  return w_ ? n : 0;
}

int WriterStreambuf::sync() { return w_.flush() ? -1 : 0; }

} // namespace leanio
