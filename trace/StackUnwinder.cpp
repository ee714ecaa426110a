//===--- StackUnwinder.cpp - A stopped thread's stack, from the CFI ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StackUnwinder.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <gelf.h>
#include <optional>
#include <sys/uio.h>
#include <unistd.h>

namespace syscall_tidy::trace {

namespace {

constexpr unsigned ReturnAddress = 16, StackPointer = 7;
/// The registers a callee saves and restores (rbx, rbp, r12-r15) and the
/// return address: the ones a caller's frame can be found by.
constexpr unsigned Recovered[] = {3, 6, 12, 13, 14, 15, ReturnAddress};
// (A return address kept in another register, as vfork's in rdi, is read
// from the frame's registers: all are known at the innermost frame.)
constexpr uint64_t PageSize = 4096;

struct Symbol {
  uint64_t Address, Size;
  std::string Name;
};

/// Fewer leading underscores first: `read` over `__read`, `lseek` over
/// `__lseek`, as the program spells the call.
bool preferredName(llvm::StringRef A, llvm::StringRef B) {
  size_t UA = A.size() - A.ltrim('_').size(),
         UB = B.size() - B.ltrim('_').size();
  return UA != UB ? UA < UB : A.size() < B.size();
}

} // namespace

struct StackUnwinder::Rule {
  enum Kind { Undefined, Same, Location, Value };
  bool Usable = false;
  std::vector<Dwarf_Op> Cfa;
  std::array<Kind, 17> Kinds{};
  std::array<std::vector<Dwarf_Op>, 17> Ops;
};

struct StackUnwinder::Module {
  std::string Path;
  int Fd = -1;
  Elf *File = nullptr;
  Dwarf_CFI *Cfi = nullptr;
  struct Load {
    uint64_t Offset, Address, Size;
  };
  std::vector<Load> Loads;
  std::vector<Symbol> Symbols; ///< sorted by address
  std::unordered_map<uint64_t, Rule> Rules;
  std::unordered_map<uint64_t, std::string> Names;

  ~Module() {
    if (Cfi)
      dwarf_cfi_end(Cfi);
    if (File)
      elf_end(File);
    if (Fd >= 0)
      close(Fd);
  }
  /// The address the ELF file links \p Offset (relative to the mapped
  /// file) at.
  std::optional<uint64_t> linked(uint64_t Offset) const {
    for (const Load &L : Loads)
      if (Offset >= L.Offset && Offset < L.Offset + L.Size)
        return Offset - L.Offset + L.Address;
    return std::nullopt;
  }
  std::string symbolAt(uint64_t Linked);
};

struct StackUnwinder::Mapping {
  uint64_t Start, End, Offset;
  Module *Mod;
};

/// The tracee's stack, read a page or two at a time as the unwind needs it.
struct StackUnwinder::Memory {
  pid_t Tid;
  std::vector<std::pair<uint64_t, std::array<uint8_t, PageSize>>> Pages;

