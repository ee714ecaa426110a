//===--- HttpStore.h - Blobs kept on a web server with GET and PUT -------===//
//
// The shared tier of the result cache: any server that stores a PUT body
// and serves it back on GET (a WebDAV directory of nginx or Apache, a
// build-cache server). Plain http:// only; each request has its own
// connection and time limits, so a slow or dead server costs seconds, not
// a hung CI job.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_HTTPSTORE_H
#define SYSCALL_TIDY_TOOL_HTTPSTORE_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>

namespace syscall_tidy {

class HttpStore {
public:
  /// A store under \p Url ("http://host[:port][/path]"); null with \p Error
  /// set when it is not such a URL.
  static std::unique_ptr<HttpStore> create(llvm::StringRef Url,
                                           std::string &Error);

  enum class Outcome { Found, Missing, Failed };
  /// GET of \p Name: its body in \p Body when Found; Failed with \p Error
  /// when the server cannot be reached or answers with an error.
  Outcome get(llvm::StringRef Name, std::string &Body, std::string &Error);
  /// PUT of \p Body as \p Name; false with \p Error.
  bool put(llvm::StringRef Name, llvm::StringRef Body, std::string &Error);

private:
  /// One request; the status code, or 0 with \p Error.
  unsigned request(llvm::StringRef Method, llvm::StringRef Name,
                   llvm::StringRef Body, std::string &Response,
                   std::string &Error);
  std::string Host, Port, Path;
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_HTTPSTORE_H
