#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int open_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int filler_000(int x) { return x * 0 + 1; }
int filler_001(int x) { return x * 1 + 1; }
int filler_002(int x) { return x * 2 + 1; }
int filler_003(int x) { return x * 3 + 1; }
int filler_004(int x) { return x * 4 + 1; }
int filler_005(int x) { return x * 5 + 1; }
int filler_006(int x) { return x * 6 + 1; }
int filler_007(int x) { return x * 7 + 1; }
int filler_008(int x) { return x * 8 + 1; }
int filler_009(int x) { return x * 9 + 1; }
int filler_010(int x) { return x * 10 + 1; }
int filler_011(int x) { return x * 11 + 1; }
int filler_012(int x) { return x * 12 + 1; }
int filler_013(int x) { return x * 13 + 1; }
int filler_014(int x) { return x * 14 + 1; }
int filler_015(int x) { return x * 15 + 1; }
int filler_016(int x) { return x * 16 + 1; }
int filler_017(int x) { return x * 17 + 1; }
int filler_018(int x) { return x * 18 + 1; }
int filler_019(int x) { return x * 19 + 1; }
int filler_020(int x) { return x * 20 + 1; }
int filler_021(int x) { return x * 21 + 1; }
int filler_022(int x) { return x * 22 + 1; }
int filler_023(int x) { return x * 23 + 1; }
int filler_024(int x) { return x * 24 + 1; }
int filler_025(int x) { return x * 25 + 1; }
int filler_026(int x) { return x * 26 + 1; }
int filler_027(int x) { return x * 27 + 1; }
int filler_028(int x) { return x * 28 + 1; }
int filler_029(int x) { return x * 29 + 1; }
int filler_030(int x) { return x * 30 + 1; }
int filler_031(int x) { return x * 31 + 1; }
int filler_032(int x) { return x * 32 + 1; }
int filler_033(int x) { return x * 33 + 1; }
int filler_034(int x) { return x * 34 + 1; }
int filler_035(int x) { return x * 35 + 1; }
int filler_036(int x) { return x * 36 + 1; }
int filler_037(int x) { return x * 37 + 1; }
int filler_038(int x) { return x * 38 + 1; }
int filler_039(int x) { return x * 39 + 1; }
int filler_040(int x) { return x * 40 + 1; }
int filler_041(int x) { return x * 41 + 1; }
int filler_042(int x) { return x * 42 + 1; }
int filler_043(int x) { return x * 43 + 1; }
int filler_044(int x) { return x * 44 + 1; }
int filler_045(int x) { return x * 45 + 1; }
int filler_046(int x) { return x * 46 + 1; }
int filler_047(int x) { return x * 47 + 1; }
int filler_048(int x) { return x * 48 + 1; }
int filler_049(int x) { return x * 49 + 1; }
int filler_050(int x) { return x * 50 + 1; }
int filler_051(int x) { return x * 51 + 1; }
int filler_052(int x) { return x * 52 + 1; }
int filler_053(int x) { return x * 53 + 1; }
int filler_054(int x) { return x * 54 + 1; }
int filler_055(int x) { return x * 55 + 1; }
int filler_056(int x) { return x * 56 + 1; }
int filler_057(int x) { return x * 57 + 1; }
int filler_058(int x) { return x * 58 + 1; }
int filler_059(int x) { return x * 59 + 1; }
int filler_060(int x) { return x * 60 + 1; }
int filler_061(int x) { return x * 61 + 1; }
int filler_062(int x) { return x * 62 + 1; }
int filler_063(int x) { return x * 63 + 1; }
int filler_064(int x) { return x * 64 + 1; }
int filler_065(int x) { return x * 65 + 1; }
int filler_066(int x) { return x * 66 + 1; }
int filler_067(int x) { return x * 67 + 1; }
int filler_068(int x) { return x * 68 + 1; }
int filler_069(int x) { return x * 69 + 1; }
int filler_070(int x) { return x * 70 + 1; }
int filler_071(int x) { return x * 71 + 1; }
int filler_072(int x) { return x * 72 + 1; }
int filler_073(int x) { return x * 73 + 1; }
int filler_074(int x) { return x * 74 + 1; }
int filler_075(int x) { return x * 75 + 1; }
int filler_076(int x) { return x * 76 + 1; }
int filler_077(int x) { return x * 77 + 1; }
int filler_078(int x) { return x * 78 + 1; }
int filler_079(int x) { return x * 79 + 1; }
int filler_080(int x) { return x * 80 + 1; }
int filler_081(int x) { return x * 81 + 1; }
int filler_082(int x) { return x * 82 + 1; }
int filler_083(int x) { return x * 83 + 1; }
int filler_084(int x) { return x * 84 + 1; }
int filler_085(int x) { return x * 85 + 1; }
int filler_086(int x) { return x * 86 + 1; }
int filler_087(int x) { return x * 87 + 1; }
int filler_088(int x) { return x * 88 + 1; }
int filler_089(int x) { return x * 89 + 1; }
int filler_090(int x) { return x * 90 + 1; }
int filler_091(int x) { return x * 91 + 1; }
int filler_092(int x) { return x * 92 + 1; }
int filler_093(int x) { return x * 93 + 1; }
int filler_094(int x) { return x * 94 + 1; }
int filler_095(int x) { return x * 95 + 1; }
int filler_096(int x) { return x * 96 + 1; }
int filler_097(int x) { return x * 97 + 1; }
int filler_098(int x) { return x * 98 + 1; }
int filler_099(int x) { return x * 99 + 1; }
int filler_100(int x) { return x * 100 + 1; }
int filler_101(int x) { return x * 101 + 1; }
int filler_102(int x) { return x * 102 + 1; }
int filler_103(int x) { return x * 103 + 1; }
int filler_104(int x) { return x * 104 + 1; }
int filler_105(int x) { return x * 105 + 1; }
int filler_106(int x) { return x * 106 + 1; }
int filler_107(int x) { return x * 107 + 1; }
int filler_108(int x) { return x * 108 + 1; }
int filler_109(int x) { return x * 109 + 1; }
int filler_110(int x) { return x * 110 + 1; }
int filler_111(int x) { return x * 111 + 1; }
int filler_112(int x) { return x * 112 + 1; }
int filler_113(int x) { return x * 113 + 1; }
int filler_114(int x) { return x * 114 + 1; }
int filler_115(int x) { return x * 115 + 1; }
int filler_116(int x) { return x * 116 + 1; }
int filler_117(int x) { return x * 117 + 1; }
int filler_118(int x) { return x * 118 + 1; }
int filler_119(int x) { return x * 119 + 1; }
int filler_120(int x) { return x * 120 + 1; }
int filler_121(int x) { return x * 121 + 1; }
int filler_122(int x) { return x * 122 + 1; }
int filler_123(int x) { return x * 123 + 1; }
int filler_124(int x) { return x * 124 + 1; }
int filler_125(int x) { return x * 125 + 1; }
int filler_126(int x) { return x * 126 + 1; }
int filler_127(int x) { return x * 127 + 1; }
int filler_128(int x) { return x * 128 + 1; }
int filler_129(int x) { return x * 129 + 1; }
int filler_130(int x) { return x * 130 + 1; }
int filler_131(int x) { return x * 131 + 1; }
int filler_132(int x) { return x * 132 + 1; }
int filler_133(int x) { return x * 133 + 1; }
int filler_134(int x) { return x * 134 + 1; }
int filler_135(int x) { return x * 135 + 1; }
int filler_136(int x) { return x * 136 + 1; }
int filler_137(int x) { return x * 137 + 1; }
int filler_138(int x) { return x * 138 + 1; }
int filler_139(int x) { return x * 139 + 1; }
int filler_140(int x) { return x * 140 + 1; }
int filler_141(int x) { return x * 141 + 1; }
int filler_142(int x) { return x * 142 + 1; }
int filler_143(int x) { return x * 143 + 1; }
int filler_144(int x) { return x * 144 + 1; }
int filler_145(int x) { return x * 145 + 1; }
int filler_146(int x) { return x * 146 + 1; }
int filler_147(int x) { return x * 147 + 1; }
int filler_148(int x) { return x * 148 + 1; }
int filler_149(int x) { return x * 149 + 1; }
int filler_150(int x) { return x * 150 + 1; }
int filler_151(int x) { return x * 151 + 1; }
int filler_152(int x) { return x * 152 + 1; }
int filler_153(int x) { return x * 153 + 1; }
int filler_154(int x) { return x * 154 + 1; }
int filler_155(int x) { return x * 155 + 1; }
int filler_156(int x) { return x * 156 + 1; }
int filler_157(int x) { return x * 157 + 1; }
int filler_158(int x) { return x * 158 + 1; }
int filler_159(int x) { return x * 159 + 1; }
int last_function_in_the_file(void) { return 0; }
