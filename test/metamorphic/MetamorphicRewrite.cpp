//===--- MetamorphicRewrite.cpp - Same program, another spelling ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writes a variant of one source file that means the same as the original
// but spells it the way real code does: a declaration split from its
// initialiser, an assignment moved into the `if` that tests it, renamed
// variables, parentheses, statements in a do-while(0) macro, opens through
// a wrapper (in the file or in another one), an EINTR-retry macro, early
// returns through a cleanup label, a condition carried in a local flag, two
// checks that leave the same way joined by `||`, casts, C library calls
// outlined into one-line helpers (in the file or in another one), one-line
// helpers inlined, calls through wrappers that exit when the call fails,
// calls through a constant table of function pointers or through a pointer
// to a table of the file. The metamorphic suite (run.py) requires the
// checks to find the same things in both.
//
// Usage: syscall-tidy-metamorphic REWRITE SOURCE OUTPUT [WRAPPERS] -- FLAGS
// OUTPUT receives the variant (identical to SOURCE when the rewrite has no
// place to apply); WRAPPERS, for "wrap-open-elsewhere" and
// "outline-elsewhere", the file that defines the wrappers or helpers.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace {

enum class Rewrite {
  SplitDeclaration,
  AssignInCondition,
  Rename,
  Parenthesize,
  DoWhileMacro,
  WrapOpen,
  WrapOpenElsewhere,
  RetryMacro,
  GotoCleanup,
  LocalFlag,
  JoinOr,
  Cast,
  Outline,
  OutlineElsewhere,
  Inline,
  DieWrapper,
  CallTable,
  CallField,
};

std::optional<Rewrite> rewriteNamed(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Rewrite>>(Name)
      .Case("split-declaration", Rewrite::SplitDeclaration)
      .Case("assign-in-condition", Rewrite::AssignInCondition)
      .Case("rename", Rewrite::Rename)
      .Case("parenthesize", Rewrite::Parenthesize)
      .Case("do-while-macro", Rewrite::DoWhileMacro)
      .Case("wrap-open", Rewrite::WrapOpen)
      .Case("wrap-open-elsewhere", Rewrite::WrapOpenElsewhere)
      .Case("retry-macro", Rewrite::RetryMacro)
      .Case("goto-cleanup", Rewrite::GotoCleanup)
      .Case("local-flag", Rewrite::LocalFlag)
      .Case("join-or", Rewrite::JoinOr)
      .Case("cast", Rewrite::Cast)
      .Case("outline", Rewrite::Outline)
      .Case("outline-elsewhere", Rewrite::OutlineElsewhere)
      .Case("inline", Rewrite::Inline)
      .Case("die-wrapper", Rewrite::DieWrapper)
      .Case("call-table", Rewrite::CallTable)
      .Case("call-field", Rewrite::CallField)
      .Default(std::nullopt);
}

constexpr llvm::StringLiteral Suffix = "_meta";

/// The wrappers: each returns what the open returns, failures included.
constexpr llvm::StringLiteral OpenWrapper =
    "int open_meta(const char *path, int flags, int mode)";
constexpr llvm::StringLiteral OpenWrapperBody =
    " {\n  int fd = open(path, flags, mode);\n  if (fd < 0)\n    return -1;\n"
    "  return fd;\n}\n";
constexpr llvm::StringLiteral FopenWrapper =
    "FILE *fopen_meta(const char *path, const char *mode)";
constexpr llvm::StringLiteral FopenWrapperBody =
    " {\n  FILE *f = fopen(path, mode);\n  if (!f)\n    return NULL;\n"
    "  return f;\n}\n";

