//===--- StatementShape.h - Where a call sits in its statement -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_CHECKS_STATEMENTSHAPE_H
#define SYSCALL_TIDY_CHECKS_STATEMENTSHAPE_H

#include "ItemFilters.h"
#include "Place.h"
#include "StmtParents.h"
#include "VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::syscall {

/// Whether \p S is a for, while, do or range-for loop.
bool isLoop(const Stmt *S);

/// Whether \p S is \p Outer or inside it.
bool isWithin(const Stmt *S, const Stmt *Outer, const StmtParents &Parents);

/// Whether \p Loop's condition is a constant false (`do { ... } while (0)`
/// in a macro): its body runs at most once.
bool runsOnce(const Stmt *Loop, ASTContext &Ctx);

/// Whether \p S is `do { ... } while (0)`, as statement-like macros expand:
/// its body runs once. (runsOnce() also folds named constants.)
bool isStatementMacro(const Stmt *S);

/// The innermost loop whose body, condition or increment holds \p S (a
/// for's init runs once, outside), not across a lambda; null if none. EINTR
/// retry loops and `do { } while (0)` are not loops here.
const Stmt *enclosingLoop(const Stmt *S, const StmtParents &Parents);

/// Makes enclosingLoop() keep its answers for \p Parents until
/// forgetLoopsOf(): a climb then stops at the first statement answered
/// before, so n calls n levels deep (an else-if chain) cost n, not n^2.
/// For parent maps that live as long as their unit (FunctionCache's).
void rememberLoopsOf(const StmtParents &Parents);
void forgetLoopsOf(const StmtParents &Parents);

/// Whether \p S is a call that ends the process: exit, _exit, _Exit,
/// quick_exit, abort, or a function declared noreturn (also inside a
/// statement macro: `QUIT(2);`).
bool isProcessEnd(const Stmt *S);
/// Whether \p Name is one of the C library's calls that end the process:
/// exit, _exit, _Exit, quick_exit, abort.
bool isProcessEndName(llvm::StringRef Name);

/// Whether \p S may leave the block it is a statement of: a return or goto
/// anywhere in it, a break or continue not inside a loop (or switch, for
/// break) of its own; lambdas aside.
bool mayLeave(const Stmt *S);

/// The body of a for, while, do or range-for loop.
const Stmt *loopBody(const Stmt *Loop);

/// The condition of a for, while or do loop; null for `for (;;)`, a
/// range-for or anything else.
const Expr *loopCondition(const Stmt *Loop);

/// Answers whether a statement runs each time its block (a loop's body, a
/// function's) runs: it is in a statement of the block that always
/// evaluates it, and no statement before that one may leave the block
/// (return, goto, a break or continue of the block's own loop) but on an
/// error path (`if (stat(...) != 0) continue;`). Which
/// statement of a block is the first that may leave it is found once per
/// block, so that a question costs its own statement's depth.
class EveryRun {
public:
  bool ofBlock(const Stmt *S, const CompoundStmt *Block,
               const StmtParents &Parents, const ASTContext &Ctx);
  /// The innermost loop (enclosingLoop(), not one that runsOnce()) in
  /// whose every iteration \p S runs; null if none. Iterations that an
  /// item filter skips (ItemFilters: `if (name[0] == '.') continue;`,
  /// `if (verbose) { ... }`) still count: the call runs per item.
  const Stmt *loopOf(const Stmt *S, const StmtParents &Parents,
                     ASTContext &Ctx);
  void clear() {
    FirstExit.clear();
    FirstItemExit.clear();
    Position.clear();
    Filters.clear();
    Once.clear();
  }

private:
  /// The index in \p Block of its first statement that \p Leaves (its
  /// size if none), memoised in \p Memo under \p Key; numbers the block's
  /// statements in Position.
  template <typename Key>
  unsigned
  firstLeaving(const CompoundStmt *Block, llvm::DenseMap<Key, unsigned> &Memo,
               Key K,
               llvm::function_ref<bool(const Stmt *, const Stmt *)> Leaves);
  /// Whether \p If's condition is an item filter of \p Loop (ItemFilters).
  bool isItemFilter(const IfStmt *If, const Stmt *Loop,
                    const StmtParents &Parents, const ASTContext &Ctx);
  /// Whether \p S may leave its block other than on an error path or
  /// under an item filter of \p Loop (\p UnderFilter: S is in one).
  bool leavesUnfiltered(const Stmt *S, const Stmt *Loop,
                        const StmtParents &Parents, const ASTContext &Ctx,
                        bool UnderFilter, const Stmt *Before = nullptr);

