//===--- Place.h - Where a descriptor or stream is kept ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Real code keeps descriptors in struct fields, out-parameters and arrays
// as often as in locals. A place names any of them by the local or
// parameter it is reached from and the steps from there, so the flow
// analysis can follow `c->fd = socket(...)` to `fcntl(c->fd, ...)` as it
// follows a local.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_PLACE_H
#define SYSCALL_TIDY_CHECKS_PLACE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace clang::tidy::syscall {

/// A local or parameter, or what is reached from one (or from `this`, or
/// from a global) through fields, pointers and constant or variable
/// indexes: `fd`, `s.fd`, `c->fd`, `*out`, `fds[1]`, `files[i].fd`, a
/// member `fd_`, `workers[s].chan[0]`.
class Place {
public:
  /// The place \p E denotes (parentheses and casts aside); none for other
  /// expressions (calls, a global itself, `a[i + 1]`).
  static std::optional<Place> of(const Expr *E);
  /// of(), and a global variable itself too.
  static std::optional<Place> ofOrGlobal(const Expr *E) { return reached(E); }
  static Place variable(const VarDecl *Var);

  /// The variable it is reached from; null for `this`.
  const VarDecl *base() const { return Base; }
  /// Whether it is reached from a global (or a static local), which any
  /// function of the program may store into.
  bool isGlobal() const { return Base && Base->hasGlobalStorage(); }
  bool isVariable() const { return Base && Steps.empty(); }
  /// Whether \p E denotes this place.
  bool denotes(const Expr *E) const;
  /// Whether \p E denotes this place or one it is reached through (`c` or
  /// `*c` for `c->fd`): changing that changes what the place holds.
  bool reachedThrough(const Expr *E) const;
  /// Whether this is element \p Index of the array \p Array (`fds[1]`).
  bool isElement(const Expr *Array, int64_t Index) const;
  /// Whether this and \p Other are elements 0 and 1 (or 1 and 0) of the
  /// same array, as pipe and socketpair fill them.
  bool isPairedElement(const Place &Other) const;
  /// Whether a store through a pointer to this place (its address taken:
  /// `&c->thread`) may change what \p Other holds: \p Other is reached
  /// through it, or it is part of \p Other's own storage (`&s.f` for `s`).
  /// Distinct fields (not of a union) and distinct constant indexes do not
  /// meet.
  bool mayAlter(const Place &Other) const;
  /// Whether assigning \p Var moves the place (its base or an index).
  bool movedBy(const VarDecl *Var) const;
  /// The variables it is named through: its base and variable indexes.
  llvm::SmallVector<const ValueDecl *, 2> variables() const;
  /// The field of the last step (`fd` of `c->fd`), or null.
  const FieldDecl *lastField() const {
    return !Steps.empty() && Steps.back().K == Step::Field
               ? llvm::cast<FieldDecl>(Steps.back().Decl)
               : nullptr;
  }
  /// A key that tells places apart, for caches.
  std::string key() const;

  bool operator==(const Place &Other) const {
    return Base == Other.Base && FromThis == Other.FromThis &&
           Steps == Other.Steps;
  }

private:
  /// of(), also for a global itself: the base of the places reached from it.
  static std::optional<Place> reached(const Expr *E);

  struct Step {
    enum Kind { Field, Deref, Index } K;
    const ValueDecl *Decl = nullptr; ///< the field, or the index variable
    int64_t Constant = 0;            ///< the index when Decl is null
    bool operator==(const Step &O) const {
      return K == O.K && Decl == O.Decl && Constant == O.Constant;
    }
  };
  const VarDecl *Base = nullptr;
  bool FromThis = false;
  llvm::SmallVector<Step, 2> Steps;
};

/// The place a descriptor argument names, through `fileno(f)` (then
/// \p ViaFileno is set) as trackedVariable sees it. With \p GlobalToo, also
/// a global variable itself, for a check whose question ends in the
/// function (any call of the program may store into it: the flow sees
/// such a call as an unknown definition).
std::optional<Place> trackedPlace(const Expr *E, bool *ViaFileno = nullptr,
                                  bool GlobalToo = false);

/// Whether a value of type \p T can be a descriptor or a stream: an
/// integer other than a bool, or a pointer to C's FILE.
bool canHoldHandle(QualType T);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_PLACE_H
