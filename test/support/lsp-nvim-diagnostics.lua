-- Runs inside headless Neovim: starts orchlint's language server with Neovim's built-in LSP client
-- on the current buffer, waits for its diagnostics and writes them as JSON to $ORCHLINT_OUT.
local out = os.getenv('ORCHLINT_OUT')
local buf = vim.api.nvim_get_current_buf()
local config = {
  name = 'orchlint',
  cmd = { os.getenv('ORCHLINT_NODE'), os.getenv('ORCHLINT_SERVER'), '--stdio' },
  root_dir = os.getenv('ORCHLINT_ROOT'),
}
if vim.lsp.start then
  vim.lsp.start(config)
else
  -- Neovim 0.7 (Debian 12) has no vim.lsp.start yet.
  vim.lsp.buf_attach_client(buf, vim.lsp.start_client(config))
end
local received = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(diagnostics, {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, message = d.message, source = d.source, code = d.code or lsp.code,
  })
end
local file = io.open(out, 'w')
file:write(vim.fn.json_encode({ received = received, nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor), diagnostics = diagnostics }))
file:close()
vim.cmd('qa!')
