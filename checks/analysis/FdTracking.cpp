//===--- FdTracking.cpp - Where file descriptors and streams come from ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FdTracking.h"
#include "Callee.h"
#include "FlowAnalysis.h"
#include "Forwarding.h"
#include "FunctionSummary.h"
#include "Place.h"
#include "StmtParents.h"
#include "StringHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringMap.h"

namespace clang::tidy::syscall {

namespace {

// Linux generic values, used only when the translation unit lacks the macro.
const llvm::StringMap<int64_t> &linuxDefaults() {
  static const llvm::StringMap<int64_t> Defaults = {{"O_RDONLY", 0},
                                                    {"O_WRONLY", 01},
                                                    {"O_RDWR", 02},
                                                    {"O_ACCMODE", 03},
                                                    {"O_APPEND", 02000},
                                                    {"O_DIRECTORY", 0200000},
                                                    {"O_PATH", 010000000},
                                                    {"S_IFMT", 0170000},
                                                    {"S_IFDIR", 0040000},
                                                    {"AT_EMPTY_PATH", 0x1000},
                                                    {"AT_FDCWD", -100},
                                                    {"O_NOFOLLOW", 0400000},
                                                    {"O_TMPFILE", 020200000},
                                                    {"_IOFBF", 0},
                                                    {"_IOLBF", 1},
                                                    {"_IONBF", 2},
                                                    {"EINTR", 4},
                                                    {"O_CREAT", 0100},
                                                    {"O_EXCL", 0200},
                                                    {"O_TRUNC", 01000},
                                                    {"O_NONBLOCK", 04000},
                                                    {"O_CLOEXEC", 02000000},
                                                    {"FD_CLOEXEC", 1},
                                                    {"F_GETFD", 1},
                                                    {"F_SETFD", 2},
                                                    {"F_GETFL", 3},
                                                    {"F_SETFL", 4},
                                                    {"SOCK_NONBLOCK", 04000},
                                                    {"SOCK_CLOEXEC", 02000000}};
  return Defaults;
}

std::optional<int64_t> parseIntegerLiteral(llvm::StringRef Text) {
  Text = Text.rtrim("uUlL");
  uint64_t Value;
  if (Text.getAsInteger(0, Value))
    return std::nullopt;
  return static_cast<int64_t>(Value);
}

/// The identifier \p Name if the unit has it, without adding it: a name
/// added is one the next question finds (and a lookup in the unit then
/// builds a table of every header's declarations). Identifiers a
/// precompiled header holds are looked up through it.
const IdentifierInfo *knownIdentifier(IdentifierTable &Table,
                                      llvm::StringRef Name) {
  if (Table.getExternalIdentifierLookup())
    return &Table.get(Name);
  auto Found = Table.find(Name);
  return Found == Table.end() ? nullptr : Found->getValue();
}

} // namespace

std::optional<int64_t> PosixConstants::fromMacro(llvm::StringRef Macro,
                                                 int Depth) const {
  if (!PP || Depth > 8)
    return std::nullopt;
  const IdentifierInfo *II = knownIdentifier(PP->getIdentifierTable(), Macro);
  const MacroInfo *MI = II ? PP->getMacroInfo(II) : nullptr;
  if (!MI || MI->isFunctionLike())
    return std::nullopt;
  // Accept `N`, `(N)`, `OTHER_MACRO` and `(OTHER_MACRO)`.
  llvm::ArrayRef<Token> Toks = MI->tokens();
  if (Toks.size() == 3 && Toks.front().is(tok::l_paren) &&
      Toks.back().is(tok::r_paren))
    Toks = Toks.slice(1, 1);
  if (Toks.size() != 1)
    return std::nullopt;
  const Token &T = Toks.front();
  if (T.is(tok::numeric_constant)) {
    if (const char *Data = T.getLiteralData())
      return parseIntegerLiteral(llvm::StringRef(Data, T.getLength()));
    // A macro read from a precompiled preamble keeps no literal data: its
    // spelling is read back from the header (slower, so only then).
    llvm::SmallString<16> Buffer;
    bool Invalid = false;
    llvm::StringRef Spelling = PP->getSpelling(T, Buffer, &Invalid);
    return Invalid ? std::nullopt : parseIntegerLiteral(Spelling);
  }
  if (T.is(tok::identifier))
    return fromMacro(T.getIdentifierInfo()->getName(), Depth + 1);
  return std::nullopt;
}

int64_t PosixConstants::get(llvm::StringRef Macro) const {
  if (std::optional<int64_t> V = fromMacro(Macro, 0))
    return *V;
  return linuxDefaults().lookup(Macro);
}

bool PosixConstants::isDefined(llvm::StringRef Macro) const {
  const IdentifierInfo *II =
      PP ? knownIdentifier(PP->getIdentifierTable(), Macro) : nullptr;
  return II && PP->isMacroDefined(II);
}

bool isDeclaredOrDefined(llvm::StringRef Name, ASTContext &Ctx,
                         const PosixConstants &Constants) {
  if (Constants.isDefined(Name))
    return true;
  // A name the unit never spells is declared nowhere.
  const IdentifierInfo *Id = knownIdentifier(Ctx.Idents, Name);
  return Id && !Ctx.getTranslationUnitDecl()->lookup(Id).empty();
}

OpenFunctionTable::OpenFunctionTable(
    llvm::ArrayRef<llvm::StringRef> ExtraOpen,
    llvm::ArrayRef<llvm::StringRef> ExtraFopen) {
  for (llvm::StringRef Name :
       {"open", "open64", "__open", "__open64", "__open_2", "__open64_2",
        "openat", "openat64", "__openat_2", "__openat64_2", "creat", "creat64"})
    OpenLike.insert(Name);
  for (llvm::StringRef Name :
       {"fopen", "fopen64", "fdopen", "freopen", "freopen64"})
    FopenLike.insert(Name);
  for (llvm::StringRef Name : ExtraOpen)
    OpenLike.insert(Name.trim());
  for (llvm::StringRef Name : ExtraFopen)
    FopenLike.insert(Name.trim());
}

std::vector<CallSite>
OpenFunctionTable::callsIn(ASTContext &Ctx, const PosixConstants &Constants,
                           bool AcrossUnits) const {
  std::vector<CallSite> Sites;
  FunctionSummaries &Summaries = FunctionSummaries::of(Ctx);
  // Asked once per callee: the answer is the callee's (its name is what it
  // passes on, found once per callee too).
  llvm::DenseMap<const FunctionDecl *, bool> Opening;
  for (const CallSite &Site : CallIndex::of(Ctx).all()) {
    const FunctionDecl *Callee = Site.Callee;
    auto [Known, New] = Opening.try_emplace(Callee);
    if (New) {
      llvm::StringRef Name = calleeName(Site);
      Known->second =
          OpenLike.contains(Name) || FopenLike.contains(Name) ||
          (Callee && Summaries.opens(Callee, Constants)) ||
          (AcrossUnits && CrossUnitFacts::current() && assumedOpen(Callee));
    }
    if (Known->second)
      Sites.push_back(Site);
  }
  return Sites;
}

std::optional<OffsetEffect> knownOffsetEffect(llvm::StringRef Name) {
  using E = OffsetEffect;
  static const llvm::StringMap<E> Known = {
      {"read", E::Reads},           {"readv", E::Reads},
      {"fread", E::Reads},          {"fgets", E::Reads},
      {"fgetc", E::Reads},          {"getc", E::Reads},
      {"getline", E::Reads},        {"getdelim", E::Reads},
      {"fscanf", E::Reads},         {"ungetc", E::Reads},
      {"write", E::Writes},         {"writev", E::Writes},
      {"dprintf", E::Writes},       {"vdprintf", E::Writes},
      {"fwrite", E::Writes},        {"fputs", E::Writes},
      {"fputc", E::Writes},         {"putc", E::Writes},
      {"fprintf", E::Writes},       {"vfprintf", E::Writes},
      {"sendfile", E::Writes},      {"copy_file_range", E::Unknown},
      {"pread", E::Positional},     {"pread64", E::Positional},
      {"pwrite", E::Positional},    {"pwrite64", E::Positional},
      {"preadv", E::Positional},    {"pwritev", E::Positional},
      {"lseek", E::Seeks},          {"lseek64", E::Seeks},
      {"fseek", E::Seeks},          {"fseeko", E::Seeks},
      {"fseeko64", E::Seeks},       {"rewind", E::Seeks},
      {"fsetpos", E::Seeks},        {"ftell", E::Tells},
      {"ftello", E::Tells},         {"ftello64", E::Tells},
      {"fgetpos", E::Tells},        {"close", E::Closes},
      {"fclose", E::Closes},        {"fstat", E::None},
      {"fstat64", E::None},         {"fsync", E::None},
      {"fdatasync", E::None},       {"fcntl", E::None},
      {"ftruncate", E::None},       {"ftruncate64", E::None},
      {"fchmod", E::None},          {"fchown", E::None},
      {"flock", E::None},           {"posix_fadvise", E::None},
      {"posix_fallocate", E::None}, {"fallocate", E::None},
      {"fstatfs", E::None},         {"fstatfs64", E::None},
      {"fstatvfs", E::None},        {"fstatvfs64", E::None},
      {"futimes", E::None},         {"futimens", E::None},
      {"fgetxattr", E::None},       {"fsetxattr", E::None},
      {"flistxattr", E::None},      {"fremovexattr", E::None},
      {"fflush", E::None},          {"fileno", E::None},
      {"setvbuf", E::None},         {"setbuf", E::None},
      {"ferror", E::None},          {"feof", E::None},
      {"clearerr", E::None},        {"isatty", E::None},
      {"syncfs", E::None}};
  auto It = Known.find(Name);
  if (It == Known.end())
    return std::nullopt;
  return It->second;
}

FdOperationTable::FdOperationTable(llvm::ArrayRef<llvm::StringRef> ExtraSeek,
                                   llvm::ArrayRef<llvm::StringRef> ExtraWrite,
                                   llvm::ArrayRef<llvm::StringRef> ExtraClose) {
  using E = OffsetEffect;
  Write.insert("write");
  for (llvm::StringRef Name : ExtraSeek)
    Effects[Name.trim()] = E::Seeks;
  for (llvm::StringRef Name : ExtraWrite) {
    Effects[Name.trim()] = E::Writes;
    Write.insert(Name.trim());
  }
  for (llvm::StringRef Name : ExtraClose)
    Effects[Name.trim()] = E::Closes;
}

std::optional<OffsetEffect>
FdOperationTable::effectOn(const CallExpr *Call, const VarDecl *Var) const {
  return effectOn(Call, Place::variable(Var));
}

std::optional<OffsetEffect>
FdOperationTable::effectOn(const CallExpr *Call, const Place &Where,
                           Requirement *Needs) const {
  auto Names = [&](const Expr *Arg) {
    std::optional<Place> P = trackedPlace(Arg);
    return P && *P == Where;
  };
  if (!llvm::any_of(Call->arguments(), Names))
    return std::nullopt;
  llvm::StringRef Name = calleeName(Call);
  if (auto It = Effects.find(Name); It != Effects.end())
    return It->second;
  if (std::optional<OffsetEffect> Known = knownOffsetEffect(Name))
    return *Known;
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return OffsetEffect::Unknown;
  auto &Summaries = FunctionSummaries::of(Callee->getASTContext());
  std::optional<OffsetEffect> Effect;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Names(Call->getArg(I))) {
      OffsetEffect Of = Summaries.argumentEffect(Call, I, Needs);
      Effect = Effect && *Effect != Of ? OffsetEffect::Unknown : Of;
    }
  return Effect.value_or(OffsetEffect::Unknown);
}

