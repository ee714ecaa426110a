//===--- LspTransport.h - JSON-RPC messages framed as LSP frames them -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_LSPTRANSPORT_H
#define SYSCALL_TIDY_TOOL_LSPTRANSPORT_H

#include "llvm/Support/JSON.h"
#include <cstdio>
#include <mutex>
#include <string>

namespace syscall_tidy {

/// Reads messages from one stream and writes messages to another, each
/// after a "Content-Length: N" header and an empty line.
class LspTransport {
public:
  LspTransport(std::FILE *In, std::FILE *Out) : In(In), Out(Out) {}

  enum class Read { Message, Malformed, End };
  /// The next message's body. Malformed when the body is not JSON (then
  /// \p Error says why and reading goes on); End at the end of the input
  /// or when the framing itself is broken (no length to skip by).
  Read read(llvm::json::Value &Message, std::string &Error);

  /// Writes \p Message whole; safe from any thread. False when the client
  /// is gone.
  bool send(const llvm::json::Value &Message);

private:
  std::FILE *In, *Out;
  std::mutex WriteLock;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_LSPTRANSPORT_H
