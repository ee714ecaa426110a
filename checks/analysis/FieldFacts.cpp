//===--- FieldFacts.cpp - What a file does with its descriptor fields ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FieldFacts.h"
#include "CallIndex.h"
#include "Callee.h"
#include "StatementShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::syscall {

namespace {

using Step = FunctionFlow::Step;

/// How an expression naming a descriptor (a field or a parameter) is used.
enum class UseKind {
  Stored,       ///< assigned with `=`
  Modified,     ///< `+=`, `++`, ...
  AddressTaken, ///< `&s->fd`: anything may store into it
  Argument,     ///< handed to a call
  Tested,       ///< compared or tested for truth
  Copied,       ///< its value goes somewhere else
};

UseKind classify(const Expr *E, const StmtParents &Parents,
                 const Stmt *&Parent) {
  const Stmt *Top = nullptr;
  Parent = skipParensAndCasts(E, Parents, Top);
  if (!Parent)
    return UseKind::Copied;
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(Parent)) {
    if (BO->isAssignmentOp() && BO->getLHS() == Top)
      return BO->getOpcode() == BO_Assign ? UseKind::Stored : UseKind::Modified;
    return BO->isComparisonOp() || BO->isLogicalOp() ? UseKind::Tested
                                                     : UseKind::Copied;
  }
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(Parent)) {
    if (UO->getOpcode() == UO_AddrOf)
      return UseKind::AddressTaken;
    if (UO->isIncrementDecrementOp())
      return UseKind::Modified;
    return UO->getOpcode() == UO_LNot ? UseKind::Tested : UseKind::Copied;
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Parent))
    return llvm::is_contained(Call->arguments(), Top) ? UseKind::Argument
                                                      : UseKind::Copied;
  if (const auto *If = llvm::dyn_cast<IfStmt>(Parent))
    return If->getCond() == Top ? UseKind::Tested : UseKind::Copied;
  if (const auto *While = llvm::dyn_cast<WhileStmt>(Parent))
    return While->getCond() == Top ? UseKind::Tested : UseKind::Copied;
  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(Parent))
    return Cond->getCond() == Top ? UseKind::Tested : UseKind::Copied;
  return UseKind::Copied;
}

} // namespace

const FieldDecl *FieldFacts::privateField(const Place &P, ASTContext &Ctx) {
  const FieldDecl *Field = P.lastField();
  const RecordDecl *Record =
      Field ? Field->getParent()->getDefinition() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Record || !SM.isInMainFile(SM.getExpansionLoc(Record->getLocation())))
    return nullptr;
  // A member function or friend defined elsewhere may store into it.
  if (const auto *Class = llvm::dyn_cast<CXXRecordDecl>(Record)) {
    if (Class->hasFriends())
      return nullptr;
    for (const CXXMethodDecl *Method : Class->methods())
      if (!Method->isImplicit() && !Method->isDefaulted() &&
          !Method->isDeleted() && !Method->hasBody())
        return nullptr;
  }
  return Field;
}

std::string FieldFacts::sharedFieldName(const FieldDecl *Field,
                                        ASTContext &Ctx) {
  const RecordDecl *Record =
      Field ? Field->getParent()->getDefinition() : nullptr;
  if (!Record)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Record->getLocation());
  if (SM.isInMainFile(At) || SM.isInSystemHeader(At) ||
      Record->isInAnonymousNamespace() || !canHoldHandle(Field->getType()))
    return "";
  return usrOf(Field);
}

std::string FieldFacts::storeFact(llvm::StringRef Name, llvm::StringRef Kind) {
  return ("field-store:" + Name + "=" + Kind).str();
}

