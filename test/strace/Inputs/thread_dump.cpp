// The same dump through an ofstream with std::endl per line.
#include <fstream>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  std::ofstream out(argv[1]);
  for (int i = 0; i < 10000; ++i)
    out << '"' << "worker-" << i << "\" #" << i + 12 << " daemon prio=5"
        << std::endl;
  return out ? 0 : 1;
}
