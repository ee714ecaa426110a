#include "report.h"

// A helper of this file: the loop that calls it is here, the file stream
// comes from save.cpp.
static void write_item(std::ostream &os, const Row &row) {
  os << row.name << ' ' << row.size << std::endl;
}

void write_body(std::ostream &os, const Row *rows, int n) {
  os << "# rows\n";
  for (int i = 0; i < n; ++i)
    write_item(os, rows[i]);
  write_list(os, rows, n);
}
