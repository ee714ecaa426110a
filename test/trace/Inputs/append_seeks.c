// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Seeks on descriptors in append mode: before a write (which goes to the
// end wherever the offset is) a seek moves nothing the write uses; before a
// read, or on a descriptor not in append mode, it does.
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int log = open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0644);
  int both = open(argv[1], O_RDWR | O_APPEND);
  int plain = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0644);
  char buf[8];
  if (log < 0 || both < 0 || plain < 0)
    return 1;
  for (int i = 0; i < 3; ++i) {
    lseek(log, 0, SEEK_END); // APPEND-END: redundant
    write(log, "entry\n", 6);
    lseek(log, 0, SEEK_SET); // APPEND-SET: redundant
    write(log, "entry\n", 6);
    lseek(both, 0, SEEK_SET); // READ-AFTER: the read uses it (one pread)
    read(both, buf, sizeof buf);
    lseek(plain, 0, SEEK_END); // NOT-APPEND: the write goes where it moved
    write(plain, "entry\n", 6);
  }
  return 0;
}
