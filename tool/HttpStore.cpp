//===--- HttpStore.cpp - Blobs kept on a web server with GET and PUT -----===//

#include "HttpStore.h"
#include "analysis/StringHelpers.h"
#include "llvm/ADT/StringExtras.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace syscall_tidy {

namespace {

constexpr int ConnectMilliseconds = 3000;
constexpr int TransferMilliseconds = 30000;

std::string lastError() { return std::strerror(errno); }

/// A connected socket to \p Host:\p Port, or -1 with \p Error.
int connectTo(const std::string &Host, const std::string &Port,
              std::string &Error) {
  addrinfo Hints{};
  Hints.ai_family = AF_UNSPEC;
  Hints.ai_socktype = SOCK_STREAM;
  addrinfo *Found = nullptr;
  if (int Status = getaddrinfo(Host.c_str(), Port.c_str(), &Hints, &Found)) {
    Error = "cannot resolve '" + Host + "': " + gai_strerror(Status);
    return -1;
  }
  int Socket = -1;
  Error = "cannot connect to " + Host + ":" + Port;
  for (addrinfo *A = Found; A && Socket < 0; A = A->ai_next) {
    Socket = socket(A->ai_family, A->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                    A->ai_protocol);
    if (Socket < 0)
      continue;
    int Status = connect(Socket, A->ai_addr, A->ai_addrlen);
    if (Status < 0 && errno == EINPROGRESS) {
      pollfd Wait{Socket, POLLOUT, 0};
      int Ready = poll(&Wait, 1, ConnectMilliseconds);
      int Pending = 0;
      socklen_t Size = sizeof Pending;
      if (Ready == 1 &&
          getsockopt(Socket, SOL_SOCKET, SO_ERROR, &Pending, &Size) == 0)
        errno = Pending;
      else if (Ready == 0)
        errno = ETIMEDOUT;
      Status = Pending == 0 && Ready == 1 ? 0 : -1;
    }
    if (Status < 0) {
      Error += ": " + lastError();
      close(Socket);
      Socket = -1;
    }
  }
  freeaddrinfo(Found);
  return Socket;
}

/// Waits until \p Socket can do \p Events; false on a timeout or error.
bool await(int Socket, short Events) {
  pollfd Wait{Socket, Events, 0};
  int Ready;
  do
    Ready = poll(&Wait, 1, TransferMilliseconds);
  while (Ready < 0 && errno == EINTR);
  if (Ready == 0)
    errno = ETIMEDOUT;
  return Ready == 1;
}

bool sendAll(int Socket, llvm::StringRef Data, std::string &Error) {
  while (!Data.empty()) {
    ssize_t Sent = send(Socket, Data.data(), Data.size(), MSG_NOSIGNAL);
    if (Sent > 0) {
      Data = Data.drop_front(Sent);
      continue;
    }
    if (Sent < 0 && (errno == EAGAIN || errno == EINTR) &&
        await(Socket, POLLOUT))
      continue;
    Error = "sending: " + lastError();
    return false;
  }
  return true;
}

bool receiveAll(int Socket, std::string &Data, std::string &Error) {
  char Buffer[65536];
  for (;;) {
    ssize_t Got = recv(Socket, Buffer, sizeof Buffer, 0);
    if (Got > 0) {
      Data.append(Buffer, Got);
      continue;
    }
    if (Got == 0)
      return true;
    if ((errno == EAGAIN || errno == EINTR) && await(Socket, POLLIN))
      continue;
    Error = "receiving: " + lastError();
    return false;
  }
}

/// The body of a chunked response; false when it is cut short.
bool unchunk(llvm::StringRef Chunked, std::string &Body) {
  for (;;) {
    auto [SizeLine, Rest] = Chunked.split("\r\n");
    unsigned long long Size;
    if (SizeLine.split(';').first.trim().getAsInteger(16, Size) ||
        Rest.size() < Size)
      return false;
    if (Size == 0)
      return true;
    Body += Rest.take_front(Size).str();
    Chunked = Rest.drop_front(Size);
    if (!Chunked.consume_front("\r\n"))
      return false;
  }
}

} // namespace

