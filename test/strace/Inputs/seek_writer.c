/* Four writers and a reader in the shapes syscall-lseek-before-write fixes.
 * The lit test runs this program and the copy syscall-tidy --fix produced
 * under strace: the files must be byte for byte the same, with fewer lseek
 * calls. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RECORDS 1000
#define RECORD 64

static char path_buf[4096];

static const char *in_dir(const char *dir, const char *name) {
  snprintf(path_buf, sizeof path_buf, "%s/%s", dir, name);
  return path_buf;
}

/* A rewind right after the open. */
static int save(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  lseek(fd, 0, SEEK_SET);
  ssize_t w = write(fd, text, strlen(text));
  close(fd);
  return w < 0 ? -1 : 0;
}

/* Fixed-size records, each at its own offset, written back to front. */
static int write_records(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  char rec[RECORD];
  for (int i = RECORDS - 1; i >= 0; --i) {
    memset(rec, 'a' + i % 26, sizeof rec);
    rec[RECORD - 1] = '\n';
    lseek(fd, (off_t)i * RECORD, SEEK_SET);
    if (write(fd, rec, RECORD) != RECORD)
      break;
  }
  return close(fd);
}

/* A position variable the loop seeks to before each write. */
static int write_chunks(const char *path) {
  off_t pos = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  char chunk[32];
  for (int i = 0; i < RECORDS; ++i) {
    int len = snprintf(chunk, sizeof chunk, "chunk %d\n", i);
    lseek(fd, pos, SEEK_SET);
    ssize_t n = write(fd, chunk, (size_t)len);
    if (n < 0)
      break;
    pos += n;
  }
  return close(fd);
}

/* A seek to the end of an O_APPEND log. */
static int log_append(const char *path, const char *line) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  lseek(fd, 0, SEEK_END);
  ssize_t w = write(fd, line, strlen(line));
  close(fd);
  return w < 0 ? -1 : 0;
}

/* Every seventh record's first byte, read back at the record's offset. */
static int sample_records(const char *path, char *out) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  char rec[RECORD];
  int n = 0;
  for (int i = 0; i < RECORDS; ++i) {
    off_t at = (off_t)(i * 7 % RECORDS) * RECORD;
    if (lseek(fd, at, SEEK_SET) == -1 || read(fd, rec, RECORD) != RECORD)
      break;
    out[n++] = rec[0];
  }
  out[n] = '\0';
  return close(fd);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  int rc = save(in_dir(argv[1], "saved"), "saved contents\n");
  rc |= write_records(in_dir(argv[1], "records"));
  rc |= write_chunks(in_dir(argv[1], "chunks"));
  for (int i = 0; i < 3; ++i)
    rc |= log_append(in_dir(argv[1], "log"), "log line\n");
  static char sampled[RECORDS + 1];
  rc |= sample_records(in_dir(argv[1], "records"), sampled);
  rc |= save(in_dir(argv[1], "sampled"), sampled);
  return rc ? 1 : 0;
}
