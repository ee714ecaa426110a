#include "dump.h"
void narrow(std::ofstream &o) { dumpAll(o, {1}); }
