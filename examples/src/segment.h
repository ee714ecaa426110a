#ifndef EXAMPLES_SEGMENT_H
#define EXAMPLES_SEGMENT_H

#define SEGMENT_RECORD 64

/* Writes count records of SEGMENT_RECORD bytes at their offsets. */
int segment_write(const char *path, const char (*records)[SEGMENT_RECORD],
                  int count);
/* Writes the lines one after another. */
int segment_dump(const char *path, const char **lines, int count);
/* Appends an entry to an index file. */
int segment_index_add(const char *path, const char *entry);

#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