  std::optional<uint64_t> load(uint64_t Address) {
    uint64_t Value = 0;
    uint8_t *Out = reinterpret_cast<uint8_t *>(&Value);
    for (unsigned Done = 0; Done < sizeof Value;) {
      uint64_t At = Address + Done, Page = At & ~(PageSize - 1);
      const uint8_t *Bytes = page(Page);
      if (!Bytes)
        return std::nullopt;
      unsigned N =
          std::min<uint64_t>(sizeof Value - Done, Page + PageSize - At);
      std::copy_n(Bytes + (At - Page), N, Out + Done);
      Done += N;
    }
    return Value;
  }

private:
  const uint8_t *page(uint64_t Page) {
    for (auto &[At, Bytes] : Pages)
      if (At == Page)
        return Bytes.data();
    // This page and the next in one call: a stack is read upwards.
    size_t First = Pages.size();
    Pages.resize(First + 2);
    iovec Local[2], Remote[2];
    for (unsigned I = 0; I < 2; ++I) {
      Pages[First + I].first = Page + I * PageSize;
      Local[I] = {Pages[First + I].second.data(), PageSize};
      Remote[I] = {reinterpret_cast<void *>(Page + I * PageSize), PageSize};
    }
    ssize_t Read = process_vm_readv(Tid, Local, 2, Remote, 2, 0);
    Pages.resize(First + std::max<ssize_t>(Read, 0) / PageSize);
    return Pages.size() > First ? Pages[First].second.data() : nullptr;
  }
};

std::string StackUnwinder::Module::symbolAt(uint64_t Linked) {
  auto [It, New] = Names.try_emplace(Linked);
  if (!New)
    return It->second;
  auto After = std::upper_bound(
      Symbols.begin(), Symbols.end(), Linked,
      [](uint64_t A, const Symbol &S) { return A < S.Address; });
  if (After == Symbols.begin())
    return "";
  const Symbol &S = *std::prev(After);
  if (S.Size && Linked >= S.Address + S.Size)
    return "";
  char Offset[32];
  snprintf(Offset, sizeof Offset, "+0x%llx",
           static_cast<unsigned long long>(Linked - S.Address));
  return It->second = S.Name + Offset;
}

StackUnwinder::StackUnwinder() { elf_version(EV_CURRENT); }
StackUnwinder::~StackUnwinder() = default;

StackUnwinder::Module *StackUnwinder::module(const std::string &Path) {
  auto [It, New] = Modules.try_emplace(Path);
  if (!New)
    return It->second.get();
  auto M = std::make_unique<Module>();
  M->Path = Path;
  M->Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (M->Fd >= 0)
    M->File = elf_begin(M->Fd, ELF_C_READ_MMAP, nullptr);
  size_t Headers = 0;
  if (!M->File || elf_getphdrnum(M->File, &Headers) != 0)
    return (It->second = std::move(M)).get();
  for (size_t I = 0; I < Headers; ++I) {
    GElf_Phdr Header;
    if (gelf_getphdr(M->File, I, &Header) && Header.p_type == PT_LOAD)
      M->Loads.push_back({Header.p_offset, Header.p_vaddr, Header.p_filesz});
  }
  M->Cfi = dwarf_getcfi_elf(M->File);
  // The full symbol table when the file keeps one, else the dynamic one.
  Elf_Scn *Table = nullptr;
  GElf_Shdr TableHeader;
  for (Elf_Scn *S = elf_nextscn(M->File, nullptr); S;
       S = elf_nextscn(M->File, S)) {
    GElf_Shdr H;
    if (!gelf_getshdr(S, &H))
      continue;
    if (H.sh_type == SHT_SYMTAB || (H.sh_type == SHT_DYNSYM && !Table)) {
      Table = S;
      TableHeader = H;
    }
  }
  if (Elf_Data *Data = Table ? elf_getdata(Table, nullptr) : nullptr) {
    size_t Count = TableHeader.sh_entsize
                       ? TableHeader.sh_size / TableHeader.sh_entsize
                       : 0;
    for (size_t I = 0; I < Count; ++I) {
      GElf_Sym Sym;
      if (!gelf_getsym(Data, I, &Sym) || !Sym.st_value)
        continue;
      int Type = GELF_ST_TYPE(Sym.st_info);
      if (Type != STT_FUNC && Type != STT_GNU_IFUNC)
        continue;
      if (const char *Name =
              elf_strptr(M->File, TableHeader.sh_link, Sym.st_name))
        M->Symbols.push_back({Sym.st_value, Sym.st_size, Name});
    }
  }
  std::sort(M->Symbols.begin(), M->Symbols.end(),
            [](const Symbol &A, const Symbol &B) {
              return A.Address != B.Address ? A.Address < B.Address
                                            : preferredName(A.Name, B.Name);
            });
  // Aliases at one address: the preferred name stays, first.
  M->Symbols.erase(std::unique(M->Symbols.begin(), M->Symbols.end(),
                               [](const Symbol &A, const Symbol &B) {
                                 return A.Address == B.Address;
                               }),
                   M->Symbols.end());
  return (It->second = std::move(M)).get();
}

const StackUnwinder::Mapping *StackUnwinder::mappingAt(pid_t Tgid,
                                                       uint64_t PC) {
  auto Find = [&](const std::vector<Mapping> &Maps) -> const Mapping * {
    auto It = std::upper_bound(
        Maps.begin(), Maps.end(), PC,
        [](uint64_t A, const Mapping &M) { return A < M.Start; });
    if (It == Maps.begin() || PC >= std::prev(It)->End)
      return nullptr;
    return &*std::prev(It);
  };
  auto Known = Maps.find(Tgid);
  if (Known != Maps.end())
    if (const Mapping *M = Find(Known->second))
      return M;
  // Not mapped when last read (a library loaded since): read them again.
  std::vector<Mapping> &Fresh = Maps[Tgid];
  Fresh.clear();
  std::ifstream File("/proc/" + std::to_string(Tgid) + "/maps");
  for (std::string Line; std::getline(File, Line);) {
    unsigned long long Start, End, Offset;
    char Perms[8];
    int PathAt = 0;
    if (sscanf(Line.c_str(), "%llx-%llx %7s %llx %*s %*s %n", &Start, &End,
               Perms, &Offset, &PathAt) < 4 ||
        !PathAt || Line[PathAt] != '/')
      continue;
    Fresh.push_back({Start, End, Offset, module(Line.substr(PathAt))});
  }
  return Find(Fresh);
}

const StackUnwinder::Rule *StackUnwinder::ruleAt(Module &M,
                                                 uint64_t ElfAddress) {
  auto [It, New] = M.Rules.try_emplace(ElfAddress);
  Rule &R = It->second;
  if (!New)
    return R.Usable ? &R : nullptr;
  Dwarf_Frame *Frame = nullptr;
  if (!M.Cfi || dwarf_cfi_addrframe(M.Cfi, ElfAddress, &Frame) != 0)
    return nullptr;
  Dwarf_Op *Ops;
  size_t Count;
  if (dwarf_frame_cfa(Frame, &Ops, &Count) == 0 && Count) {
    R.Cfa.assign(Ops, Ops + Count);
    R.Usable = true;
    for (unsigned Reg : Recovered) {
      Dwarf_Op Memory[3];
      if (dwarf_frame_register(Frame, Reg, Memory, &Ops, &Count) != 0) {
        R.Usable = false;
        break;
      }
      if (!Count) {
        R.Kinds[Reg] = Ops ? Rule::Undefined : Rule::Same;
        continue;
      }
      // A value (ends with DW_OP_stack_value), or a location: in memory,
      // or (a lone regN/regx, as vfork's return address) in a register.
      uint8_t First = Ops[0].atom;
      bool InRegister =
          Count == 1 && ((First >= DW_OP_reg0 && First <= DW_OP_reg31) ||
                         First == DW_OP_regx);
      bool IsValue = Ops[Count - 1].atom == DW_OP_stack_value;
      R.Kinds[Reg] = IsValue || InRegister ? Rule::Value : Rule::Location;
      R.Ops[Reg].assign(Ops, Ops + Count - (IsValue ? 1 : 0));
    }
  }
  free(Frame);
  return R.Usable ? &R : nullptr;
}

namespace {

/// Evaluates a CFI expression: the few operations unwind tables use.
std::optional<uint64_t>
evaluate(const std::vector<Dwarf_Op> &Ops, const DwarfRegisters &Regs,
         uint32_t KnownRegs, std::optional<uint64_t> Cfa,
         const std::function<std::optional<uint64_t>(uint64_t)> &Load) {
  std::vector<uint64_t> Stack;
  auto Pop = [&]() {
    uint64_t V = Stack.back();
    Stack.pop_back();
    return V;
  };
  for (const Dwarf_Op &Op : Ops) {
    uint8_t A = Op.atom;
    // bregN / bregx: a register plus an offset; regN / regx: a register.
    bool Based = (A >= DW_OP_breg0 && A <= DW_OP_breg31) || A == DW_OP_bregx;
    bool InRegister = (A >= DW_OP_reg0 && A <= DW_OP_reg31) || A == DW_OP_regx;
    if (Based || InRegister) {
      uint64_t Reg = A == DW_OP_bregx || A == DW_OP_regx ? Op.number
                     : Based                             ? A - DW_OP_breg0
                                                         : A - DW_OP_reg0;
      if (Reg >= Regs.size() || !(KnownRegs & (1u << Reg)))
        return std::nullopt;
      int64_t Offset = !Based             ? 0
                       : A == DW_OP_bregx ? static_cast<int64_t>(Op.number2)
                                          : static_cast<int64_t>(Op.number);
      Stack.push_back(Regs[Reg] + Offset);
    } else if (A >= DW_OP_lit0 && A <= DW_OP_lit31) {
      Stack.push_back(A - DW_OP_lit0);
    } else if (A == DW_OP_call_frame_cfa) {
      if (!Cfa)
        return std::nullopt;
      Stack.push_back(*Cfa);
    } else if (A == DW_OP_const1u || A == DW_OP_const2u || A == DW_OP_const4u ||
               A == DW_OP_const8u || A == DW_OP_constu || A == DW_OP_const1s ||
               A == DW_OP_const2s || A == DW_OP_const4s || A == DW_OP_const8s ||
               A == DW_OP_consts) {
      Stack.push_back(Op.number);
    } else if (A == DW_OP_plus_uconst && !Stack.empty()) {
      Stack.back() += Op.number;
    } else if ((A == DW_OP_plus || A == DW_OP_minus || A == DW_OP_and) &&
               Stack.size() >= 2) {
      uint64_t R = Pop(), L = Pop();
      Stack.push_back(A == DW_OP_plus    ? L + R
                      : A == DW_OP_minus ? L - R
                                         : L & R);
    } else if (A == DW_OP_deref && !Stack.empty()) {
      std::optional<uint64_t> V = Load(Pop());
      if (!V)
        return std::nullopt;
      Stack.push_back(*V);
    } else if (A != DW_OP_nop) {
      return std::nullopt;
    }
  }
  if (Stack.empty())
    return std::nullopt;
  return Stack.back();
}

} // namespace

std::vector<Frame> StackUnwinder::unwind(pid_t Tgid, pid_t Tid,
                                         const DwarfRegisters &Initial,
                                         unsigned MaxFrames) {
  std::vector<Frame> Frames;
  Memory Stack{Tid, {}};
  auto Load = [&](uint64_t Address) { return Stack.load(Address); };
  DwarfRegisters Regs = Initial;
  uint32_t Known = (1u << 17) - 1;
  uint64_t LastCfa = 0;
  for (unsigned Depth = 0; Depth < MaxFrames; ++Depth) {
    uint64_t PC = Regs[ReturnAddress];
    const Mapping *Map = mappingAt(Tgid, PC);
    if (!Map)
      break;
    uint64_t Offset = PC - Map->Start + Map->Offset;
    // A caller's PC is a return address: its rule is the call's, a byte
    // before (the call may be a function's last instruction).
    std::optional<uint64_t> Linked = Map->Mod->linked(Offset - (Depth > 0));
    Frames.push_back({Map->Mod->Path,
                      Linked ? Map->Mod->symbolAt(*Linked + (Depth > 0)) : "",
                      Offset});
    const Rule *R = Linked ? ruleAt(*Map->Mod, *Linked) : nullptr;
    std::optional<uint64_t> Cfa =
        R ? evaluate(R->Cfa, Regs, Known, std::nullopt, Load) : std::nullopt;
    if (!Cfa) {
      // The dynamic loader's entry has no rules: the stack's natural end
      // while it loads the program.
      if (!llvm::StringRef(Map->Mod->Path).contains("/ld-linux"))
        ++Truncated;
      break;
    }
    DwarfRegisters Caller = Regs;
    uint32_t CallerKnown = 1u << StackPointer;
    Caller[StackPointer] = *Cfa;
    for (unsigned Reg : Recovered) {
      std::optional<uint64_t> V;
      switch (R->Kinds[Reg]) {
      case Rule::Undefined:
        continue;
      case Rule::Same:
        if (Known & (1u << Reg))
          V = Regs[Reg];
        break;
      case Rule::Value:
        V = evaluate(R->Ops[Reg], Regs, Known, Cfa, Load);
        break;
      case Rule::Location:
        if (std::optional<uint64_t> At =
                evaluate(R->Ops[Reg], Regs, Known, Cfa, Load))
          V = Load(*At);
        break;
      }
      if (V) {
        Caller[Reg] = *V;
        CallerKnown |= 1u << Reg;
      }
    }
    // The outermost frame leaves the return address undefined; a frame
    // that does not move up the stack would loop. The innermost may keep
    // its stack pointer: vfork pops its return address into a register.
    if (!(CallerKnown & (1u << ReturnAddress)) || !Caller[ReturnAddress] ||
        *Cfa < Regs[StackPointer] || (Depth > 0 && *Cfa <= LastCfa))
      break;
    LastCfa = *Cfa;
    Regs = Caller;
    Known = CallerKnown;
  }
  return Frames;
}

void StackUnwinder::forget(pid_t Tgid) { Maps.erase(Tgid); }

} // namespace syscall_tidy::trace
