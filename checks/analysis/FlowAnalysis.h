//===--- FlowAnalysis.h - Order and reachability over clang's CFG --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The checks reason about what runs between an open and a later call (which
// definition of a descriptor reaches a use, whether a guard separates them)
// on the control-flow graph, never on source order.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_CHECKS_FLOWANALYSIS_H
#define SYSCALL_TIDY_CHECKS_FLOWANALYSIS_H

#include "FdTracking.h"
#include "MainFileUses.h"
#include "Place.h"
#include "StmtParents.h"
#include "VariableUses.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::syscall {

/// A value a variable may hold at a use.
struct Definition {
  /// The assigned or initialising expression; null when the value comes from
  /// outside the function (a parameter) or cannot be told (compound
  /// assignment, address taken, uninitialised).
  const Expr *Value = nullptr;
  /// The defining statement (a declaration, an assignment, `x |= C`); null
  /// for the value from outside.
  const Stmt *Site = nullptr;
  /// Whether this is the value the function was entered with (a
  /// parameter's, a global's), not a value some statement spoils.
  bool Entry = false;
};

/// A variable's value that every path to a statement has tested: its
/// variable and the definition that gave it.
struct TestedValue {
  const VarDecl *Var;
  const Stmt *Site;
  bool operator==(const TestedValue &O) const {
    return Var == O.Var && Site == O.Site;
  }
};

/// If \p S assigns or initialises \p Var (or makes it name another file,
/// like dup2), stores the new value in \p Def.
bool definesVariable(const Stmt *S, const VarDecl *Var, Definition &Def);

/// Whether \p S copies the value of \p Var into another variable or a field
/// (`other = fd`, `s->fd = fd`, `int copy = fd;`), where a walk that follows
/// \p Var loses it.
bool copiesVariable(const Stmt *S, const VarDecl *Var);

/// definesVariable and copiesVariable for a place: an assignment to the
/// place itself defines it; one that moves it (`c = next`, `i++` for
/// `fds[i]`, a call handed `c` or `&s`) gives it an unknown value;
/// `pipe(fds)` and `socketpair(..., fds)` define `fds[0]` and `fds[1]`.
bool definesPlace(const Stmt *S, const Place &P, Definition &Def);
bool copiesPlace(const Stmt *S, const Place &P);

/// The argument of \p Name's call that gets two new descriptors: pipe(fds)
/// and socketpair(..., fds) make fds[0] and fds[1]; -1 for other calls.
int pairArrayArgument(llvm::StringRef Name);

class FunctionCache;

/// Where a function takes the address of places of one base variable:
/// the `&` expressions, or all of them (a reference bound, or too many).
struct EscapedPlaces {
  bool All = false;
  llvm::SmallVector<const UnaryOperator *, 2> Points;
};

/// Whether a definition of a place in a function may have the value of a
/// call that a predicate accepts (a maker), as definesPlace() finds one:
/// its variable's initialiser, an assignment to it, a pipe-like call given
/// it; or a copy of another place that may have one (`int fd = fd0;`).
/// Read from the uses of the place's variable, before a flow graph is
/// built to ask what made a place that nothing here makes; once per
/// function and variable, as a big function asks of many places of one
/// variable (`ectx->fd`, `ectx->out`).
class MakerDefinitions {
public:
  /// Whether one of \p P's definitions in \p Func may be a maker's call.
  /// \p IsMaker must be the same predicate on every call until clear().
  bool mayBeDefinedByCall(const Place &P, const FunctionDecl *Func,
                          FunctionCache &Functions,
                          llvm::function_ref<bool(const CallExpr *)> IsMaker);
  void clear() { Known.clear(); }

private:
  /// What a variable's definitions in a function are given.
  struct OfVariable {
    /// A maker's call, to the variable or a place of it.
    bool Made = false;
    /// The places copied into it (`int fd = fd0;`, `c->fd = fd;`).
    llvm::SmallVector<Place, 1> Copied;
  };
  const OfVariable &of(const VarDecl *Var, const FunctionDecl *Func,
                       FunctionCache &Functions,
                       llvm::function_ref<bool(const CallExpr *)> IsMaker);
  llvm::DenseMap<std::pair<const FunctionDecl *, const VarDecl *>, OfVariable>
      Known;
};