bool FdOperationTable::isWrite(const CallExpr *Call) const {
  return Write.contains(calleeName(Call)) ||
         summarisedAs(Call, OffsetEffect::Writes);
}

bool FdOperationTable::isRead(const CallExpr *Call) const {
  return calleeName(Call) == "read" || summarisedAs(Call, OffsetEffect::Reads);
}

bool FdOperationTable::summarisedAs(const CallExpr *Call,
                                    OffsetEffect Kind) const {
  llvm::StringRef Name = calleeName(Call);
  const FunctionDecl *Callee = calleeOf(Call);
  return Callee && !Effects.count(Name) && !knownOffsetEffect(Name) &&
         Callee->getNumParams() == 3 &&
         FunctionSummaries::of(Callee->getASTContext())
                 .argumentEffect(Call, 0) == Kind;
}

/// \p FD's name, as the checks know it ("" if none).
static llvm::StringRef unfortifiedNameOf(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return "";
  return unfortifiedName(FD->getName());
}

llvm::StringRef writtenCalleeName(const CallExpr *Call) {
  return unfortifiedNameOf(calleeOf(Call));
}

llvm::StringRef calleeName(const CallExpr *Call) {
  return unfortifiedNameOf(forwardedCallee(calleeOf(Call)));
}

llvm::StringRef calleeName(const CallSite &Site) {
  return unfortifiedNameOf(Site.Forwarded);
}

