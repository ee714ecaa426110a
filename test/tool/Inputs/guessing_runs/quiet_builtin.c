// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// math.h's NAN is a compiler builtin whose name holds nanf's: it is no
// helper defined elsewhere.
#include <math.h>

float not_a_number(void) { return NAN; }
