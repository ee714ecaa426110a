#include <ostream>
#include <string>

struct Row {
  std::string name;
  int size;
};

// Defined in body.cpp, called with a file stream from save.cpp.
void write_body(std::ostream &os, const Row *rows, int n);
// Defined in record.cpp, called in a loop from save.cpp.
void write_record(std::ostream &os, const Row &row);
// Defined in list.cpp; body.cpp hands its stream on to it.
void write_list(std::ostream &os, const Row *rows, int n);
// Defined in console.cpp; every caller passes std::cout or a string stream.
void print_rows(std::ostream &os, const Row *rows, int n);
// Defined in summary.cpp; called once per save with a file stream.
void write_summary(std::ostream &os, int n);
// Defined in line.cpp; save.cpp writes one line of a file with it, show()
// writes the terminal's rows with it in a loop.
void write_line(std::ostream &os, const Row &row);
// Two overloads; only the one with a count gets a file stream.
void write_table(std::ostream &os, const Row *rows, int n);
void write_table(std::ostream &os);
