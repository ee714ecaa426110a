//===--- LseekBeforeWriteCheck.h - syscall-lseek-before-write ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H
#define SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H

#include "WalkingCheck.h"
#include "analysis/AppendTests.h"
#include "analysis/FdTracking.h"
#include "analysis/FieldFacts.h"
#include "analysis/FlowAnalysis.h"
#include "analysis/StatementShape.h"
#include "analysis/StringHelpers.h"
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
    Appends.clear();
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
  AppendTests Appends{Functions, Operations, Opens, Constants,
                      nameList(RawHandleFlagsFields)};
  /// lookupOffsetNeverInherited's answers, per lookup function.
  llvm::DenseMap<const FunctionDecl *, std::optional<Requirement>>
      LookupsSeekFirst;
  CallsByFunction Seeks;
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_LSEEKBEFOREWRITECHECK_H
