//===--- LseekBeforeWriteCheck.h - syscall-lseek-before-write ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H
#define SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H

#include "WalkingCheck.h"
#include "analysis/FdTracking.h"
#include "analysis/FieldFacts.h"
#include "analysis/FlowAnalysis.h"
#include "analysis/StatementShape.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::syscall {

/// Finds seeks that cannot move the file offset before a write, and
/// lseek + write or lseek + read pairs that are one pwrite or pread.
class LseekBeforeWriteCheck : public WalkingCheck {
public:
  LseekBeforeWriteCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void endUnit() override {
    Fields.clear();
    Seeks.clear();
    LookupsSeekFirst.clear();
    FlagsNeverModified.clear();
    OpenFlagsFields.clear();
  }

private:
  void prepareUnit(ASTContext &Ctx) override;
  void checkFunction(const FunctionDecl *Walked, ASTContext &Ctx) override;
  void checkSeek(const CallExpr *Call, const FunctionDecl *Func,
                 ASTContext &Ctx);
  /// The access mode every definition of a descriptor reaching a use has.
  struct Origin {
    AccessMode Mode;
    const CallExpr *Open;
    Requirement Needs; ///< other units' say, for an open through a wrapper
    bool OfPath;       ///< opens a path (not fdopen's descriptor)
  };
  /// One seek call and what it asks for.
  struct Seek {
    const CallExpr *Call;
    const FunctionDecl *Func;
    /// The descriptor or stream (a variable, or a field the function fills
    /// itself); none for a handle's field, which rule 7 looks at.
    std::optional<Place> Target;
    std::optional<int64_t> Offset, Whence;
    bool IsStream;
    CallStatement Statement;      ///< how the seek's result is used
    std::optional<Origin> Opened; ///< where Target comes from at the seek
  };