class FunctionFlow {
public:
  /// Builds the CFG of \p Body; null if clang cannot build one.
  static std::unique_ptr<FunctionFlow> build(const Decl *Func, const Stmt *Body,
                                             ASTContext &Ctx);

  /// The definitions of \p Var that reach \p Use on some path. Returns false
  /// when \p Use is not in the CFG.
  bool reachingDefinitions(const VarDecl *Var, const Stmt *Use,
                           llvm::SmallVectorImpl<Definition> &Defs) const;
  /// The same for a place (a field, pointee or element as much as a local).
  bool reachingDefinitions(const Place &P, const Stmt *Use,
                           llvm::SmallVectorImpl<Definition> &Defs) const;

  /// Reaching definitions under a caller's own notion of what starts a
  /// value: \p IsDefinition, the same for every query with one \p Key,
  /// says which statements do and what they give (a caller may mark a
  /// statement that spoils its question as a definition with no Site).
  /// The value from outside the function is one with no Site. Solved
  /// lazily and kept per key, as for variables.
  using Defines = llvm::function_ref<bool(const Stmt *, Definition &)>;
  bool reachingDefinitions(llvm::StringRef Key, const Stmt *Use,
                           Defines IsDefinition,
                           llvm::SmallVectorImpl<Definition> &Defs) const;
  /// The same, when \p IsDefinition holds only at elements that name one of
  /// \p Named in an operand (candidateDefinitions()) and at \p Also: only
  /// those are asked.
  bool reachingDefinitions(llvm::StringRef Key, const Stmt *Use,
                           Defines IsDefinition,
                           llvm::ArrayRef<const ValueDecl *> Named,
                           llvm::ArrayRef<const Stmt *> Also,
                           llvm::SmallVectorImpl<Definition> &Defs) const;

  /// Every constant value \p Var may hold at \p Use, path by path: its
  /// constant initialisers and assignments, and `|=`/`&=` of constants on
  /// top of what reaches them (`flags = O_WRONLY; if (a) flags |= O_APPEND;`).
  /// False when some path gives a value that is not such a constant.
  bool constantValues(const VarDecl *Var, const Stmt *Use, ASTContext &Ctx,
                      llvm::SmallVectorImpl<int64_t> &Values,
                      unsigned Depth = 0) const;

  /// Whether \p To runs after \p From (null: the function's entry) on some
  /// path that takes no branch edge for which \p Blocked(Condition,
  /// TookTrueBranch) holds, and runs no statement that \p Stops accepts.
  bool reachable(const Stmt *From, const Stmt *To,
                 llvm::function_ref<bool(const Expr *, bool)> Blocked,
                 llvm::function_ref<bool(const Stmt *)> Stops = nullptr) const;

  /// reachable(nullptr, \p To, \p Blocked) with the blocks the entry
  /// reaches kept under \p Key (one \p Blocked per key): a function of
  /// thousands of calls below one test is walked once, not once per call.
  bool reachableFromEntry(
      llvm::StringRef Key, const Stmt *To,
      llvm::function_ref<bool(const Expr *, bool)> Blocked) const;

  /// The values of locals that every path to \p At took a branch edge
  /// for which \p Passes(Condition, TookTrueBranch, Var) holds, with no
  /// new definition of the local since the test (the latest few tests of
  /// a path only). One forward pass per function and \p Key (one \p
  /// Passes per key), so a question asked at every call is answered
  /// without a walk per call. False when \p At is not in the CFG.
  using VariableTest =
      llvm::function_ref<bool(const Expr *, bool, const VarDecl *)>;
  bool testedValues(llvm::StringRef Key, const Stmt *At, VariableTest Passes,
                    llvm::SmallVectorImpl<TestedValue> &Tested) const;

  /// What a walk does after visiting a statement.
  enum class Step { Continue, EndPath, Fail };

  /// Visits, path by path, the statements that run before \p From, nearest
  /// first, until \p Visit ends the path; \p AtEntry decides a path that
  /// reaches the function's entry. False when a step failed or \p From is
  /// not in the CFG.
  bool walkBackward(const Stmt *From,
                    llvm::function_ref<Step(const Stmt *)> Visit,
                    llvm::function_ref<Step()> AtEntry) const;

  /// The same forwards: the statements that run after \p From; \p AtExit
  /// decides a path that leaves the function.
  bool walkForward(const Stmt *From,
                   llvm::function_ref<Step(const Stmt *)> Visit,
                   llvm::function_ref<Step()> AtExit) const;

