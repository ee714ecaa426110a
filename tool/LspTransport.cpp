//===--- LspTransport.cpp - JSON-RPC messages framed as LSP frames them ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LspTransport.h"
#include "BoundedInput.h"
#include "llvm/Support/raw_ostream.h"

namespace syscall_tidy {

namespace {

/// A body larger than this is refused: no editor sends one, and a bad
/// length must not make the server allocate it.
constexpr size_t MaxBody = 256u << 20;

bool readLine(std::FILE *In, std::string &Line) {
  Line.clear();
  for (int C; (C = std::fgetc(In)) != EOF;) {
    if (C == '\n') {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return true;
    }
    if (Line.size() > 4096)
      return false; // not a header
    Line += static_cast<char>(C);
  }
  return false;
}

} // namespace

LspTransport::Read LspTransport::read(llvm::json::Value &Message,
                                      std::string &Error) {
  std::optional<size_t> Length;
  std::string Line;
  // Headers until the empty line; blank lines before the first header (a
  // client that ended its last body with a newline) are skipped.
  while (true) {
    if (!readLine(In, Line))
      return Read::End;
    if (Line.empty()) {
      if (Length)
        break;
      continue;
    }
    auto [Name, Value] = llvm::StringRef(Line).split(':');
    if (Name.trim().equals_insensitive("Content-Length")) {
      size_t N;
      if (Value.trim().getAsInteger(10, N) || N > MaxBody)
        return Read::End;
      Length = N;
    }
  }
  std::string Body(*Length, '\0');
  if (std::fread(Body.data(), 1, Body.size(), In) != Body.size())
    return Read::End;
  std::optional<llvm::json::Value> Parsed = parseBoundedJson(Body, Error);
  if (!Parsed)
    return Read::Malformed;
  Message = std::move(*Parsed);
  return Read::Message;
}

bool LspTransport::send(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream(Body) << Message;
  std::lock_guard<std::mutex> Guard(WriteLock);
  std::fprintf(Out, "Content-Length: %zu\r\n\r\n", Body.size());
  std::fwrite(Body.data(), 1, Body.size(), Out);
  return std::fflush(Out) == 0 && !std::ferror(Out);
}

} // namespace syscall_tidy