  /// With \p AcrossUnits, through other units' wrappers too (Needs set).
  std::optional<Origin> originOf(const Place &Var, const Stmt *Use,
                                 const FunctionDecl *Func, ASTContext &Ctx,
                                 bool AcrossUnits = false);
  /// Whether every path to \p Use tests \p Flags (a never modified
  /// variable) for no O_APPEND.
  bool testedNoAppend(const Expr *Flags, const Stmt *Use,
                      const FunctionDecl *Func, ASTContext &Ctx);
  /// The call \p Var was looked up with (`fd = handle_to_fd(h)`), if it
  /// has that one definition at \p Use.
  const CallExpr *lookupOf(const Place &Var, const Stmt *Use,
                           const FunctionDecl *Func);
  /// Whether \p X gives the flags of the descriptor \p Lookup gave \p
  /// Target (describesLookup), itself or through a local that still holds
  /// them at \p Until.
  bool holdsLookupFlags(const Expr *X, const Place &Target,
                        const CallExpr *Lookup, const Stmt *Until,
                        const FunctionDecl *Func, ASTContext &Ctx);
  /// Whether the seek runs only under a no-O_APPEND test of flags that
  /// describe the looked-up descriptor.
  bool lookupTestedNoAppend(const Seek &S, const CallExpr *Lookup,
                            ASTContext &Ctx);
  /// What other units must say for every descriptor \p Lookup gives in
  /// this file to be positioned (an absolute seek, pread/pwrite) before its
  /// offset is used; none when one is not.
  const std::optional<Requirement> &
  lookupOffsetNeverInherited(const FunctionDecl *Lookup, ASTContext &Ctx);
  bool nothingSinceOpen(const Seek &S, ASTContext &Ctx);
  bool onlyWritesFollow(const Seek &S, ASTContext &Ctx);
  /// Whether nothing after \p Write (or the statement that gets the
  /// descriptor) relies on \p Var's offset: each path positions it
  /// absolutely, closes it or ends with it. A descriptor given by \p
  /// Lookup may also be written where its flags hold O_APPEND. With \p
  /// Needs, through other units' helpers too, whose say goes there.
  bool offsetUnusedAfter(const Stmt *Write, const Place &Var,
                         const FunctionDecl *Func, ASTContext &Ctx,
                         const FunctionDecl *Helper = nullptr,
                         const CallExpr *Lookup = nullptr,
                         Requirement *Needs = nullptr);
  /// Whether every path from \p From to \p Write, a write of \p Var,
  /// which \p Lookup gave, passes a test that its flags hold O_APPEND (so
  /// the write goes to the end whatever the offset) or an absolute seek of
  /// it (`if (!(handle_to_flags(h) & O_APPEND) &&
  /// lseek(fd, off, SEEK_SET) == -1) fail; else write(fd, ...);`).
  bool appendsOrSeeksFirst(const Stmt *From, const CallExpr *Write,
                           const Place &Var, const FunctionDecl *Func,
                           const CallExpr *Lookup, ASTContext &Ctx);
  /// Whether \p Call sets \p Var's offset without reading it.
  bool seeksAbsolutely(const CallExpr *Call, const Place &Var,
                       ASTContext &Ctx) const;
  /// Whether every path from \p From (null: the entry) to \p Use takes an
  /// edge that says flags (what \p IsFlags accepts) hold no O_APPEND. From
  /// the entry, \p EntryKey names \p IsFlags so that the walk is made once
  /// per function.
  bool appendClearOnEveryPath(const Stmt *From, const Stmt *Use,
                              llvm::function_ref<bool(const Expr *)> IsFlags,
                              const FunctionDecl *Func, ASTContext &Ctx,
                              llvm::StringRef EntryKey = {});
  /// Whether \p Value holds the flags of the descriptor \p Target that
  /// \p Lookup gave: fcntl(fd, F_GETFL), a sibling lookup of the same
  /// handle, or the handle's flags field.
  bool describesLookup(const Expr *Value, const Place &Target,
                       const CallExpr *Lookup, ASTContext &Ctx);
  /// What other units must say for every caller of \p Helper to hand
  /// \p Fd a descriptor that a pwrite (a pread, without \p NeedsNoAppend)
  /// may replace the seek on; none when some caller does not.
  std::optional<Requirement> helperCallersAgree(const FunctionDecl *Helper,
                                                const ParmVarDecl *Fd,
                                                ASTContext &Ctx,
                                                bool NeedsNoAppend);
  bool notAppend(const Origin &O, const Stmt *Use, const FunctionDecl *Func,
                 ASTContext &Ctx);
  bool seeksWhereWriteLeft(const Seek &S, ASTContext &Ctx);
  /// Whether a seek to the end comes right before \p S on some path.
  bool followsSeekToEnd(const Seek &S, ASTContext &Ctx);
  void checkPwriteFusion(const Seek &S, ASTContext &Ctx);
  void checkHandleSeek(const Seek &S, ASTContext &Ctx);
  /// Whether the file shows \p Flags to hold a descriptor's open flags:
  /// passed to an open, masked or compared with an O_ constant, or set
  /// from F_GETFL or from the flags the function opens with.
  bool holdsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx);
  /// holdsOpenFlags() without the cache: a walk of the field's uses.
  bool showsOpenFlags(const FieldDecl *Flags, ASTContext &Ctx);
  void removeSeek(const Seek &S, llvm::StringRef Message, ASTContext &Ctx);

  const std::string RawSeekFunctions;
  const std::string RawWriteFunctions;
  const std::string RawCloseFunctions;
  const std::string PwriteFunction;
  const std::string RawOpenLikeFunctions;
  const bool FlagHandleSeeks;
  const std::string RawHandleFlagsFields;
  const FdOperationTable Operations;
  const OpenFunctionTable Opens;
  /// Size probes' seeks back are that check's to fix.
  const bool SeekForSizeEnabled;
  PosixConstants Constants;
  FunctionCache Functions;
  FieldFacts Fields{Functions, Opens, Operations, Constants};
  /// lookupOffsetNeverInherited's answers, per lookup function.
  llvm::DenseMap<const FunctionDecl *, std::optional<Requirement>>
      LookupsSeekFirst;
  /// testedNoAppend's walk of a function for changes, per function and
  /// flags variable: asked once per seek, it was a walk per seek.
  llvm::DenseMap<std::pair<const FunctionDecl *, const VarDecl *>, bool>
      FlagsNeverModified;
  /// holdsOpenFlags's answers: asked once per handle seek, each a walk of
  /// the field's uses in the file.
  llvm::DenseMap<const FieldDecl *, bool> OpenFlagsFields;
  CallsByFunction Seeks;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H