  /// The graph, for analyses that run their own dataflow over it.
  const CFG &graph() const { return *Graph; }

  /// For a local buffer filled through its address (`fstat(fd, &st)`), the
  /// uses of it that \p Writer, a call handed `&Buffer` (or the buffer's
  /// declaration), reaches before the next such call; \p Uses are all the
  /// buffer's references. That next call is taken to fill the buffer
  /// whether or not it does; its own `&Buffer` is a use the earlier value
  /// reaches, so a caller that gives up at any other call handed the buffer
  /// loses nothing. With a null \p Writer: the uses that may read a value
  /// from outside, and those outside the graph, which a caller counts as
  /// every value's. Solved once per buffer, in one pass over its uses.
  llvm::ArrayRef<const DeclRefExpr *>
  bufferReaders(const VarDecl *Buffer, const Stmt *Writer,
                llvm::ArrayRef<const DeclRefExpr *> Uses) const;

  /// The block and element index of \p S; false when it is not in the CFG.
  bool locate(const Stmt *S, const CFGBlock *&Block, unsigned &Index) const {
    std::optional<Position> It = positionOf(S);
    if (!It)
      return false;
    Block = It->Block;
    Index = It->Index;
    return true;
  }

private:
  struct Position {
    const CFGBlock *Block;
    unsigned Index;
  };
  /// A position in 8 bytes: the block's ID plus one (0 for none) and the
  /// element's index.
  struct Slot {
    unsigned BlockIdPlusOne = 0;
    unsigned Index = 0;
  };
  struct Numbered {
    bool operator()(uint32_t Number) const { return Number; }
  };
  std::optional<Slot> slotOf(const Stmt *S) const {
    const uint32_t *Number = Where.find(S);
    // Parentheses, implicit casts and literals are not elements (build):
    // one stands where its operand is, as nothing runs between the two.
    if (!Number)
      if (const auto *E = llvm::dyn_cast<Expr>(S);
          E && E->IgnoreParenImpCasts() != E)
        Number = Where.find(E->IgnoreParenImpCasts());
    if (!Number)
      return std::nullopt;
    const uint32_t Element = *Number - 1, Block = ElementBlock[Element];
    return Slot{Block + 1, Element - FirstElement[Block]};
  }
  std::optional<Position> positionOf(const Stmt *S) const {
    std::optional<Slot> At = slotOf(S);
    if (!At)
      return std::nullopt;
    return Position{BlocksById[At->BlockIdPlusOne - 1], At->Index};
  }
  /// Per block, its strongly connected component's place in reverse
  /// topological order (an edge never goes to a higher number), so most
  /// unreachable targets are answered without a walk. Built on first use.
  unsigned componentOrder(const CFGBlock *Block) const;
  mutable std::vector<unsigned> ComponentOrder;
  /// Reaching definitions of one variable, solved lazily per block and
  /// kept: each block's work is done once per variable however many uses
  /// ask.
  struct VariableFlow {
    explicit VariableFlow(unsigned Id) : Id(Id) {}
    /// Its key in DefinedIn.
    unsigned Id;
    /// The place whose values these are, when tracked by place: a branch
    /// that tests it against a constant (`if (fd < 0)`) keeps the constant
    /// values it rules out (`fd = -1` on another path) from its target.
    std::optional<Place> Tracked;
    std::vector<Definition> Defs;
    /// Per definition, once asked: the constant it assigns, if any.
    std::vector<std::optional<std::optional<int64_t>>> Constants;
    int Outside = -1; ///< index of the value from outside the function
    /// Where an address that may alter the place is taken, and from where
    /// on (per block, the first element) any call or store through a
    /// pointer may store into it; none when no address is taken.
    struct Escape {
      llvm::SmallPtrSet<const Stmt *, 2> Points;
      llvm::SmallDenseMap<const CFGBlock *, unsigned, 4> From;
    };
    std::optional<Escape> Escapes;
    /// The definitions of each block looked at, in order: (element index,
    /// index into Defs) pairs, a block's a range of DefinedAt (DefinedIn).
    /// Only those, not a slot per element: a function of one giant block
    /// asked about thousands of variables kept a copy of the block's size
    /// for each.
    std::vector<std::pair<unsigned, unsigned>> DefinedAt;
    /// Per block: the definitions that reach its entry.
    llvm::SmallDenseMap<const CFGBlock *, llvm::SmallVector<unsigned, 4>, 2> In;
    /// When known, the only elements that may define the place, in block
    /// and element order (candidateDefinitions()): a block is searched at
    /// those, not at each element (a function of thousands of descriptors in
    /// one straight block searched the block once per descriptor).
    std::optional<std::vector<Slot>> Candidates;
  };
  int lastDefinitionBefore(VariableFlow &V, Defines IsDefinition,
                           const CFGBlock *Block, unsigned Index) const;
  const llvm::SmallVector<unsigned, 4> &
  definitionsAtEntry(VariableFlow &V, Defines IsDefinition,
                     const CFGBlock *Block) const;
  /// Whether the edge \p From -> \p To rules out definition \p D of the
  /// tracked place: \p From ends in a test of it that \p D's constant fails.
  bool ruledOutOnEdge(VariableFlow &V, Defines IsDefinition, unsigned D,
                      const CFGBlock *From, const CFGBlock *To) const;
  /// V.Escapes for \p Points: each point's later elements, and every block
  /// a point's block leads to. False when a point is not in the graph.
  bool escapeRegion(VariableFlow &V,
                    llvm::ArrayRef<const UnaryOperator *> Points) const;
  /// The definitions (indices into V.Defs) that reach \p At.
  llvm::SmallVector<unsigned, 4>
  definitionsAt(VariableFlow &V, Defines IsDefinition, Position At) const;
  /// The elements that name one of \p Vars in an operand, in block and
  /// element order: a place named through them is defined or copied only
  /// there.
  std::vector<Slot>
  candidateDefinitions(llvm::ArrayRef<const ValueDecl *> Vars) const;
  /// Sorts \p Slots in block and element order, without repeats.
  static void sortSlots(std::vector<Slot> &Slots);

