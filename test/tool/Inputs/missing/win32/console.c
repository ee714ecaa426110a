/* A Windows-only source of a portable project: no Linux build compiles it. */
#include <windows.h>

int console_width(void) {
  CONSOLE_SCREEN_BUFFER_INFO info;
  if (!GetConsoleScreenBufferInfo(GetStdHandle(STD_OUTPUT_HANDLE), &info))
    return 80;
  return info.srWindow.Right - info.srWindow.Left + 1;
}
