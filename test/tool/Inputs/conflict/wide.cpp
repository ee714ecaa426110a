#include "dump.h"
void wide(std::wofstream &o) { dumpAll(o, {1}); }