class Variant : public RecursiveASTVisitor<Variant> {
public:
  Variant(Rewrite Kind, ASTContext &Ctx, Rewriter &R)
      : Kind(Kind), Ctx(Ctx), SM(Ctx.getSourceManager()), R(R) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(Decl *D) {
    // Only the file's own code: not headers, not what macros write.
    if (D && !llvm::isa<TranslationUnitDecl>(D) &&
        !SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody() && !FirstFunction.isValid())
      FirstFunction = SM.getExpansionLoc(F->getOuterLocStart());
    // Where file-scope helpers go: before the first code at file scope,
    // outside any namespace.
    const Decl *Top = F;
    while (!llvm::isa<TranslationUnitDecl>(Top->getLexicalDeclContext()))
      Top = llvm::cast<Decl>(Top->getLexicalDeclContext());
    if (F->doesThisDeclarationHaveABody() && !FirstTopLevel.isValid())
      FirstTopLevel = SM.getExpansionLoc(Top->getBeginLoc());
    if (Kind == Rewrite::Inline && F->doesThisDeclarationHaveABody())
      noteOneLineHelper(F);
    if (Kind == Rewrite::GotoCleanup && F->doesThisDeclarationHaveABody())
      gotoCleanup(F);
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt *Block) {
    for (auto It = Block->body_begin(); It != Block->body_end(); ++It) {
      Stmt *S = *It;
      Stmt *Next =
          std::next(It) != Block->body_end() ? *std::next(It) : nullptr;
      if (auto *DS = llvm::dyn_cast<DeclStmt>(S)) {
        if (Kind == Rewrite::SplitDeclaration)
          splitDeclaration(DS);
        else if (Kind == Rewrite::AssignInCondition)
          assignInCondition(DS, llvm::dyn_cast_or_null<IfStmt>(Next));
      } else if (auto *E = llvm::dyn_cast<CallExpr>(S);
                 E && Kind == Rewrite::DoWhileMacro) {
        wrapStatement(E);
      } else if (auto *If = llvm::dyn_cast<IfStmt>(S)) {
        if (Kind == Rewrite::LocalFlag)
          localFlag(If);
        else if (Kind == Rewrite::JoinOr &&
                 joinOr(If, llvm::dyn_cast_or_null<IfStmt>(Next)))
          ++It; // The second `if` is gone; it joins no third.
      }
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (Kind == Rewrite::Rename &&
        (V->isLocalVarDecl() || llvm::isa<ParmVarDecl>(V)))
      Renamed.insert(V);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Kind == Rewrite::Inline && llvm::isa<FunctionDecl>(Ref->getDecl()))
      ++Named[Ref->getDecl()->getCanonicalDecl()];
    if (Kind == Rewrite::Rename)
      if (auto *V = llvm::dyn_cast<VarDecl>(Ref->getDecl()))
        References.push_back({V, Ref->getLocation()});
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const auto *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || !inFile(Call->getSourceRange()))
      return true;
    llvm::StringRef Name = Callee->getName();
    bool Global =
        Callee->getDeclContext()->getRedeclContext()->isTranslationUnit();
    switch (Kind) {
    case Rewrite::Parenthesize:
      for (Expr *Arg : Call->arguments())
        if (llvm::isa<DeclRefExpr>(Arg->IgnoreImpCasts()) &&
            inFile(Arg->getSourceRange()))
          parenthesize(Arg->getSourceRange());
      break;
    case Rewrite::WrapOpen:
    case Rewrite::WrapOpenElsewhere:
      if (Global && (Name == "open" || Name == "fopen"))
        wrapOpen(Call, Name);
      break;
    case Rewrite::Cast:
      if (Global)
        cast(Call);
      break;
    case Rewrite::Outline:
    case Rewrite::OutlineElsewhere:
      if (Global && SM.isInSystemHeader(Callee->getLocation()) &&
          !Name.starts_with("__"))
        outline(Call, Name);
      break;
    case Rewrite::Inline:
      InlineCalls.push_back(Call);
      break;
    case Rewrite::DieWrapper:
      // Calls whose failure is an error, not an answer (not access or stat).
      if (Global && SM.isInSystemHeader(Callee->getLocation()) &&
          llvm::is_contained({"open", "openat", "creat", "fopen", "read",
                              "write", "pwrite", "lseek", "fstat", "fcntl",
                              "ftruncate", "dup", "socket", "accept"},
                             Name))
        outline(Call, Name, /*Dies=*/true);
      break;
    case Rewrite::CallTable:
    case Rewrite::CallField:
      // Not a call that does not return: a pointer's type may not say so.
      if (Global && SM.isInSystemHeader(Callee->getLocation()) &&
          !Name.starts_with("__") && !Callee->isNoReturn())
        callThroughTable(Call, Callee);
      break;
    case Rewrite::RetryMacro:
      // The calls that fail with EINTR, as real code retries them.
      if (Global && (Name == "open" || Name == "creat" || Name == "write" ||
                     Name == "read"))
        retry(Call);
      break;
    default:
      break;
    }
    return true;
  }

  /// Edits that need the whole file seen first; whether anything changed.
  bool finish(std::string *Wrappers) {
    if (Kind == Rewrite::Rename)
      rename();
    if (Kind == Rewrite::Inline)
      for (const CallExpr *Call : InlineCalls)
        inlineCall(Call);
    if (Edits == 0)
      return false;
    FileID Main = SM.getMainFileID();
    SourceLocation Top = SM.getLocForStartOfFile(Main);
    if (Kind == Rewrite::DoWhileMacro)
      R.InsertTextBefore(Top, "#define STMT_META(...) do { __VA_ARGS__ } "
                              "while (0)\n");
    if (Kind == Rewrite::RetryMacro)
      // glibc's TEMP_FAILURE_RETRY, under our own name.
      R.InsertTextBefore(Top, "#include <errno.h>\n#define RETRY_META(e) "
                              "(__extension__({ long int r_meta; do r_meta "
                              "= (long int)(e); while (r_meta == -1L && "
                              "errno == EINTR); r_meta; }))\n");
    if (Kind == Rewrite::WrapOpen || Kind == Rewrite::WrapOpenElsewhere) {
      std::string Decls;
      if (WrappedOpen)
        Decls += wrapper(OpenWrapper, OpenWrapperBody, Wrappers);
      if (WrappedFopen)
        Decls += wrapper(FopenWrapper, FopenWrapperBody, Wrappers);
      R.InsertTextBefore(FirstFunction.isValid() ? FirstFunction : Top, Decls);
    }
    if (Kind == Rewrite::OutlineElsewhere)
      *Wrappers += systemIncludes() + "\n" + Elsewhere;
    if (Kind == Rewrite::CallTable || Kind == Rewrite::CallField)
      R.InsertTextBefore(FirstTopLevel.isValid() ? FirstTopLevel : Top,
                         table());
    if (Kind == Rewrite::Outline || Kind == Rewrite::OutlineElsewhere ||
        Kind == Rewrite::DieWrapper)
      R.InsertTextBefore(FirstTopLevel.isValid() ? FirstTopLevel : Top,
                         (Kind == Rewrite::DieWrapper
                              ? "#include <stdio.h>\n#include <stdlib.h>\n"
                              : "") +
                             Helpers);
    return true;
  }

