// libFuzzer target for lio_writer: random piece sizes, flushes, and a sink
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// that takes short writes, fails with EINTR, or fails for good. Whatever
// happens, what reached the sink is a prefix of what was written, all of it
// when no error was reported, and a reported error is sticky.
#include "leanio/leanio.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Sink {
  const uint8_t *script;
  size_t len, pos;
  std::string data;
  uint8_t next() { return pos < len ? script[pos++] : 0xff; }
};

ssize_t sink(void *ctx, const void *buf, size_t n) {
  auto *s = static_cast<Sink *>(ctx);
  uint8_t op = s->next();
  if (op < 8) {
    errno = EINTR;
    return -1;
  }
  if (op == 8) {
    errno = EIO;
    return -1;
  }
  size_t take = op < 128 ? (n < op ? n : op) : n; // short or whole
  s->data.append(static_cast<const char *>(buf), take);
  return static_cast<ssize_t>(take);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  size_t half = size / 2;
  Sink s{data + half, size - half, 0, {}};
  size_t buffer = 1 + data[0] % 200;
  lio_writer *w = lio_writer_open_sink(sink, &s, buffer);
  std::string written;
  bool failed = false;
  for (size_t i = 1; i < half; ++i) {
    uint8_t op = data[i];
    int rc;
    if (op % 16 == 0) {
      rc = lio_writer_flush(w);
    } else {
      std::string piece(op % 3 == 0 ? op * 3u : op % 40u, char('a' + i % 26));
      rc = lio_writer_write(w, piece.data(), piece.size());
      if (rc == 0)
        written += piece;
    }
    if (rc != 0) {
      if (!failed && lio_writer_error(w) == 0)
        abort(); // a failure must leave the sticky error
      failed = true;
    } else if (failed) {
      abort(); // an error must stay sticky
    }
  }
  int rc = lio_writer_close(w);
  if (failed && rc == 0)
    abort(); // close must report lost data
  if (rc == 0 && s.data != written)
    abort(); // nothing reported: everything must have arrived
  if (s.data.size() > written.size() + 40 * 3 * 255 ||
      written.compare(
          0, std::min(written.size(), s.data.size()),
          s.data.substr(0, std::min(written.size(), s.data.size()))) != 0)
    abort(); // what arrived is what was written, in order
  return 0;
}
