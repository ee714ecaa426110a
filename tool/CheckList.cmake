# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The checks of checks/CheckList.def; each must have its header, doc page
# and lit test, so that none is registered without them.
file(STRINGS ${PROJECT_SOURCE_DIR}/checks/CheckList.def CheckLines
     REGEX "^SYSCALL_CHECK\\(")
set(SYSCALL_TIDY_CHECKS "")
set(SYSCALL_TIDY_CHECK_DOCS "")
foreach(Line ${CheckLines})
  string(REGEX MATCH "^SYSCALL_CHECK\\(([A-Za-z]+), \"([^\"]+)\"\\)" _ "${Line}")
  set(Class ${CMAKE_MATCH_1})
  set(Name ${CMAKE_MATCH_2})
  string(REPLACE "syscall-" "" Short ${Name})
  set(Doc ${PROJECT_SOURCE_DIR}/docs/checks/${Name}.md)
  file(GLOB Tests ${PROJECT_SOURCE_DIR}/test/checks/${Short}.c
                  ${PROJECT_SOURCE_DIR}/test/checks/${Short}.cpp)
  if(NOT EXISTS ${PROJECT_SOURCE_DIR}/checks/${Class}.h OR NOT EXISTS ${Doc}
     OR NOT Tests)
    message(FATAL_ERROR "check ${Name} needs checks/${Class}.h, "
                        "docs/checks/${Name}.md and test/checks/${Short}.c(pp)")
  endif()
  list(APPEND SYSCALL_TIDY_CHECKS ${Name})
  list(APPEND SYSCALL_TIDY_CHECK_DOCS ${Doc})
endforeach()
