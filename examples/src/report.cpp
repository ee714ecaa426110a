// A status report writer in the shape of a runtime's thread dump: one line
// per worker, written through std::endl, to a file the caller opens.
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

struct Worker {
  std::string name;
  int id;
  bool busy;
};

static void writeWorkers(std::ostream &os, const std::vector<Worker> &ws) {
  for (const Worker &w : ws)
    os << '"' << w.name << "\" #" << w.id << (w.busy ? " busy" : " idle")
       << std::endl;
}

bool writeReport(const std::string &path, const std::vector<Worker> &ws) {
  std::ofstream out(path);
  writeWorkers(out, ws);
  return static_cast<bool>(out);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
