-- Drives headless Neovim (0.10 and later) in a tool handler, with the configuration in docs/editors.md loaded by -u:
-- opens tools/write-length-report.js of a copy of examples/word-count whose manifest does not declare
-- permissions.fs.write, waits for the handler's own diagnostic, applies its quick fix through
-- vim.lsp.buf.code_action() (an edit of manifest.json, which is not open), writes with :wall and waits for the
-- diagnostic to go. Everything seen goes to $FILER_RESULTS as JSON, which test/clients/neovim.test.ts asserts on;
-- this script decides nothing.
local results = { version = tostring(vim.version()), errors = {}, messages = {} }
local out = assert(os.getenv('FILER_RESULTS'), 'FILER_RESULTS')
local timeout = 15000
local code = 'handlers.undeclared-permission'

local function save()
  local file = assert(io.open(out, 'w'))
  file:write(vim.json.encode(results))
  file:close()
end

local notify = vim.notify
vim.notify = function(message, level, opts)
  table.insert(results.messages, tostring(message))
  return notify(message, level, opts)
end

local function step(name, fn)
  local ok, err = pcall(fn)
  if not ok then table.insert(results.errors, name .. ': ' .. tostring(err)) end
  save()
end

local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(list, { code = d.code or lsp.code, line = d.lnum, col = d.col, endCol = d.end_col, message = d.message })
  end
  table.sort(list, function(a, b) return a.line < b.line end)
  return list
end

local function has_finding(buf)
  for _, d in ipairs(diagnostics(buf)) do if d.code == code then return true end end
  return false
end

local function read(path)
  local file = io.open(path, 'r')
  if not file then return nil end
  local text = file:read('*a')
  file:close()
  return text
end

local buf
step('open the handler', function()
  vim.cmd('edit tools/write-length-report.js')
  buf = vim.api.nvim_get_current_buf()
  results.filetype = vim.bo[buf].filetype
  assert(vim.wait(timeout, function() return #vim.lsp.get_clients({ bufnr = buf }) > 0 end, 50), 'no language client attached')
  results.clientName = vim.lsp.get_clients({ bufnr = buf })[1].name
  vim.wait(timeout, function() return has_finding(buf) end, 50)
  results.opened = diagnostics(buf)
  for _, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find('ctx.fs.write', 1, true) then results.memberLine = line end
  end
end)

step('the quick fix, then :wall', function()
  local finding
  for _, d in ipairs(diagnostics(buf)) do if d.code == code then finding = d end end
  assert(finding, 'no ' .. code .. ' in the handler buffer')
  vim.api.nvim_win_set_cursor(0, { finding.line + 1, finding.col })
  results.codeActions = {}
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or item.title
      table.insert(results.codeActions, type(title) == 'table' and title[1] or title)
    end
    for _, item in ipairs(items) do
      local action = item.action or item[2]
      if action and action.title:find('^Declare `permissions.fs.write`') then
        chosen = true
        return on_choice(item)
      end
    end
    on_choice(nil)
  end
  local before = read('manifest.json')
  vim.lsp.buf.code_action()
  -- The edit lands in a buffer of manifest.json that Neovim loads for it; :wall writes it.
  assert(vim.wait(timeout, function()
    local manifest = vim.fn.bufnr('manifest.json')
    return manifest ~= -1 and vim.bo[manifest].modified
  end, 50), 'the fix changed no manifest.json buffer (chosen: ' .. tostring(chosen) .. ')')
  vim.cmd('wall')
  results.manifestChanged = read('manifest.json') ~= before
  results.manifestAfterFix = read('manifest.json')
  vim.wait(timeout, function() return not has_finding(buf) end, 50)
  -- A list cleared while the next one is on its way would look the same: what the buffer shows a while later counts.
  vim.wait(2000)
  results.afterFix = diagnostics(buf)
end)

results.done = true
save()
vim.cmd('qall!')
