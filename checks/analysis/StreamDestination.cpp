//===--- StreamDestination.cpp - Where output to a stream goes -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "StreamDestination.h"
#include "Forwarding.h"
#include "MainFileUses.h"
#include "StatementShape.h"
#include "StmtParents.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"

namespace clang::tidy::syscall {

/// The local array \p E is an element of (`outs` for `outs[i]`), or null.
const VarDecl *streamArray(const Expr *E) {
  const auto *Element =
      E ? llvm::dyn_cast<ArraySubscriptExpr>(E->IgnoreParenCasts()) : nullptr;
  const VarDecl *Array = Element ? referencedVar(Element->getBase()) : nullptr;
  return Array && Array->isLocalVarDecl() &&
                 Array->getType()->isConstantArrayType()
             ? Array
             : nullptr;
}

/// The variable a stream expression names: `f`, or the whole local array
/// of streams for `outs[i]`, whose elements are followed as one place.
const VarDecl *streamVariable(const Expr *E) {
  if (const VarDecl *Array = streamArray(E))
    return Array;
  return E ? referencedVar(E) : nullptr;
}

/// The record name of a (possibly reference) stream type, in namespace std.
llvm::StringRef stdRecordName(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->isInStdNamespace() || !Record->getIdentifier())
    return "";
  return Record->getName();
}

/// The fact that some caller, in any unit, hands a file stream to
/// parameter \p Index of the function other units know as \p Name
/// (\p Kind "file"), or does so in a loop (\p Kind "loop-file").
std::string streamFact(llvm::StringRef Kind, llvm::StringRef Name,
                       unsigned Index) {
  return ("unbuffered-autoflush." + Kind + ":" + Name + "#" +
          llvm::Twine(Index))
      .str();
}

namespace {

/// The local array of streams \p E points into: `outs`, `outs + k`,
/// `&outs[k]`.
const VarDecl *arrayPointedInto(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Offset = llvm::dyn_cast<BinaryOperator>(E);
      Offset &&
      (Offset->getOpcode() == BO_Add || Offset->getOpcode() == BO_Sub))
    E = Offset->getLHS()->IgnoreParenCasts();
  if (const auto *Address = llvm::dyn_cast<UnaryOperator>(E);
      Address && Address->getOpcode() == UO_AddrOf)
    return streamArray(Address->getSubExpr());
  const VarDecl *Array = referencedVar(E);
  return Array && Array->isLocalVarDecl() &&
                 Array->getType()->isConstantArrayType()
             ? Array
             : nullptr;
}

} // namespace

StreamDestinations::StreamDestinations(const OpenFunctionTable &Opens,
                                       const PosixConstants &Constants,
                                       FunctionCache &Functions)
    : Opens(Opens), Constants(Constants), Functions(Functions) {}

Destination StreamDestinations::fileDestination(const Expr *Stream,
                                                const FunctionDecl *Func,
                                                ASTContext &Ctx, bool *Appends,
                                                Requirement *Needs) {
  if (const VarDecl *Array = streamArray(Stream))
    return arrayDestination(Array, Func, Ctx, Appends, Needs);
  if (const VarDecl *Array = walkedArray(Stream, Func))
    return arrayDestination(Array, Func, Ctx, Appends, Needs);
  const VarDecl *Var = referencedVar(Stream);
  if (!Var)
    return Destination::Unknown;
  if (Var->hasGlobalStorage() && !Var->isStaticLocal() &&
      Var->getIdentifier()) {
    if (Var->getName() == "stdout")
      return Destination::Stdout;
    if (Var->getName() == "stderr")
      return Destination::Stderr;
  }
  // Every value the variable gets comes from fopen() of a file for writing.
  llvm::SmallVector<const Expr *, 4> Values;
  if (Var->isLocalVarDecl() && !llvm::isa<ParmVarDecl>(Var)) {
    llvm::SmallVector<Definition, 4> Defs;
    if (!Functions.flow(Func, Ctx)->reachingDefinitions(Var, Stream, Defs))
      return Destination::Unknown;
    for (const Definition &Def : Defs)
      Values.push_back(Def.Value);
  } else if (Var->hasGlobalStorage() && !Var->isExternallyVisible()) {
    if (Var->getInit() && !Var->getInit()->isNullPointerConstant(
                              Ctx, Expr::NPC_ValueDependentIsNotNull))
      Values.push_back(Var->getInit());
    for (const auto &Assign : Functions.mainFileUses(Var, Ctx).Assignments)
      Values.push_back(Assign.first->getRHS());
  }
  return valuesDestination(Values, Ctx, Appends, Needs);
}

