//===--- StraceParser.cpp - strace's output as syscall records -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "StraceParser.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include <csignal>
#include <cstring>
#include <fstream>

namespace syscall_tidy::trace {

namespace {

/// Walks \p Text from \p From outside its quoted strings (escapes
/// skipped), with the bracket depth before each character, until \p Visit
/// returns true; the index it stopped at, or npos.
template <typename Visitor>
size_t scanOutsideQuotes(llvm::StringRef Text, size_t From,
                         llvm::StringRef Opening, llvm::StringRef Closing,
                         Visitor Visit) {
  int Depth = 0;
  bool Quoted = false;
  for (size_t I = From; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quoted) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        Quoted = false;
      continue;
    }
    if (C == '"')
      Quoted = true;
    else if (Visit(I, C, Depth))
      return I;
    if (Opening.contains(C))
      ++Depth;
    else if (Closing.contains(C))
      --Depth;
  }
  return llvm::StringRef::npos;
}

/// The index of the ')' closing the '(' at \p Open, skipping quoted
/// strings and nested brackets; npos when the text ends first.
size_t closingParen(llvm::StringRef Text, size_t Open) {
  return scanOutsideQuotes(
      Text, Open, "([{", ")]}",
      [](size_t, char C, int Depth) { return C == ')' && Depth == 1; });
}

/// Splits the argument list at its top-level commas.
std::vector<std::string> splitArgs(llvm::StringRef Text) {
  std::vector<std::string> Args;
  size_t Start = 0;
  scanOutsideQuotes(Text, 0, "([{<", ")]}>", [&](size_t I, char C, int Depth) {
    if (C == ',' && Depth == 0) {
      Args.push_back(Text.slice(Start, I).trim().str());
      Start = I + 1;
    }
    return false;
  });
  if (!Text.trim().empty())
    Args.push_back(Text.substr(Start).trim().str());
  return Args;
}

/// " > /lib/libc.so.6(__write+0x10) [0xf8350]"
std::optional<Frame> parseFrame(llvm::StringRef Line) {
  if (!Line.consume_front(" > "))
    return std::nullopt;
  Frame F;
  size_t Bracket = Line.rfind(" [0x");
  if (Bracket == llvm::StringRef::npos ||
      Line.substr(Bracket + 4).rtrim("]\r\n").getAsInteger(16, F.Address))
    return std::nullopt;
  llvm::StringRef Where = Line.take_front(Bracket);
  size_t Paren = Where.rfind('(');
  if (Paren != llvm::StringRef::npos && Where.ends_with(")")) {
    F.Module = Where.take_front(Paren).str();
    F.Symbol = Where.slice(Paren + 1, Where.size() - 1).str();
  } else {
    F.Module = Where.str();
  }
  return F;
}

} // namespace

std::optional<DescriptorArg> descriptorArg(llvm::StringRef Arg) {
  DescriptorArg D;
  llvm::StringRef Digits = Arg.take_while(llvm::isDigit);
  if (Digits.empty() || Digits.getAsInteger(10, D.Fd))
    return std::nullopt;
  llvm::StringRef Rest = Arg.drop_front(Digits.size());
  if (Rest.consume_front("<") && Rest.consume_back(">"))
    D.Path = Rest.str();
  return D;
}

std::optional<std::string> stringArg(llvm::StringRef Arg) {
  if (Arg.consume_front("\"") && Arg.consume_back("\""))
    return Arg.str();
  return std::nullopt;
}