std::unique_ptr<HttpStore> HttpStore::create(llvm::StringRef Url,
                                             std::string &Error) {
  llvm::StringRef Rest = Url;
  if (!Rest.consume_front("http://")) {
    Error = "--cache-url '" + Url.str() + "' is not an http:// URL" +
            (clang::tidy::syscall::startsWith(Url, "https://")
                 ? " (https is not supported: put a local proxy in front)"
                 : "");
    return nullptr;
  }
  auto [Authority, Path] = Rest.split('/');
  auto Store = std::make_unique<HttpStore>();
  // "host", "host:port", "[::1]:port" (an IPv6 address in brackets).
  llvm::StringRef Host = Authority, Port;
  if (Host.consume_front("[")) {
    std::tie(Host, Port) = Host.split(']');
    if (!Port.empty() && !Port.consume_front(":"))
      Host = "";
  } else if (Authority.contains(':')) {
    std::tie(Host, Port) = Authority.rsplit(':');
  }
  unsigned PortNumber = 80;
  if (!Port.empty() && (Port.getAsInteger(10, PortNumber) || PortNumber == 0 ||
                        PortNumber > 65535))
    Host = "";
  if (Host.empty()) {
    Error = "--cache-url '" + Url.str() + "' has no valid host and port";
    return nullptr;
  }
  Store->Host = Host.str();
  Store->Port = std::to_string(PortNumber);
  Store->Path = "/" + Path.rtrim('/').str();
  if (Store->Path != "/")
    Store->Path += "/";
  return Store;
}

unsigned HttpStore::request(llvm::StringRef Method, llvm::StringRef Name,
                            llvm::StringRef Body, std::string &Response,
                            std::string &Error) {
  int Socket = connectTo(Host, Port, Error);
  if (Socket < 0)
    return 0;
  std::string Authority =
      (llvm::StringRef(Host).contains(':') ? "[" + Host + "]" : Host) + ":" +
      Port;
  std::string Head = Method.str() + " " + Path + Name.str() +
                     " HTTP/1.1\r\nHost: " + Authority +
                     "\r\nConnection: close\r\nUser-Agent: syscall-tidy\r\n";
  if (Method == "PUT")
    Head += "Content-Type: application/json\r\nContent-Length: " +
            std::to_string(Body.size()) + "\r\n";
  Head += "\r\n";
  std::string Raw;
  bool Done = sendAll(Socket, Head, Error) && sendAll(Socket, Body, Error) &&
              receiveAll(Socket, Raw, Error);
  close(Socket);
  if (!Done)
    return 0;
  auto [Headers, Payload] = llvm::StringRef(Raw).split("\r\n\r\n");
  auto [StatusLine, Fields] = Headers.split("\r\n");
  unsigned Status = 0;
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  StatusLine.split(Parts, ' ', 2);
  if (Parts.size() < 2 ||
      !clang::tidy::syscall::startsWith(Parts[0], "HTTP/") ||
      Parts[1].getAsInteger(10, Status)) {
    Error = "not an HTTP response from " + Host + ":" + Port;
    return 0;
  }
  bool Chunked = false;
  std::optional<size_t> Length;
  for (llvm::StringRef Field : llvm::split(Fields, "\r\n")) {
    auto [Key, Value] = Field.split(':');
    Value = Value.trim();
    if (Key.trim().equals_insensitive("transfer-encoding"))
      Chunked = Value.contains_insensitive("chunked");
    size_t Size;
    if (Key.trim().equals_insensitive("content-length") &&
        !Value.getAsInteger(10, Size))
      Length = Size;
  }
  Response.clear();
  if (Chunked ? !unchunk(Payload, Response)
              : Length && Payload.size() < *Length) {
    Error = "a response cut short from " + Host + ":" + Port;
    return 0;
  }
  if (!Chunked)
    Response = Payload.take_front(Length.value_or(Payload.size())).str();
  return Status;
}

HttpStore::Outcome HttpStore::get(llvm::StringRef Name, std::string &Body,
                                  std::string &Error) {
  unsigned Status = request("GET", Name, "", Body, Error);
  if (Status == 200)
    return Outcome::Found;
  if (Status == 404 || Status == 410)
    return Outcome::Missing;
  if (Status)
    Error = "GET answered " + std::to_string(Status);
  return Outcome::Failed;
}

bool HttpStore::put(llvm::StringRef Name, llvm::StringRef Body,
                    std::string &Error) {
  std::string Ignored;
  unsigned Status = request("PUT", Name, Body, Ignored, Error);
  if (Status >= 200 && Status < 300)
    return true;
  if (Status)
    Error = "PUT answered " + std::to_string(Status);
  return false;
}

} // namespace syscall_tidy