  std::unique_ptr<CFG> Graph;
  /// Each statement's element: its number plus one, the graph's elements
  /// numbered block after block. 4 bytes a slot where a Slot took 8 (the
  /// map has a slot per 16 bytes of the function's AST); ElementBlock and
  /// FirstElement turn a number back into a Slot.
  StmtMap<uint32_t, Numbered> Where;
  std::vector<uint32_t> ElementBlock; ///< per element, its block's ID
  std::vector<uint32_t> FirstElement; ///< per block ID, its first element
  std::vector<const CFGBlock *> BlocksById;
  /// The places whose address is taken, by base.
  llvm::DenseMap<const VarDecl *, EscapedPlaces> Escaped;
  mutable llvm::DenseMap<const VarDecl *, std::unique_ptr<VariableFlow>>
      Variables;
  /// Per variable (its Id) and block looked at (its ID), the block's range
  /// of the variable's DefinedAt, in one map for the function: a map per
  /// variable took a kilobyte once it held three blocks (16 MiB of a
  /// function of 16,000 descriptors).
  mutable llvm::DenseMap<uint64_t, std::pair<unsigned, unsigned>> DefinedIn;
  mutable unsigned NextVariableId = 0;
  mutable llvm::StringMap<std::unique_ptr<VariableFlow>> Places;
  /// bufferReaders' answers, per buffer and writer, in one map for the
  /// function (a map per buffer cost kilobytes each in a function of
  /// thousands of buffers).
  mutable llvm::DenseSet<const VarDecl *> BuffersSolved;
  mutable llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>,
                         llvm::SmallVector<const DeclRefExpr *, 2>>
      Readers;
  mutable llvm::StringMap<std::unique_ptr<VariableFlow>> Keyed;
  /// Per variable, the elements that name it in an operand (built on first
  /// use): namedInOperands() in FlowAnalysis.cpp.
  mutable std::optional<llvm::DenseMap<const ValueDecl *, std::vector<Slot>>>
      Stores;
  /// reachableFromEntry's blocks, by block ID, per key.
  mutable llvm::StringMap<llvm::BitVector> EntryReaches;
  /// testedValues' values at each block's start (none: not reached), by
  /// block ID, per key.
  using TestedValues = llvm::SmallVector<TestedValue, 2>;
  mutable llvm::StringMap<std::vector<std::optional<TestedValues>>>
      TestedAtStart;
  const Stmt *Body = nullptr;
  ASTContext *Ctx = nullptr;
};