namespace {

/// The functions glibc's fortified headers (bits/stdio2.h, bits/unistd.h,
/// bits/wchar2.h) replace by a __*_chk call.
bool isFortifiable(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "printf",         "fprintf",  "dprintf",  "vprintf",   "vfprintf",
      "vdprintf",       "wprintf",  "fwprintf", "vwprintf",  "vfwprintf",
      "sprintf",        "snprintf", "vsprintf", "vsnprintf", "asprintf",
      "vasprintf",      "fgets",    "fread",    "fgetws",    "read",
      "fgets_unlocked", "pread",    "pread64",  "recv",      "recvfrom",
      "fread_unlocked", "readlink", "getcwd"};
  return Names.contains(Name);
}

} // namespace

llvm::StringRef unfortifiedName(llvm::StringRef Name) {
  llvm::StringRef Plain = Name;
  if ((Plain.consume_front("__builtin___") || Plain.consume_front("__")) &&
      Plain.consume_back("_chk") && isFortifiable(Plain))
    return Plain;
  return Name;
}

std::vector<std::string>
withFortifiedNames(llvm::ArrayRef<llvm::StringRef> Names) {
  std::vector<std::string> All;
  for (llvm::StringRef Name : Names) {
    All.push_back(Name.str());
    llvm::StringRef Bare = Name.ltrim(':');
    if (isFortifiable(Bare)) {
      std::string Scope = startsWith(Name, "::") ? "::" : "";
      All.push_back(Scope + "__" + Bare.str() + "_chk");
      All.push_back(Scope + "__builtin___" + Bare.str() + "_chk");
    }
  }
  return All;
}

