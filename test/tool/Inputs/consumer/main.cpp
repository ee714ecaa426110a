#include <fcntl.h>
#include <leanio/leanio.hpp>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  leanio::Writer w(lio_open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0644), 0,
                   true);
  w << "cxx " << 7 << '\n';
  return w.close() ? 1 : 0;
}
