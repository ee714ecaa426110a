//===--- CallIndex.cpp - The calls of the user's functions, by callee -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CallIndex.h"
#include "Callee.h"
#include "Forwarding.h"
#include "LlvmCompat.h"
#include "PerContext.h"
#include "StringHelpers.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerIntPair.h"
#include <algorithm>
#include <memory>

namespace clang::tidy::syscall {

namespace {

/// The callee's unqualified name as the index files it (a string made
/// only for operators: most calls name an identifier).
llvm::StringRef keyOf(const FunctionDecl *Callee,
                      llvm::SmallString<32> &Storage) {
  if (const IdentifierInfo *Id = Callee->getIdentifier())
    return Id->getName();
  if (OverloadedOperatorKind Op = Callee->getOverloadedOperator())
    return (llvm::Twine("operator") + getOperatorSpelling(Op))
        .toStringRef(Storage);
  return "";
}

/// Whether a declaration in a file outside the system headers may hold
/// code of a function: not a prototype, a typedef, an enum or a field.
bool mayHoldCode(const Decl *D) {
  if (const auto *Func = llvm::dyn_cast<FunctionDecl>(D))
    return Func->doesThisDeclarationHaveABody();
  return !llvm::isa<TypedefNameDecl, EnumDecl, FieldDecl>(D);
}

} // namespace

bool mayHoldUserCode(const Decl *D, const SourceManager &SM) {
  if (llvm::isa<TranslationUnitDecl>(D))
    return true;
  // A declaration in a system header holds no user code: skip it whole.
  // Prototypes and types hold no code of a function: most of what a large
  // header declares.
  return !declaredInSystemHeader(D, SM) && mayHoldCode(D);
}

/// One walk of the unit for two indexes: the calls and field stores of the
/// user's code (CallIndex), and the uses of the main file's declarations
/// (MainFileIndex). Each was a walk of its own, and on a big unit a walk
/// costs a few per cent of the parse.
class CallIndexer : public RecursiveASTVisitor<CallIndexer> {
  using Base = RecursiveASTVisitor<CallIndexer>;

public:
  /// \p Fields, when given, is fed the main file's declarations (and
  /// calls through function pointers wait for it: resolve()).
  CallIndexer(CallIndex &Index, const SourceManager &SM, const LangOptions &LO,
              FieldFunctions *Fields)
      : Index(Index), Uses(Index.MainFile.Uses), SM(SM),
        CPlusPlus(LO.CPlusPlus), PlainC(!LO.CPlusPlus && !LO.ObjC),
        Fields(Fields) {}

  // In C, the code under each statement the visitor reaches (a body, an
  // initialiser) is walked here over Stmt::children() instead: the nodes
  // the visitor would visit, in its order, without its queue and dispatch
  // (the index fell from 3.95 % to 3.41 % of a 200,000-line unit's
  // process). C++ and Objective-C keep the visitor.
  bool dataTraverseStmtPre(Stmt *S) {
    if (!PlainC)
      return true;
    walkPlainC(S);
    return false;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  // Code in a type is reached through its TypeLoc (a VLA's size); the
  // types themselves hold none.
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    bool OuterCalls = Calls, OuterUses = UsesHere, OuterFields = FieldsHere;
    const FunctionDecl *OuterUser = User;
    Calls = Calls && holdsIndexedCalls(D);
    // The uses index covers what the main file declares, templates too,
    // and so do the values of function pointer fields.
    bool InMain = llvm::isa<TranslationUnitDecl>(D) ||
                  (D->getLocation().isValid() &&
                   SM.isInMainFile(SM.getExpansionLoc(D->getLocation())));
    UsesHere = UsesHere && (InMain || D->getLocation().isInvalid());
    FieldsHere = FieldsHere && Fields && InMain;
    const auto *Func = llvm::dyn_cast<FunctionDecl>(D);
    if (Func)
      User = Func;
    bool Result = true;
    if (Func && Calls)
      Result = within(Func->isDependentContext() ? nullptr : Func,
                      [&] { return Base::TraverseDecl(D); });
    else if (Calls || UsesHere)
      Result = Base::TraverseDecl(D);
    Calls = OuterCalls;
    UsesHere = OuterUses;
    FieldsHere = OuterFields;
    User = OuterUser;
    return Result;
  }

