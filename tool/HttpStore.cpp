//===--- HttpStore.cpp - Blobs kept on a web server with GET and PUT -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "HttpStore.h"
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <curl/curl.h>
#include <mutex>

namespace syscall_tidy {

namespace {

constexpr long ConnectSeconds = 3;
constexpr long TransferSeconds = 30;
// A server that trickles (a few bytes a second) is as good as down.
constexpr long SlowBytesPerSecond = 512, SlowSeconds = 5;
constexpr long MaxRedirects = 5;

void initialiseOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Download {
  std::string &Body;
  uint64_t MaxBytes;
  bool TooLarge = false;
};

size_t receive(char *Data, size_t Size, size_t Count, void *User) {
  auto &D = *static_cast<Download *>(User);
  size_t Bytes = Size * Count;
  if (D.Body.size() + Bytes > D.MaxBytes) {
    D.TooLarge = true;
    return 0; // makes libcurl stop with CURLE_WRITE_ERROR
  }
  D.Body.append(Data, Bytes);
  return Bytes;
}

struct Upload {
  llvm::StringRef Rest;
};

size_t send(char *Buffer, size_t Size, size_t Count, void *User) {
  auto &U = *static_cast<Upload *>(User);
  size_t Bytes = std::min(Size * Count, U.Rest.size());
  std::memcpy(Buffer, U.Rest.data(), Bytes);
  U.Rest = U.Rest.drop_front(Bytes);
  return Bytes;
}

/// A handle with what every request shares: limits, redirects, the token.
struct Request {
  CURL *Handle = curl_easy_init();
  curl_slist *Headers = nullptr;
  char Detail[CURL_ERROR_SIZE] = "";
  CURLcode Code = CURLE_OK;
  Request(const std::string &Url, const std::string &Token) {
    if (!Handle)
      return;
    curl_easy_setopt(Handle, CURLOPT_URL, Url.c_str());
    curl_easy_setopt(Handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(Handle, CURLOPT_ERRORBUFFER, Detail);
    curl_easy_setopt(Handle, CURLOPT_CONNECTTIMEOUT, ConnectSeconds);
    curl_easy_setopt(Handle, CURLOPT_TIMEOUT, TransferSeconds);
    curl_easy_setopt(Handle, CURLOPT_LOW_SPEED_LIMIT, SlowBytesPerSecond);
    curl_easy_setopt(Handle, CURLOPT_LOW_SPEED_TIME, SlowSeconds);
    curl_easy_setopt(Handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(Handle, CURLOPT_MAXREDIRS, MaxRedirects);
    // A redirect may not take the token to another scheme (https -> http).
#if LIBCURL_VERSION_NUM >= 0x071304
    curl_easy_setopt(Handle, CURLOPT_REDIR_PROTOCOLS,
                     CURLPROTO_HTTP | CURLPROTO_HTTPS);
#endif
    if (!Token.empty()) {
      Headers = curl_slist_append(Headers, Token.c_str());
      curl_easy_setopt(Handle, CURLOPT_HTTPHEADER, Headers);
    }
  }
  ~Request() {
    curl_slist_free_all(Headers);
    if (Handle)
      curl_easy_cleanup(Handle);
  }
  /// Performs the request: the status code, or 0 with \p Error.
  long perform(std::string &Error) {
    if (!Handle) {
      Error = "cannot start an HTTP request";
      return 0;
    }
    Code = curl_easy_perform(Handle);
    if (Code != CURLE_OK) {
      Error = *Detail ? Detail : curl_easy_strerror(Code);
      return 0;
    }
    long Status = 0;
    curl_easy_getinfo(Handle, CURLINFO_RESPONSE_CODE, &Status);
    return Status;
  }
};

} // namespace

std::unique_ptr<HttpStore> HttpStore::create(llvm::StringRef Url,
                                             std::string &Error) {
  initialiseOnce();
  CURLU *Parsed = curl_url();
  bool Valid = Parsed && curl_url_set(Parsed, CURLUPART_URL, Url.str().c_str(),
                                      0) == CURLUE_OK;
  char *Scheme = nullptr, *Host = nullptr;
  Valid = Valid &&
          curl_url_get(Parsed, CURLUPART_SCHEME, &Scheme, 0) == CURLUE_OK &&
          curl_url_get(Parsed, CURLUPART_HOST, &Host, 0) == CURLUE_OK;
  std::string SchemeName = Scheme ? Scheme : "";
  curl_free(Scheme);
  curl_free(Host);
  curl_url_cleanup(Parsed);
  if (!Valid || (SchemeName != "http" && SchemeName != "https")) {
    Error = "--cache-url '" + Url.str() +
            "' is not an http:// or https:// URL with a host";
    return nullptr;
  }
  std::unique_ptr<HttpStore> Store(new HttpStore());
  Store->Base = Url.rtrim('/').str() + "/";
  if (const char *Token = std::getenv("SYSCALL_TIDY_CACHE_TOKEN");
      Token && *Token)
    Store->Token = std::string("Authorization: Bearer ") + Token;
  return Store;
}

HttpStore::~HttpStore() = default;

HttpStore::Outcome HttpStore::get(llvm::StringRef Name, uint64_t MaxBytes,
                                  std::string &Body, std::string &Error) {
  Body.clear();
  Download D{Body, MaxBytes};
  Request R(Base + Name.str(), Token);
  if (R.Handle) {
    curl_easy_setopt(R.Handle, CURLOPT_WRITEFUNCTION, receive);
    curl_easy_setopt(R.Handle, CURLOPT_WRITEDATA, &D);
    curl_easy_setopt(R.Handle, CURLOPT_MAXFILESIZE_LARGE,
                     static_cast<curl_off_t>(MaxBytes));
  }
  long Status = R.perform(Error);
  if (D.TooLarge || R.Code == CURLE_FILESIZE_EXCEEDED) {
    Body.clear();
    Error = "GET " + Name.str() + " sent more than " +
            std::to_string(MaxBytes) + " bytes";
    return Outcome::Failed;
  }
  if (Status == 200)
    return Outcome::Found;
  Body.clear();
  if (Status == 404)
    return Outcome::Missing;
  if (Status != 0)
    Error = "GET answered " + std::to_string(Status);
  return Outcome::Failed;
}

bool HttpStore::put(llvm::StringRef Name, llvm::StringRef Body,
                    std::string &Error) {
  Upload U{Body};
  std::string Ignored;
  Download Answer{Ignored, 1 << 16};
  Request R(Base + Name.str(), Token);
  if (R.Handle) {
    curl_easy_setopt(R.Handle, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(R.Handle, CURLOPT_READFUNCTION, send);
    curl_easy_setopt(R.Handle, CURLOPT_READDATA, &U);
    curl_easy_setopt(R.Handle, CURLOPT_INFILESIZE_LARGE,
                     static_cast<curl_off_t>(Body.size()));
    curl_easy_setopt(R.Handle, CURLOPT_WRITEFUNCTION, receive);
    curl_easy_setopt(R.Handle, CURLOPT_WRITEDATA, &Answer);
  }
  long Status = R.perform(Error);
  if (Status >= 200 && Status < 300)
    return true;
  if (Status != 0)
    Error = "PUT answered " + std::to_string(Status);
  return false;
}

} // namespace syscall_tidy