std::string FieldFacts::storedKind(const Expr *Value, const Stmt *At,
                                   const FunctionDecl *Func, ASTContext &Ctx) {
  if (Value->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return "";
  // `s->fd = -1`: a constant's evaluation, not foldInteger's search of the
  // function for a local's other assignments.
  Expr::EvalResult Constant;
  if (!Value->isValueDependent() && Value->EvaluateAsInt(Constant, Ctx))
    return Constant.Val.getInt().isNonPositive() ? "" : "other";
  // Only a function that opens something can store an open; the others
  // cost no flow analysis.
  std::optional<OpenCall> Open =
      Opening.contains(Func) ? openOfValue(Value, At, Func, Ctx) : std::nullopt;
  if (!Open || (Open->Mode.K != AccessMode::Writable &&
                Open->Mode.K != AccessMode::ReadOnly))
    return "other";
  std::string Kind = Open->Mode.IsStream ? "stream:" : "fd:";
  if (Open->Mode.K == AccessMode::ReadOnly)
    return Kind + "r";
  return Kind + (Open->Mode.Append ? "wa" : "w");
}

void FieldFacts::exportStores(CrossUnitFacts &Facts, ASTContext &Ctx) {
  const CallIndex &Index = CallIndex::of(Ctx);
  Opening.clear();
  for (const CallSite &Site : Opens.callsIn(Ctx, Constants))
    Opening.insert(Site.Func);
  if (!Facts.kept())
    return;
  // The stores of the unit's own functions and of the user's headers'
  // inline ones: those are in no unit's own file, and every unit that
  // includes them tells.
  llvm::DenseMap<const FieldDecl *, std::string> Shared;
  // A field that gets "other" once fails every requirement on its stores:
  // its later stores need no flow analysis.
  llvm::DenseSet<const FieldDecl *> Other;
  for (const FieldStore &Store : Index.fieldStores()) {
    auto [It, New] = Shared.try_emplace(Store.Field);
    if (New)
      It->second = sharedFieldName(Store.Field, Ctx);
    if (It->second.empty() || Other.contains(Store.Field))
      continue;
    std::string Kind = Store.Value
                           ? storedKind(Store.Value, Store.At, Store.Func, Ctx)
                           : "other";
    if (Kind == "other")
      Other.insert(Store.Field);
    if (!Kind.empty())
      Facts.add(storeFact(It->second, Kind));
  }
}

std::optional<OpenCall> FieldFacts::openOfValue(const Expr *Value,
                                                const Stmt *At,
                                                const FunctionDecl *Func,
                                                ASTContext &Ctx,
                                                bool AcrossUnits) {
  // The function's graph only for a value it can say more of (most stores
  // are of neither).
  if (std::optional<OpenCall> Open =
          Opens.classify(Value, Ctx, Constants, AcrossUnits)) {
    if (const FunctionFlow *Flow = Func && Open->Mode.K == AccessMode::Runtime
                                       ? Functions.flow(Func, Ctx)
                                       : nullptr)
      refineModeByPath(*Open, *Flow, Ctx, Constants);
    return Open;
  }
  // `int fd = open(...); if (fd < 0) ...; im->fd = fd;`: only a local
  // given an open somewhere in the function can hold one here (a big
  // function stores many locals that never do into its records' fields).
  const VarDecl *Var = referencedVar(Value);
  auto IsOpen = [&](const CallExpr *Call) {
    return Opens.classify(Call, Ctx, Constants, AcrossUnits).has_value();
  };
  const FunctionFlow *Flow =
      Var && Var->isLocalVarDeclOrParm() && Func &&
              OpenDefinitions[AcrossUnits].mayBeDefinedByCall(
                  Place::variable(Var), Func, Functions, IsOpen)
          ? Functions.flow(Func, Ctx)
          : nullptr;
  if (!Flow)
    return std::nullopt;
  return agreeingOpen(*Flow, Place::variable(Var), At, Opens, Ctx, Constants,
                      AcrossUnits);
}

std::optional<OpenCall> FieldFacts::storedOpen(const FieldDecl *Field,
                                               ASTContext &Ctx) {
  auto [It, New] = Stored.try_emplace(Field);
  if (!New)
    return It->second;
  const MainFileUses &Uses = Functions.mainFileUses(Field, Ctx);
  std::optional<OpenCall> Result;
  auto Agrees = [&](const Expr *Value, const Stmt *At,
                    const FunctionDecl *Func) {
    // -1 or 0 for "no descriptor yet" (a cleared or zeroed struct).
    if (std::optional<int64_t> V = foldInteger(Value, Ctx); V && *V <= 0)
      return true;
    std::optional<OpenCall> Open =
        openOfValue(Value, At, Func, Ctx, /*AcrossUnits=*/true);
    if (!Open || Open->Mode.K == AccessMode::Runtime ||
        (Result && !sameAccess(Result->Mode, Open->Mode)))
      return false;
    if (!Result)
      Result = Open;
    else
      llvm::append_range(Result->Needs, Open->Needs);
    return true;
  };
  for (auto [Init, Func] : Uses.Initialisers)
    if (!Agrees(Init, Init, Func))
      return Stored[Field] = std::nullopt;
  // The call index's stores, not a climb from each use: a field read in
  // every function of a big unit (`o->fd`) cost a parent map of each.
  // (Initialisers' stores were judged above.)
  for (const FieldStore &Store : CallIndex::of(Ctx).storesTo(Field)) {
    bool Assigned = llvm::isa<BinaryOperator>(Store.At);
    if (!Store.Value ||
        (Assigned &&
         (!Store.Func || !Agrees(Store.Value, Store.At, Store.Func))))
      return Stored[Field] = std::nullopt;
  }
  return Stored[Field] = Result;
}

bool FieldFacts::offsetNeverInherited(const FieldDecl *Field,
                                      const FunctionDecl *Helper,
                                      ASTContext &Ctx) {
  auto It = Inherited.find({Field, Helper});
  if (It != Inherited.end())
    return !It->second;
  llvm::SmallVector<Use, 8> Uses;
  for (auto [Member, Func] : Functions.mainFileUses(Field, Ctx).Members)
    Uses.push_back({Member, Func});
  bool Inherits = usesInheritOffset(Uses, Helper, 0, Ctx);
  Inherited[{Field, Helper}] = Inherits;
  return !Inherits;
}

bool FieldFacts::usesInheritOffset(llvm::ArrayRef<Use> Uses,
                                   const FunctionDecl *Helper, unsigned Depth,
                                   ASTContext &Ctx) {
  for (const Use &U : Uses) {
    if (!U.Func)
      return true;
    const Stmt *Parent = nullptr;
    switch (classify(U.E, Functions.parents(U.Func), Parent)) {
    case UseKind::Stored:
    case UseKind::Tested:
      continue;
    case UseKind::Argument: {
      std::optional<Place> Where = Place::of(U.E);
      if (!Where || callInheritsOffset(llvm::cast<CallExpr>(Parent), *Where,
                                       U.Func, Helper, Depth, Ctx))
        return true;
      continue;
    }
    default:
      return true;
    }
  }
  return false;
}

bool FieldFacts::callInheritsOffset(const CallExpr *Call, const Place &Where,
                                    const FunctionDecl *Func,
                                    const FunctionDecl *Helper, unsigned Depth,
                                    ASTContext &Ctx) {
  if (Helper && calleeOf(Call) == Helper)
    return false;
  std::optional<OffsetEffect> Effect = Operations.effectOn(Call, Where);
  if (!Effect)
    return true;
  switch (*Effect) {
  case OffsetEffect::None:
  case OffsetEffect::Positional:
  case OffsetEffect::Closes:
    return false;
  case OffsetEffect::Seeks:
    if (setsOffsetAbsolutely(Call, Ctx))
      return false;
    break;
  case OffsetEffect::Unknown: {
    // A helper of the file whose own uses of its parameter inherit nothing
    // (`static int read_at(int fd, ...)` seeking first).
    const FunctionDecl *Callee = calleeOf(Call);
    const FunctionDecl *Body = nullptr;
    if (Callee && Callee->hasBody(Body) && Depth < 3 &&
        Ctx.getSourceManager().isInMainFile(
            Ctx.getSourceManager().getExpansionLoc(Body->getLocation())))
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (I < Body->getNumParams() && Where.denotes(Call->getArg(I))) {
          llvm::SmallVector<Use, 8> ParamUses;
          for (const DeclRefExpr *Ref :
               Functions.uses(Body).of(Body->getParamDecl(I)))
            ParamUses.push_back({Ref, Body});
          if (!usesInheritOffset(ParamUses, Helper, Depth + 1, Ctx))
            return false;
        }
    break;
  }
  default:
    break;
  }
  return !seekedFirst(Call, Where, Func, Ctx);
}

bool FieldFacts::seekedFirst(const CallExpr *Call, const Place &Where,
                             const FunctionDecl *Func, ASTContext &Ctx) {
  const FunctionFlow *Flow = Functions.flow(Func, Ctx);
  return Flow &&
         Flow->walkBackward(
             Call,
             [&](const Stmt *Element) {
               Definition Def;
               if (definesPlace(Element, Where, Def))
                 // A fresh open starts at offset 0 (or the end).
                 return Def.Value && openOfValue(Def.Value, Def.Site, Func, Ctx)
                            ? Step::EndPath
                            : Step::Fail;
               const auto *C = llvm::dyn_cast<CallExpr>(Element);
               std::optional<OffsetEffect> Effect =
                   C ? Operations.effectOn(C, Where) : std::nullopt;
               if (!Effect || *Effect == OffsetEffect::None ||
                   *Effect == OffsetEffect::Positional)
                 return Step::Continue;
               if (*Effect == OffsetEffect::Closes ||
                   (*Effect == OffsetEffect::Seeks &&
                    setsOffsetAbsolutely(C, Ctx)))
                 return Step::EndPath;
               // Reads, writes and tells on the way rely on the same
               // earlier point; anything else may have moved the offset.
               return *Effect == OffsetEffect::Unknown ? Step::Fail
                                                       : Step::Continue;
             },
             [] { return Step::Fail; });
}

} // namespace clang::tidy::syscall
