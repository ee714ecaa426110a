#include "report.h"

// One record per call; save.cpp calls it in a loop with a file stream.
void write_record(std::ostream &os, const Row &row) {
  os << row.name << '=' << row.size << std::endl;
}