  bool VisitFunctionDecl(FunctionDecl *Func) {
    if (FieldsHere)
      Fields->declaration(Func);
    return true;
  }

  bool VisitVarDecl(VarDecl *Var) {
    if (FieldsHere)
      Fields->declaration(Var);
    return true;
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    const CXXMethodDecl *Op = L->getCallOperator();
    return within(Op && !Op->isDependentContext() ? Op : nullptr,
                  [&] { return Base::TraverseLambdaExpr(L); });
  }

  bool TraverseForStmt(ForStmt *S) {
    return inLoop([&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return inLoop([&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return inLoop([&] { return Base::TraverseCXXForRangeStmt(S); });
  }

  // A block's code runs when the block is called, not where it is written.
  bool TraverseBlockExpr(BlockExpr *B) {
    return within(nullptr, [&] { return Base::TraverseBlockExpr(B); });
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (UsesHere)
      useCall(Call);
    if (FieldsHere)
      Fields->call(Call);
    // Through a pointer, the callee may be what a field holds: known once
    // the walk has seen every value of the fields (resolve()).
    if (Fields && Calls && Current && !Call->getDirectCallee()) {
      Index.Sites.push_back({Call, Current, nullptr, nullptr, Loops > 0});
      return true;
    }
    const FunctionDecl *Callee = calleeOf(Call);
    if (Calls && Current && !Callee)
      Index.IndirectCallers.insert(Current);
    if (!Calls || !Current || !Callee)
      return true;
    // What a helper passes on is found after the walk (followHelpers).
    Index.Sites.push_back({Call, Current, Callee, nullptr, Loops > 0});
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
    if (!BO->isAssignmentOp())
      return true;
    if (FieldsHere)
      Fields->assignment(BO);
    store(fieldOf(BO->getLHS()),
          BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr, BO);
    if (const auto *Ref =
            llvm::dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenCasts());
        Ref && UsesHere && isUseIndexed(Ref->getDecl()))
      Uses[Ref->getDecl()].Assignments.push_back({BO, User});
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (const auto *Ref =
            llvm::dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens());
        Ref && UsesHere && Cast->getCastKind() == CK_LValueToRValue &&
        isUseIndexed(Ref->getDecl()))
      ++Uses[Ref->getDecl()].ValueReads;
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (FieldsHere)
      Fields->addressOf(UO);
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      store(fieldOf(UO->getSubExpr()), nullptr, UO);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (UsesHere && isUseIndexed(Ref->getDecl()))
      ++Uses[Ref->getDecl()].References;
    return true;
  }

  bool VisitMemberExpr(MemberExpr *Member) {
    if (UsesHere && llvm::isa<FieldDecl>(Member->getMemberDecl()))
      Uses[Member->getMemberDecl()].Members.push_back({Member, User});
    return true;
  }

  bool VisitInitListExpr(InitListExpr *List) {
    forEachInitialisedField(
        List, SeenLists, [&](const FieldDecl *Field, const Expr *Init) {
          store(Field, Init, Init);
          if (UsesHere)
            Uses[Field].Initialisers.push_back({Init, User});
          if (FieldsHere)
            Fields->initialiser(Field, Init);
        });
    return true;
  }

  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    if (Init->isMemberInitializer() && Init->isWritten())
      store(Init->getMember(), Init->getInit(), Init->getInit());
    if (UsesHere && Init->isMemberInitializer() && Init->getInit())
      Uses[Init->getMember()].Initialisers.push_back({Init->getInit(), User});
    if (FieldsHere)
      Fields->memberInitialiser(Init);
    return Base::TraverseConstructorInitializer(Init);
  }

  /// After the walk: the callees of the calls through pointers, now that
  /// every value of the fields is known; the calls without one leave the
  /// index and mark their function as calling through a pointer.
  void resolve() {
    if (!Fields)
      return;
    Fields->done();
    std::vector<CallSite> &Sites = Index.Sites;
    // Each call's position once those without a callee are gone.
    std::vector<unsigned> Kept(Sites.size() + 1);
    unsigned Next = 0;
    for (unsigned I = 0; I < Sites.size(); ++I) {
      Kept[I] = Next;
      CallSite &Site = Sites[I];
      if (!Site.Callee && !(Site.Callee = calleeOf(Site.Call)))
        Index.IndirectCallers.insert(Site.Func);
      if (Site.Callee)
        Sites[Next++] = Site;
    }
    Kept[Sites.size()] = Next;
    Sites.resize(Next);
    llvm::SmallVector<const FunctionDecl *, 4> Emptied;
    for (auto &[Func, Range] : Index.Ranges) {
      Range = {Kept[Range.first], Kept[Range.second]};
      if (Range.first == Range.second)
        Emptied.push_back(Func);
    }
    for (const FunctionDecl *Func : Emptied)
      Index.Ranges.erase(Func);
  }

private:
  /// The visitor's walk of \p Root for C, pre-order, with a stack of its
  /// own: a declaration statement's declarations and a block still go
  /// through the visitor, and a brace list is walked in its written form,
  /// as the visitor takes it when it leaves implicit code out.
  void walkPlainC(Stmt *Root) {
    // Each entry a statement to visit, or (flag set) a loop to leave.
    llvm::SmallVector<llvm::PointerIntPair<Stmt *, 1, bool>, 64> Stack;
    Stack.push_back({Root, false});
    while (!Stack.empty()) {
      auto Entry = Stack.pop_back_val();
      Stmt *S = Entry.getPointer();
      if (Entry.getInt()) {
        --Loops;
        continue;
      }
      if (!S)
        continue;
      if (auto *Declaration = llvm::dyn_cast<DeclStmt>(S)) {
        for (Decl *D : Declaration->decls())
          TraverseDecl(D);
        continue;
      }
      if (auto *Block = llvm::dyn_cast<BlockExpr>(S)) {
        TraverseBlockExpr(Block);
        continue;
      }
      if (auto *List = llvm::dyn_cast<InitListExpr>(S)) {
        if (List->isSemanticForm() && List->getSyntacticForm())
          S = List = List->getSyntacticForm();
        VisitInitListExpr(List);
      } else if (auto *Call = llvm::dyn_cast<CallExpr>(S)) {
        VisitCallExpr(Call);
      } else if (auto *BO = llvm::dyn_cast<BinaryOperator>(S)) {
        VisitBinaryOperator(BO);
      } else if (auto *Cast = llvm::dyn_cast<ImplicitCastExpr>(S)) {
        VisitImplicitCastExpr(Cast);
      } else if (auto *UO = llvm::dyn_cast<UnaryOperator>(S)) {
        VisitUnaryOperator(UO);
      } else if (auto *Ref = llvm::dyn_cast<DeclRefExpr>(S)) {
        VisitDeclRefExpr(Ref);
      } else if (auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
        VisitMemberExpr(Member);
      } else if (llvm::isa<ForStmt, WhileStmt, DoStmt>(S)) {
        ++Loops;
        Stack.push_back({S, true});
      } else {
        traverseWrittenTypes(S);
      }
      size_t First = Stack.size();
      for (Stmt *Child : S->children())
        Stack.push_back({Child, false});
      std::reverse(Stack.begin() + First, Stack.end());
    }
  }

  /// The types written in \p S, as the visitor walks them: their
  /// expressions (`__typeof(x)` in uthash's casts, a VLA's size) hold
  /// uses too.
  void traverseWrittenTypes(Stmt *S) {
    auto Written = [&](TypeSourceInfo *Info) {
      if (Info)
        TraverseTypeLoc(Info->getTypeLoc());
    };
    if (auto *Cast = llvm::dyn_cast<ExplicitCastExpr>(S))
      Written(Cast->getTypeInfoAsWritten());
    else if (auto *Literal = llvm::dyn_cast<CompoundLiteralExpr>(S))
      Written(Literal->getTypeSourceInfo());
    else if (auto *Size = llvm::dyn_cast<UnaryExprOrTypeTraitExpr>(S))
      Written(Size->isArgumentType() ? Size->getArgumentTypeInfo() : nullptr);
    else if (auto *Arg = llvm::dyn_cast<VAArgExpr>(S))
      Written(Arg->getWrittenTypeInfo());
    else if (auto *Offset = llvm::dyn_cast<OffsetOfExpr>(S))
      Written(Offset->getTypeSourceInfo());
    else if (auto *Vector = llvm::dyn_cast<ConvertVectorExpr>(S))
      Written(Vector->getTypeSourceInfo());
    else if (auto *Trait = llvm::dyn_cast<TypeTraitExpr>(S))
      for (TypeSourceInfo *Info : Trait->getArgs())
        Written(Info);
    else if (auto *Generic = llvm::dyn_cast<GenericSelectionExpr>(S)) {
#if LLVM_VERSION_MAJOR >= 17 // `_Generic(type, ...)` came with clang 17
      if (Generic->isTypePredicate())
        Written(Generic->getControllingType());
#endif
      for (GenericSelectionExpr::Association Choice : Generic->associations())
        Written(Choice.getTypeSourceInfo());
    }
  }

  /// Whether the call index's walk enters \p D: the user's code, not C's
  /// file-scope records and variables (which, without lambdas, hold no
  /// calls), not an instantiation (one instantiation's facts, a mode from a
  /// template argument, say nothing about another's, and a fix would edit
  /// them all).
  bool holdsIndexedCalls(const Decl *D) const {
    if (!mayHoldUserCode(D, SM))
      return false;
    if (!CPlusPlus && llvm::isa<RecordDecl, VarDecl>(D) &&
        D->getDeclContext()->isFileContext())
      return false;
    const auto *Func = llvm::dyn_cast<FunctionDecl>(D);
    return !Func || !Func->isTemplateInstantiation();
  }

  /// A local's uses are in its function's VariableUses; indexing them here
  /// too was most of the uses index's cost. The rules ask of functions and
  /// variables only (an enumerator's name is a DeclRefExpr too).
  static bool isUseIndexed(const ValueDecl *D) {
    if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
      return !Var->hasLocalStorage();
    return llvm::isa<FunctionDecl>(D);
  }

  void useCall(const CallExpr *Call) {
    if (const auto *Callee =
            llvm::dyn_cast_or_null<ValueDecl>(Call->getCalleeDecl()))
      Uses[Callee].Calls.push_back({Call, User});
    llvm::SmallVector<const ValueDecl *, 4> Seen;
    for (const Expr *Arg : Call->arguments())
      if (const auto *Ref =
              llvm::dyn_cast<DeclRefExpr>(Arg->IgnoreParenCasts()))
        if (isUseIndexed(Ref->getDecl()) &&
            !llvm::is_contained(Seen, Ref->getDecl())) {
          Seen.push_back(Ref->getDecl());
          Uses[Ref->getDecl()].ArgumentOf.push_back({Call, User});
        }
  }

  static const FieldDecl *fieldOf(const Expr *E) {
    const auto *Member = llvm::dyn_cast<MemberExpr>(E->IgnoreParenCasts());
    return Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl())
                  : nullptr;
  }