  /// The index of the first statement of a block that may leave it (its
  /// size if none), and each statement's index in its block.
  llvm::DenseMap<const CompoundStmt *, unsigned> FirstExit;
  /// The same, item filters of a loop aside, by block and loop: which
  /// `if` filters items depends on the loop.
  llvm::DenseMap<std::pair<const CompoundStmt *, const Stmt *>, unsigned>
      FirstItemExit;
  llvm::DenseMap<const Stmt *, unsigned> Position;
  /// runsOnce() per loop: folding a condition that names a local runs a
  /// mutation analysis of the whole function, and every call in the loop
  /// asks (sqlite3.c: a tenth of the run).
  llvm::DenseMap<const Stmt *, bool> Once;
  ItemFilters Filters;
};

/// The innermost block whose statement \p Top holds \p S, seen through
/// statement-like macros (`STMT(write(...));` is a statement of the block
/// the macro is used in); null if none.
const CompoundStmt *enclosingBlock(const Stmt *S, const StmtParents &Parents,
                                   const Stmt *&Top);

/// The expression whose value is \p Call's result as the code uses it: the
/// EINTR-retry statement expression around it (TEMP_FAILURE_RETRY), or the
/// call itself.
const Expr *retriedValue(const CallExpr *Call, const StmtParents &Parents);

/// Whether \p Loop only makes one call again while it fails with EINTR
/// (`do r = read(...); while (r < 0 && errno == EINTR);`, glibc's
/// TEMP_FAILURE_RETRY): not an iteration of the program's.
bool isRetryLoop(const Stmt *Loop);

/// The parent of \p S above the parentheses and casts (implicit, to void,
/// to a scalar type) around it; \p Child is the outermost of those (or \p
/// S).
const Stmt *skipParensAndCasts(const Stmt *S, const StmtParents &Parents,
                               const Stmt *&Child);

/// The calls that take one of \p Refs (a variable's references) as an
/// argument, directly, cast, or as `fileno(var)`: the calls whose effect on
/// the variable FdOperationTable::effectOn() tells, found from the
/// variable's uses instead of a walk of the code around them.
llvm::SmallVector<const CallExpr *, 4>
callsTaking(llvm::ArrayRef<const DeclRefExpr *> Refs,
            const StmtParents &Parents);

/// The variable the value of \p Child is stored in, where \p Up is the
/// parent skipParensAndCasts() found above it: `T v = child;` (a single
/// declaration) or `v = child;`; null otherwise.
const VarDecl *variableGiven(const Stmt *Up, const Stmt *Child);

/// Whether the value of \p Child, whose parent past parentheses and casts
/// (skipParensAndCasts()) is \p Up, is dropped: a statement of a block, a
/// branch, a loop's body or step, a label's statement (`for (...)
/// (mkdir(d, 0755));`).
bool valueDropped(const Stmt *Up, const Stmt *Child);

/// Whether \p Inner runs whenever \p Outer did and left \p Value usable:
/// every `if`, `?:`, `&&` or `||` that decides between them (up to the
/// statement that holds both) tests \p Value itself (`if (fd < 0) ...
/// else`, `fd >= 0 && ...`) or \p Outer's own result (`if (pipe(p) ==
/// 0)`), and nothing else. Loops are not decisions here: a loop over
/// both ends of a pipe sets each. A test of anything else (`if
/// (nonblocking)`) makes \p Inner conditional.
bool decidedOnlyBy(const Stmt *Inner, const Stmt *Outer, const Expr *Value,
                   const StmtParents &Parents);

/// Whether \p Call runs whenever statement \p Top (which holds it) runs.
bool alwaysEvaluated(const Stmt *Call, const Stmt *Top,
                     const StmtParents &Parents);