const VarDecl *StreamDestinations::walkedArray(const Expr *Stream,
                                               const FunctionDecl *Func) {
  const auto *Deref = llvm::dyn_cast_or_null<UnaryOperator>(
      Stream ? Stream->IgnoreParenCasts() : nullptr);
  return Deref && Deref->getOpcode() == UO_Deref
             ? cursorArray(referencedVar(Deref->getSubExpr()), Func)
             : nullptr;
}

const VarDecl *StreamDestinations::cursorArray(const VarDecl *Cursor,
                                               const FunctionDecl *Func) {
  // `FILE **fp = outs; ...; fp++`: every value the pointer gets is into
  // one array, it only moves, nothing is stored through it and nothing
  // else gets it, so `*fp` is an element of that array. Asked once per
  // cursor (every write through it asks).
  if (!Cursor)
    return nullptr;
  auto [It, New] = Cursors.try_emplace(Cursor, nullptr);
  if (!New)
    return It->second;
  if (!Cursor->isLocalVarDecl() || !Cursor->getType()->isPointerType() ||
      !Func->getBody())
    return nullptr;
  const VarDecl *Array =
      Cursor->getInit() ? arrayPointedInto(Cursor->getInit()) : nullptr;
  if (Cursor->getInit() && !Array)
    return nullptr;
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Cursor)) {
    const Stmt *Child = nullptr;
    const Stmt *Outer = skipParensAndCasts(Ref, Parents, Child);
    if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Outer);
        Assign && Assign->isAssignmentOp() && Assign->getLHS() == Child) {
      if (Assign->getOpcode() == BO_Assign) {
        const VarDecl *Into = arrayPointedInto(Assign->getRHS());
        if (!Into || (Array && Into != Array))
          return nullptr;
        Array = Into;
      } else if (Assign->getOpcode() != BO_AddAssign &&
                 Assign->getOpcode() != BO_SubAssign) {
        return nullptr;
      }
      continue;
    }
    if (const auto *Unary = llvm::dyn_cast_or_null<UnaryOperator>(Outer)) {
      if (Unary->isIncrementDecrementOp())
        continue;
      if (Unary->getOpcode() == UO_AddrOf)
        return nullptr;
      if (Unary->getOpcode() == UO_Deref) {
        const Stmt *Through = skipParensAndCasts(Unary, Parents, Child);
        const auto *Store = llvm::dyn_cast_or_null<BinaryOperator>(Through);
        if (Store && Store->isAssignmentOp() && Store->getLHS() == Child)
          return nullptr;
        continue;
      }
    }
    if (llvm::isa_and_nonnull<CallExpr, DeclStmt>(Outer) ||
        (llvm::isa_and_nonnull<BinaryOperator>(Outer) &&
         llvm::cast<BinaryOperator>(Outer)->isAssignmentOp()))
      return nullptr; // handed on or copied
  }
  return It->second = Array;
}

bool StreamDestinations::onlyWalks(const Stmt *Up, const Stmt *Child,
                                   const VarDecl *Array,
                                   const FunctionDecl *Func) {
  // `outs` or `&outs[k]` (\p Child, under \p Up) compared with a cursor
  // (`fp < outs + n`) or given to a cursor that only walks the array.
  const StmtParents &Parents = Functions.parents(Func);
  if (const auto *Offset = llvm::dyn_cast_or_null<BinaryOperator>(Up);
      Offset && Offset->isAdditiveOp() && Offset->getLHS() == Child)
    Up = skipParensAndCasts(Offset, Parents, Child);
  if (const auto *Compare = llvm::dyn_cast_or_null<BinaryOperator>(Up);
      Compare && Compare->isComparisonOp())
    return true;
  const VarDecl *Cursor = variableGiven(Up, Child);
  return Cursor && cursorArray(Cursor, Func) == Array;
}

Destination StreamDestinations::arrayDestination(const VarDecl *Array,
                                                 const FunctionDecl *Func,
                                                 ASTContext &Ctx, bool *Appends,
                                                 Requirement *Needs) {
  // Every element stored is an fopen for writing, and the array is only
  // ever indexed: handed whole to a call, anything may be stored in it.
  llvm::SmallVector<const Expr *, 4> Values;
  const StmtParents &Parents = Functions.parents(Func);
  for (const DeclRefExpr *Ref : Functions.uses(Func).of(Array)) {
    const Stmt *Child = nullptr;
    const Stmt *Up = skipParensAndCasts(Ref, Parents, Child);
    const auto *Element = llvm::dyn_cast_or_null<ArraySubscriptExpr>(Up);
    if (!Element) {
      if (!onlyWalks(Up, Child, Array, Func))
        return Destination::Unknown;
      continue;
    }
    if (streamArray(Element) != Array)
      return Destination::Unknown;
    const Stmt *Outer = skipParensAndCasts(Element, Parents, Child);
    if (const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Outer);
        Assign && Assign->isAssignmentOp() && Assign->getLHS() == Child)
      Values.push_back(Assign->getOpcode() == BO_Assign ? Assign->getRHS()
                                                        : nullptr);
    else if (const auto *Address = llvm::dyn_cast_or_null<UnaryOperator>(Outer);
             Address && Address->getOpcode() == UO_AddrOf &&
             !onlyWalks(skipParensAndCasts(Address, Parents, Child), Child,
                        Array, Func))
      return Destination::Unknown;
  }
  if (Array->getInit())
    return Destination::Unknown;
  return valuesDestination(Values, Ctx, Appends, Needs);
}

