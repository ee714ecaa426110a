//===--- HttpStore.h - Blobs kept on a web server with GET and PUT -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The shared tier of the result cache: any server that stores a PUT body
// and serves it back on GET (a WebDAV directory of nginx or Apache, a
// build-cache server). Requests go through libcurl: http:// and https://,
// the proxy variables (http_proxy, https_proxy, no_proxy), redirects, and a
// bearer token from SYSCALL_TIDY_CACHE_TOKEN. Every request is bounded in
// time and every body in size, so a slow, dead or hostile server costs
// seconds and a miss, never a hung job or memory without end.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_HTTPSTORE_H
#define SYSCALL_TIDY_TOOL_HTTPSTORE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>

namespace syscall_tidy {

class HttpStore {
public:
  /// A store under \p Url ("http[s]://host[:port][/path]"); null with
  /// \p Error set when it is not such a URL.
  static std::unique_ptr<HttpStore> create(llvm::StringRef Url,
                                           std::string &Error);
  ~HttpStore();

  enum class Outcome { Found, Missing, Failed };
  /// GET of \p Name: its body in \p Body when Found; Failed with \p Error
  /// when the server cannot be reached, answers with an error, is too slow
  /// or sends more than \p MaxBytes.
  Outcome get(llvm::StringRef Name, uint64_t MaxBytes, std::string &Body,
              std::string &Error);
  /// PUT of \p Body as \p Name; false with \p Error.
  bool put(llvm::StringRef Name, llvm::StringRef Body, std::string &Error);

private:
  HttpStore() = default;
  std::string Base;  ///< the URL, ending in '/'
  std::string Token; ///< "Authorization: Bearer ..." or empty
};

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_HTTPSTORE_H
