-- skill_ls: Neovim client for the skill-ls language server.
--
--   require("skill_ls").setup({ ... })
--
-- Works on Neovim 0.7+. The module is thin: it offers Markdown and chat
-- buffers to the server, which decides which are skill files or chat buffers
-- (skill-ls.documentInfo); it attaches the client to those, sets completion
-- and buffer-local keys on attach, and shows what the server's commands
-- return (docs/server.md). It keeps no list of skill roots and parses no
-- /name tokens.

local M = {}

local uv = vim.uv or vim.loop

local function has(feature)
  return vim.fn.has(feature) == 1
end

-- Filetypes offered to the server as chat buffers (its default
-- chatLanguages, which TestEditorChatDefaults holds equal): skill-ls's own,
-- then those of popular chat plugins. Which files are chat buffers by name
-- (the server's chatPatterns) only the server decides: the module asks it.
M.default_chat_filetypes = {
  "skill-chat",
  "codecompanion",
  "Avante",
  "AvanteInput",
  "copilot-chat",
  "gp",
  "chatgpt-input",
  "dsh-chat",
}

-- The buffer-local keys set on attach (keymaps = false sets none; a key set
-- to false is left alone).
M.default_keymaps = {
  hover = "K", -- vim.lsp.buf.hover(): the skill under the cursor, a frontmatter key
  definition = "gd", -- vim.lsp.buf.definition(): the skill file of a /name, a linked file
  references = "grr", -- vim.lsp.buf.references(): every /name of this skill
  rename = "grn", -- vim.lsp.buf.rename(): the skill, its folder and its /name tokens
  code_action = "gra", -- vim.lsp.buf.code_action(): quick fixes
  preview_skill = "<LocalLeader>sp", -- :SkillPreviewSkill at the cursor
  preview_invocation = "<LocalLeader>si", -- what the line at the cursor injects
  preview_catalog = "<LocalLeader>sc", -- :SkillPreviewCatalog
  list = "<LocalLeader>sl", -- :SkillList
  codelens = "<LocalLeader>sr", -- run the code lens of the line (opens the skill's preview)
}

local defaults = {
  name = "skill-ls",
  -- The server command (skill-ls, skill-ls serve and skill-ls --stdio all serve LSP on stdio).
  cmd = { "skill-ls" },
  -- A program :SkillEval runs as the host (skill-ls eval --host-command); nil: the host on PATH.
  eval_host_command = nil,
  -- Server settings (docs/server.md, "Settings"): sent as initializationOptions
  -- and as workspace/didChangeConfiguration {settings = {skillLs = settings}}.
  settings = {},
  -- Filetypes offered as chat buffers (sent as the languageId; the server's
  -- chatLanguages setting decides). nil = the server's defaults.
  chat_filetypes = nil,
  -- The server's chatPatterns (docs/server.md, "Chat buffers"): file-name
  -- patterns of chat buffers. nil = the server's defaults. The module sends
  -- them and never matches them itself.
  chat_patterns = nil,
  -- Filetypes whose buffers are offered to the server as possible skill files.
  filetypes = { "markdown" },
  -- The project root (one client each) is the nearest ancestor holding one of these.
  root_markers = { ".git" },
  -- Give the filetype "skill-chat" to the buffers the server calls chat
  -- buffers (a *.chat.md file, say) unless theirs is a chat filetype.
  chat_filetype_detection = true,
  -- Create :SkillPreviewCatalog, :SkillPreviewSkill, :SkillPreviewInvocation, :SkillList.
  commands = true,
  -- Buffer-local keys on attach: true = M.default_keymaps, false = none, or
  -- a table overriding some of them.
  keymaps = true,
  -- Completion on attach: 'omnifunc' (<C-x><C-o>) on every version, and on
  -- Neovim 0.11+ the built-in LSP completion, opening by itself on "/" when
  -- autotrigger is true.
  completion = true,
  autotrigger = true,
  -- Code lenses on skill files (the description against the catalog cap, or
  -- why DSH drops the file; with settings.hosts, what the other hosts do),
  -- refreshed on entering the buffer, leaving insert mode and saving.
  codelens = true,
  -- Inlay hints on skill files (Neovim 0.10+): the invisible characters the
  -- model reads, shown where they stand (⟨hidden: text⟩, ⟨U+202E⟩).
  inlay_hints = true,
  -- Sort skill-ls's diagnostics by severity (its namespace only), so a line
  -- holding an error and an info note shows the error's sign.
  severity_sort = true,
  -- How previews open: a command run before showing the scratch buffer.
  preview_split = "vsplit",
  on_attach = nil,
  on_init = nil,
  on_exit = nil,
  capabilities = nil,
  handlers = nil,
  flags = { debounce_text_changes = 150 },
}

M.config = vim.deepcopy(defaults)

---------------------------------------------------------------------------
-- Roots and buffers

local sep = package.config:sub(1, 1)

local function normalize(path)
  if not path or path == "" then
    return path
  end
  path = vim.fn.fnamemodify(path, ":p")
  if #path > 1 then
    path = path:gsub("[/\\]+$", "")
  end
  return path
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ":h")
end

-- Nearest ancestor of path (a file or directory) that holds a root marker.
local function find_root(path)
  local dir = path
  if vim.fn.isdirectory(dir) == 0 then
    dir = dirname(dir)
  end
  dir = normalize(dir)
  while dir and dir ~= "" do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(dir .. sep .. marker) then
        return dir
      end
    end
    local parent = dirname(dir)
    if parent == dir then
      break
    end
    dir = parent
  end
  return nil
end

-- The workspace folder of a buffer's client: the project root of its file,
-- else of the current directory, else the current directory.
local function root_for_buffer(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name ~= "" and vim.bo[bufnr].buftype == "" then
    local root = find_root(name)
    if root then
      return root
    end
  end
  return find_root(vim.fn.getcwd()) or normalize(vim.fn.getcwd())
end
M.root_for_buffer = root_for_buffer

local function chat_filetypes()
  return M.config.chat_filetypes or (M.config.settings or {}).chatLanguages or M.default_chat_filetypes
end

-- The LSP position (UTF-16) of the cursor in window 0.
local function cursor_position()
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local line = vim.api.nvim_get_current_line()
  local units, i = 0, 1
  while i <= col and i <= #line do
    local c = line:byte(i)
    local len = c < 0x80 and 1 or c < 0xE0 and 2 or c < 0xF0 and 3 or 4
    units = units + (len == 4 and 2 or 1)
    i = i + len
  end
  return { line = row - 1, character = units }
end

---------------------------------------------------------------------------
-- Clients

local function server_settings()
  local s = vim.deepcopy(M.config.settings or {})
  if M.config.chat_filetypes and s.chatLanguages == nil then
    s.chatLanguages = M.config.chat_filetypes
  end
  if M.config.chat_patterns and s.chatPatterns == nil then
    s.chatPatterns = M.config.chat_patterns
  end
  if next(s) == nil then
    return vim.empty_dict() -- {} on the wire, not []
  end
  return s
end

local on_attach -- defined below

-- Neovim before 0.8 has no handler for workspace/codeLens/refresh, which
-- the server sends when an open skill file's lens changes without an edit
-- the editor would notice (a quick fix mends the YAML: no longer dropped).
-- There, the client announces the request and refreshes the skill buffers.
local function lens_refresh(capabilities, handlers)
  if vim.lsp.handlers["workspace/codeLens/refresh"] or not M.config.codelens then
    return capabilities, handlers
  end
  capabilities = vim.deepcopy(capabilities or vim.lsp.protocol.make_client_capabilities())
  capabilities.workspace = capabilities.workspace or {}
  capabilities.workspace.codeLens = { refreshSupport = true }
  handlers = vim.tbl_extend("keep", handlers or {}, {
    ["workspace/codeLens/refresh"] = function()
      for bufnr, kind in pairs(M.kinds) do
        if kind == "skill" then
          M.refresh_codelens(bufnr)
        end
      end
      return vim.NIL
    end,
  })
  return capabilities, handlers
end

-- The client config shared by every Neovim version.
local function base_client_config(root)
  local settings = server_settings()
  local capabilities, handlers = lens_refresh(M.config.capabilities, M.config.handlers)
  local cfg = {
    name = M.config.name,
    cmd = M.config.cmd,
    init_options = settings,
    settings = { skillLs = settings },
    capabilities = capabilities,
    handlers = handlers,
    on_attach = function(client, bufnr)
      on_attach(client, bufnr)
      if M.config.on_attach then
        M.config.on_attach(client, bufnr)
      end
    end,
    on_exit = M.config.on_exit,
    on_init = function(client, result)
      if M.config.on_init then
        return M.config.on_init(client, result)
      end
    end,
    flags = M.config.flags,
    -- The languageId is the filetype (chat plugins' filetypes are chat languages).
    get_language_id = function(_, filetype)
      return filetype
    end,
  }
  if root then
    cfg.root_dir = root
    cfg.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
  end
  return cfg
end

-- Client names: ours, and the vim.lsp.config name (lsp/skill_ls.lua).
local function is_ours(client)
  return client ~= nil and (client.name == M.config.name or client.name == "skill_ls")
end

local function client_stopped(client)
  if client.is_stopped then
    -- A method on 0.11+ (client:is_stopped()); 0.7-0.10 ignore the argument.
    local ok, stopped = pcall(client.is_stopped, client)
    return ok and stopped or false
  end
  return false
end

-- Every running skill-ls client, optionally only those attached to bufnr.
function M.clients(bufnr)
  local all
  if vim.lsp.get_clients then
    all = vim.lsp.get_clients({ bufnr = bufnr })
  elseif has("nvim-0.8") then
    all = vim.lsp.get_active_clients({ bufnr = bufnr })
  else
    all = bufnr and vim.lsp.buf_get_clients(bufnr) or vim.lsp.get_active_clients()
  end
  local out = {}
  for _, c in pairs(all) do
    if is_ours(c) and not client_stopped(c) then
      table.insert(out, c)
    end
  end
  table.sort(out, function(a, b)
    return a.id < b.id
  end)
  return out
end

-- root dir -> client id
local by_root = {}

-- The client for a root, started (not attached to any buffer) if needed.
local function client_for_root(root)
  local id = by_root[root]
  local c = id and vim.lsp.get_client_by_id(id)
  if c and not client_stopped(c) then
    return c
  end
  for _, other in ipairs(M.clients()) do
    if other.config.root_dir == root then
      by_root[root] = other.id
      return other
    end
  end
  if has("nvim-0.11") then
    id = vim.lsp.start(base_client_config(root), { attach = false })
  else
    id = vim.lsp.start_client(base_client_config(root))
  end
  by_root[root] = id
  return id and vim.lsp.get_client_by_id(id)
end

local function request(client, method, params, handler, bufnr)
  if has("nvim-0.11") then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

-- Runs fn once client is initialized (requests before that would be refused).
local function when_ready(client, fn)
  local tries = 0
  local function poll()
    if client_stopped(client) then
      return
    end
    if client.initialized then
      return fn()
    end
    tries = tries + 1
    if tries < 1000 then
      vim.defer_fn(poll, 20)
    end
  end
  poll()
end

-- The server's answer to "what is this buffer" (skill, chat or other), by
-- buffer; kept for :checkhealth-style questions and the tests.
M.kinds = {}
local asking = {}

-- Offers a buffer to the server: when it says the buffer is a skill file or
-- a chat buffer, the client is attached (and on_attach sets the keys).
-- callback(kind), if given, runs once the server answered.
function M.attach(bufnr, callback)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not vim.api.nvim_buf_is_valid(bufnr) or asking[bufnr] then
    return
  end
  -- Our own previews, help, terminals and the like are never skill files.
  local bt = vim.bo[bufnr].buftype
  if vim.api.nvim_buf_get_name(bufnr):match("^skill%-ls://") or (bt ~= "" and bt ~= "nofile" and bt ~= "acwrite") then
    return
  end
  if M.clients(bufnr)[1] then
    if callback then
      callback(M.kinds[bufnr])
    end
    return
  end
  local client = client_for_root(root_for_buffer(bufnr))
  if not client then
    return
  end
  asking[bufnr] = true
  when_ready(client, function()
    if not vim.api.nvim_buf_is_valid(bufnr) then
      asking[bufnr] = nil
      return
    end
    local arg = { uri = vim.uri_from_bufnr(bufnr), languageId = vim.bo[bufnr].filetype, kindOnly = true }
    request(client, "workspace/executeCommand", { command = "skill-ls.documentInfo", arguments = { arg } },
      function(err, result)
        vim.schedule(function()
          asking[bufnr] = nil
          if not vim.api.nvim_buf_is_valid(bufnr) then
            return
          end
          local kind = (not err and type(result) == "table" and result.kind) or "other"
          M.kinds[bufnr] = kind
          if kind == "chat" and M.config.chat_filetype_detection
            and not vim.tbl_contains(chat_filetypes(), vim.bo[bufnr].filetype) then
            -- Before attaching, so the server is told the languageId skill-chat.
            vim.bo[bufnr].filetype = "skill-chat"
          end
          if kind ~= "other" then
            vim.lsp.buf_attach_client(bufnr, client.id)
          end
          if callback then
            callback(kind)
          end
        end)
      end, bufnr)
  end)
end

-- A client for bufnr: the one attached to it, else the one for its root
-- (started if needed). Waits up to timeout ms for initialization.
local function get_client(bufnr, timeout)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local c = M.clients(bufnr)[1] or client_for_root(root_for_buffer(bufnr))
  if c and not c.initialized then
    vim.wait(timeout or 5000, function()
      return c.initialized == true
    end, 20)
  end
  return c
end
M.get_client = get_client

---------------------------------------------------------------------------
-- On attach: completion and keys

local function map(bufnr, mode, lhs, rhs, desc)
  if not lhs or lhs == false or lhs == "" then
    return
  end
  if vim.keymap and vim.keymap.set then
    vim.keymap.set(mode, lhs, rhs, { buffer = bufnr, silent = true, desc = "skill-ls: " .. desc })
  else
    vim.api.nvim_buf_set_keymap(bufnr, mode, lhs, "", { callback = rhs, silent = true, desc = "skill-ls: " .. desc })
  end
end

-- The keys in effect: false, or the defaults overlaid with the user's table.
function M.keymaps()
  local k = M.config.keymaps
  if k == false or k == nil then
    return {}
  end
  local out = vim.deepcopy(M.default_keymaps)
  if type(k) == "table" then
    for name, lhs in pairs(k) do
      out[name] = lhs
    end
  end
  return out
end

on_attach = function(client, bufnr)
  if M.config.completion then
    vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
    if has("nvim-0.11") and vim.lsp.completion and vim.lsp.completion.enable then
      vim.lsp.completion.enable(true, client.id, bufnr, { autotrigger = M.config.autotrigger })
      -- A menu that opens by itself must not insert its first item while the
      -- user types: add noinsert (and menuone, so a single match still shows
      -- and <C-y> takes it) for this buffer ('completeopt' is global-local
      -- since 0.11), unless the user chose noinsert or noselect.
      local co = vim.o.completeopt
      if M.config.autotrigger and not co:find("noinsert", 1, true) and not co:find("noselect", 1, true) then
        local add = co:find("menuone", 1, true) and ",noinsert" or ",menuone,noinsert"
        vim.api.nvim_set_option_value("completeopt", co .. add, { scope = "local", buf = bufnr })
      end
    end
  end
  M.sort_severities(client)
  local k = M.keymaps()
  map(bufnr, "n", k.hover, vim.lsp.buf.hover, "hover")
  map(bufnr, "n", k.definition, vim.lsp.buf.definition, "go to definition")
  map(bufnr, "n", k.references, vim.lsp.buf.references, "references")
  map(bufnr, "n", k.rename, vim.lsp.buf.rename, "rename")
  map(bufnr, "n", k.code_action, vim.lsp.buf.code_action, "code action")
  map(bufnr, "n", k.preview_skill, function()
    M.preview_skill(nil, bufnr)
  end, "preview the skill at the cursor")
  map(bufnr, "n", k.preview_invocation, function()
    M.preview_invocation_at_cursor(bufnr)
  end, "preview what this line invokes")
  map(bufnr, "n", k.preview_catalog, function()
    M.preview_catalog(bufnr)
  end, "preview the catalog")
  map(bufnr, "n", k.list, function()
    M.list_skills(bufnr)
  end, "list skills")
  if M.config.inlay_hints and M.kinds[bufnr] == "skill" then
    M.enable_inlay_hints(client, bufnr)
  end
  if M.config.codelens and M.kinds[bufnr] == "skill" then
    map(bufnr, "n", k.codelens, function()
      vim.lsp.codelens.run()
    end, "run the code lens of this line")
    if vim.lsp.codelens.enable then
      -- 0.12+: Neovim keeps them fresh itself (lines above, and the server's refresh).
      vim.lsp.codelens.enable(true, { bufnr = bufnr })
      return
    end
    M.refresh_codelens(bufnr)
    -- TextChanged: a quick fix or an undo in normal mode changes whether DSH
    -- drops the skill, and 0.7 has no handler for the server's refresh.
    vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "TextChanged", "BufWritePost" }, {
      group = "skill_ls",
      buffer = bufnr,
      callback = function()
        M.refresh_codelens(bufnr)
      end,
    })
  end
end

-- Sorts the diagnostics of the client's namespace by severity: a line
-- holding an error and an info note shows the error's sign (Neovim shows
-- the sign placed last, and the server sends a line's findings by
-- position). Only skill-ls's namespace: the global config is the user's.
-- A global severity_sort the user turned on (true, or { reverse = true })
-- applies as it is, and setup({ severity_sort = false }) leaves Neovim's
-- default. Returns whether it sorts.
function M.sort_severities(client)
  if not M.config.severity_sort or vim.diagnostic.config().severity_sort then
    return false
  end
  local ok, ns = pcall(vim.lsp.diagnostic.get_namespace, client.id)
  if not ok or type(ns) ~= "number" then
    return false
  end
  vim.diagnostic.config({ severity_sort = true }, ns)
  return true
end

-- Shows the server's inlay hints in bufnr: the characters of a skill file
-- a reader cannot see (tag characters with the text they spell, bidi and
-- zero-width characters as U+ codes) where they stand. Neovim 0.10+ has
-- vim.lsp.inlay_hint; before, the security diagnostics alone say it.
-- Returns whether hints are on.
function M.enable_inlay_hints(client, bufnr)
  local ih = vim.lsp.inlay_hint
  local caps = client and client.server_capabilities or {}
  if type(ih) ~= "table" or type(ih.enable) ~= "function" or not caps.inlayHintProvider then
    return false
  end
  return (pcall(ih.enable, true, { bufnr = bufnr }))
end

-- Asks for the code lenses of bufnr again (Neovim before 0.12 shows them as
-- virtual text at the end of the line; 0.12 as a line above).
function M.refresh_codelens(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  if has("nvim-0.10") then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  else
    -- codelens.refresh() asks for the current buffer only, and not again
    -- while an answer is pending: ask for bufnr itself.
    local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
    vim.lsp.buf_request(bufnr, "textDocument/codeLens", params, vim.lsp.codelens.on_codelens)
  end
end

---------------------------------------------------------------------------
-- Commands

-- Calls a skill-ls command; callback(err, result).
function M.execute(command, argument, callback, bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = get_client(bufnr)
  if not client then
    callback({ message = "skill-ls: no client (is `" .. tostring(M.config.cmd[1]) .. "` on PATH?)" })
    return
  end
  local params = { command = command, arguments = { argument or vim.empty_dict() } }
  request(client, "workspace/executeCommand", params, function(err, result)
    callback(err, result)
  end, bufnr)
end

-- Synchronous variant; returns result, err.
function M.execute_sync(command, argument, timeout, bufnr)
  local done, res, er = false, nil, nil
  M.execute(command, argument, function(err, result)
    done, res, er = true, result, err
  end, bufnr)
  vim.wait(timeout or 10000, function()
    return done
  end, 10)
  if not done then
    return nil, { message = "skill-ls: " .. command .. " timed out" }
  end
  return res, er
end

local function is_list(t)
  if vim.islist then
    return vim.islist(t)
  end
  return vim.tbl_islist(t)
end

-- Pretty JSON (keys sorted, two-space indent), for :SkillList json.
local function pretty_json(v, indent)
  indent = indent or ""
  local inner = indent .. "  "
  if type(v) == "table" and v ~= vim.NIL then
    if next(v) == nil then
      return getmetatable(v) == getmetatable(vim.empty_dict()) and getmetatable(v) ~= nil and "{}" or "[]"
    end
    local parts = {}
    if is_list(v) then
      for _, x in ipairs(v) do
        table.insert(parts, inner .. pretty_json(x, inner))
      end
      return "[\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "]"
    end
    local keys = vim.tbl_keys(v)
    table.sort(keys, function(a, b)
      return tostring(a) < tostring(b)
    end)
    for _, k in ipairs(keys) do
      table.insert(parts, inner .. pretty_json(tostring(k)) .. ": " .. pretty_json(v[k], inner))
    end
    return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
  end
  if v == nil or v == vim.NIL then
    return "null"
  end
  return (vim.json.encode(v):gsub("\\/", "/"))
end
M.pretty_json = pretty_json

-- The window previews show in: one for all of them, made by preview_split
-- at the first preview and reused while it lives.
local preview_win

-- The window to show a preview buffer in: the one showing it already, the
-- preview window, else a new one (or, with preview_split "", the current).
local function preview_window(bufnr)
  local win = vim.fn.bufwinid(bufnr)
  if win ~= -1 then
    return win
  end
  if preview_win and vim.api.nvim_win_is_valid(preview_win) then
    return preview_win
  end
  local split = M.config.preview_split
  if not split or split == "" then
    return vim.api.nvim_get_current_win()
  end
  local src = vim.api.nvim_get_current_win()
  vim.cmd(split)
  preview_win = vim.api.nvim_get_current_win()
  vim.api.nvim_set_current_win(src)
  return preview_win
end

-- q in a preview: closes the preview window, or in the source's own window
-- (preview_split "") goes back to the buffer before.
local function close_preview()
  local win = vim.api.nvim_get_current_win()
  if win == preview_win and #vim.api.nvim_tabpage_list_wins(0) > 1 then
    vim.api.nvim_win_close(win, false)
  else
    pcall(vim.cmd, "buffer #")
  end
end

-- Shows text (a string, or a list of lines) in a read-only scratch buffer
-- named name, in the preview window; returns its bufnr. The cursor stays
-- in the window it was in, so the source's keys go on working, unless
-- opts.focus is set (the :SkillList table, whose rows <CR> opens) or the
-- preview is in another tab page.
function M.show(name, text, filetype, opts)
  local lines = type(text) == "table" and text or vim.split(text, "\n", { plain = true })
  local bufnr = vim.fn.bufnr("^" .. vim.fn.escape(name, "\\^$.*~[]") .. "$")
  if bufnr == -1 or not vim.api.nvim_buf_is_valid(bufnr) then
    bufnr = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(bufnr, name)
  end
  vim.bo[bufnr].modifiable = true
  vim.bo[bufnr].readonly = false
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].buftype = "nofile"
  vim.bo[bufnr].bufhidden = "hide"
  vim.bo[bufnr].swapfile = false
  vim.bo[bufnr].modified = false
  vim.bo[bufnr].modifiable = false
  vim.bo[bufnr].readonly = true
  if filetype then
    vim.bo[bufnr].filetype = filetype
  end
  map(bufnr, "n", "q", close_preview, "close the preview")
  local src = vim.api.nvim_get_current_win()
  local win = preview_window(bufnr)
  vim.api.nvim_win_set_buf(win, bufnr)
  local other_tab = vim.api.nvim_win_get_tabpage(win) ~= vim.api.nvim_win_get_tabpage(src)
  vim.api.nvim_set_current_win(((opts and opts.focus) or other_tab) and win or src)
  return bufnr
end

local function notify_error(command, err)
  local msg = type(err) == "table" and (err.message or vim.inspect(err)) or tostring(err)
  vim.notify("skill-ls " .. command .. ": " .. msg, vim.log.levels.ERROR)
end

local function folder_uri(bufnr)
  return vim.uri_from_fname(root_for_buffer(bufnr))
end

local function preview(command, argument, bufname, filetype, bufnr)
  M.execute(command, argument, function(err, result)
    vim.schedule(function()
      if err then
        notify_error(command, err)
        return
      end
      local text = result
      if type(result) ~= "string" then
        text = pretty_json(result)
      end
      M.show(bufname, text or "", filetype)
    end)
  end, bufnr)
end

function M.preview_catalog(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local uri = folder_uri(bufnr)
  M.execute("skill-ls.previewCatalog", { uri = uri }, function(err, result)
    if err or result ~= "" then
      vim.schedule(function()
        if err then
          notify_error("skill-ls.previewCatalog", err)
        else
          M.show("skill-ls://catalog", result, "markdown")
        end
      end)
      return
    end
    -- DSH publishes no catalog: show why, set apart from model text.
    M.execute("skill-ls.documentInfo", { uri = uri }, function(_, info)
      vim.schedule(function()
        local note = type(info) == "table" and type(info.catalog) == "table" and info.catalog.note or nil
        M.show("skill-ls://catalog", table.concat({
          "── skill-ls: no catalog (this note is not model text) ──",
          "",
          note or "DSH publishes no catalog: no skill the model may load.",
          "",
          "The model receives no skill catalog message in this workspace folder.",
        }, "\n"), "markdown")
      end)
    end, bufnr)
  end, bufnr)
end

-- The skill named name, else the one at the cursor: the skill of this skill
-- file, or the /name token under the cursor in a chat buffer (the server
-- finds the token).
function M.preview_skill(name, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local arg
  if name and name ~= "" then
    arg = { name = name }
  else
    arg = { uri = vim.uri_from_bufnr(bufnr), position = cursor_position() }
  end
  preview("skill-ls.previewSkill", arg, "skill-ls://skill", "markdown", bufnr)
end

-- line1/line2: a range of the buffer (1-based, inclusive) or nil for the buffer.
function M.preview_invocation(bufnr, line1, line2)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local arg = { uri = vim.uri_from_bufnr(bufnr) }
  if line1 and line2 then
    arg = { text = table.concat(vim.api.nvim_buf_get_lines(bufnr, line1 - 1, line2, false), "\n") }
  end
  preview("skill-ls.previewInvocation", arg, "skill-ls://invocation", "markdown", bufnr)
end

-- What the line at the cursor injects (the server reads the line).
function M.preview_invocation_at_cursor(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local arg = { uri = vim.uri_from_bufnr(bufnr), position = cursor_position() }
  preview("skill-ls.previewInvocation", arg, "skill-ls://invocation", "markdown", bufnr)
end

-- :SkillList as a table ------------------------------------------------------

-- :SkillList buffer -> its line targets.
local list_targets = {}

-- Opens the file of the :SkillList line under the cursor.
function M.open_list_entry()
  local t = (list_targets[vim.api.nvim_get_current_buf()] or {})[vim.api.nvim_win_get_cursor(0)[1]]
  if not t then
    return
  end
  vim.cmd("wincmd p")
  -- The path is a skill folder's: never part of an Ex command (open.lua).
  local bufnr, err = require("skill_ls.open").edit(t.path)
  if not bufnr then
    notify_error("open", err)
    return
  end
  pcall(vim.api.nvim_win_set_cursor, 0, { t.line, math.max(t.col - 1, 0) })
end

-- format "json": the server's JSON; otherwise a table like `skill-ls list`.
function M.list_skills(bufnr, format)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if format == "json" then
    preview("skill-ls.listSkills", { uri = folder_uri(bufnr) }, "skill-ls://skills.json", "json", bufnr)
    return
  end
  -- The server lays the list out (skill-ls.listTable, the lines of
  -- `skill-ls list`, names and paths escaped) and names each line's file.
  M.execute("skill-ls.listTable", { uri = folder_uri(bufnr) }, function(err, result)
    vim.schedule(function()
      if err then
        notify_error("skill-ls.listTable", err)
        return
      end
      local lines, targets = {}, {}
      for i, l in ipairs(type(result) == "table" and result.lines or {}) do
        lines[i] = type(l.text) == "string" and l.text or ""
        if type(l.path) == "string" and l.path ~= "" then
          targets[i] = { path = l.path, line = l.line or 1, col = l.column or 1 }
        end
      end
      local b = M.show("skill-ls://skills", lines, "skill-ls-list", { focus = true })
      list_targets[b] = targets
      map(b, "n", "<CR>", M.open_list_entry, "open the skill file")
    end)
  end, bufnr)
end

-- Runs `skill-ls eval` on the skill of the query file in bufnr (see
-- skill_ls/evalrun.lua); opts.host, opts.folder, opts.on_done.
function M.eval(bufnr, opts)
  opts = vim.tbl_extend("force", { cmd = M.config.cmd, host_command = M.config.eval_host_command }, opts or {})
  return require("skill_ls.evalrun").run(bufnr, opts)
end

local function create_commands()
  local create = vim.api.nvim_create_user_command
  create("SkillPreviewCatalog", function()
    M.preview_catalog()
  end, { desc = "skill-ls: the catalog the model receives" })
  create("SkillPreviewSkill", function(o)
    M.preview_skill(o.args)
  end, { nargs = "?", desc = "skill-ls: the skill tool result for a skill" })
  create("SkillPreviewInvocation", function(o)
    if o.range and o.range > 0 then
      M.preview_invocation(nil, o.line1, o.line2)
    else
      M.preview_invocation()
    end
  end, { range = true, desc = "skill-ls: what the /name tokens inject" })
  create("SkillEval", function(o)
    M.eval(0, { host = o.args })
  end, {
    nargs = "?",
    complete = function()
      return { "claude" }
    end,
    desc = "skill-ls: run this query file's trigger eval (skill-ls eval) and show the results",
  })
  create("SkillList", function(o)
    M.list_skills(nil, o.args)
  end, {
    nargs = "?",
    complete = function()
      return { "json" }
    end,
    desc = "skill-ls: skills, shadowed and dropped files",
  })
end

---------------------------------------------------------------------------
-- Filetype detection and setup

-- The config for vim.lsp.config (0.11+), used by lsp/skill_ls.lua: every
-- Markdown and chat buffer goes to the server, which answers null for
-- Markdown that is no skill file.
function M.lsp_config()
  local cfg = base_client_config(nil)
  cfg.name = nil -- vim.lsp.config names it "skill_ls"
  cfg.on_attach = M.config.on_attach
  cfg.filetypes = vim.list_extend(vim.deepcopy(M.config.filetypes), vim.deepcopy(chat_filetypes()))
  cfg.root_markers = M.config.root_markers
  return cfg
end

local function attach_later(bufnr)
  -- Scheduled so that filetype detection (e.g. *.chat.md -> skill-chat) has
  -- finished before the languageId goes out.
  vim.schedule(function()
    if vim.api.nvim_buf_is_valid(bufnr) then
      M.attach(bufnr)
    end
  end)
end

-- The code lens command: running a lens opens the skill's preview (the
-- server's answer is text to show, which Neovim would otherwise drop).
local function register_lens_command()
  -- The eval file's lens: the server names the folder and host; the run is ours.
  vim.lsp.commands["skill-ls.runTriggerEval"] = function(command, ctx)
    local arg = (command.arguments or {})[1] or {}
    M.eval(ctx and ctx.bufnr or 0, { host = arg.host, folder = type(arg.folder) == "string" and arg.folder or nil })
  end
  vim.lsp.commands["skill-ls.previewSkill"] = function(command, ctx)
    local arg = (command.arguments or {})[1] or {}
    local bufnr = ctx and ctx.bufnr or vim.api.nvim_get_current_buf()
    preview("skill-ls.previewSkill", arg, "skill-ls://skill", "markdown", bufnr)
  end
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  -- Lists replace, not merge.
  for _, k in ipairs({ "cmd", "chat_filetypes", "chat_patterns", "filetypes", "root_markers" }) do
    if opts and opts[k] ~= nil then
      M.config[k] = opts[k]
    end
  end
  vim.api.nvim_create_augroup("skill_ls", { clear = true })
  if M.config.commands then
    create_commands()
  end
  M.mode = has("nvim-0.11") and "lsp.start" or "start_client"
  if M.config.codelens then
    register_lens_command()
  end

  local fts = vim.list_extend(vim.deepcopy(M.config.filetypes), vim.deepcopy(chat_filetypes()))
  vim.api.nvim_create_autocmd("FileType", {
    group = "skill_ls",
    pattern = fts,
    callback = function(args)
      attach_later(args.buf)
    end,
  })
  -- Every file: the server decides which are skill files and chat buffers
  -- (a chat pattern may name any file), so none is matched here.
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = "skill_ls",
    pattern = "*",
    callback = function(args)
      attach_later(args.buf)
    end,
  })
  -- Buffers already open when setup() runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      local ft = vim.bo[bufnr].filetype
      local name = vim.api.nvim_buf_get_name(bufnr)
      if vim.tbl_contains(fts, ft) or (name ~= "" and vim.bo[bufnr].buftype == "") then
        attach_later(bufnr)
      end
    end
  end
  return M
end

return M
