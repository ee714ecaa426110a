/* Nothing to report: "quotes", 100% and a:b,c in a clean file. */
int add(int a, int b) { return a + b; }
