-- Drives headless Neovim (0.7 and later) as a user would, with the configuration in docs/editors.md loaded by -u:
-- opens the copy of examples/legacy-tools in the current folder, waits for diagnostics, completes,
-- hovers, applies the legacy-tool fix through vim.lsp.buf.code_action(), writes, changes the manifest on
-- disk and reloads it with :edit. Everything seen goes to $FILER_RESULTS as JSON, which
-- test/clients/neovim.test.ts asserts on; this script decides nothing. Positions are sent as
-- UTF-16 characters, equal to byte columns on the ASCII lines used.
local results = { version = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch, errors = {}, messages = {} }
local out = assert(os.getenv('FILER_RESULTS'), 'FILER_RESULTS')
local timeout = 15000

local function save()
  local file = assert(io.open(out, 'w'))
  file:write(vim.json.encode(results))
  file:close()
end

-- Messages Neovim shows the user (errors applying an edit land here too).
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

local function clients(buf)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(buf))
end

local function lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

--- The 0-based line and the column just after the first occurrence of `text` at or after line `from`.
local function find(buf, text, from)
  for index, line in ipairs(lines(buf)) do
    if index - 1 >= (from or 0) then
      local _, finish = line:find(text, 1, true)
      if finish then return index - 1, finish end
    end
  end
  error('no line contains ' .. text)
end

local function request(buf, method, params)
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, timeout)
  assert(responses, method .. ': ' .. tostring(err))
  for _, response in pairs(responses) do
    assert(not response.err, method .. ': ' .. vim.inspect(response.err))
    return response.result
  end
  error(method .. ': no answer')
end