private:
  bool inFile(SourceRange Range) const {
    return Range.getBegin().isFileID() && Range.getEnd().isFileID() &&
           SM.isWrittenInMainFile(Range.getBegin());
  }

  std::string text(SourceRange Range) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM,
                                Ctx.getLangOpts())
        .str();
  }

  SourceLocation afterToken(SourceLocation Loc) const {
    return Lexer::getLocForEndOfToken(Loc, 0, SM, Ctx.getLangOpts());
  }

  /// A local this rewrite may declare apart from its value: one scalar or
  /// pointer, written out (not `auto`), not const.
  static bool isPlainLocal(const DeclStmt *DS, const VarDecl *&Out) {
    if (!DS->isSingleDecl())
      return false;
    const auto *V = llvm::dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!V || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit() ||
        V->getType().isConstQualified() || !(V->getType()->isScalarType()) ||
        V->getType()->getContainedDeducedType() ||
        V->getInitStyle() != VarDecl::CInit)
      return false;
    Out = V;
    return true;
  }

  // `int fd = open(...);` -> `int fd; fd = open(...);`, on the same line.
  void splitDeclaration(DeclStmt *DS) {
    const VarDecl *V;
    if (!isPlainLocal(DS, V) || !inFile(DS->getSourceRange()) ||
        !V->getLocation().isFileID())
      return;
    R.InsertTextAfter(afterToken(V->getLocation()), "; " + V->getName().str());
    ++Edits;
  }

  // `int fd = open(...); if (fd < 0)` -> `int fd; if ((fd = open(...)) < 0)`.
  void assignInCondition(DeclStmt *DS, IfStmt *If) {
    const VarDecl *V;
    if (!If || If->getInit() || If->getConditionVariable() ||
        !isPlainLocal(DS, V) || !inFile(DS->getSourceRange()) ||
        !inFile(If->getCond()->getSourceRange()))
      return;
    const Expr *Cond = If->getCond()->IgnoreParenImpCasts();
    const Expr *Tested = nullptr;
    if (const auto *B = llvm::dyn_cast<BinaryOperator>(Cond);
        B && B->isComparisonOp())
      Tested = B->getLHS()->IgnoreParenImpCasts();
    else if (const auto *U = llvm::dyn_cast<UnaryOperator>(Cond);
             U && U->getOpcode() == UO_LNot)
      Tested = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(Tested);
    if (!Ref || Ref->getDecl() != V)
      return;
    const Expr *Init = V->getInit();
    if (!inFile(Init->getSourceRange()))
      return;
    std::string Value = text(Init->getSourceRange());
    R.RemoveText(CharSourceRange::getTokenRange(afterToken(V->getLocation()),
                                                Init->getEndLoc()));
    R.ReplaceText(Ref->getSourceRange(),
                  "(" + V->getName().str() + " = " + Value + ")");
    ++Edits;
  }

  void wrapStatement(CallExpr *Call) {
    if (!inFile(Call->getSourceRange()))
      return;
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        Call->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (AfterSemi.isInvalid())
      return;
    // The statement keeps its own semicolon inside the macro.
    R.InsertTextBefore(Call->getBeginLoc(), "STMT_META(");
    R.InsertTextAfter(AfterSemi, ");");
    ++Edits;
  }

  void parenthesize(SourceRange Range) {
    R.InsertTextBefore(Range.getBegin(), "(");
    R.InsertTextAfter(afterToken(Range.getEnd()), ")");
    ++Edits;
  }

  void wrapOpen(CallExpr *Call, llvm::StringRef Name) {
    // The callee as written, `::open` and `std::fopen` included.
    const auto *Ref =
        llvm::dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImpCasts());
    if (!Ref || !inFile(Ref->getSourceRange()))
      return;
    SourceRange Callee = Ref->getSourceRange();
    if (Name == "open") {
      if (Call->getNumArgs() < 2 || Call->getNumArgs() > 3)
        return;
      R.ReplaceText(Callee, "open_meta");
      if (Call->getNumArgs() == 2)
        R.InsertTextAfter(afterToken(Call->getArg(1)->getEndLoc()), ", 0");
      WrappedOpen = true;
    } else {
      R.ReplaceText(Callee, "fopen_meta");
      WrappedFopen = true;
    }
    ++Edits;
  }

  void retry(CallExpr *Call) {
    // Only a value that is stored or tested: a statement's result is not.
    const auto &Parents = Ctx.getParents(*Call);
    if (Parents.empty() || Parents[0].get<CompoundStmt>())
      return;
    R.InsertTextBefore(Call->getBeginLoc(), "RETRY_META(");
    R.InsertTextAfter(afterToken(Call->getEndLoc()), ")");
    ++Edits;
  }

  /// The statements a function's body runs, not those of blocks and
  /// lambdas written inside it.
  static void collectReturns(Stmt *S, std::vector<ReturnStmt *> &Out) {
    if (!S || llvm::isa<BlockExpr>(S) || llvm::isa<LambdaExpr>(S) ||
        llvm::isa<StmtExpr>(S))
      return;
    if (auto *Ret = llvm::dyn_cast<ReturnStmt>(S))
      Out.push_back(Ret);
    for (Stmt *Child : S->children())
      collectReturns(Child, Out);
  }

  // Every `return E;` of a C function with an early return becomes
  // `{ rv_meta = E; goto out_meta; }`, and `out_meta: return rv_meta;` ends
  // the body: one exit, as cleanup code writes it. C only: C++ may not jump
  // past the initialised declarations that a C function may have.
  void gotoCleanup(FunctionDecl *F) {
    auto *Body = llvm::dyn_cast<CompoundStmt>(F->getBody());
    if (Ctx.getLangOpts().CPlusPlus || !Body || Body->body_empty() ||
        !inFile(Body->getSourceRange()))
      return;
    std::vector<ReturnStmt *> Returns;
    collectReturns(Body, Returns);
    bool Early = llvm::any_of(
        Returns, [&](ReturnStmt *Ret) { return Ret != Body->body_back(); });
    QualType Type = F->getReturnType();
    bool Void = Type->isVoidType();
    if (!Early ||
        (!Void && (!Type->isScalarType() || Type->isFunctionPointerType() ||
                   Type->isBlockPointerType())) ||
        !llvm::all_of(Returns, [&](ReturnStmt *Ret) {
          return inFile(Ret->getSourceRange());
        }))
      return;
    for (ReturnStmt *Ret : Returns) {
      SourceLocation AfterSemi = Lexer::findLocationAfterToken(
          Ret->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
          /*SkipTrailingWhitespaceAndNewLine=*/false);
      if (AfterSemi.isInvalid())
        return;
      std::string Value =
          Ret->getRetValue() ? text(Ret->getRetValue()->getSourceRange()) : "";
      R.ReplaceText(
          CharSourceRange::getCharRange(Ret->getBeginLoc(), AfterSemi),
          Value.empty() ? "goto out_meta;"
                        : "{ rv_meta = " + Value + "; goto out_meta; }");
    }
    // Every path sets the value, as cleanup code does; only a body that
    // may run off its end (main's 0) needs one to start with.
    bool FallsOff = !llvm::isa<ReturnStmt>(Body->body_back());
    R.InsertTextAfter(afterToken(Body->getLBracLoc()),
                      Void ? ""
                           : "\n  " + printed(Type) + " rv_meta" +
                                 (FallsOff ? " = 0;" : ";"));
    R.InsertTextBefore(Body->getRBracLoc(), Void ? "out_meta:;\n"
                                                 : "out_meta:\n  return "
                                                   "rv_meta;\n");
    ++Edits;
  }

  // `if (c) s` -> `int flagN_meta = !!(c); if (flagN_meta) s`.
  void localFlag(IfStmt *If) {
    if (If->getInit() || If->getConditionVariable() ||
        !inFile(If->getSourceRange()) ||
        !inFile(If->getCond()->getSourceRange()))
      return;
    std::string Flag = "flag" + std::to_string(Edits) + "_meta";
    R.InsertTextBefore(If->getBeginLoc(),
                       "int " + Flag + " = !!(" +
                           text(If->getCond()->getSourceRange()) + "); ");
    R.ReplaceText(If->getCond()->getSourceRange(), Flag);
    ++Edits;
  }

  /// Whether a branch always leaves: a return or goto, alone or last.
  static bool leaves(const Stmt *S) {
    if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S))
      S = Block->body_empty() ? nullptr : Block->body_back();
    return S && (llvm::isa<ReturnStmt>(S) || llvm::isa<GotoStmt>(S));
  }

  // `if (a) leave; if (b) leave;` (the same leave) -> `if ((a) || (b))
  // leave;`. Only a branch that leaves: otherwise both could run.
  bool joinOr(IfStmt *First, IfStmt *Second) {
    auto Plain = [&](IfStmt *If) {
      return If && !If->getElse() && !If->getInit() &&
             !If->getConditionVariable() && inFile(If->getSourceRange()) &&
             inFile(If->getCond()->getSourceRange()) && leaves(If->getThen());
    };
    if (!Plain(First) || !Plain(Second) ||
        text(First->getThen()->getSourceRange()) !=
            text(Second->getThen()->getSourceRange()))
      return false;
    SourceLocation SecondEnd = Lexer::findLocationAfterToken(
        Second->getThen()->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (llvm::isa<CompoundStmt>(Second->getThen()))
      SecondEnd = afterToken(Second->getThen()->getEndLoc());
    if (SecondEnd.isInvalid())
      return false;
    R.ReplaceText(First->getCond()->getSourceRange(),
                  "(" + text(First->getCond()->getSourceRange()) + ") || (" +
                      text(Second->getCond()->getSourceRange()) + ")");
    R.RemoveText(
        CharSourceRange::getCharRange(Second->getBeginLoc(), SecondEnd));
    ++Edits;
    return true;
  }

  // A call's value cast to its own type, `(int)open(...)`; a value the
  // statement drops cast to void, `(void)close(fd);`.
  void cast(CallExpr *Call) {
    QualType Type = Call->getType();
    if (Type->isVoidType() || !inFile(Call->getSourceRange()))
      return;
    const auto &Parents = Ctx.getParents(*Call);
    if (Parents.empty())
      return;
    bool Dropped = Parents[0].get<CompoundStmt>() != nullptr;
    if (!Dropped && (!Type->isScalarType() || Type->isFunctionPointerType()))
      return;
    R.InsertTextBefore(Call->getBeginLoc(),
                       Dropped ? "(void)" : "(" + printed(Type) + ")");
    ++Edits;
  }

  /// \p Type declaring \p Name, as C writes it (`void (*cb)(int)`).
  std::string declared(QualType Type, const std::string &Name) const {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    Type.getUnqualifiedType().print(OS, Ctx.getPrintingPolicy(), Name);
    return OS.str();
  }

  // `write(fd, buf, n)` -> `write_3_meta(fd, buf, n)`, and before the code
  // `static ssize_t write_3_meta(int a0, const void *a1, size_t a2) { return
  // write(a0, a1, a2); }`: the call, one helper away, as real code writes
  // its own thin wrappers of the C library.
  //
  // With \p Dies, the helper exits when the call fails, as a project's
  // xopen/xwrite do: `{ ssize_t r = write(a0, a1, a2); if (r == -1) {
  // perror("write"); exit(1); } return r; }`.
  void outline(CallExpr *Call, llvm::StringRef Name, bool Dies = false) {
    const auto *Ref =
        llvm::dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImpCasts());
    QualType Result = Call->getType();
    if (!Ref || !inFile(Call->getSourceRange()) || Call->isTypeDependent() ||
        Call->isValueDependent() || Result->isFunctionPointerType() ||
        Result->isArrayType())
      return;
    // `_` between: `ftruncate` + 64 is not `ftruncate64`.
    std::string Helper =
        Name.str() + "_" + std::to_string(Edits) + Suffix.str();
    std::string Params, Args;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      if (llvm::isa<CXXDefaultArgExpr>(Arg) || Arg->isTypeDependent() ||
          Arg->getType()->isVoidType())
        return;
      std::string Param = "a" + std::to_string(I);
      // The callee's own parameter type where it has one, as a wrapper
      // declares it (`va_list`, not the record it decays to).
      const FunctionDecl *Callee = Call->getDirectCallee();
      QualType Type = Callee && I < Callee->getNumParams()
                          ? Callee->getParamDecl(I)->getOriginalType()
                          : Arg->getType();
      Params += (I ? ", " : "") + declared(Type, Param);
      Args += (I ? ", " : "") + Param;
    }
    std::string Head = declared(
        Result, Helper + "(" + (Params.empty() ? "void" : Params) + ")");
    std::string Body = Name.str() + "(" + Args + ");";
    if (Dies && !Result->isVoidType())
      Body = declared(Result, "r") + " = " + Body +
             " if (r == " + (Result->isPointerType() ? "NULL" : "-1") +
             ") { perror(\"" + Name.str() + "\"); exit(1); } return r;";
    else if (!Result->isVoidType())
      Body = "return " + Body;
    if (Kind == Rewrite::OutlineElsewhere) {
      // Declared here, defined in a unit of its own, as a project's util.c.
      Helpers += Head + ";\n";
      Elsewhere += Head + " { " + Body + " }\n";
    } else {
      Helpers += "static " + Head + " { " + Body + " }\n";
    }
    R.ReplaceText(Ref->getSourceRange(), Helper);
    ++Edits;
  }

  // `write(fd, buf, n)` -> `io_meta.write_fn(fd, buf, n)`, and before the
  // code `static const struct io_table_meta { ssize_t (*write_fn)(int,
  // const void *, size_t); } io_meta = {write};`: the C library reached
  // through a constant table of function pointers, as code with backends
  // or test seams calls it.
  //
  // call-field: the table is not constant and the calls go through a
  // pointer to it, `io_ptr_meta->write_fn(fd, buf, n)`: only the record's
  // fields, which nothing else in the file stores into, say what runs.
  void callThroughTable(CallExpr *Call, const FunctionDecl *Callee) {
    const auto *Ref =
        llvm::dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImpCasts());
    if (!Ref || !inFile(Call->getSourceRange()) || Call->isTypeDependent() ||
        Call->isValueDependent())
      return;
    Callee = Callee->getCanonicalDecl();
    if (!llvm::is_contained(TableEntries, Callee))
      TableEntries.push_back(Callee);
    R.ReplaceText(Ref->getSourceRange(),
                  (Kind == Rewrite::CallField ? "io_ptr_meta->" : "io_meta.") +
                      Callee->getName().str() + "_fn");
    ++Edits;
  }

  std::string table() const {
    std::string Fields, Values;
    bool CPlusPlus = Ctx.getLangOpts().CPlusPlus;
    for (const FunctionDecl *F : TableEntries) {
      std::string Name = F->getName().str();
      // C names the type by the function (a printed `va_list` parameter
      // is a record local to the declaration); C++ may overload the name.
      Fields +=
          "  " +
          (CPlusPlus ? declared(Ctx.getPointerType(F->getType()), Name + "_fn")
                     : "__typeof__(" + Name + ") *" + Name + "_fn") +
          ";\n";
      Values += (Values.empty() ? "" : ", ") +
                std::string(CPlusPlus ? "::" : "") + Name;
    }
    if (Kind == Rewrite::CallField)
      return "static struct io_table_meta {\n" + Fields + "} io_meta = {" +
             Values +
             "};\nstatic struct io_table_meta *const io_ptr_meta = "
             "&io_meta;\n";
    return "static const struct io_table_meta {\n" + Fields + "} io_meta = {" +
           Values + "};\n";
  }

  /// A helper whose body is one `return E;` (or `E;` when void), each
  /// parameter used at most once in E, E written in the file: its call
  /// can become E with the arguments in the parameters' places. Only a
  /// static helper declared once, as one called once is inlined by hand
  /// and removed (two copies of its line would be two findings).
  void noteOneLineHelper(FunctionDecl *F) {
    const auto *Body = llvm::dyn_cast<CompoundStmt>(F->getBody());
    if (!Body || Body->size() != 1 || F->isVariadic() || F->isMain() ||
        llvm::isa<CXXMethodDecl>(F) || F->isTemplated() ||
        F->getStorageClass() != SC_Static || F->getPreviousDecl() ||
        F->getMostRecentDecl() != F || !inFile(F->getSourceRange()))
      return;
    const Expr *Value = nullptr;
    if (const auto *Ret = llvm::dyn_cast<ReturnStmt>(Body->body_front()))
      Value = Ret->getRetValue();
    else if (F->getReturnType()->isVoidType())
      Value = llvm::dyn_cast<Expr>(Body->body_front());
    if (!Value)
      return;
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Value->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (Range.isInvalid() || !SM.isWrittenInMainFile(Range.getBegin()))
      return;
    OneLine Helper{F, Range, {}};
    llvm::SmallVector<const Stmt *, 16> Work{Value};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S || llvm::isa<StmtExpr>(S) || llvm::isa<LambdaExpr>(S) ||
          llvm::isa<BlockExpr>(S))
        return;
      if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
        if (const auto *P = llvm::dyn_cast<ParmVarDecl>(Ref->getDecl())) {
          SourceLocation At = SM.getSpellingLoc(Ref->getLocation());
          unsigned Offset = SM.getFileOffset(At);
          if (SM.getFileID(At) != SM.getMainFileID() ||
              Offset < SM.getFileOffset(Range.getBegin()) ||
              Offset >= SM.getFileOffset(Range.getEnd()) ||
              llvm::any_of(Helper.Uses,
                           [&](const auto &U) { return U.second == P; }))
            return;
          Helper.Uses.push_back({Offset, P});
        }
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    llvm::sort(Helper.Uses);
    OneLineHelpers[F->getCanonicalDecl()] = std::move(Helper);
  }

  // `h(x, 4)` of `static int h(int fd, int n) { return g(fd, n + 1); }` ->
  // `(g((x), (4) + 1))`: the helper's one line at the call, as code reads
  // after a helper is inlined by hand.
  void inlineCall(const CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    auto Found = Callee ? OneLineHelpers.find(Callee->getCanonicalDecl())
                        : OneLineHelpers.end();
    if (Found == OneLineHelpers.end() || !inFile(Call->getSourceRange()) ||
        Call->getNumArgs() != Callee->getNumParams() ||
        Named.lookup(Callee->getCanonicalDecl()) != 1)
      return;
    const OneLine &Helper = Found->second;
    // Inside the helper's own line, or an argument that runs code: no.
    unsigned At = SM.getFileOffset(SM.getExpansionLoc(Call->getBeginLoc()));
    if ((At >= SM.getFileOffset(Helper.Range.getBegin()) &&
         At < SM.getFileOffset(Helper.Range.getEnd())) ||
        llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
          return Arg->HasSideEffects(Ctx) || !inFile(Arg->getSourceRange());
        }))
      return;
    llvm::StringRef Line =
        Lexer::getSourceText(Helper.Range, SM, Ctx.getLangOpts());
    unsigned Start = SM.getFileOffset(Helper.Range.getBegin());
    std::string Text = "(";
    unsigned Done = 0;
    for (const auto &[Offset, Param] : Helper.Uses) {
      Text += Line.slice(Done, Offset - Start).str();
      Text +=
          "(" +
          text(Call->getArg(Param->getFunctionScopeIndex())->getSourceRange()) +
          ")";
      Done = Offset - Start + Param->getName().size();
    }
    Text += Line.substr(Done).str() + ")";
    R.ReplaceText(Call->getSourceRange(), Text);
    R.RemoveText(CharSourceRange::getTokenRange(Helper.Def->getSourceRange()));
    ++Edits;
  }

  std::string printed(QualType Type) const {
    return Type.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  }

  void rename() {
    // A variable named inside a macro's own text keeps its name.
    llvm::DenseSet<const VarDecl *> Kept;
    for (const auto &[V, Loc] : References)
      if (Renamed.count(V) && !Loc.isFileID() && !SM.isMacroArgExpansion(Loc))
        Kept.insert(V);
    for (const VarDecl *V : Renamed)
      if (!V->getIdentifier() || !V->getLocation().isFileID())
        Kept.insert(V);
    for (const VarDecl *V : Renamed)
      if (!Kept.count(V)) {
        R.InsertTextAfter(afterToken(V->getLocation()), Suffix);
        ++Edits;
      }
    // A macro argument used twice is still spelled once.
    llvm::DenseSet<SourceLocation> Done;
    for (const auto &[V, Loc] : References)
      if (Renamed.count(V) && !Kept.count(V) &&
          Done.insert(SM.getSpellingLoc(Loc)).second)
        R.InsertTextAfter(afterToken(SM.getSpellingLoc(Loc)), Suffix);
  }

  /// The file's own `#include <...>` lines: what the helpers' types and
  /// calls need in the other unit.
  std::string systemIncludes() const {
    std::string Out;
    llvm::SmallVector<llvm::StringRef, 64> Lines;
    SM.getBufferData(SM.getMainFileID()).split(Lines, '\n');
    for (llvm::StringRef Line : Lines)
      if (Line.trim().starts_with("#include <"))
        Out += Line.trim().str() + "\n";
    return Out;
  }

  std::string wrapper(llvm::StringRef Head, llvm::StringRef Body,
                      std::string *Elsewhere) {
    if (Kind == Rewrite::WrapOpenElsewhere) {
      *Elsewhere += (Head + Body + "\n").str();
      return (Head + ";\n").str();
    }
    return ("static " + Head + Body + "\n").str();
  }

  Rewrite Kind;
  ASTContext &Ctx;
  SourceManager &SM;
  Rewriter &R;
  unsigned Edits = 0;
  bool WrappedOpen = false, WrappedFopen = false;
  SourceLocation FirstFunction, FirstTopLevel;
  /// Outline: the helpers, written before the first code; for
  /// outline-elsewhere their declarations, and their definitions here.
  std::string Helpers, Elsewhere;
  /// CallTable: the functions the table holds, in the order first called.
  std::vector<const FunctionDecl *> TableEntries;
  /// Inline: the one-line helpers, their parameters' uses by file offset.
  struct OneLine {
    const FunctionDecl *Def;
    CharSourceRange Range;
    llvm::SmallVector<std::pair<unsigned, const ParmVarDecl *>, 4> Uses;
  };
  llvm::DenseMap<const FunctionDecl *, OneLine> OneLineHelpers;
  std::vector<const CallExpr *> InlineCalls;
  /// Inline: how often the file names each function.
  llvm::DenseMap<const Decl *, unsigned> Named;
  llvm::SetVector<const VarDecl *> Renamed;
  std::vector<std::pair<const VarDecl *, SourceLocation>> References;
};