const Expr *storedValue(const Expr *E) {
  const auto *Assign = llvm::dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  return Assign && Assign->getOpcode() == BO_Assign ? Assign->getRHS() : E;
}

const CallExpr *underlyingCall(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  // __extension__ ({ ... }) as glibc's TEMP_FAILURE_RETRY spells it.
  if (const auto *UO = llvm::dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Extension)
      E = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E))
    return Call;
  // TEMP_FAILURE_RETRY(expr): ({ long r; do r = (long)(expr); while (...); r;
  // })
  const auto *SE = llvm::dyn_cast<StmtExpr>(E);
  if (!SE)
    return nullptr;
  const CallExpr *Found = nullptr;
  for (const Stmt *S : SE->getSubStmt()->body()) {
    const auto *Loop = llvm::dyn_cast<DoStmt>(S);
    if (!Loop)
      continue;
    const Stmt *Body = Loop->getBody();
    if (const auto *CS = llvm::dyn_cast<CompoundStmt>(Body))
      Body = CS->size() == 1 ? CS->body_front() : nullptr;
    const auto *Assign = llvm::dyn_cast_or_null<BinaryOperator>(Body);
    if (!Assign || !Assign->isAssignmentOp() || Found)
      return nullptr;
    Found = llvm::dyn_cast<CallExpr>(Assign->getRHS()->IgnoreParenCasts());
  }
  return Found;
}

const VarDecl *referencedVar(const Expr *E) {
  const auto *Ref =
      E ? llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()) : nullptr;
  return Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

bool refersTo(const Expr *E, const ValueDecl *D) {
  const auto *Ref =
      E ? llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()) : nullptr;
  return Ref && Ref->getDecl() == D;
}

