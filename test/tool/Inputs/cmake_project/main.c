int open_records(const char *path);

int main(int argc, char **argv) {
  return argc > 1 && open_records(argv[1]) < 0;
}
