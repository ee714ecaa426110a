//===--- fuzz_inputs.cpp - libFuzzer target for the JSON and cache readers ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each input is what a user, a CI store or a shared cache server may hand
// the tool: a JSON document (compile_commands.json, a baseline, a shard's
// report, the tracer's --findings) or a result cache entry. The readers
// must refuse or accept it without a crash, a stack overflow or unbounded
// memory, whatever its nesting.
//
//===----------------------------------------------------------------------===//

#include "BoundedInput.h"
#include "CacheEntry.h"
#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  (void)syscall_tidy::parseBoundedJson(Text, Error);
  // An entry as the cache reads it: opened under the key its header names
  // (so the digest and signature checks run), then its body parsed.
  llvm::StringRef Key =
      Text.split('\n').first.split(' ').second.split(' ').first;
  for (llvm::StringRef Secret : {"", "a signing key"})
    if (std::optional<llvm::StringRef> Body =
            syscall_tidy::openEntry(Text, Key, Secret))
      (void)syscall_tidy::parseBoundedJson(*Body, Error);
  return 0;
}
