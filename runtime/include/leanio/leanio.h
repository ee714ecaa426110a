/* leanio: the optimised I/O forms that syscall-tidy's fixes point to.
 *
 * - lio_open: open without the directory fstat where open itself fails with
 *   EISDIR (write access modes); with it for read-only opens.
 * - lio_file: a file handle that keeps its position in user space: a
 *   write-only handle never seeks, writes at an offset with pwrite; a
 *   read-write handle has a read-ahead buffer and seeks only when that buffer
 *   holds data ahead of the logical position.
 * - lio_writer: a buffered writer over a descriptor or any sink: full
 *   buffering, explicit flush, large pieces written with writev without a
 *   copy, EINTR and short writes handled, errors sticky and reported by every
 *   later call and by close. Data is never dropped silently.
 *
 * - lio_getpid, lio_gettid: the process and thread ids, one syscall each
 *   per process (per thread), kept until a fork resets them in the child.
 * - lio_fork_generation: tells a child of fork from its parent without a
 *   syscall, where code compares getpid() with a saved pid.
 * - lio_random: random bytes with one getrandom(2), where code opens, reads
 *   and closes /dev/urandom per request.
 * - lio_user_name, lio_group_name, lio_user_id, lio_group_id: the user and
 *   group database asked once per id or name, for code that names the
 *   owner of every file or entry it lists.
 * - lio_entry_type: a directory entry's file type from readdir's d_type,
 *   with a stat only for the entries whose type it does not give.
 * - lio_sampler: a /proc or /sys file kept open and read at offset 0 for
 *   each sample: one syscall per sample instead of open, read and close.
 * - lio_reader: a read-ahead buffer over a descriptor: one read per buffer
 *   for byte, line and block reads; EINTR and short reads continued,
 *   errors sticky.
 *
 * Thread safety: a lio_file or lio_writer must not be used from two threads
 * at once (wrap it in a mutex); distinct objects are independent.
 * Every function that fails sets errno and returns -1 (or NULL).
 *
 * Misuse is an error, not a crash: a NULL handle, path or format, or a NULL
 * buffer with a nonzero length, fails with EINVAL (a NULL buffer with
 * length 0 is an empty piece). The close functions take NULL as a no-op
 * returning 0, as free(NULL) is.
 */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef LEANIO_LEANIO_H
#define LEANIO_LEANIO_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define LIO_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LIO_PRINTF(f, a)
#endif

/* open(2) with O_CLOEXEC added and EINTR retried. Directories are rejected
 * with EISDIR: by open itself for O_WRONLY/O_RDWR (1 syscall), by one fstat
 * for O_RDONLY (2 syscalls). O_PATH and O_DIRECTORY opens are passed
 * through. */
int lio_open(const char *path, int oflag, mode_t mode);

/* ---- file handles ------------------------------------------------------ */

typedef struct lio_file lio_file;

/* Opens through lio_open. Read-capable handles get a read-ahead buffer of
 * LIO_READ_BUFFER bytes; write-only handles allocate none. */
lio_file *lio_file_open(const char *path, int oflag, mode_t mode);
/* Adopts an open descriptor whose access mode is oflag (fcntl F_GETFL).
 * EBADF for fd < 0, so that a failed open is reported here. */
lio_file *lio_file_adopt(int fd, int oflag);

/* Writes all n bytes at the logical position (EINTR and short writes
 * continued). A write-only handle issues write(2) only; a read-write handle
 * seeks first only if its read buffer ran ahead of the logical position.
 * Returns n, or -1 with nothing known written beyond what the file shows. */
ssize_t lio_file_write(lio_file *f, const void *buf, size_t n);
/* pwrite(2) loop at an explicit offset; the logical position is unchanged
 * (with O_APPEND, Linux appends whatever the offset). EINVAL for off < 0,
 * as pwrite. */
ssize_t lio_file_write_at(lio_file *f, const void *buf, size_t n, off_t off);
/* Reads up to n bytes at the logical position through the read-ahead
 * buffer. Returns the count, 0 at end of file, -1 on error. */
ssize_t lio_file_read(lio_file *f, void *buf, size_t n);
/* Moves the logical position; no syscall unless whence is SEEK_END. A
 * target beyond the largest off_t fails with EOVERFLOW, a negative one with
 * EINVAL (as lseek); the position is then unchanged. */
off_t lio_file_seek(lio_file *f, off_t off, int whence);
/* The logical position (one lseek for an O_APPEND handle after writes). */
off_t lio_file_tell(lio_file *f);
/* The descriptor; -1 with EINVAL for NULL. */
int lio_file_fd(const lio_file *f);
/* Closes the descriptor and frees the handle; -1 if close(2) failed. NULL
 * is accepted (returns 0). Like fclose, the handle is gone afterwards: a
 * second close of it is a bug, which builds without NDEBUG detect and abort
 * on with a message (release builds return -1 with EBADF when they can). */