/// How the value of a call is used by the statement that holds it.
struct CallStatement {
  enum Kind {
    Discarded,    ///< `call;` or `(void)call;`
    ErrorChecked, ///< `if (call <cmp> value) <branch>` without else
    Used,         ///< anything else
  };
  Kind K = Used;
  /// The statement a fix removes: the call's own, or the `if` (or the
  /// `do { } while (0)` of a statement-like macro holding only that).
  const Stmt *Statement = nullptr;
  /// The statement right before Statement that keeps the test in a flag
  /// (`int bad = lseek(...) < 0; if (bad)`), removed with it; or null.
  const Stmt *Carrier = nullptr;
  /// The block that holds Statement.
  const CompoundStmt *Block = nullptr;
  /// `if (earlier || call < 0) fail;` (joinedErrorCheck()): the `||` whose
  /// last term is the call's test; a fix removes that term only.
  const BinaryOperator *JoinedOr = nullptr;
  /// `if ((r = call) < 0)` (ThroughStore in statementOf() and
  /// joinedErrorCheck()): the local the call's value is stored in as it is
  /// tested. Removing the test removes the store: storedLocalRemoval()
  /// says whether `r` can go with it.
  const VarDecl *Stored = nullptr;
};

/// The `if` whose whole condition compares \p Call with a value
/// (`if (lseek(fd, off, SEEK_SET) < 0)`), with or without an else, or tests
/// a local flag that the statement right before it set to that comparison
/// (`int bad = !!(lseek(...) < 0); if (bad)`, the flag's statement in \p
/// Carrier); the comparison in \p Comparison.
const IfStmt *comparingIf(const Expr *Call, const StmtParents &Parents,
                          const BinaryOperator **Comparison = nullptr,
                          const Stmt **Carrier = nullptr);

/// A local flag that keeps a test, followed through its copies.
struct CarriedFlag {
  /// The last copy (the flag itself when it has none).
  const VarDecl *Flag = nullptr;
  /// The statement that stores the test in the flag.
  const Stmt *Carrier = nullptr;
  /// The first statement after the flag and its copies (`int f = !!bad;`,
  /// `f = bad;`, declarations without an initialiser); null at the end of
  /// the block.
  const Stmt *Next = nullptr;
};

/// The local flag that the statement storing test \p Test (the outermost
/// of its parentheses and casts) gives it, `int f = !!(test);` or `f =
/// test;`, in a block; none otherwise.
std::optional<CarriedFlag> carriedFlag(const Stmt *Test,
                                       const StmtParents &Parents);

/// The `if` right after the statement that stores test \p Test (the
/// outermost of its parentheses and casts) in a local flag, `int f =
/// !!(test);` or `f = test;`, when that `if` tests just the flag (or a
/// copy of it declared in between); the storing statement in \p Carrier.
/// Null otherwise.
const IfStmt *flagTest(const Stmt *Test, const StmtParents &Parents,
                       const Stmt *&Carrier);

/// `r = call` (in parentheses and casts) for a local `r` that is not
/// static: `r`, the assignment in \p Store; null otherwise.
const VarDecl *storingLocal(const CallExpr *Call, const StmtParents &Parents,
                            const Expr *&Store);

/// The statement around \p Call, when it is one of the shapes above in a
/// block. With \p ZeroIsSuccess (ftruncate, fcntl: 0 or -1), a bare
/// `if (call)` is an error check too; with \p ThroughStore, so is
/// `if ((r = call) < 0)` for a local `r` (CallStatement::Stored).
CallStatement statementOf(const CallExpr *Call, const StmtParents &Parents,
                          const ASTContext &Ctx, bool ZeroIsSuccess = false,
                          bool ThroughStore = false);

/// The `if` without else whose whole condition is `earlier || T`, \p Term
/// being T or inside its parentheses and casts, when its branch only fails
/// (onlyFails()): T then takes the branch the earlier terms take, as
/// `if (earlier) fail; if (T) fail;` would, and a path past the `if` has
/// evaluated T. The `||` in \p Or; null otherwise. With \p Carrier, the
/// condition may be kept in a flag first (`int bad = !!(fd < 0 || T); if
/// (bad)`, the flag's statement in \p Carrier; flagTest()).
const IfStmt *joinedFailureTest(const Stmt *Term, const StmtParents &Parents,
                                const BinaryOperator *&Or,
                                const Stmt **Carrier = nullptr);

/// `if (fd < 0 || lseek(fd, off, SEEK_SET) < 0) return -1;`: the call's
/// error check joined to earlier tests (joinedFailureTest()), as an
/// ErrorChecked statement whose JoinedOr is set; Used when it is not one.
/// With \p ZeroIsSuccess, a bare `|| fcntl(...)` is an error check too;
/// with \p ThroughStore, `|| (r = lseek(...)) < 0` for a local `r`.
CallStatement joinedErrorCheck(const CallExpr *Call, const StmtParents &Parents,
                               const ASTContext &Ctx,
                               bool ZeroIsSuccess = false,
                               bool ThroughStore = false);

