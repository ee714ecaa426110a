//===--- OutputSink.cpp - Standard output or --output, checked ------------===//

#include "OutputSink.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

namespace syscall_tidy {

bool OutputSink::open(const std::string &Path, std::string &Error) {
  if (Path.empty())
    return true;
  std::error_code EC;
  File =
      std::make_unique<llvm::raw_fd_ostream>(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    Error = "cannot write --output '" + Path + "': " + EC.message();
  return !EC;
}

llvm::raw_ostream &OutputSink::stream() {
  return File ? static_cast<llvm::raw_ostream &>(*File) : llvm::outs();
}

bool OutputSink::finish() { return finishStream(File ? *File : llvm::outs()); }

bool finishStream(llvm::raw_fd_ostream &Stream) {
  Stream.flush();
  if (&Stream != &llvm::outs())
    Stream.close();
  bool Good = !Stream.has_error();
  Stream.clear_error(); // reported by the caller; LLVM must not abort
  return Good;
}

bool writeAside(const std::string &Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Write,
                std::string &Error) {
  std::string Temporary =
      Path + ".tmp." + std::to_string(llvm::sys::Process::getProcessId());
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(Temporary, EC);
    if (!EC) {
      Write(Out);
      if (!finishStream(Out))
        EC = std::make_error_code(std::errc::io_error);
    }
  }
  if (!EC)
    EC = llvm::sys::fs::rename(Temporary, Path);
  if (EC) {
    Error = EC.message();
    llvm::sys::fs::remove(Temporary);
  }
  return !EC;
}

} // namespace syscall_tidy