/// An open whose flags are a local variable built up on several paths
/// (`flags = O_WRONLY | O_CREAT; if (a) flags |= O_APPEND;`): its mode from
/// the constant values the variable holds at the open, when every path
/// gives one. Other opens are left as they are.
void refineModeByPath(OpenCall &Open, const FunctionFlow &Flow, ASTContext &Ctx,
                      const PosixConstants &C);

/// The open every definition of \p P that reaches \p Use makes, when all
/// are opens that agree on the access mode (several must each know it):
/// the first of them, its mode refined path by path. With \p AcrossUnits,
/// opens through other units' wrappers too (their Needs merged).
std::optional<OpenCall> agreeingOpen(const FunctionFlow &Flow, const Place &P,
                                     const Stmt *Use,
                                     const OpenFunctionTable &Opens,
                                     ASTContext &Ctx, const PosixConstants &C,
                                     bool AcrossUnits = false);

/// Every value the flags argument of open-like \p Open may have at the call,
/// path by path: a constant, a local variable's constant values (see
/// FunctionFlow::constantValues), and `|` of those. False when some path
/// gives another value, or for streams and calls without flags.
bool openFlagValues(const OpenCall &Open, const FunctionFlow &Flow,
                    ASTContext &Ctx, llvm::SmallVectorImpl<int64_t> &Values);

/// A descriptor copied from another place: from a stream (`int fd =
/// fileno(f);`) or from another descriptor (`int fd = fd0;`, `c->fd = fd;`).
struct HandleCopy {
  /// The place copied: the stream, or the other descriptor.
  Place Source;
  /// The copied value as written (the `fileno` call, or the read of the
  /// source) and the statement that stores it.
  const Expr *Copy;
  const Stmt *Site;
  bool FromStream;
  /// The expression that names the source: `fileno`'s argument, or Copy.
  const Expr *sourceExpr() const {
    return FromStream ? llvm::cast<CallExpr>(Copy)->getArg(0) : Copy;
  }
};

/// For \p Defs, the definitions of a descriptor that reach \p Use: when
/// the one there copies another place, and that place holds at \p Use
/// what it held at the copy, that copy, and \p Defs become the place's
/// definitions at the copy (a copy is made where its source was). None,
/// and \p Defs as they were, otherwise.
std::optional<HandleCopy> copiedHandle(const Stmt *Use,
                                       const FunctionFlow &Flow,
                                       llvm::SmallVectorImpl<Definition> &Defs);

/// The values \p P may hold where \p Func begins, when they are known: a
/// static that only \p Func stores into (soleWriter) holds its initial
/// value or what one of those stores left in an earlier call. Values of no
/// handle (a null pointer, a negative number) are left out; any other
/// initial value is a definition without a site. False when not known.
bool valuesOnEntry(const Place &P, const FunctionDecl *Func,
                   llvm::SmallVectorImpl<Definition> &Defs);

/// The flow graph, parent map and variable uses of each function a check
/// looks into, each built once, on first use, and shared by every check of
/// the translation unit (each check building its own was a dozen CFGs of
/// every big function); kept until the unit's context is destroyed.
class FunctionCache {
public:
  /// The flow graph of \p Func; null when clang cannot build one.
  const FunctionFlow *flow(const FunctionDecl *Func, ASTContext &Ctx);
  const StmtParents &parents(const FunctionDecl *Func);
  const VariableUses &uses(const FunctionDecl *Func);
  /// The variables a use in \p Func's body may change (changedIn).
  const llvm::DenseSet<const ValueDecl *> &
  changedVariables(const FunctionDecl *Func);
  /// Where \p D is used in the main file (a static helper's callers, a
  /// static stream's assignments), from one index of the translation unit;
  /// nothing for a local or a parameter (uses() has those).
  const MainFileUses &mainFileUses(const ValueDecl *D, ASTContext &Ctx);

  /// Drops \p Ctx's graphs, maps and uses: the next use builds them anew.
  static void forget(const ASTContext &Ctx);
  /// Lets \p Func's graph, map and uses go (FunctionWalk, once every check
  /// is past it): no caller may hold them. The map and uses are kept while
  /// they fit (Store), and serve the next question about \p Func.
  static void release(const FunctionDecl *Func);

