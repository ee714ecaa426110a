//===--- LspServer.h - Findings in the editor, over the LSP -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `syscall-tidy --lsp`: a Language Server Protocol server on standard input
// and output. Each open file is analysed as the tool analyses it (its
// compile command, its .clang-tidy), from the editor's unsaved text, a
// quiet moment after the last edit; its findings are published as
// diagnostics and their fix-its offered as quick fixes. The file's parsed
// preamble is kept between edits (Preambles.h). Candidates that need other
// units' facts are settled over the facts the last whole-database run with
// --cache-dir kept (ResultCache::databaseFacts); without them, over this
// unit's own, as a run over the one file would.
//
//===----------------------------------------------------------------------===//

#ifndef SYSCALL_TIDY_TOOL_LSPSERVER_H
#define SYSCALL_TIDY_TOOL_LSPSERVER_H

#include "ToolOptions.h"

namespace syscall_tidy {

/// Serves one client until it says exit or goes away. Returns the exit
/// status: 0 after shutdown and exit, 1 when the client left without them,
/// 2 when the configuration is unusable (said in one line on stderr).
int serveLanguageClient(const ToolOptions &Options);

} // namespace syscall_tidy

#endif // SYSCALL_TIDY_TOOL_LSPSERVER_H
