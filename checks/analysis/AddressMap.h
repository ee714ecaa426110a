//===--- AddressMap.h - A map keyed by AST node, laid out by address -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clang allocates a function's nodes one after another as it parses them,
// so a walk of the function in source order goes through its memory in
// order. A hash table puts each node in a random slot: in a function of a
// million statements every lookup missed the caches, and a map's cost per
// node grew with its size (the scale bench's giant loop: a 4x bigger
// function cost 7x in the walks that asked it). Here a node's slot is its
// address's place in a small page of slots, so neighbours in memory are
// neighbours in the map, and a walk touches pages in order.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_ADDRESSMAP_H
#define SYSCALL_TIDY_CHECKS_ADDRESSMAP_H

#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace clang::tidy::syscall {

/// A value per node of at least 8 bytes, 8-byte aligned (every Stmt). \p V's
/// default value means "none": \p IsSet tells a value from it.
template <typename V, typename IsSet> class AddressMap {
public:
  /// The value of \p Key; V's default when it has none.
  V lookup(const void *Key) const {
    const V *Slot = slot(Key);
    return Slot ? *Slot : V();
  }
  /// The value of \p Key, or null when it has none.
  const V *find(const void *Key) const {
    const V *Slot = slot(Key);
    return Slot && IsSet()(*Slot) ? Slot : nullptr;
  }
  /// Sets \p Key's value unless it has one; whether it was set.
  bool tryEmplace(const void *Key, V Value) {
    const uintptr_t Address = reinterpret_cast<uintptr_t>(Key);
    auto [It, New] = PageOf.try_emplace(Address >> PageShift, Pages.size());
    if (New)
      Pages.push_back(std::make_unique<Page>());
    V &Slot = Pages[It->second]->Slots[(Address >> 3) & (SlotsPerPage - 1)];
    if (IsSet()(Slot))
      return false;
    Slot = Value;
    return true;
  }

private:
  // 128 slots of 8-byte addresses: a page of slots per KiB of nodes, so a
  // small function's map stays small.
  static constexpr unsigned PageShift = 10;
  static constexpr unsigned SlotsPerPage = 1u << (PageShift - 3);
  struct Page {
    V Slots[SlotsPerPage] = {};
  };

  const V *slot(const void *Key) const {
    const uintptr_t Address = reinterpret_cast<uintptr_t>(Key);
    auto It = PageOf.find(Address >> PageShift);
    if (It == PageOf.end())
      return nullptr;
    return &Pages[It->second]->Slots[(Address >> 3) & (SlotsPerPage - 1)];
  }

  llvm::DenseMap<uintptr_t, unsigned> PageOf;
  std::vector<std::unique_ptr<Page>> Pages;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ADDRESSMAP_H
