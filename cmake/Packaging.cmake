# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The Debian package (`cpack -G DEB` in the build directory): the tool and
# the hook of this build, one plugin per LLVM major (this build's and those
# of SYSCALL_TIDY_MATRIX_BUILDS) under /usr/lib/syscall-tidy/llvm-<N>/,
# leanio (headers, static and shared libraries, CMake package, .pc files) and
# the docs. The version is the project's, as --version and SARIF show it.

foreach(dir ${SYSCALL_TIDY_MATRIX_BUILDS})
  get_filename_component(name ${dir} NAME)
  string(REGEX REPLACE "^llvm-" "" major ${name})
  set(plugins SyscallTidy.so SyscallTidyChecks-llvm${major}.so)
  foreach(plugin ${plugins})
    install(FILES ${dir}/lib/${plugin} DESTINATION lib/syscall-tidy/llvm-${major})
    # Not this build's targets, so `install/strip` leaves them alone.
    install(CODE "
      if(CMAKE_INSTALL_DO_STRIP)
        execute_process(COMMAND ${CMAKE_STRIP} --strip-unneeded
          \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/syscall-tidy/llvm-${major}/${plugin}\")
      endif()")
  endforeach()
  list(APPEND SYSCALL_TIDY_PACKAGED_MAJORS ${major})
endforeach()
list(APPEND SYSCALL_TIDY_PACKAGED_MAJORS ${LLVM_VERSION_MAJOR})
list(SORT SYSCALL_TIDY_PACKAGED_MAJORS COMPARE NATURAL)

set(doc_dir share/doc/syscall-tidy)
install(FILES README.md DESTINATION ${doc_dir})
install(DIRECTORY docs/ DESTINATION ${doc_dir})
install(FILES cmake/copyright DESTINATION ${doc_dir})
# A native package's changelog, in Debian's format and compressed as policy
# asks. SOURCE_DATE_EPOCH, when set, makes the date reproducible.
string(TIMESTAMP changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(SYSCALL_TIDY_MAINTAINER "syscall-tidy maintainers <maintainers@syscall-tidy.org>"
    CACHE STRING "Maintainer field of the Debian package")
file(WRITE ${CMAKE_BINARY_DIR}/changelog
  "syscall-tidy (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
  "  * Release ${PROJECT_VERSION} (docs/releasing.md).\n\n"
  " -- ${SYSCALL_TIDY_MAINTAINER}  ${changelog_date}\n")
execute_process(COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/changelog)
install(FILES ${CMAKE_BINARY_DIR}/changelog.gz DESTINATION ${doc_dir})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME syscall-tidy)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${SYSCALL_TIDY_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/syscall-tidy/syscall-tidy")
# The tool's libraries (libLLVM, libclang-cpp, the C++ runtime) come from
# dpkg-shlibdeps; it also reads the builtin headers of the Clang it links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
# leanio's shared libraries: ldconfig runs through a trigger, as policy asks.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/cmake/triggers)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-${LLVM_VERSION_MAJOR}-dev")
# The plugins resolve clang-tidy from the process that loads them.
list(TRANSFORM SYSCALL_TIDY_PACKAGED_MAJORS PREPEND "clang-tidy-"
     OUTPUT_VARIABLE clang_tidies)
string(REPLACE ";" " | " clang_tidies "${clang_tidies}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "${clang_tidies}, pre-commit")
# syscall-tidy-trace traces with its own ptrace loop; strace -k is its
# fallback where seccomp filters are refused.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "strace")
string(REPLACE ";" ", " majors "${SYSCALL_TIDY_PACKAGED_MAJORS}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finds system calls that C and C++ code makes for nothing")
set(CPACK_PACKAGE_DESCRIPTION
    "syscall-tidy is a clang-tidy module (syscall-* checks) that flags redundant
system calls in C and C++ code, says why each one is redundant, and offers
fix-its that are safe to apply. This package has the standalone syscall-tidy
tool, its commit hook, syscall-tidy-trace (counts a program's syscalls per
source line), leanio (the runtime library of the optimised I/O
forms) and the clang-tidy plugin for each of LLVM ${majors}.")
include(CPack)