bool isErrnoCall(const CallExpr *Call) {
  llvm::StringRef Name = calleeName(Call);
  return Name == "__errno_location" || Name == "__error" || Name == "___errno";
}

bool isForkName(llvm::StringRef Name) {
  return Name == "fork" || Name == "vfork" || Name == "clone" ||
         Name == "clone3" || Name == "daemon" || Name == "_Fork";
}

bool setsOffsetAbsolutely(const CallExpr *Call, ASTContext &Ctx) {
  if (calleeName(Call) == "rewind")
    return true;
  std::optional<int64_t> Whence = Call->getNumArgs() == 3
                                      ? foldInteger(Call->getArg(2), Ctx)
                                      : std::nullopt;
  return Whence && (*Whence == SeekSet || *Whence == SeekEnd);
}

bool unbuffersStream(const CallExpr *Call, ASTContext &Ctx,
                     const PosixConstants &Constants) {
  llvm::StringRef Name = calleeName(Call);
  if (Name == "setbuf")
    return Call->getNumArgs() == 2 &&
           Call->getArg(1)->isNullPointerConstant(
               Ctx, Expr::NPC_ValueDependentIsNotNull);
  return Name == "setvbuf" && Call->getNumArgs() == 4 &&
         foldInteger(Call->getArg(2), Ctx) == Constants.get("_IONBF");
}

const VarDecl *trackedVariable(const Expr *E, bool *ViaFileno) {
  std::optional<Place> P = trackedPlace(E, ViaFileno);
  return P && P->isVariable() ? P->base() : nullptr;
}

/// Whether the use \p Path.back() (a reference to the variable, the rest
/// of \p Path its parents outwards from \p Path.front()) leaves the
/// variable's value as it is: a read, `sizeof`, a member's or const
/// method's read. Anything else (a store, `++`, `&v`, a reference bound,
/// an array decayed) counts as a change.
static bool onlyReads(llvm::ArrayRef<const Stmt *> Path) {
  for (const Stmt *Up : llvm::reverse(Path.drop_back())) {
    if (llvm::isa<ParenExpr>(Up) ||
        (llvm::isa<MemberExpr>(Up) && !llvm::cast<MemberExpr>(Up)->isArrow() &&
         llvm::isa<FieldDecl>(llvm::cast<MemberExpr>(Up)->getMemberDecl())))
      continue; // `(v)`, `v.field`: what happens to it happens to v
    if (const auto *Cast = llvm::dyn_cast<ImplicitCastExpr>(Up))
      return Cast->getCastKind() == CK_LValueToRValue;
    if (llvm::isa<UnaryExprOrTypeTraitExpr>(Up))
      return true; // sizeof, alignof: not evaluated
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(Up)) {
      const auto *Method =
          llvm::dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      return Method && Method->isConst();
    }
    if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(Up))
      return Construct->getConstructor()->isCopyOrMoveConstructor() &&
             Construct->getConstructor()
                 ->getParamDecl(0)
                 ->getType()
                 ->getPointeeType()
                 .isConstQualified();
    return false;
  }
  return false;
}

/// Calls \p Changed with each variable that a use in \p S may change,
/// until it returns true; then returns true.
static bool findChanged(const Stmt *S,
                        llvm::function_ref<bool(const ValueDecl *)> Changed) {
  if (!S)
    return false;
  // One walk of S, keeping the way down to each node.
  llvm::SmallVector<const Stmt *, 32> Path;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 32> Work{{S, 0}};
  while (!Work.empty()) {
    auto [Node, Depth] = Work.pop_back_val();
    Path.resize(Depth);
    Path.push_back(Node);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Node);
        Ref && !onlyReads(Path) && Changed(Ref->getDecl()))
      return true;
    for (const Stmt *Child : Node->children())
      if (Child)
        Work.push_back({Child, Depth + 1});
  }
  return false;
}

bool mutatedIn(const VarDecl *Var, const Stmt *S) {
  return findChanged(S, [&](const ValueDecl *D) { return D == Var; });
}