int lio_file_close(lio_file *f);

#define LIO_READ_BUFFER 65536

/* ---- buffered writer --------------------------------------------------- */

typedef struct lio_writer lio_writer;

/* Where a writer's data goes: returns bytes accepted (may be short), or -1
 * with errno. The default sink is write(2) on the descriptor. */
typedef ssize_t (*lio_sink_fn)(void *ctx, const void *buf, size_t n);

/* The buffer size used when 0 is asked for: measured in runtime/bench
 * (docs/runtime.md); large enough that per-call overhead, not syscalls,
 * dominates. */
#define LIO_WRITER_DEFAULT_BUFFER (256 * 1024)

enum {
  LIO_WRITER_OWN_FD = 1,    /* close the descriptor in lio_writer_close */
  LIO_WRITER_TTY_LINES = 2, /* flush at '\n' if (and only if) it is a tty */
};

/* NULL with errno set when the writer cannot be made: EBADF for fd < 0 (a
 * failed open is reported here, not at the first flush), EINVAL for a NULL
 * file or sink, ENOMEM. A descriptor is not closed on failure, even with
 * LIO_WRITER_OWN_FD: it stays the caller's to close. */
lio_writer *lio_writer_open_fd(int fd, size_t buffer_size, int flags);
lio_writer *lio_writer_open_file(lio_file *file, size_t buffer_size);
lio_writer *lio_writer_open_sink(lio_sink_fn sink, void *ctx,
                                 size_t buffer_size);

/* All return 0, or -1 with errno once any write has failed: the error is
 * sticky, buffered data is kept, and lio_writer_error() tells it. */
int lio_writer_write_slow(lio_writer *w, const void *data, size_t n);

/* The buffer state at the start of every lio_writer, so that appending a
 * piece that fits costs no function call. Not for direct use. */
struct lio_writer_buffer {
  char *buf;
  size_t size, used;
  int slow; /* every write takes lio_writer_write_slow (error, tty lines) */
};

static inline int lio_writer_write(lio_writer *w, const void *data, size_t n) {
  struct lio_writer_buffer *b = (struct lio_writer_buffer *)(void *)w;
  /* A NULL writer or data goes to the slow path, which refuses it. */
  if (b && data && !b->slow && n <= b->size - b->used) {
    memcpy(b->buf + b->used, data, n);
    b->used += n;
    return 0;
  }
  return lio_writer_write_slow(w, data, n);
}
int lio_writer_puts(lio_writer *w, const char *s);
int lio_writer_putc(lio_writer *w, int c);
int lio_writer_put_int(lio_writer *w, long long value);
int lio_writer_put_uint(lio_writer *w, unsigned long long value);
int lio_writer_printf(lio_writer *w, const char *fmt, ...) LIO_PRINTF(2, 3);
int lio_writer_vprintf(lio_writer *w, const char *fmt, va_list ap);
int lio_writer_flush(lio_writer *w);
/* The sticky errno, or 0; EINVAL (errno too) for NULL. */
int lio_writer_error(const lio_writer *w);
/* Bytes accepted but not yet written; 0 with errno EINVAL for NULL. */
size_t lio_writer_pending(const lio_writer *w);
/* Flushes, closes an owned descriptor and frees the writer. Returns -1 when
 * any data could not be written (sticky error, failed final flush) or
 * close(2) failed: the caller always learns that data was lost. NULL is
 * accepted; a second close of the same writer is detected as for
 * lio_file_close. */
int lio_writer_close(lio_writer *w);

/* getpid(2) and gettid(2), each asked of the kernel once and then kept:
 * glibc caches neither. A child made by fork(3) gets its own (a
 * pthread_atfork handler forgets the parent's); one made by vfork(2),
 * clone(2) or syscall(SYS_fork) directly skips that handler and must not
 * call these. If the handler cannot be registered, every call asks the
 * kernel. */
pid_t lio_getpid(void);
pid_t lio_gettid(void);

/* A number that a child made by fork(3) sees changed: save it where code
 * saves getpid() to notice a fork, and compare it with a new call, which
 * makes no syscall (a pthread_atfork child handler counts the forks). Its
 * first call registers that handler: call it before any fork, when the
 * value is saved. A child of vfork(2), clone(2) or syscall(SYS_fork) skips
 * the handler and keeps its parent's number. If the handler cannot be
 * registered, it is the process id, asked of the kernel on each call. */
