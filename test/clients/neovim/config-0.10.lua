-- Neovim 0.8 to 0.10 (init.lua): one server per plugin folder (the nearest manifest.json above the file).
-- Settings: the keys of VS Code's filerManifest.* settings.
local settings = { filerManifest = { rules = { ['hooks.unknown-event'] = 'off' } } }
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'json', 'jsonc', 'javascript' },
  callback = function(args)
    local manifest = vim.fs.find('manifest.json', { upward = true, path = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)) })[1]
    vim.lsp.start({
      name = 'filer_manifest',
      cmd = { 'filer-manifest-language-server', '--stdio' },
      root_dir = manifest and vim.fs.dirname(manifest) or vim.fn.getcwd(),
      -- Given at start-up and when the server asks (workspace/configuration): the same table twice.
      init_options = { settings = settings },
      settings = settings,
    })
  end,
})
