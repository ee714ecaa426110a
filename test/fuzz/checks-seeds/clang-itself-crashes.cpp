// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A fuzzer input on which clang-19 itself crashes (a SEGV in
// Sema::CheckCompleteVariableDeclaration), reduced: fuzz_checks.cpp must
// tell it from a crash of ours and go on.
static int xopen(const char *path, int flags) {
}
static int open_private(const char *path) {
};
template <typename Opener> off_t length_of(Opener open_it) {
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
class Mapped {
}
}
static const struct opener plain_openers = {xopen, open_private};
