//===--- MergeReports.h - Several runs' JSON reports as one report -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shards of a database analysed on several CI runners each write a JSON
// report; --merge renders them as the one report a single run would have
// given, in any format: sorted, a header's finding from two shards once,
// conflicting fixes of one place both kept.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_MERGEREPORTS_H
#define SYSCALL_TIDY_TOOL_MERGEREPORTS_H

#include "ToolOptions.h"

namespace syscall_tidy {

/// Merges the reports named by \p Options.SourcePaths; the exit status is
/// a run's (0 clean, 1 findings by --fail-on, 2 bad input).
int mergeReports(const ToolOptions &Options);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_MERGEREPORTS_H
