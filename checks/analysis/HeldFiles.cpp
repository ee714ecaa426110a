//===--- HeldFiles.cpp - Which files a block holds open, and closes -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "HeldFiles.h"
#include "Accessors.h"
#include "Callee.h"
#include "Forwarding.h"
#include "FunctionSummary.h"
#include "StatementShape.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"

namespace clang::tidy::syscall {

void callsIn(const Stmt *S, llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    Out.push_back(Call);
  for (const Stmt *Child : S->children())
    callsIn(Child, Out);
}

bool leavesFilesAlone(const CallExpr *Call) {
  static const llvm::StringRef Names[] = {
      "strlen", "strcmp",  "strncmp", "strcasecmp", "strncasecmp", "memcmp",
      "strchr", "strrchr", "strstr",  "malloc",     "calloc",      "free"};
  return isErrnoCall(Call) || llvm::is_contained(Names, calleeName(Call)) ||
         accessedRecord(Call);
}

namespace {

/// Calls that may write to a file or a string but never rename, remove or
/// create a path, nor change the working directory.
bool keepsPathsAlone(const CallExpr *Call) {
  static const llvm::StringRef Names[] = {
      "printf",  "fprintf", "snprintf", "sprintf", "vfprintf", "vsnprintf",
      "puts",    "perror",  "strerror", "memcpy",  "memmove",  "memset",
      "strcpy",  "strncpy", "strcat",   "strncat", "strdup",   "strndup",
      "realloc", "fstat",   "fstat64",  "stat",    "lstat",    "access"};
  llvm::StringRef Name = calleeName(Call);
  return leavesFilesAlone(Call) || llvm::is_contained(Names, Name) ||
         knownOffsetEffect(Name).value_or(OffsetEffect::Unknown) !=
             OffsetEffect::Unknown;
}

/// The calls of \p S that run when it falls through to the next
/// statement: an if without else whose branch only fails leaves the block
/// there, so its branch is left out.
void fallThroughCalls(const Stmt *S,
                      llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (const auto *If = llvm::dyn_cast<IfStmt>(S);
      If && !If->getElse() && !If->getInit() && onlyFails(If->getThen())) {
    callsIn(If->getCond(), Out);
    return;
  }
  callsIn(S, Out);
}

/// Whether \p Cond is true when \p Var, just stored from an open, holds its
/// failure: `fd < 0`, `fd == -1`, `!f`, `f == NULL`, `(fd = open(...)) < 0`.
bool testsFailure(const Expr *Cond, const VarDecl *Var, ASTContext &Ctx) {
  auto IsVar = [&](const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(E);
        Assign && Assign->getOpcode() == BO_Assign)
      E = Assign->getLHS();
    return refersTo(E, Var);
  };
  Cond = Cond->IgnoreParenCasts();
  bool Pointer = Var->getType()->isPointerType();
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond))
    return Pointer && Not->getOpcode() == UO_LNot && IsVar(Not->getSubExpr());
  const auto *Cmp = llvm::dyn_cast<BinaryOperator>(Cond);
  if (!Cmp || !IsVar(Cmp->getLHS()))
    return false;
  if (Pointer)
    return Cmp->getOpcode() == BO_EQ &&
           Cmp->getRHS()->isNullPointerConstant(
               Ctx, Expr::NPC_ValueDependentIsNotNull);
  std::optional<int64_t> V = foldInteger(Cmp->getRHS(), Ctx);
  return V && ((Cmp->getOpcode() == BO_LT && *V == 0) ||
               (Cmp->getOpcode() == BO_EQ && *V == -1));
}

/// Whether \p S stores to \p Var or through it (`p[0] = 0`, `++p`, `&p`),
/// or hands it to a constructor (an owner that may close it).
bool storesTo(const Stmt *S, const VarDecl *Var) {
  if (!S || !Var || llvm::isa<LambdaExpr>(S))
    return false;
  auto Reaches = [&](const Expr *E) {
    E = E->IgnoreParenCasts();
    while (true) {
      if (const auto *Sub = llvm::dyn_cast<ArraySubscriptExpr>(E))
        E = Sub->getBase()->IgnoreParenCasts();
      else if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
               Deref && Deref->getOpcode() == UO_Deref)
        E = Deref->getSubExpr()->IgnoreParenCasts();
      else
        break;
    }
    return refersTo(E, Var);
  };
  if (const auto *Op = llvm::dyn_cast<BinaryOperator>(S);
      Op && Op->isAssignmentOp() && Reaches(Op->getLHS()))
    return true;
  if (const auto *Op = llvm::dyn_cast<UnaryOperator>(S);
      Op && (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf) &&
      Reaches(Op->getSubExpr()))
    return true;
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(S))
    for (const Expr *Arg : Construct->arguments())
      if (refersTo(Arg->IgnoreParenCasts(), Var))
        return true;
  for (const Stmt *Child : S->children())
    if (storesTo(Child, Var))
      return true;
  return false;
}

} // namespace

const ByPathOnHeld *HeldFiles::find(const CallExpr *Call,
                                    const FunctionDecl *Func,
                                    const OpenFunctionTable &Opens,
                                    const PosixConstants &Constants,
                                    FunctionCache &Functions, ASTContext &Ctx) {
  // Every block around the call: a nested block is a statement of the one
  // around it (`close(fd); { rv = chmod(path, m); goto out; }`).
  const Stmt *Top = nullptr;
  for (const Stmt *From = Call; const CompoundStmt *Block = enclosingBlock(
                                    From, Functions.parents(Func), Top);
       From = Block) {
    if (!Followed.insert(Block).second)
      break; // and the blocks around it too
    follow(Block, Func, Opens, Constants, Functions, Ctx);
  }
  auto It = Found.find(Call);
  return It == Found.end() ? nullptr : &It->second;
}

