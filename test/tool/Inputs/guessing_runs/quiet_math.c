// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper with sqrt's name and shape: glibc declares it in
// bits/mathcalls.h.
#include <math.h>

double vec_sqrt(double x);

double norm(double x, double y) { return vec_sqrt(x * x + y * y); }
