-- Neovim 0.11 and later (init.lua): one server per plugin folder (the nearest manifest.json above the file).
-- Settings: the keys of VS Code's filerManifest.* settings.
local settings = { filerManifest = { rules = { ['hooks.unknown-event'] = 'off' } } }
vim.lsp.config('filer_manifest', {
  cmd = { 'filer-manifest-language-server', '--stdio' },
  filetypes = { 'json', 'jsonc', 'javascript' },
  root_markers = { 'manifest.json' },
  -- Given at start-up and when the server asks (workspace/configuration): the same table twice.
  -- workspaceDiagnostics = false: Neovim answers a diagnostic refresh with a workspace pull that it does
  -- not apply to open buffers; without one it pulls each open buffer again.
  init_options = { settings = settings, workspaceDiagnostics = false },
  settings = settings,
})
vim.lsp.enable('filer_manifest')