void HeldFiles::follow(const CompoundStmt *Block, const FunctionDecl *Func,
                       const OpenFunctionTable &Opens,
                       const PosixConstants &Constants,
                       FunctionCache &Functions, ASTContext &Ctx) {
  const StmtParents &Parents = Functions.parents(Func);
  // An open whose descriptor names the file its path names: following
  // links, relative to the working directory, not an unnamed temporary.
  auto Opened =
      [&](const CallExpr *Call,
          CompoundStmt::const_body_iterator It) -> std::optional<HeldFile> {
    std::optional<OpenCall> Open =
        Opens.classify(Call, Ctx, Constants, /*AcrossUnits=*/true);
    if (!Open || Open->Call != Call || !Open->Path)
      return std::nullopt;
    if (startsWith(Open->Function, "openat")) {
      std::optional<int64_t> Dir = foldInteger(Call->getArg(0), Ctx);
      if (!Dir || *Dir != Constants.get("AT_FDCWD"))
        return std::nullopt;
    }
    if (!Open->Mode.IsStream) {
      std::optional<int64_t> Flags = Open->Flags;
      if (!Flags && Open->Mode.FlagsExpr)
        Flags = foldInteger(Open->Mode.FlagsExpr, Ctx);
      int64_t Unlike = Constants.get("O_NOFOLLOW") | Constants.get("O_PATH") |
                       Constants.get("O_TMPFILE");
      if (!Flags || (*Flags & Unlike))
        return std::nullopt;
    }
    // The open is tested for failure by a branch that only fails, or made
    // by a wrapper that exits when it fails (`int fd = xopen(path, fl);`),
    // in this unit or, as its unit must say, another.
    std::optional<CheckedStore> Store = checkedStoreAt(Block, It);
    if (!Store || underlyingCall(Store->Value) != Call ||
        !Store->Var->isLocalVarDecl())
      return std::nullopt;
    Requirement Needs = Open->Needs;
    bool Tested = Store->Check && onlyFails(Store->Check->getThen()) &&
                  testsFailure(Store->Test, Store->Var, Ctx);
    if (!Tested && !exitsOnFailure(Call)) {
      const FunctionDecl *Callee = calleeOf(Call);
      const OpenSummary *Here =
          Callee ? FunctionSummaries::of(Ctx).opens(Callee, Constants)
                 : nullptr;
      std::string Elsewhere =
          Callee && !Here && !Open->Needs.empty() ? crossUnitName(Callee) : "";
      if (!Elsewhere.empty())
        Needs.push_back({diesFact(Elsewhere)});
      else if (!Here || !Here->Dies)
        return std::nullopt;
    }
    return HeldFile{Store->Var, Open->Path, Call, Open->Mode.IsStream,
                    std::move(Needs)};
  };
  auto PathVar = [](const HeldFile &H) { return referencedVar(H.Path); };

  llvm::SmallVector<HeldFile, 4> Held;
  std::optional<ByPathOnHeld> Closed;
  llvm::SmallVector<const CallExpr *, 8> Calls;
  for (auto It = Block->body_begin(); It != Block->body_end(); ++It) {
    const Stmt *S = *It;
    if (llvm::isa<LabelStmt, SwitchCase>(S)) { // another path joins here
      Held.clear();
      Closed.reset();
    }
    Calls.clear();
    fallThroughCalls(S, Calls);
    std::optional<HeldFile> OpenedHere;
    std::optional<ByPathOnHeld> ClosedHere;
    for (const CallExpr *Call : Calls) {
      llvm::StringRef Name = calleeName(Call);
      bool ByPath =
          Call->getNumArgs() >= 1 && alwaysEvaluated(Call, S, Parents);
      if (llvm::is_contained(LookupNames, Name)) {
        for (const HeldFile &H : Held)
          if (ByPath && sameValue(Call->getArg(0), H.Path))
            Found[Call] = {H, nullptr};
        continue;
      }
      if (Closed && llvm::is_contained(ChangeNames, Name)) {
        // utimensat(AT_FDCWD, path, times, 0): as futimens would.
        bool AtPath =
            Name != "utimensat" ||
            (Call->getNumArgs() == 4 &&
             foldInteger(Call->getArg(0), Ctx) == Constants.get("AT_FDCWD") &&
             foldInteger(Call->getArg(3), Ctx) == std::optional<int64_t>(0));
        const Expr *Path = Call->getArg(Name == "utimensat" ? 1 : 0);
        if (ByPath && AtPath && sameValue(Path, Closed->File.Path))
          Found[Call] = *Closed;
        Closed.reset();
        continue;
      }
      if (leavesFilesAlone(Call))
        continue;
      Closed.reset();
      if (std::optional<HeldFile> H = Opened(Call, It)) {
        OpenedHere = H;
        continue;
      }
      llvm::erase_if(Held, [&](const HeldFile &H) {
        std::optional<OffsetEffect> Effect = Operations.effectOn(Call, H.Var);
        if (!Effect)
          return !keepsPathsAlone(Call);
        if (*Effect == OffsetEffect::Closes && ByPath)
          ClosedHere = ByPathOnHeld{H, Call};
        return *Effect == OffsetEffect::Closes ||
               *Effect == OffsetEffect::Unknown;
      });
    }
    llvm::erase_if(Held, [&](const HeldFile &H) {
      return storesTo(S, H.Var) || storesTo(S, PathVar(H));
    });
    if (Closed && storesTo(S, PathVar(Closed->File)))
      Closed.reset();
    if (ClosedHere && !storesTo(S, PathVar(ClosedHere->File)))
      Closed = ClosedHere;
    if (OpenedHere)
      Held.push_back(*OpenedHere);
  }
}

} // namespace clang::tidy::syscall
