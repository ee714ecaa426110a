# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes CheckDocs.inc: each check of checks/CheckList.def with its doc page,
# so SARIF and JSON rules carry the descriptions the docs give.
# Usage: cmake -DLIST=... -DDOCS=... -DOUT=... -P EmbedCheckDocs.cmake
file(STRINGS ${LIST} Lines REGEX "^SYSCALL_CHECK\\(")
set(Text "// Generated from checks/CheckList.def and docs/checks/.\n")
foreach(Line ${Lines})
  string(REGEX MATCH "\"([^\"]+)\"" _ "${Line}")
  set(Name ${CMAKE_MATCH_1})
  file(READ ${DOCS}/${Name}.md Page)
  string(APPEND Text "{\"${Name}\", R\"syscall_tidy_doc(${Page})syscall_tidy_doc\"},\n")
endforeach()
file(WRITE ${OUT}.tmp "${Text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
