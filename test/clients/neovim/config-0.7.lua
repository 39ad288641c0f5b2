-- Neovim 0.7 to 0.10 (init.lua): one server for the JSON buffers of the folder Neovim was started in.
-- Settings: the keys of VS Code's filerManifest.* settings.
local settings = { filerManifest = { rules = { ['hooks.unknown-event'] = 'off' } } }
local filer_client
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'json', 'jsonc', 'javascript' },
  callback = function(args)
    filer_client = filer_client or vim.lsp.start_client({
      name = 'filer_manifest',
      cmd = { 'filer-manifest-language-server', '--stdio' },
      root_dir = vim.fn.getcwd(),
      -- Given at start-up and when the server asks (workspace/configuration): the same table twice.
      init_options = { settings = settings },
      settings = settings,
    })
    vim.lsp.buf_attach_client(args.buf, filer_client)
  end,
})