llvm::DenseSet<const ValueDecl *> changedIn(const Stmt *S) {
  llvm::DenseSet<const ValueDecl *> Changed;
  findChanged(S, [&](const ValueDecl *D) {
    Changed.insert(D);
    return false;
  });
  return Changed;
}

bool isNeverModified(const VarDecl *Var, const Stmt *Body, ASTContext &) {
  if (!Body)
    return false;
  // Asked of a function's own local, as conditions and folded constants
  // are, per test: one walk of the function answers for all its locals.
  const auto *Func =
      llvm::dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (Func && Func->getBody() == Body)
    return !FunctionCache().changedVariables(Func).contains(Var);
  return !mutatedIn(Var, Body);
}

static const Stmt *enclosingBody(const VarDecl *Var) {
  const auto *FD =
      llvm::dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  return FD ? FD->getBody() : nullptr;
}

std::optional<int64_t> foldInteger(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->EvaluateAsInt(Result, Ctx))
    return Result.Val.getInt().getExtValue();
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // The initialiser first: the mutation analysis walks the whole function,
  // and a loop condition asked per call (`while (rc)`) made it a walk of
  // sqlite3.c's biggest functions per call inside them.
  if (!Var || llvm::isa<ParmVarDecl>(Var) || !Var->isLocalVarDecl() ||
      !Var->getInit() || !Var->getInit()->EvaluateAsInt(Result, Ctx) ||
      !isNeverModified(Var, enclosingBody(Var), Ctx))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

bool setsBit(const Expr *E, int64_t Flag, ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (std::optional<int64_t> V = foldInteger(E, Ctx))
    return (*V & Flag) != 0;
  const auto *BO = llvm::dyn_cast<BinaryOperator>(E);
  return BO && BO->getOpcode() == BO_Or &&
         (setsBit(BO->getLHS(), Flag, Ctx) || setsBit(BO->getRHS(), Flag, Ctx));
}

std::optional<llvm::StringRef> stringValue(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (const auto *Lit = llvm::dyn_cast<StringLiteral>(E))
    return Lit->getBytes();
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || llvm::isa<ParmVarDecl>(Var) || !Var->getInit() ||
      !Var->getType().isConstQualified())
    return std::nullopt;
  if (const auto *Lit =
          llvm::dyn_cast<StringLiteral>(Var->getInit()->IgnoreParenCasts()))
    return Lit->getBytes();
  return std::nullopt;
}

bool possibleValues(
    const Expr *E, ASTContext &Ctx, llvm::SmallVectorImpl<int64_t> &Values,
    llvm::function_ref<bool(const VarDecl *, llvm::SmallVectorImpl<int64_t> &)>
        VariableValues) {
  E = E->IgnoreParenCasts();
  if (std::optional<int64_t> V = foldInteger(E, Ctx)) {
    Values.push_back(*V);
    return true;
  }
  llvm::SmallVector<int64_t, 4> L, R;
  if (const auto *BO = llvm::dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Or) {
    if (!possibleValues(BO->getLHS(), Ctx, L, VariableValues) ||
        !possibleValues(BO->getRHS(), Ctx, R, VariableValues) ||
        L.size() * R.size() > 16)
      return false;
    for (int64_t A : L)
      for (int64_t B : R)
        Values.push_back(A | B);
    return true;
  }
  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(E)) {
    if (!possibleValues(Cond->getTrueExpr(), Ctx, L, VariableValues) ||
        !possibleValues(Cond->getFalseExpr(), Ctx, R, VariableValues) ||
        L.size() + R.size() > 16)
      return false;
    Values.append(L.begin(), L.end());
    Values.append(R.begin(), R.end());
    return true;
  }
  const VarDecl *Var = VariableValues ? referencedVar(E) : nullptr;
  return Var && VariableValues(Var, Values);
}