bool StraceParser::finish(int Pid, double Start, llvm::StringRef Text,
                          std::vector<Frame> Frames) {
  size_t Open = Text.find('(');
  size_t Close =
      Open == llvm::StringRef::npos ? Open : closingParen(Text, Open);
  if (Close == llvm::StringRef::npos)
    return false;
  Syscall S;
  S.Pid = Pid;
  S.Start = Start;
  S.Name = Text.take_front(Open).str();
  S.Args = splitArgs(Text.slice(Open + 1, Close));
  llvm::StringRef Rest = Text.substr(Close + 1).trim();
  if (!Rest.consume_front("= "))
    return false;
  // The duration is the last "<...>"; -y's annotation of the result, if
  // any, is the "<...>" right after its digits.
  size_t Duration = Rest.rfind(" <");
  if (Duration != llvm::StringRef::npos) {
    llvm::StringRef Time = Rest.substr(Duration + 2).rtrim(">");
    Time.getAsDouble(S.Seconds);
    Rest = Rest.take_front(Duration);
  }
  llvm::StringRef Value = Rest.take_until([](char C) { return C == ' '; });
  llvm::StringRef Number = Value.take_while(
      [](char C) { return llvm::isHexDigit(C) || C == '-' || C == 'x'; });
  if (Number.getAsInteger(0, S.Result))
    S.Result = 0; // "?" of a call that did not return
  if (std::optional<DescriptorArg> D = descriptorArg(Rest))
    S.ResultPath = D->Path;
  S.Failed = S.Result == -1 && Rest.contains(" E");
  S.Frames = std::move(Frames);
  Done.push_back(std::move(S));
  return true;
}

bool traceEnds(const std::string &Path, int &Root, int &Exit) {
  std::ifstream Trace(Path);
  return Trace && traceEnds(Trace, Root, Exit);
}

bool traceEnds(std::istream &Trace, int &Root, int &Exit) {
  std::string Line;
  if (!std::getline(Trace, Line) ||
      llvm::StringRef(Line).split(' ').first.getAsInteger(10, Root))
    return false;
  std::string Prefix = std::to_string(Root) + " ";
  Exit = -1;
  do {
    llvm::StringRef Text(Line);
    if (!Text.starts_with(Prefix))
      continue;
    llvm::StringRef End = Text.split("+++ ").second;
    unsigned Code;
    if (End.consume_front("exited with ") &&
        !End.split(' ').first.getAsInteger(10, Code))
      Exit = Code;
    else if (End.consume_front("killed by SIG"))
      for (int Signal = 1; Signal < NSIG; ++Signal)
        if (const char *Name = sigabbrev_np(Signal);
            Name && End.split(' ').first == Name)
          Exit = 128 + Signal;
  } while (std::getline(Trace, Line));
  return true;
}

uint64_t stackHash(llvm::ArrayRef<Frame> Frames) {
  if (Frames.empty())
    return 0;
  llvm::hash_code Hash = llvm::hash_value(Frames.size());
  for (const Frame &F : Frames)
    Hash = llvm::hash_combine(Hash, F.Module, F.Address);
  return static_cast<uint64_t>(Hash) | 1; // never 0
}

bool StraceParser::feed(llvm::StringRef Line) {
  Line = Line.rtrim("\r\n");
  if (Line.empty())
    return true;
  if (Line.starts_with(" > ")) {
    std::optional<Frame> F = parseFrame(Line);
    if (!F)
      return false;
    if (StackOfPending)
      Pending[*StackOfPending].Frames.push_back(std::move(*F));
    else if (StackOfDone && !Done.empty())
      Done.back().Frames.push_back(std::move(*F));
    return true;
  }
  StackOfPending.reset();
  StackOfDone = false;
  // "PID TIMESTAMP TEXT"
  auto [PidText, AfterPid] = Line.split(' ');
  int Pid;
  if (PidText.getAsInteger(10, Pid))
    return false;
  auto [Stamp, Text] = AfterPid.ltrim().split(' ');
  double Start = 0;
  Stamp.getAsDouble(Start);
  if (Text.starts_with("+++") || Text.starts_with("---"))
    return true; // exits and signals
  if (Text.consume_front("<... ")) {
    // "<... write resumed>, 6) = 6 <0.000012>"
    size_t End = Text.find(" resumed>");
    auto It = Pending.find(Pid);
    if (End == llvm::StringRef::npos || It == Pending.end())
      return End != llvm::StringRef::npos; // resumed before we saw it start
    Unfinished Call = std::move(It->second);
    Pending.erase(It);
    StackOfDone =
        finish(Pid, Call.Start, Call.Text + Text.substr(End + 9).str(),
               std::move(Call.Frames));
    return StackOfDone;
  }
  if (Text.consume_back(" <unfinished ...>")) {
    Pending[Pid] = {Text.str(), Start, {}};
    StackOfPending = Pid;
    return true;
  }
  StackOfDone = finish(Pid, Start, Text, {});
  return StackOfDone || Text.ends_with("= ?"); // a call the process left
}

} // namespace syscall_tidy::trace
