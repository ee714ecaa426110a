//===--- PerContext.h - One shared analysis per translation unit ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The call index, the summaries and the flow graphs are each built once
// per unit and shared by all its checks. Each lives until its ASTContext is
// destroyed (the next unit's may reuse the address) or until forgotten (the
// tool's rerun with guesses builds them anew). Units on other threads have
// contexts of their own: the lock only guards the map.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_PERCONTEXT_H
#define SYSCALL_TIDY_CHECKS_PERCONTEXT_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include <atomic>
#include <memory>
#include <mutex>

namespace clang::tidy::syscall {

template <typename T> class PerContext {
public:
  /// \p Ctx's T, made by \p Make the first time (outside the lock: making
  /// it may ask for another analysis of the unit).
  static T &get(const ASTContext &Ctx,
                llvm::function_ref<std::unique_ptr<T>()> Make) {
    // The last hit of this thread, while nothing was forgotten since: the
    // checks ask for the unit's analyses per function and per match, and
    // the lock was a percent of a big unit's checks.
    Recent &Last = recent();
    if (Last.Ctx == &Ctx && Last.Era == era().load(std::memory_order_acquire))
      return *Last.Value;
    {
      std::lock_guard<std::mutex> Guard(lock());
      if (auto Found = all().find(&Ctx); Found != all().end())
        return remember(Ctx, *Found->second);
    }
    std::unique_ptr<T> Made = Make();
    std::lock_guard<std::mutex> Guard(lock());
    T &Kept = remember(Ctx, *(all()[&Ctx] = std::move(Made)));
    const_cast<ASTContext &>(Ctx).AddDeallocation(
        [](void *Key) { forget(*static_cast<const ASTContext *>(Key)); },
        const_cast<ASTContext *>(&Ctx));
    return Kept;
  }

  /// \p Ctx's T if it was made; null otherwise.
  static T *find(const ASTContext &Ctx) {
    std::lock_guard<std::mutex> Guard(lock());
    auto Found = all().find(&Ctx);
    return Found == all().end() ? nullptr : Found->second.get();
  }

  /// Drops \p Ctx's T; the next get() makes it again.
  static void forget(const ASTContext &Ctx) {
    std::unique_ptr<T> Dropped; // destroyed after the lock is released
    std::lock_guard<std::mutex> Guard(lock());
    if (auto Found = all().find(&Ctx); Found != all().end()) {
      Dropped = std::move(Found->second);
      all().erase(Found);
      era().fetch_add(1, std::memory_order_release);
    }
  }

private:
  struct Recent {
    const ASTContext *Ctx = nullptr;
    T *Value = nullptr;
    unsigned Era = 0;
  };
  /// Called under the lock: no forget() can come between reading the era
  /// and keeping the value.
  static T &remember(const ASTContext &Ctx, T &Value) {
    recent() = {&Ctx, &Value, era().load(std::memory_order_acquire)};
    return Value;
  }
  static Recent &recent() {
    static thread_local Recent Last;
    return Last;
  }
  /// How many T were forgotten, on any thread.
  static std::atomic<unsigned> &era() {
    static std::atomic<unsigned> Count{0};
    return Count;
  }
  static std::mutex &lock() {
    static std::mutex Lock;
    return Lock;
  }
  static llvm::DenseMap<const ASTContext *, std::unique_ptr<T>> &all() {
    static llvm::DenseMap<const ASTContext *, std::unique_ptr<T>> All;
    return All;
  }
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_PERCONTEXT_H