static AccessMode modeFromFlags(const Expr *Flags, ASTContext &Ctx,
                                const PosixConstants &C) {
  AccessMode Mode;
  Mode.FlagsExpr = Mode.AccessExpr = Flags;
  std::optional<int64_t> V = foldInteger(Flags, Ctx);
  // `O_WRONLY | O_CREAT | (resume ? 0 : O_TRUNC)`: a few values, known.
  if (llvm::SmallVector<int64_t, 4> Values;
      !V && possibleValues(Flags, Ctx, Values)) {
    AccessMode Known = modeFromFlagValues(Values, C);
    Known.FlagsExpr = Known.AccessExpr = Flags;
    return Known;
  }
  if (!V) {
    // `oflag | C`: the constant bits decide what they can. O_PATH or
    // O_DIRECTORY make it no data open whatever oflag holds; O_APPEND is
    // known; bits outside O_ACCMODE leave the access mode to oflag alone.
    while (const auto *Or = llvm::dyn_cast<BinaryOperator>(
               Mode.AccessExpr->IgnoreParenCasts())) {
      if (Or->getOpcode() != BO_Or)
        break;
      std::optional<int64_t> Bits = foldInteger(Or->getRHS(), Ctx);
      const Expr *Rest = Or->getLHS();
      if (!Bits && (Bits = foldInteger(Or->getLHS(), Ctx)))
        Rest = Or->getRHS();
      if (!Bits || (*Bits & C.get("O_ACCMODE")))
        break;
      if ((*Bits & C.get("O_PATH")) || (*Bits & C.get("O_DIRECTORY"))) {
        Mode.K = AccessMode::NotAFile;
        return Mode;
      }
      Mode.Append |= (*Bits & C.get("O_APPEND")) != 0;
      Mode.AccessExpr = Rest;
    }
    return Mode; // Runtime
  }
  AccessMode Known = modeFromFlagValues({*V}, C);
  Known.FlagsExpr = Known.AccessExpr = Flags;
  return Known;
}

AccessMode modeFromFlagValues(llvm::ArrayRef<int64_t> Values,
                              const PosixConstants &C) {
  AccessMode Mode;
  for (size_t I = 0; I < Values.size(); ++I) {
    int64_t V = Values[I];
    AccessMode::Kind K = (V & C.get("O_PATH")) || (V & C.get("O_DIRECTORY"))
                             ? AccessMode::NotAFile
                         : (V & C.get("O_ACCMODE")) == C.get("O_RDONLY")
                             ? AccessMode::ReadOnly
                             : AccessMode::Writable;
    if (I == 0)
      Mode.K = K;
    else if (K != Mode.K)
      Mode.K = AccessMode::Runtime; // the paths disagree
    Mode.Reads |= (V & C.get("O_ACCMODE")) != C.get("O_WRONLY");
    Mode.Append |= (V & C.get("O_APPEND")) != 0;
  }
  return Mode;
}

static AccessMode modeFromString(const Expr *ModeArg) {
  AccessMode Mode;
  Mode.IsStream = true;
  Mode.FlagsExpr = Mode.AccessExpr = ModeArg;
  std::optional<llvm::StringRef> S = stringValue(ModeArg);
  if (!S || S->empty())
    return Mode; // Runtime
  bool Update = S->contains('+');
  Mode.Reads = Update || S->front() == 'r';
  switch (S->front()) {
  case 'r':
    Mode.K = Update ? AccessMode::Writable : AccessMode::ReadOnly;
    break;
  case 'w':
    Mode.K = AccessMode::Writable;
    break;
  case 'a':
    Mode.K = AccessMode::Writable;
    Mode.Append = true;
    break;
  default:
    break; // An invalid mode: fopen fails, nothing to conclude.
  }
  return Mode;
}