Destination
StreamDestinations::valuesDestination(llvm::ArrayRef<const Expr *> Values,
                                      ASTContext &Ctx, bool *Appends,
                                      Requirement *Needs) {
  if (Values.empty())
    return Destination::Unknown;
  for (const Expr *Value : Values) {
    std::optional<OpenCall> Open =
        Value ? Opens.classify(Value, Ctx, Constants, Needs != nullptr)
              : std::nullopt;
    if (!Open || !Open->Mode.IsStream || Open->Mode.K != AccessMode::Writable)
      return Destination::Unknown;
    if (!Open->Path) // fdopen: a socket or a pipe as often as a file
      return Destination::Unknown;
    if (Appends)
      *Appends |= Open->Mode.Append;
    std::optional<llvm::StringRef> Path = stringValue(Open->Path);
    if (Path && startsWith(*Path, "/dev/"))
      return Destination::Device;
    if (Needs)
      llvm::append_range(*Needs, Open->Needs);
  }
  return Destination::File;
}

Destination StreamDestinations::streamDestination(
    const Expr *Stream, const FunctionDecl *Func, ASTContext &Ctx,
    std::string &Why, unsigned Depth, std::vector<std::string> *Elsewhere) {
  Stream = Stream->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
  llvm::StringRef Type = stdRecordName(Stream->getType());
  if (Type == "basic_ofstream" || Type == "basic_fstream")
    return Destination::File;
  if (Type.contains("stringstream") || Type.contains("strstream"))
    return Destination::Memory;
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Stream);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (Var && Var->isInStdNamespace() && Var->getIdentifier()) {
    llvm::StringRef Name = Var->getName();
    if (Name == "cout" || Name == "wcout")
      return Destination::Stdout;
    if (Name == "cerr" || Name == "clog" || Name == "wcerr" || Name == "wclog")
      return Destination::Stderr;
  }
  // A std::ostream& parameter: what the callers in this file pass.
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(Var);
  if (!Param || !Func || Param->getDeclContext() != Func)
    return Destination::Unknown;
  // Callers that pass their own parameter along are asked in turn, a few
  // levels up (save() makes the file, write_body(os) hands it on).
  unsigned Index = Param->getFunctionScopeIndex();
  if (std::string Name = Elsewhere ? crossUnitName(Func) : ""; !Name.empty())
    Elsewhere->push_back(streamFact("file", Name, Index));
  for (auto [Call, Caller] : Functions.mainFileUses(Func, Ctx).Calls) {
    std::string Ignored;
    if (Index < Call->getNumArgs() &&
        streamDestination(Call->getArg(Index),
                          Depth + 1 < MaxCallerLevels ? Caller : nullptr, Ctx,
                          Ignored, Depth + 1, Elsewhere) == Destination::File) {
      Why = "a caller passes a file stream";
      return Destination::File;
    }
  }
  return Destination::Unknown;
}

const FunctionDecl *
StreamDestinations::calledInLoop(const FunctionDecl *Func, unsigned Index,
                                 ASTContext &Ctx, unsigned Depth,
                                 std::vector<std::string> *Elsewhere) {
  if (Depth >= MaxCallerLevels)
    return nullptr;
  if (std::string Name = Elsewhere ? crossUnitName(Func) : ""; !Name.empty())
    Elsewhere->push_back(streamFact("loop-file", Name, Index));
  for (auto [Call, Caller] : Functions.mainFileUses(Func, Ctx).Calls) {
    if (!Caller || !Caller->getBody() || Index >= Call->getNumArgs())
      continue;
    if (enclosingLoop(Call, Functions.parents(Caller)))
      return Caller;
    const auto *Passed =
        llvm::dyn_cast_or_null<ParmVarDecl>(referencedVar(Call->getArg(Index)));
    if (Passed && Passed->getDeclContext() == Caller)
      if (const FunctionDecl *Looping =
              calledInLoop(Caller, Passed->getFunctionScopeIndex(), Ctx,
                           Depth + 1, Elsewhere))
        return Looping;
  }
  return nullptr;
}

} // namespace clang::tidy::syscall
