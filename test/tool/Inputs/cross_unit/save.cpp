#include "report.h"
#include <fstream>
#include <iostream>
#include <sstream>

// The owner of the file stream: every writer below gets it by reference.
int save(const char *path, const Row *rows, int n) {
  std::ofstream out(path);
  if (!out)
    return -1;
  write_body(out, rows, n);
  for (int i = 0; i < n; ++i)
    write_record(out, rows[i]);
  write_summary(out, n);
  if (n > 0)
    write_line(out, rows[0]);
  write_table(out, rows, n);
  out.flush();
  return out ? 0 : -1;
}

void show(const Row *rows, int n) {
  print_rows(std::cout, rows, n);
  std::ostringstream text;
  print_rows(text, rows, n);
  write_table(std::cout);
  for (int i = 0; i < n; ++i)
    write_line(std::cout, rows[i]);
}
