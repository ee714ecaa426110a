// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Not a wrapper of open, though shaped like one.
int lookup_uid(const char *name, int fallback) {
  return name && *name ? 1000 : fallback;
}
