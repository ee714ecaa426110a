/* What leanio's C sources share and do not export. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef LEANIO_SRC_LIO_INTERNAL_H
#define LEANIO_SRC_LIO_INTERNAL_H

/* A caller's bug leanio can see (a handle closed twice): builds without
 * NDEBUG abort with the message, release builds print it once and let the
 * call fail with EBADF. */
void lio_misuse(const char *what);

#endif
