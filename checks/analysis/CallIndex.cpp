//===--- CallIndex.cpp - The calls of the user's functions, by callee -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CallIndex.h"
#include "MainFileUses.h"
#include "StringHelpers.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <mutex>

namespace clang::tidy::syscall {

namespace {

/// The callee's unqualified name as the index files it.
std::string keyOf(const FunctionDecl *Callee) {
  if (const IdentifierInfo *Id = Callee->getIdentifier())
    return Id->getName().str();
  if (OverloadedOperatorKind Op = Callee->getOverloadedOperator())
    return std::string("operator") + getOperatorSpelling(Op);
  return "";
}

} // namespace

bool mayHoldUserCode(const Decl *D, const SourceManager &SM) {
  if (llvm::isa<TranslationUnitDecl>(D))
    return true;
  // A declaration in a system header holds no user code: skip it whole.
  if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
    return false;
  // Prototypes and types hold no code of a function: most of what a large
  // header declares.
  if (const auto *Func = llvm::dyn_cast<FunctionDecl>(D))
    return Func->doesThisDeclarationHaveABody();
  return !llvm::isa<TypedefNameDecl, EnumDecl, FieldDecl>(D);
}

class CallIndexer : public RecursiveASTVisitor<CallIndexer> {
  using Base = RecursiveASTVisitor<CallIndexer>;

public:
  CallIndexer(CallIndex &Index, const SourceManager &SM, bool CPlusPlus)
      : Index(Index), SM(SM), CPlusPlus(CPlusPlus) {}

  bool TraverseDecl(Decl *D) {
    if (!D || !mayHoldUserCode(D, SM))
      return true;
    // In C, which has no lambdas, file-scope records and variables hold no
    // calls either. A local's initialiser is code of its function.
    const auto *Func = llvm::dyn_cast<FunctionDecl>(D);
    if (!CPlusPlus && llvm::isa<RecordDecl, VarDecl>(D) &&
        D->getDeclContext()->isFileContext())
      return true;
    if (!Func)
      return Base::TraverseDecl(D);
    // One instantiation's facts (a mode from a template argument) say
    // nothing about another's, and a fix would edit them all.
    if (Func->isTemplateInstantiation())
      return true;
    return within(Func->isDependentContext() ? nullptr : Func,
                  [&] { return Base::TraverseDecl(D); });
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    return within(Op && !Op->isDependentContext() ? Op : nullptr,
                  [&] { return Base::TraverseLambdaExpr(L); });
  }

  // A block's code runs when the block is called, not where it is written.
  bool TraverseBlockExpr(BlockExpr *B) {
    return within(nullptr, [&] { return Base::TraverseBlockExpr(B); });
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Current || !Callee)
      return true;
    Index.ByName[keyOf(Callee)].push_back(Index.Sites.size());
    Index.Sites.push_back({Call, Current});
    // A non-const reference parameter may store into a field.
    if (CPlusPlus)
      for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
           ++I) {
        QualType T = Callee->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          store(fieldOf(Call->getArg(I)), nullptr, Call);
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      store(fieldOf(BO->getLHS()),
            BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr, BO);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      store(fieldOf(UO->getSubExpr()), nullptr, UO);
    return true;
  }

  bool VisitInitListExpr(InitListExpr *List) {
    forEachInitialisedField(List,
                            [&](const FieldDecl *Field, const Expr *Init) {
                              store(Field, Init, Init);
                            });
    return true;
  }

  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    if (Init->isMemberInitializer() && Init->isWritten())
      store(Init->getMember(), Init->getInit(), Init->getInit());
    return Base::TraverseConstructorInitializer(Init);
  }

private:
  static const FieldDecl *fieldOf(const Expr *E) {
    const auto *Member = llvm::dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl())
                  : nullptr;
  }

  void store(const FieldDecl *Field, const Expr *Value, const Stmt *At) {
    if (Field && (Field->getType()->isIntegerType() ||
                  Field->getType()->isPointerType()))
      Index.Stores.push_back({Field, Value, At, Current});
  }

  template <typename Fn> bool within(const FunctionDecl *Func, Fn Traverse) {
    const FunctionDecl *Outer = Current;
    Current = Func;
    bool Result = Traverse();
    Current = Outer;
    return Result;
  }

  CallIndex &Index;
  const SourceManager &SM;
  const bool CPlusPlus;
  const FunctionDecl *Current = nullptr;
};

CallIndex::CallIndex(ASTContext &Ctx) {
  CallIndexer(*this, Ctx.getSourceManager(), Ctx.getLangOpts().CPlusPlus)
      .TraverseDecl(Ctx.getTranslationUnitDecl());
}

const CallIndex &CallIndex::of(ASTContext &Ctx) {
  // One index per context, dropped when the context is destroyed (its
  // address may be reused by the next unit's). Units on other threads
  // have contexts of their own: the lock only guards the map.
  static std::mutex Lock;
  static llvm::DenseMap<const ASTContext *, std::unique_ptr<CallIndex>> Indexes;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Found = Indexes.find(&Ctx);
    if (Found != Indexes.end())
      return *Found->second;
  }
  std::unique_ptr<CallIndex> Built(new CallIndex(Ctx));
  std::lock_guard<std::mutex> Guard(Lock);
  CallIndex &Index = *(Indexes[&Ctx] = std::move(Built));
  Ctx.AddDeallocation(
      [](void *Key) {
        std::lock_guard<std::mutex> Guard(Lock);
        Indexes.erase(static_cast<const ASTContext *>(Key));
      },
      &Ctx);
  return Index;
}

std::vector<CallSite>
CallIndex::callsTo(llvm::ArrayRef<llvm::StringRef> Names) const {
  std::vector<unsigned> Positions;
  for (llvm::StringRef Name : Names) {
    llvm::StringRef Last = Name.rsplit("::").second;
    if (Last.empty())
      Last = Name;
    auto Found = ByName.find(Last);
    if (Found == ByName.end())
      continue;
    for (unsigned At : Found->second)
      if (Last.size() == Name.size() ||
          hasNameLike(Sites[At].Call->getDirectCallee(), Name))
        Positions.push_back(At);
  }
  llvm::sort(Positions);
  Positions.erase(std::unique(Positions.begin(), Positions.end()),
                  Positions.end());
  std::vector<CallSite> Result;
  Result.reserve(Positions.size());
  for (unsigned At : Positions)
    Result.push_back(Sites[At]);
  return Result;
}

bool hasNameLike(const FunctionDecl *Func, llvm::StringRef Name) {
  if (!Name.contains("::"))
    return keyOf(Func) == Name;
  std::string Qualified = Func->getQualifiedNameAsString();
  if (startsWith(Name, "::"))
    return Qualified == Name.drop_front(2);
  return Qualified == Name || endsWith(Qualified, ("::" + Name).str());
}

} // namespace clang::tidy::syscall
