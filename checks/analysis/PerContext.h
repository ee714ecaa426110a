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
#include <memory>
#include <mutex>

namespace clang::tidy::syscall {

template <typename T> class PerContext {
public:
  /// \p Ctx's T, made by \p Make the first time (outside the lock: making
  /// it may ask for another analysis of the unit).
  static T &get(const ASTContext &Ctx,
                llvm::function_ref<std::unique_ptr<T>()> Make) {
    {
      std::lock_guard<std::mutex> Guard(lock());
      if (auto Found = all().find(&Ctx); Found != all().end())
        return *Found->second;
    }
    std::unique_ptr<T> Made = Make();
    std::lock_guard<std::mutex> Guard(lock());
    T &Kept = *(all()[&Ctx] = std::move(Made));
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
    }
  }

private:
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
