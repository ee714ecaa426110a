/*===--- PluginLoader.c - version gate for `clang-tidy --load` -----------===*
 *
 * clang-tidy loads this small library first. It links against no LLVM
 * library, so it loads into any clang-tidy; it then loads the real plugin
 * only when the host's LLVM major version is the one the checks were built
 * for. Otherwise it stops with one sentence naming both versions (and the
 * plugin to load instead, when one for the host is installed beside it)
 * instead of a symbol lookup error in the middle of a run.
 *
 *===----------------------------------------------------------------------===*/
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SYSCALL_TIDY_LLVM_MAJOR
#error "SYSCALL_TIDY_LLVM_MAJOR must be the LLVM major version of the checks"
#endif
#ifndef SYSCALL_TIDY_CHECKS_LIBRARY
#error "SYSCALL_TIDY_CHECKS_LIBRARY must name the real plugin"
#endif

/* libLLVM.so.19.1 (Debian 19+), libLLVM-17.so.1 (Debian 17 and older). */
static int majorFromLibraryName(const char *Path) {
  const char *Base = strrchr(Path, '/');
  Base = Base ? Base + 1 : Path;
  if (strncmp(Base, "libLLVM", 7) != 0)
    return 0;
  const char *P = Base + 7;
  if (strncmp(P, ".so.", 4) == 0)
    return atoi(P + 4);
  if (*P == '-')
    return atoi(P + 1);
  return 0;
}

static int findLoadedLLVM(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  int Major = Info->dlpi_name ? majorFromLibraryName(Info->dlpi_name) : 0;
  if (Major > 0)
    *(int *)Data = Major;
  return Major > 0;
}

/* The LLVM major version of the process that loaded us, or 0 if unknown. */
static int hostLLVMMajor(void) {
  typedef void (*GetVersionFn)(unsigned *, unsigned *, unsigned *);
  GetVersionFn GetVersion = (GetVersionFn)dlsym(RTLD_DEFAULT, "LLVMGetVersion");
  if (GetVersion) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    GetVersion(&Major, &Minor, &Patch);
    return (int)Major;
  }
  int Major = 0;
  dl_iterate_phdr(findLoadedLLVM, &Major);
  return Major;
}

/* The directory of this file, with its trailing '/', into Dir. */
static int ownDirectory(char *Dir, size_t Size) {
  Dl_info Self;
  if (!dladdr((void *)&ownDirectory, &Self) || !Self.dli_fname)
    return 0;
  const char *Slash = strrchr(Self.dli_fname, '/');
  int DirLen = Slash ? (int)(Slash - Self.dli_fname + 1) : 0;
  return snprintf(Dir, Size, "%.*s", DirLen, Self.dli_fname) < (int)Size;
}

/* Installed plugins sit in .../syscall-tidy/llvm-<N>/: names the one for the
 * host's major when it is there. */
static void reportVersionMismatch(const char *Dir, int Host) {
  char Sibling[4096], Resolved[PATH_MAX];
  snprintf(Sibling, sizeof Sibling, "%s../llvm-%d/SyscallTidy.so", Dir, Host);
  if (realpath(Sibling, Resolved))
    fprintf(stderr,
            "error: this syscall-tidy plugin is built for LLVM %d but this "
            "clang-tidy is LLVM %d; load %s instead.\n",
            SYSCALL_TIDY_LLVM_MAJOR, Host, Resolved);
  else
    fprintf(stderr,
            "error: the syscall-tidy plugin was built for LLVM %d but this "
            "clang-tidy is LLVM %d, and no plugin for LLVM %d is installed "
            "beside it; load one built for LLVM %d or run clang-tidy-%d.\n",
            SYSCALL_TIDY_LLVM_MAJOR, Host, Host, Host, SYSCALL_TIDY_LLVM_MAJOR);
  fflush(stderr);
}

__attribute__((constructor)) static void loadSyscallTidyChecks(void) {
  char Dir[4096];
  if (!ownDirectory(Dir, sizeof Dir)) {
    fputs("error: the syscall-tidy plugin cannot locate itself.\n", stderr);
    _exit(2);
  }
  int Host = hostLLVMMajor();
  if (Host != 0 && Host != SYSCALL_TIDY_LLVM_MAJOR) {
    reportVersionMismatch(Dir, Host);
    _exit(2);
  }
  /* The real plugin sits beside this file. */
  char Path[4096 + 256];
  snprintf(Path, sizeof Path, "%s%s", Dir, SYSCALL_TIDY_CHECKS_LIBRARY);
  if (!dlopen(Path, RTLD_NOW | RTLD_GLOBAL)) {
    fprintf(stderr, "error: the syscall-tidy plugin cannot load %s: %s\n", Path,
            dlerror());
    _exit(2);
  }
}
