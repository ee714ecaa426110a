#include <fcntl.h>
#include <leanio/leanio.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  int fd = lio_open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  lio_writer *w = lio_writer_open_fd(fd, 0, LIO_WRITER_OWN_FD);
  lio_writer_printf(w, "c %d\n", 42);
  return lio_writer_close(w) == 0 ? 0 : 1;
}
