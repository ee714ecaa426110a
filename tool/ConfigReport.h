//===--- ConfigReport.h - --list-checks, --dump-config and friends -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef SYSCALL_TIDY_TOOL_CONFIGREPORT_H
#define SYSCALL_TIDY_TOOL_CONFIGREPORT_H

#include "Configuration.h"
#include "ToolOptions.h"
#include <optional>

namespace syscall_tidy {

/// Answers the configuration questions (--verify-config, --list-checks,
/// --dump-config, --explain-config) and refuses a configuration that
/// enables no syscall-* check, for the first file named (or a file in the
/// current directory). Returns the exit status when the run ends here.
std::optional<int> reportConfiguration(const ToolOptions &Options,
                                       const Configuration &Config);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_CONFIGREPORT_H