  void store(const FieldDecl *Field, const Expr *Value, const Stmt *At) {
    if (Calls && Field &&
        (Field->getType()->isIntegerType() ||
         Field->getType()->isPointerType()))
      Index.Stores.push_back({Field, Value, At, Current});
  }

  template <typename Fn> bool within(const FunctionDecl *Func, Fn Traverse) {
    const FunctionDecl *Outer = Current;
    unsigned OuterLoops = Loops;
    Current = Func;
    Loops = 0; // a lambda's loops are its own
    unsigned First = Index.Sites.size();
    bool Result = Traverse();
    if (Func && Index.Sites.size() > First)
      Index.Ranges[Func] = {First, static_cast<unsigned>(Index.Sites.size())};
    Current = Outer;
    Loops = OuterLoops;
    return Result;
  }

  template <typename Fn> bool inLoop(Fn Traverse) {
    ++Loops;
    bool Result = Traverse();
    --Loops;
    return Result;
  }

  CallIndex &Index;
  llvm::DenseMap<const ValueDecl *, MainFileUses> &Uses;
  const SourceManager &SM;
  const bool CPlusPlus, PlainC;
  FieldFunctions *const Fields;
  /// Whether the calls, the uses, and the field values of the code walked
  /// are indexed.
  bool Calls = true, UsesHere = true, FieldsHere = true;
  /// The function whose code holds the calls indexed (a lambda's call
  /// operator in a lambda, none in a block or a template pattern).
  const FunctionDecl *Current = nullptr;
  /// The loop statements of Current around the walk's place.
  unsigned Loops = 0;
  /// The function definition the uses are in (the outer one in a lambda).
  const FunctionDecl *User = nullptr;
  /// The brace initialisers handled, each once.
  llvm::DenseSet<const InitListExpr *> SeenLists;
};

CallIndex::CallIndex(ASTContext &Ctx) {
  // The declarations left out would not be entered: neither calls to index
  // nor uses of the main file's declarations are in them.
  // In C, the walk also gathers the values of function pointer fields
  // (C++ calls may store into them through reference parameters, which
  // the walk files as it meets the call).
  bool CPlusPlus = Ctx.getLangOpts().CPlusPlus;
  CallIndexer Indexer(*this, Ctx.getSourceManager(), Ctx.getLangOpts(),
                      CPlusPlus ? nullptr : FieldFunctions::gather(Ctx));
  for (Decl *D : userDeclarations(Ctx))
    Indexer.TraverseDecl(D);
  Indexer.resolve();
  for (unsigned I = 0; I < Stores.size(); ++I)
    ByField[Stores[I].Field].push_back(I);
}

void CallIndex::followHelpers() {
  ByName.clear();
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> PassedOnBy;
  // Per callee: what a helper passes on is found in its body, once (the
  // guesses about other units stay the same through this loop).
  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> ForwardedFrom;
  for (unsigned I = 0; I < Sites.size(); ++I) {
    CallSite &Site = Sites[I];
    auto [It, New] = PassedOnBy.try_emplace(Site.Func);
    if (New)
      It->second = passedOnCall(Site.Func);
    Site.PassedOn = It->second == Site.Call;
    // A helper that only passes a call on is indexed as that call.
    auto [Forwarded, First] = ForwardedFrom.try_emplace(Site.Callee);
    if (First)
      Forwarded->second = forwardedCallee(Site.Callee);
    Site.Forwarded = Forwarded->second;
    llvm::SmallString<32> Storage;
    ByName[keyOf(Site.Forwarded, Storage)].push_back(I);
  }
  HelpersFollowed = true;
}

const CallIndex &CallIndex::of(ASTContext &Ctx) {
  CallIndex &Index = PerContext<CallIndex>::get(
      Ctx, [&] { return std::unique_ptr<CallIndex>(new CallIndex(Ctx)); });
  if (!Index.HelpersFollowed)
    Index.followHelpers();
  return Index;
}

void CallIndex::forgetHelpers(ASTContext &Ctx) {
  if (CallIndex *Index = PerContext<CallIndex>::find(Ctx))
    Index->HelpersFollowed = false;
}

llvm::ArrayRef<CallSite> CallIndex::callsIn(const FunctionDecl *Func) const {
  auto Found = Ranges.find(Func);
  if (Found == Ranges.end())
    return {};
  auto [First, End] = Found->second;
  return llvm::ArrayRef<CallSite>(Sites).slice(First, End - First);
}

std::vector<FieldStore> CallIndex::storesTo(const FieldDecl *Field) const {
  std::vector<FieldStore> Result;
  auto Found = ByField.find(Field);
  if (Found != ByField.end())
    for (unsigned At : Found->second)
      Result.push_back(Stores[At]);
  return Result;
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
      if (Sites[At].PassedOn)
        continue;
      else if (Last.size() == Name.size() ||
               hasNameLike(Sites[At].Forwarded, Name))
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

/// The unit's top-level declarations, sorted as userDeclarations() and
/// libraryFunction() want them: the user's, and the C library's functions
/// by name. Fed by one walk of the unit's list, or by the parser as it goes
/// (UnitDeclarationRecorder).
class UnitDeclarations {
public:
  UnitDeclarations(const ASTContext &Ctx, bool Recording)
      : SM(Ctx.getSourceManager()), Recording(Recording) {
    if (!Recording)
      walk(Ctx);
  }

  /// Files \p D, the unit's next top-level declaration.
  void add(Decl *D) {
    // What the compiler declares itself (a builtin on first use, the
    // va_list record) holds no code of the user's or the library's.
    if (D->isImplicit())
      return;
    SourceLocation At = SM.getExpansionLoc(D->getLocation());
    FileID File = SM.getFileID(At);
    // Declarations come file by file: where one is is asked of the source
    // manager once per run of a file without line markers (`# 1 "x.h" 3`
    // changes a file's system-ness within it).
    if (File.isInvalid() || File != Last) {
      LastSystem = SM.isInSystemHeader(At);
      LastMain = SM.isInMainFile(At);
      bool Markers = File.isValid() && SM.getSLocEntry(File).isFile() &&
                     SM.getSLocEntry(File).getFile().hasLineDirectives();
      Last = Markers ? FileID() : File;
    }
    if (LastSystem)
      addLibrary(D);
    else if (LastMain || mayHoldCode(D))
      User.push_back(D);
  }

  /// What was filed, walking the unit's list instead when the parser did
  /// not hand over every declaration (a precompiled header's or a
  /// preamble's come from the external source).
  const UnitDeclarations &complete(const ASTContext &Ctx) {
    if (Recording && Ctx.getExternalSource()) {
      User.clear();
      Library.clear();
      Last = FileID();
      walk(Ctx);
    }
    Recording = false;
    return *this;
  }

  std::vector<Decl *> User;
  llvm::DenseMap<const IdentifierInfo *, const FunctionDecl *> Library;

private:
  void walk(const ASTContext &Ctx) {
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      add(D);
  }

  /// As a lookup of the unit would find it: through `extern "C"` blocks,
  /// the first declaration of a function some declaration of which is the
  /// system headers'.
  void addLibrary(const Decl *D) {
    if (const auto *Block = llvm::dyn_cast<LinkageSpecDecl>(D)) {
      for (const Decl *Inner : Block->decls())
        addLibrary(Inner);
      return;
    }
    if (const auto *Func = llvm::dyn_cast<FunctionDecl>(D))
      if (const IdentifierInfo *Name = Func->getIdentifier())
        Library.try_emplace(Name, Func->getFirstDecl());
  }

  const SourceManager &SM;
  bool Recording;
  FileID Last;
  bool LastSystem = false, LastMain = false;
};

namespace {

const UnitDeclarations &unitDeclarations(const ASTContext &Ctx) {
  return PerContext<UnitDeclarations>::get(
             Ctx,
             [&] {
               return std::make_unique<UnitDeclarations>(Ctx,
                                                         /*Recording=*/false);
             })
      .complete(Ctx);
}

} // namespace

void UnitDeclarationRecorder::Initialize(ASTContext &Ctx) {
  Kept = &PerContext<UnitDeclarations>::get(Ctx, [&] {
    return std::make_unique<UnitDeclarations>(Ctx, /*Recording=*/true);
  });
}

bool UnitDeclarationRecorder::HandleTopLevelDecl(DeclGroupRef Group) {
  for (Decl *D : Group)
    Kept->add(D);
  return true;
}

llvm::ArrayRef<Decl *> userDeclarations(const ASTContext &Ctx) {
  return unitDeclarations(Ctx).User;
}

namespace {

void addMethodDefinitions(const Decl *D, llvm::StringRef Name,
                          llvm::DenseSet<const CXXMethodDecl *> &Seen,
                          std::vector<const CXXMethodDecl *> &Found) {
  if (const auto *Template = llvm::dyn_cast<ClassTemplateDecl>(D)) {
    addMethodDefinitions(Template->getTemplatedDecl(), Name, Seen, Found);
    for (const ClassTemplateSpecializationDecl *Instance :
         Template->specializations())
      addMethodDefinitions(Instance, Name, Seen, Found);
    return;
  }
  if (const auto *Record = llvm::dyn_cast<CXXRecordDecl>(D)) {
    if (Record != Record->getDefinition())
      return;
    for (const CXXMethodDecl *Method : Record->methods())
      if (Method->getIdentifier() && Method->getName() == Name)
        if (const auto *Defined =
                llvm::dyn_cast_or_null<CXXMethodDecl>(Method->getDefinition());
            Defined && Seen.insert(Defined).second)
          Found.push_back(Defined);
    for (const Decl *Member : Record->decls())
      if (llvm::isa<CXXRecordDecl, ClassTemplateDecl>(Member))
        addMethodDefinitions(Member, Name, Seen, Found);
    return;
  }
  if (llvm::isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
    for (const Decl *Member : llvm::cast<DeclContext>(D)->decls())
      addMethodDefinitions(Member, Name, Seen, Found);
}

} // namespace

std::vector<const CXXMethodDecl *> userMethodDefinitions(ASTContext &Ctx,
                                                         llvm::StringRef Name) {
  llvm::DenseSet<const CXXMethodDecl *> Seen;
  std::vector<const CXXMethodDecl *> Found;
  for (const Decl *D : userDeclarations(Ctx))
    addMethodDefinitions(D, Name, Seen, Found);
  // A class local to a function: its methods that make calls are the call
  // index's.
  for (const CallSite &Site : CallIndex::of(Ctx).all())
    if (const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(Site.Func);
        Method && Method->getParent()->isLocalClass() &&
        Method->getIdentifier() && Method->getName() == Name &&
        Seen.insert(Method).second)
      Found.push_back(Method);
  return Found;
}

const FunctionDecl *libraryFunction(const ASTContext &Ctx,
                                    llvm::StringRef Name) {
  auto Id = Ctx.Idents.find(Name);
  if (Id == Ctx.Idents.end())
    return nullptr;
  return unitDeclarations(Ctx).Library.lookup(Id->getValue());
}

bool hasNameLike(const FunctionDecl *Func, llvm::StringRef Name) {
  llvm::SmallString<32> Storage;
  if (!Name.contains("::"))
    return keyOf(Func, Storage) == Name;
  std::string Qualified = Func->getQualifiedNameAsString();
  if (startsWith(Name, "::"))
    return Qualified == Name.drop_front(2);
  return Qualified == Name || endsWith(Qualified, ("::" + Name).str());
}

} // namespace clang::tidy::syscall