unsigned long lio_fork_generation(void);

/* Fills \p buf with \p n random bytes from the kernel's pool: getrandom(2)
 * (EINTR and short returns continued; it blocks only until the pool is
 * first initialised after boot), or, on a kernel without it (before 3.17),
 * /dev/urandom opened, read and closed. Returns n, or -1 with errno
 * (EINVAL for a NULL buffer with n > 0). */
ssize_t lio_random(void *buf, size_t n);

/* The name of user \p uid (group \p gid) copied into \p buf, or the id of
 * the user (group) named \p name in \p *uid (\p *gid): asked of the user
 * database (getpwuid_r, getgrgid_r, getpwnam_r, getgrnam_r) the first time
 * and then answered from a small cache (64 entries of each kind, thread
 * safe), since glibc's files backend opens, reads and closes /etc/passwd or
 * /etc/group on every call. "No such entry" is kept too. Returns 0, or -1
 * with errno: ENOENT when there is no such entry, ERANGE when \p buf is too
 * small for the name, EINVAL for a NULL buffer, name or result, or the
 * lookup's errno (not kept: the next call asks again). Entries added to
 * the database while the process runs are not seen for ids and names
 * already asked about. */
int lio_user_name(uid_t uid, char *buf, size_t size);
int lio_group_name(gid_t gid, char *buf, size_t size);
int lio_user_id(const char *name, uid_t *uid);
int lio_group_id(const char *name, gid_t *gid);

struct dirent;

/* Follow a symlink entry to what it names, as stat(2) does. */
#define LIO_FOLLOW 1

/* The file type (S_IFDIR, S_IFREG, S_IFLNK, ...) of \p entry, which
 * readdir(3) returned for the directory open as \p dirfd (dirfd(3)), in
 * \p *type: from the entry's d_type, without a syscall, on the file
 * systems that fill it in; with fstatat(2) for DT_UNKNOWN entries, and with
 * LIO_FOLLOW also for symlinks (then the type of their target, as stat
 * gives it; without it, S_IFLNK, as lstat gives it). Returns 0, or -1 with
 * errno (EINVAL for a null entry or type or unknown flags, fstatat's
 * errno). */
int lio_entry_type(int dirfd, const struct dirent *entry, int flags,
                   mode_t *type);

/* A file the kernel makes anew for each read from offset 0 (/proc, /sys),
 * kept open for sampling. lio_sampler_open opens \p path read-only
 * (close-on-exec); NULL with errno on failure. lio_sampler_read reads up to
 * \p n bytes of a fresh copy of the contents into \p buf with one pread at
 * offset 0 (EINTR retried) and returns the count, or -1 with errno; in a
 * child made by fork(3) it opens the path again first, since /proc/self
 * names another process there. lio_sampler_close closes and frees it (NULL
 * is accepted) and returns close's result. */
typedef struct lio_sampler lio_sampler;
lio_sampler *lio_sampler_open(const char *path);
ssize_t lio_sampler_read(lio_sampler *s, void *buf, size_t n);
int lio_sampler_close(lio_sampler *s);

/* A reader that reads \p fd ahead into a buffer of \p buffer_size bytes
 * (0: 64 KiB), so that small reads cost no syscall each. It reads past what
 * the caller has taken: hand the descriptor to nothing else while the
 * reader is in use. With LIO_READER_OWN_FD, close closes fd. A failed
 * read(2) (EINTR is retried) is sticky: every later call fails with the
 * same errno, after the bytes read before it were handed out. */
#define LIO_READER_OWN_FD 1
#define LIO_READER_EOF (-1)
#define LIO_READER_ERROR (-2)
typedef struct lio_reader lio_reader;
lio_reader *lio_reader_open_fd(int fd, size_t buffer_size, int flags);
/* Up to \p n bytes; fewer only at the end or before an error. 0 at the
 * end, -1 with errno on error. */
ssize_t lio_reader_read(lio_reader *r, void *buf, size_t n);
/* The next byte (0-255), LIO_READER_EOF, or LIO_READER_ERROR with errno. */
int lio_reader_getc(lio_reader *r);
/* Bytes up to and including \p delim (or the end, or \p cap - 1 bytes),
 * NUL-terminated in \p buf: their count, 0 at the end, -1 on error. */
ssize_t lio_reader_getdelim(lio_reader *r, char *buf, size_t cap, int delim);
/* The sticky errno, or 0; EINVAL (errno too) for NULL. */
int lio_reader_error(const lio_reader *r);
int lio_reader_close(lio_reader *r);

#ifdef __cplusplus
}
#endif

#endif /* LEANIO_LEANIO_H */