/// What an `if` tests: its condition, or, when that is only a local flag
/// that \p Before (the statement right before the `if`) sets, the value
/// set (`int bad = !!(stat(...) != 0); if (bad)` tests the stat).
const Expr *testedValue(const IfStmt *If, const Stmt *Before);

/// testedValue() of \p If with the statement before it in its block.
const Expr *testedCondition(const IfStmt *If, const StmtParents &Parents);

/// The same for any read of a flag: \p E, or the value that \p Before
/// stores in the local \p E names (`int r = test; return r;`).
const Expr *carriedValue(const Expr *E, const Stmt *Before);

/// The text that drops the right term of \p Or with the operator (`a || b`
/// becomes `a`); none when a macro covers part of it.
std::optional<CharSourceRange> lastTermRemoval(const BinaryOperator *Or,
                                               const SourceManager &SM,
                                               const LangOptions &LO);

/// The text a fix removes to drop \p St's statement: with a carrier, the
/// carrier too (and the flags copied from it), when each flag is declared
/// with its value and read once; with JoinedOr, the `|| test` alone; none
/// when that cannot be done.
std::optional<CharSourceRange> statementRemoval(const CallStatement &St,
                                                const SourceManager &SM,
                                                const LangOptions &LO);

/// For a call stored in the local \p Stored as it is tested
/// (CallStatement::Stored), the lines of that local's declaration, which a
/// fix removes with the test: when the store is the local's only use and
/// the statement declares nothing else, in a block, with no side effects in
/// its initialiser. None otherwise, with \p Why naming what has to go too.
std::optional<CharSourceRange> storedLocalRemoval(const VarDecl *Stored,
                                                  const VariableUses &Uses,
                                                  const StmtParents &Parents,
                                                  const ASTContext &Ctx,
                                                  std::string &Why);

/// For a descriptor copied into \p Copied by \p Copy (`int fd =
/// fileno(f);`, `int fd = fd0;`), a local whose every read the fix's removals
/// \p Removed take: the lines of its declaration, which go too when it is
/// declared with the copy alone. None when it is no local or something
/// else reads it (it stays), or, with \p Why set, when it would be left
/// stored and never read (declared apart: `-Wunused-but-set-variable`).
std::optional<CharSourceRange>
copyLeftUnread(const Place &Copied, const Expr *Copy, const VariableUses &Uses,
               const StmtParents &Parents,
               llvm::ArrayRef<CharSourceRange> Removed, const ASTContext &Ctx,
               std::string &Why);

/// Whether the then-branches of two error checks do the same (so one call's
/// failure may take the other's branch): the same code but for
/// parentheses, braces around one statement, do-while(0) macros, and
/// helpers that only pass a call on.
bool sameErrorHandling(const IfStmt *A, const IfStmt *B, const ASTContext &Ctx);

/// Whether \p S, an error branch, only cleans up and fails: it ends in a
/// return, goto, break, continue, throw or a call that does not return.
bool onlyFails(const Stmt *S);

/// A value stored into a local and then tested, however it is spelled:
/// `T v = E; if (v < 0) ...`, `T v; v = E; if (!v) ...`, or `T v; if ((v =
/// E) < 0) ...`.
struct CheckedStore {
  const Expr *Value = nullptr;
  const VarDecl *Var = nullptr;
  /// The test of Var: no else, no init statement; null when the statement
  /// after the store (or after a flag set from Var right after the store)
  /// does not test it.
  const IfStmt *Check = nullptr;
  /// What Check tests: its condition, or the flag's value (testedValue()).
  const Expr *Test = nullptr;
  /// The flag's statement between the store and Check, or null.
  const Stmt *Carrier = nullptr;
};

/// The first statement from \p It on in \p Block that does something:
/// declarations without an initialiser (`ssize_t n;`) are skipped.
CompoundStmt::const_body_iterator
nextEffective(const CompoundStmt *Block, CompoundStmt::const_body_iterator It);

/// The checked store that starts at \p It in \p Block (declarations without
/// an initialiser before it are skipped), if there is one.
std::optional<CheckedStore>
checkedStoreAt(const CompoundStmt *Block, CompoundStmt::const_body_iterator It);

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_STATEMENTSHAPE_H
