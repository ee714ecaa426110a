-- SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
-- Neovim's own LSP client against syscall-tidy --lsp: open the file given
-- as the first buffer, wait for our diagnostics, ask for the code actions
-- at the first one, apply the quick fix, write the file, print what
-- happened and quit. Usage:
--   SYSCALL_TIDY=path nvim --headless -u NONE FILE -c 'luafile nvim_fix.lua'
local function say(text)
  io.stdout:write(text .. "\n")
end
local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
local client = vim.lsp.start_client({
  name = "syscall-tidy",
  cmd = { os.getenv("SYSCALL_TIDY"), "--lsp", "--lsp-debounce=0" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buf, client)
local found = vim.wait(60000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
if not found then
  say("no diagnostics")
  vim.cmd("cquit 1")
end
local diagnostic = vim.diagnostic.get(buf)[1]
say(string.format("diagnostic: line %d: %s [%s]", diagnostic.lnum + 1,
  diagnostic.message, diagnostic.source))
local params = vim.lsp.util.make_range_params()
params.range = {
  start = { line = diagnostic.lnum, character = diagnostic.col },
  ["end"] = { line = diagnostic.lnum, character = diagnostic.col },
}
params.context = { diagnostics = {}, only = { "quickfix" } }
local answers = vim.lsp.buf_request_sync(buf, "textDocument/codeAction",
  params, 60000)
local applied = false
for _, answer in pairs(answers or {}) do
  for _, action in ipairs(answer.result or {}) do
    if not applied and action.edit then
      say("action: " .. action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      applied = true
    end
  end
end
if not applied then
  say("no quick fix")
  vim.cmd("cquit 1")
end
vim.cmd("write")
-- The saved file is analysed again: its diagnostics go.
local cleared = vim.wait(60000, function()
  return #vim.diagnostic.get(buf) == 0
end, 50)
say(cleared and "diagnostics cleared" or "diagnostics stayed")
vim.lsp.stop_client(client)
vim.cmd(cleared and "qall!" or "cquit 1")