std::optional<OpenCall>
OpenFunctionTable::classify(const Expr *E, ASTContext &Ctx,
                            const PosixConstants &Constants,
                            bool AcrossUnits) const {
  const CallExpr *Call = underlyingCall(E);
  if (!Call)
    return std::nullopt;
  OpenCall Result;
  Result.Call = Call;
  Result.Function = calleeName(Call);
  llvm::StringRef Name = Result.Function;
  unsigned N = Call->getNumArgs();
  if (Name == "creat" || Name == "creat64") {
    if (N < 1)
      return std::nullopt;
    Result.Path = Call->getArg(0);
    Result.Mode.K = AccessMode::Writable;
    Result.Flags = Constants.get("O_WRONLY") | Constants.get("O_CREAT") |
                   Constants.get("O_TRUNC");
    return Result;
  }
  if (OpenLike.contains(Name)) {
    // openat(dirfd, path, flags, ...) vs open(path, flags, ...).
    unsigned PathIdx = Name.contains("openat") ? 1 : 0;
    if (N < PathIdx + 2)
      return std::nullopt;
    Result.Path = Call->getArg(PathIdx);
    Result.Mode = modeFromFlags(Call->getArg(PathIdx + 1), Ctx, Constants);
    return Result;
  }
  if (FopenLike.contains(Name)) {
    if (N < 2)
      return std::nullopt;
    Result.Path = Name == "fdopen" ? nullptr : Call->getArg(0);
    Result.Mode = modeFromString(Call->getArg(1));
    return Result;
  }
  const FunctionDecl *Callee = calleeOf(Call);
  std::optional<OpenSummary> Summary =
      Callee ? FunctionSummaries::of(Ctx).openingCall(Callee, Constants,
                                                      AcrossUnits)
             : std::nullopt;
  if (Summary)
    Result.Needs = Summary->Needs;
  if (!Summary || (Summary->PathParam && *Summary->PathParam >= N) ||
      (Summary->FlagsParam && *Summary->FlagsParam >= N))
    return std::nullopt;
  Result.Wrapper = Callee;
  if (Summary->PathParam)
    Result.Path = Call->getArg(*Summary->PathParam);
  Result.Flags = Summary->Flags;
  Result.ModeText = Summary->ModeText;
  if (!Summary->FlagsParam) {
    Result.Mode = Summary->Mode;
    return Result;
  }
  const Expr *Flags = Call->getArg(*Summary->FlagsParam);
  Result.Mode = Summary->Mode.IsStream ? modeFromString(Flags)
                                       : modeFromFlags(Flags, Ctx, Constants);
  Result.Mode.Append |= Summary->Mode.Append;
  return Result;
}

std::optional<llvm::StringRef> OpenCall::modeText() const {
  if (ModeText)
    return llvm::StringRef(*ModeText);
  return Mode.IsStream ? stringValue(Mode.FlagsExpr) : std::nullopt;
}

bool sameValue(const Expr *A, const Expr *B) {
  std::optional<llvm::StringRef> SA = stringValue(A), SB = stringValue(B);
  if (SA && SB)
    return *SA == *SB;
  // path.c_str() twice on the same unmodified string.
  const auto *CA = llvm::dyn_cast<CXXMemberCallExpr>(A->IgnoreParenCasts());
  const auto *CB = llvm::dyn_cast<CXXMemberCallExpr>(B->IgnoreParenCasts());
  if (CA && CB && CA->getNumArgs() == 0 && CB->getNumArgs() == 0 &&
      CA->getMethodDecl() && CA->getMethodDecl() == CB->getMethodDecl() &&
      CA->getMethodDecl()->isConst())
    return sameValue(CA->getImplicitObjectArgument(),
                     CB->getImplicitObjectArgument());
  const auto *RA = llvm::dyn_cast<DeclRefExpr>(A->IgnoreParenCasts());
  const auto *RB = llvm::dyn_cast<DeclRefExpr>(B->IgnoreParenCasts());
  if (RA && RB)
    return RA->getDecl() == RB->getDecl();
  // `oflag | O_CLOEXEC` in a guard the fix wrote on an earlier run.
  const auto *BA = llvm::dyn_cast<BinaryOperator>(A->IgnoreParenCasts());
  const auto *BB = llvm::dyn_cast<BinaryOperator>(B->IgnoreParenCasts());
  if (BA && BB)
    return BA->getOpcode() == BB->getOpcode() && !BA->isAssignmentOp() &&
           sameValue(BA->getLHS(), BB->getLHS()) &&
           sameValue(BA->getRHS(), BB->getRHS());
  const auto *IA = llvm::dyn_cast<IntegerLiteral>(A->IgnoreParenCasts());
  const auto *IB = llvm::dyn_cast<IntegerLiteral>(B->IgnoreParenCasts());
  if (IA && IB)
    return llvm::APInt::isSameValue(IA->getValue(), IB->getValue());
  return Expr::isSameComparisonOperand(A, B);
}

} // namespace clang::tidy::syscall