class VariantAction : public ASTFrontendAction {
public:
  VariantAction(Rewrite Kind, std::string &Out, std::string &Wrappers)
      : Kind(Kind), Out(Out), Wrappers(Wrappers) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<ASTConsumer>();
  }

  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    ASTContext &Ctx = CI.getASTContext();
    Rewriter R(Ctx.getSourceManager(), Ctx.getLangOpts());
    Variant V(Kind, Ctx, R);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    FileID Main = Ctx.getSourceManager().getMainFileID();
    if (V.finish(&Wrappers)) {
      llvm::raw_string_ostream OS(Out);
      R.getEditBuffer(Main).write(OS);
    } else {
      Out = Ctx.getSourceManager().getBufferData(Main).str();
    }
    Done = true;
  }

  bool Done = false;

private:
  Rewrite Kind;
  std::string &Out, &Wrappers;
};

} // namespace

int main(int Argc, const char **Argv) {
  int Dash = 1;
  while (Dash < Argc && llvm::StringRef(Argv[Dash]) != "--")
    ++Dash;
  if (Dash < 4 || Dash > 5) {
    llvm::errs() << "usage: syscall-tidy-metamorphic REWRITE SOURCE OUTPUT "
                    "[WRAPPERS] -- FLAGS\n";
    return 2;
  }
  std::optional<Rewrite> Kind = rewriteNamed(Argv[1]);
  if (!Kind) {
    llvm::errs() << "syscall-tidy-metamorphic: unknown rewrite '" << Argv[1]
                 << "'\n";
    return 2;
  }
  std::vector<std::string> Flags(Argv + Dash + 1, Argv + Argc);
  tooling::FixedCompilationDatabase Db(".", Flags);
  tooling::ClangTool Tool(Db, {Argv[2]});
  std::string Out, Wrappers;
  bool Done = false;
  struct Factory : tooling::FrontendActionFactory {
    Rewrite Kind;
    std::string &Out, &Wrappers;
    bool &Done;
    Factory(Rewrite K, std::string &O, std::string &W, bool &D)
        : Kind(K), Out(O), Wrappers(W), Done(D) {}
    std::unique_ptr<FrontendAction> create() override {
      struct Action : VariantAction {
        bool &Done;
        Action(Rewrite K, std::string &O, std::string &W, bool &D)
            : VariantAction(K, O, W), Done(D) {}
        void EndSourceFileAction() override {
          VariantAction::EndSourceFileAction();
          Done |= VariantAction::Done;
        }
      };
      return std::make_unique<Action>(Kind, Out, Wrappers, Done);
    }
  } F(*Kind, Out, Wrappers, Done);
  if (Tool.run(&F) != 0 || !Done) {
    llvm::errs() << "syscall-tidy-metamorphic: " << Argv[2]
                 << " does not compile\n";
    return 2;
  }
  auto Write = [](const char *Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC) {
      llvm::errs() << "syscall-tidy-metamorphic: cannot write " << Path << ": "
                   << EC.message() << "\n";
      return false;
    }
    OS << Text;
    return true;
  };
  if (!Write(Argv[3], Out))
    return 2;
  if (Dash == 5) {
    std::string File =
        "// The wrappers the variant calls, in a unit of their own.\n"
        "#include <fcntl.h>\n#include <stdio.h>\n\n" +
        Wrappers;
    if (!Write(Argv[4], File))
      return 2;
  }
  return 0;
}