local function at(buf, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end

local function labels(result)
  local items = result and (result.items or result) or {}
  local names = {}
  for _, item in ipairs(items) do table.insert(names, item.label) end
  table.sort(names)
  return names
end

local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(list, { code = d.code or lsp.code, line = d.lnum, col = d.col, severity = d.severity, message = d.message })
  end
  table.sort(list, function(a, b) return a.line < b.line end)
  return list
end

local function read(path)
  local file = io.open(path, 'r')
  if not file then return nil end
  local text = file:read('*a')
  file:close()
  return text
end

local buf
step('open', function()
  vim.cmd('edit manifest.json')
  buf = vim.api.nvim_get_current_buf()
  results.filetype = vim.bo[buf].filetype
  assert(vim.wait(timeout, function() return #clients(buf) > 0 end, 50), 'no language client attached')
  results.clientName = clients(buf)[1].name
end)

step('diagnostics', function()
  vim.wait(timeout, function() return #vim.diagnostic.get(buf) >= 2 end, 50)
  results.opened = diagnostics(buf)
end)

step('hover', function()
  local line, finish = find(buf, '"name": "resize_image"')
  local hover = request(buf, 'textDocument/hover', at(buf, line, finish - 3))
  results.hover = hover and hover.contents
end)

step('completion in permissions', function()
  local line, finish = find(buf, '"permissions": {')
  results.permissionsCompletion = labels(request(buf, 'textDocument/completion', at(buf, line, finish)))
end)

step('completion in contributes.hooks', function()
  -- Typed as a user would: a hooks object with an event the reference does not name (the configuration
  -- turns hooks.unknown-event off) and a cursor between its braces.
  local line = find(buf, '"contributes": {')
  vim.api.nvim_buf_set_lines(buf, line + 1, line + 1, false, { '    "hooks": { "onSomething": "./handlers/image-codec.js",  },' })
  local _, finish = find(buf, '"./handlers/image-codec.js", ', line + 1)
  results.hooksCompletion = labels(request(buf, 'textDocument/completion', at(buf, line + 1, finish)))
  results.statusWithUnknownHook = request(buf, 'filer/manifestStatus', { uri = vim.uri_from_bufnr(buf) })
  vim.api.nvim_buf_set_lines(buf, line + 1, line + 2, false, {})
end)

step('legacy fix', function()
  -- Neovim 0.7 does not make the folder of a file it creates: docs/editors.md tells its users to make it first.
  if os.getenv('FILER_MAKE_TOOLS_FOLDER') == '1' then vim.fn.mkdir('tools', 'p') end
  local line = find(buf, '"name": "resize_image"')
  -- The diagnostics of the text without the typed hooks line: code_action() takes those on the cursor's line.
  assert(vim.wait(timeout, function()
    for _, d in ipairs(diagnostics(buf)) do if d.line == line and d.code == 'tools.legacy-shape' then return true end end
    return false
  end, 50), 'no tools.legacy-shape diagnostic on line ' .. line)
  vim.api.nvim_win_set_cursor(0, { line + 1, 8 })
  local before = table.concat(lines(buf), '\n')
  results.codeActions = {}
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or item.title
      title = type(title) == 'table' and title[1] or title
      table.insert(results.codeActions, title)
    end
    for _, item in ipairs(items) do
      local action = item.action or item[2]
      if action and action.title:find('^Use the current tool shape') then
        chosen = true
        return on_choice(item)
      end
    end
    on_choice(nil)
  end
  vim.lsp.buf.code_action()
  assert(vim.wait(timeout, function() return table.concat(lines(buf), '\n') ~= before end, 50), 'the fix changed nothing (chosen: ' .. tostring(chosen) .. ')')
  vim.cmd('wall')
  results.manifestAfterFix = read('manifest.json')
  results.schemaAfterFix = read('tools/resize_image.schema.json')
  vim.wait(timeout, function()
    for _, d in ipairs(diagnostics(buf)) do if d.line == line then return false end end
    return true
  end, 50)
  results.afterFix = diagnostics(buf)
end)

step('an edit after the fix', function()
  -- Neovim registers no file watchers on Linux: the server learns of the saved schema file when it next
  -- checks the manifest, once its unwatched view of the folder has expired (2 s, unwatchedLifetimeMs in
  -- server/src/lsp/pluginFolders.ts), as it has when a user types next. A space typed at the end of the
  -- last line, then :write.
  vim.wait(2500)
  local last = vim.api.nvim_buf_line_count(buf)
  local text = vim.api.nvim_buf_get_lines(buf, last - 1, last, false)[1]
  vim.api.nvim_buf_set_lines(buf, last - 1, last, false, { text .. ' ' })
  vim.cmd('write')
  vim.wait(timeout, function()
    for _, d in ipairs(diagnostics(buf)) do if d.code == 'files.missing' then return false end end
    return true
  end, 50)
  results.afterEdit = diagnostics(buf)
end)

step('an unsaved edit of the schema, then :bd!', function()
  -- The schema the fix made, opened beside the manifest and broken without saving: the manifest's own
  -- diagnostics must follow (Neovim 0.10 pulls a buffer on its own edits only), and again after :bd!.
  local function has_schema_error()
    for _, d in ipairs(diagnostics(buf)) do if d.code == 'tools.schema-not-json' then return true end end
    return false
  end
  vim.cmd('split tools/resize_image.schema.json')
  local schema = vim.api.nvim_get_current_buf()
  assert(vim.wait(timeout, function() return #clients(schema) > 0 end, 50), 'no language client attached to the schema')
  vim.api.nvim_buf_set_lines(schema, 0, -1, false, { '{ "type": ' })
  vim.wait(timeout, has_schema_error, 50)
  results.afterSchemaEdit = diagnostics(buf)
  vim.cmd('bdelete! ' .. schema)
  vim.wait(timeout, function() return not has_schema_error() end, 50)
  results.afterSchemaClosed = diagnostics(buf)
end)

step('context menu', function()
  -- The preview's data, as the example in docs/editors.md asks for it: the menu for one selected PNG file, once the fix gave the tool an id.
  results.contextMenu = request(buf, 'filer/contextMenu', { uri = vim.uri_from_bufnr(buf), selection = { kind = 'file', names = { 'photo.png' } } })
end)

-- As after `git checkout`: the file changes under the unmodified buffer, which :edit reloads. Twice, with
-- no edit in between: the second reload opens the same version number as the first.
local reloads = vim.json.decode(os.getenv('FILER_RELOAD_TEXTS') or '[]')
results.reloads = {}
for index, text in ipairs(reloads) do
  step('reload ' .. index .. ' after a change on disk', function()
    local before = vim.json.encode(diagnostics(buf))
    local file = assert(io.open('manifest.json', 'w'))
    file:write(text)
    file:close()
    vim.cmd('edit')
    assert(table.concat(lines(buf), '\n') .. '\n' == text, 'the buffer does not hold the new text')
    -- :edit clears the buffer's diagnostics first: wait for the new text's.
    vim.wait(timeout, function()
      local now = diagnostics(buf)
      return #now > 0 and vim.json.encode(now) ~= before
    end, 50)
    results.reloads[index] = diagnostics(buf)
  end)
end

results.done = true
save()
vim.cmd('qall!')
