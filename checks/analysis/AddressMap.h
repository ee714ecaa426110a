//===--- AddressMap.h - A map keyed by AST node, laid out by address -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clang allocates a function's nodes one after another as it parses them,
// so a walk of the function in source order goes through its memory in
// order. A hash table puts each node in a random slot: in a function of a
// million statements every lookup missed the caches, and a map's cost per
// node grew with its size (the scale bench's giant loop: a 4x bigger
// function cost 7x in the walks that asked it). Here a node's slot is its
// address's place in a small page of slots, so neighbours in memory are
// neighbours in the map, and a walk touches pages in order. StmtMap keeps
// a slot per 16 bytes of AST, not per 8: half the memory.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_ADDRESSMAP_H
#define SYSCALL_TIDY_CHECKS_ADDRESSMAP_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace clang::tidy::syscall {

/// A value per node, 8-byte aligned (every Stmt), of at least 2^SlotShift
/// bytes: no two keys may start in one slot. \p V's default value means
/// "none": \p IsSet tells a value from it.
template <typename V, typename IsSet, unsigned SlotShift = 3> class AddressMap {
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
    const uintptr_t Number = Address >> PageShift;
    if (Number != LastNumber) {
      auto [It, New] = PageOf.try_emplace(Number, Pages.size());
      if (New)
        Pages.push_back(std::make_unique<Page>());
      LastNumber = Number;
      LastPage = Pages[It->second].get();
    }
    V &Slot = LastPage->Slots[(Address >> SlotShift) & (SlotsPerPage - 1)];
    if (IsSet()(Slot))
      return false;
    Slot = Value;
    return true;
  }

  /// The bytes the map holds.
  size_t memoryBytes() const {
    return Pages.size() * sizeof(Page) +
           Pages.capacity() * sizeof(std::unique_ptr<Page>) +
           PageOf.getMemorySize();
  }

private:
  // A page of slots per KiB of nodes, so that a small function's map stays
  // small.
  static constexpr unsigned PageShift = 10;
  static constexpr unsigned SlotsPerPage = 1u << (PageShift - SlotShift);
  struct Page {
    V Slots[SlotsPerPage] = {};
  };

  const V *slot(const void *Key) const {
    const uintptr_t Address = reinterpret_cast<uintptr_t>(Key);
    const uintptr_t Number = Address >> PageShift;
    if (Number != LastNumber) {
      auto It = PageOf.find(Number);
      if (It == PageOf.end())
        return nullptr;
      LastNumber = Number;
      LastPage = Pages[It->second].get();
    }
    return &LastPage->Slots[(Address >> SlotShift) & (SlotsPerPage - 1)];
  }

  llvm::DenseMap<uintptr_t, unsigned> PageOf;
  std::vector<std::unique_ptr<Page>> Pages;
  /// The page asked for last: a walk asks of neighbours, mostly on one
  /// page, so most questions need no hash lookup.
  mutable uintptr_t LastNumber = UINTPTR_MAX;
  mutable Page *LastPage = nullptr;
};

/// Per statement class, whether it is smaller than 16 bytes (null, break and
/// continue statements, as sizeof says for the clang built against).
extern const bool StmtClassSmallerThanSlot[Stmt::lastStmtConstant + 1];

/// Whether \p S may start in the same 16 bytes as the node after it: its
/// class is smaller than that. Asked of every node a map files: a table,
/// not a call.
inline bool smallerThanStmtSlot(const Stmt *S) {
  return StmtClassSmallerThanSlot[S->getStmtClass()];
}

/// An AddressMap of statements with a slot per 16 bytes: two statements
/// start in one only when the first is smaller (smallerThanStmtSlot()),
/// and those few are kept in a hash map of their own.
template <typename V, typename IsSet> class StmtMap {
public:
  V lookup(const Stmt *S) const {
    const V *Found = find(S);
    return Found ? *Found : V();
  }
  const V *find(const Stmt *S) const {
    if (!S)
      return nullptr;
    if (!smallerThanStmtSlot(S))
      return Wide.find(S);
    auto It = Small.find(S);
    return It == Small.end() ? nullptr : &It->second;
  }
  bool tryEmplace(const Stmt *S, V Value) {
    if (!smallerThanStmtSlot(S))
      return Wide.tryEmplace(S, Value);
    return Small.try_emplace(S, Value).second;
  }
  size_t memoryBytes() const {
    return Wide.memoryBytes() + Small.getMemorySize();
  }

private:
  AddressMap<V, IsSet, 4> Wide;
  llvm::DenseMap<const Stmt *, V> Small;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_ADDRESSMAP_H