  /// While one lives, what is built for a function not yet in the cache is
  /// released when it ends (release()): a unit's summaries, made before the
  /// walk, look into most functions once, and keeping each function's graph,
  /// map and uses until the walk reaches it made them a fifth of a big unit's
  /// peak. For a computation that keeps values, not references into what it
  /// built; one inside another drops its own, unless made \p Joining:
  /// then the outer one drops it (the checks' preparations of a unit share
  /// one, as they look into the same functions).
  class Scratch {
  public:
    explicit Scratch(const ASTContext &Ctx, bool Joining = false);
    ~Scratch();
    /// Leaves what was made so far in the cache, as if made outside.
    void keep() { Made.clear(); }
    Scratch(const Scratch &) = delete;
    Scratch &operator=(const Scratch &) = delete;

  private:
    const ASTContext &Ctx;
    std::vector<const FunctionDecl *> Made;
    std::vector<const FunctionDecl *> *Outer;
    bool Joined;
  };

  /// A Scratch for each run of questions about one function, for a check
  /// that goes through a unit's calls outside the walk: what it built for
  /// the last function goes when the next one's run begins, not with the
  /// unit (every function's parent map at once). Runs, not calls: a big
  /// function's map may not fit the store, and would be built per call.
  /// A lambda's or a local class's calls belong to the run of the function
  /// around them, whose calls the index lists on both sides of theirs. The
  /// last run's maps stay: the next check asks about the same function
  /// first, and a giant function's map, too big to be kept, was built
  /// again by each.
  class ScratchPerFunction {
  public:
    explicit ScratchPerFunction(const ASTContext &Ctx) : Ctx(Ctx) {}
    ~ScratchPerFunction() {
      if (Live)
        Live->keep();
    }
    ScratchPerFunction(const ScratchPerFunction &) = delete;
    ScratchPerFunction &operator=(const ScratchPerFunction &) = delete;
    void at(const FunctionDecl *Func);

  private:
    const ASTContext &Ctx;
    const FunctionDecl *Current = nullptr, *CurrentOutermost = nullptr;
    std::optional<Scratch> Live;
  };

  /// Where \p S sits among \p Block's statements (Block->body_end() when it
  /// is not one of them). A block of more than 16 statements is indexed
  /// once, so asking after every statement of a block of n costs n, not
  /// n^2; a smaller one is searched.
  static CompoundStmt::const_body_iterator
  positionIn(const CompoundStmt *Block, const Stmt *S, const ASTContext &Ctx);

private:
  struct Entry {
    bool FlowBuilt = false;
    std::unique_ptr<FunctionFlow> Flow;
    std::unique_ptr<StmtParents> Parents;
    std::unique_ptr<VariableUses> Uses;
    std::optional<llvm::DenseSet<const ValueDecl *>> Changed;
    /// When released, kept (the number of its release), with its bytes.
    uint64_t Kept = 0;
    size_t Bytes = 0;
  };
  /// A released function's map and uses are kept while all those kept fit
  /// in a tenth of the unit's AST, oldest dropped first: a function asked
  /// about again (a summary made before the walk reached it, a question
  /// from a caller's check after it) was built again each time, and in a
  /// small unit that was most of some checks' time. Its flow graph, whose
  /// caches grow with the questions asked, is let go.
  struct Store {
    explicit Store(size_t Budget) : Budget(Budget) {}
    ~Store();
    llvm::DenseMap<const FunctionDecl *, Entry> Entries;
    llvm::DenseMap<const CompoundStmt *, llvm::DenseMap<const Stmt *, unsigned>>
        Positions;
    /// The innermost living Scratch's functions given an entry.
    std::vector<const FunctionDecl *> *Scratched = nullptr;
    size_t Budget, KeptBytes = 0;
    uint64_t Releases = 0;
    /// The kept functions, oldest first, with the number of their release
    /// (one revived and released again is further back).
    std::deque<std::pair<const FunctionDecl *, uint64_t>> Kept;
  };
  static Entry &entry(const FunctionDecl *Func, const ASTContext &Ctx);
  /// Drops \p It's entry from \p S.
  static void drop(Store &S,
                   llvm::DenseMap<const FunctionDecl *, Entry>::iterator It);
  /// The store of \p Ctx's unit; other threads' units have their own.
  static Store &store(const ASTContext &Ctx);
};

} // namespace clang::tidy::syscall

#endif // SYSCALL_TIDY_CHECKS_FLOWANALYSIS_H
