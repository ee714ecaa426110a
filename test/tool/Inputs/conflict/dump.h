#include <fstream>
#include <vector>

// STREAM is std::ofstream in one translation unit, std::wofstream in the
// other: the two fixes of the same std::endl differ ('\n' and L'\n').
inline void dumpAll(STREAM &out, const std::vector<int> &v) {
  for (int x : v)
    out << x << std::endl;
}
