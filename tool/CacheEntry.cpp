//===--- CacheEntry.cpp - A result cache entry: key, digest, signature ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CacheEntry.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace syscall_tidy {

namespace {

std::string sha256Hex(llvm::StringRef Text) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                     /*LowerCase=*/true);
}

/// HMAC-SHA-256 of \p Key and \p Digest under \p Secret, in hex.
std::string signatureOf(llvm::StringRef Secret, llvm::StringRef Key,
                        llvm::StringRef Digest) {
  std::string Text = (Key + "\n" + Digest).str();
  unsigned char Mac[EVP_MAX_MD_SIZE];
  unsigned Size = 0;
  if (!HMAC(EVP_sha256(), Secret.data(), static_cast<int>(Secret.size()),
            reinterpret_cast<const unsigned char *>(Text.data()), Text.size(),
            Mac, &Size))
    return "";
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Mac, Size), /*LowerCase=*/true);
}

/// Compares in time that does not depend on where they first differ.
bool sameSignature(llvm::StringRef A, llvm::StringRef B) {
  if (A.size() != B.size() || A.empty())
    return false;
  unsigned char Differ = 0;
  for (size_t I = 0; I < A.size(); ++I)
    Differ |= A[I] ^ B[I];
  return Differ == 0;
}

} // namespace

std::string sealEntry(llvm::StringRef Key, llvm::StringRef Body,
                      llvm::StringRef Secret) {
  std::string Digest = sha256Hex(Body);
  std::string Signature =
      Secret.empty() ? "-" : signatureOf(Secret, Key, Digest);
  return (EntryFormat + " " + Key + " " + Digest + " " + Signature + "\n" +
          Body)
      .str();
}

std::optional<llvm::StringRef>
openEntry(llvm::StringRef Entry, llvm::StringRef Key, llvm::StringRef Secret) {
  auto [Header, Body] = Entry.split('\n');
  llvm::SmallVector<llvm::StringRef, 4> Fields;
  Header.split(Fields, ' ');
  if (Fields.size() != 4 || Fields[0] != EntryFormat || Fields[1] != Key ||
      Fields[2] != sha256Hex(Body))
    return std::nullopt; // another unit's entry, or one altered or cut short
  if (!Secret.empty() &&
      !sameSignature(Fields[3], signatureOf(Secret, Key, Fields[2])))
    return std::nullopt;
  return Body;
}

} // namespace syscall_tidy
