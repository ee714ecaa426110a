#include "report.h"

void write_table(std::ostream &os, const Row *rows, int n) {
  for (int i = 0; i < n; ++i)
    os << rows[i].name << '\t' << rows[i].size << '\n';
}

// Only std::cout reaches this overload.
void write_table(std::ostream &os) {
  for (int i = 0; i < 3; ++i)
    os << "-" << std::endl;
}

// A file-local function of the same name as another unit's: not the same.
static void write_record(std::ostream &os, int n) {
  for (int i = 0; i < n; ++i)
    os << i << std::endl;
}

void write_numbers(std::ostream &os, int n) { write_record(os, n); }
