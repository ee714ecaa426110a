// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A library of another project, built without -g: it asks the pid for its
// own ends (a seed, a fork check), which the program cannot keep for it.
#include <unistd.h>

unsigned library_seed(void) { return (unsigned)getpid() * 2654435761u; }
