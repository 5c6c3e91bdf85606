-- skill_ls: Neovim client for the skill-ls language server.
--
--   require("skill_ls").setup({ ... })
--
-- Works on Neovim 0.7+ (vim.lsp.start_client + buf_attach_client from
-- autocmds), uses vim.lsp.start on 0.8-0.10 and the vim.lsp.config /
-- vim.lsp.enable style on 0.11+. All logic lives in the server; this module
-- only decides which buffers to attach, passes settings and calls the
-- server's workspace/executeCommand commands (see docs/server.md).

local M = {}

local uv = vim.uv or vim.loop

local function has(feature)
  return vim.fn.has(feature) == 1
end

-- The defaults of docs/server.md.
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
M.default_chat_patterns = { "*.chat.md", "*.chat", "*.skill-chat" }

local defaults = {
  name = "skill-ls",
  -- The server command (skill-ls, skill-ls serve and skill-ls --stdio all serve LSP on stdio).
  cmd = { "skill-ls" },
  -- Server settings (docs/server.md, "Settings"): sent as initializationOptions
  -- and as workspace/didChangeConfiguration {settings = {skillLs = settings}}.
  settings = {},
  -- Filetypes treated as chat buffers (sent as the languageId; the server's
  -- chatLanguages setting decides). nil = the server's defaults.
  chat_filetypes = nil,
  -- File-name globs of chat buffers. nil = the server's defaults.
  chat_patterns = nil,
  -- Filetypes of skill files (SKILL.md and flat <name>.md in a skill root).
  filetypes = { "markdown" },
  -- The project root is the nearest ancestor holding one of these.
  root_markers = { ".git" },
  -- Map *.chat.md (and the other chat_patterns) to the filetype "skill-chat".
  chat_filetype_detection = true,
  -- Create :SkillPreviewCatalog, :SkillPreviewSkill, :SkillPreviewInvocation, :SkillList.
  commands = true,
  -- How previews open: a command run before showing the scratch buffer.
  preview_split = "vsplit",
  -- Use vim.lsp.config/vim.lsp.enable when Neovim has them (0.11+).
  use_lsp_config = true,
  on_attach = nil,
  on_init = nil,
  on_exit = nil,
  capabilities = nil,
  handlers = nil,
  flags = { debounce_text_changes = 150 },
}

M.config = vim.deepcopy(defaults)

---------------------------------------------------------------------------
-- Paths

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

local function basename(path)
  return vim.fn.fnamemodify(path, ":t")
end

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function expand_home(path)
  if type(path) ~= "string" or path == "" then
    return nil
  end
  if path:sub(1, 1) == "~" then
    path = (os.getenv("HOME") or "") .. path:sub(2)
  end
  return normalize(path)
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
      if exists(dir .. sep .. marker) then
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

-- The directory a skill-ls client serves for a buffer: the project root of
-- the file, else the current directory.
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

-- Converts a glob such as "*.chat.md" to a Lua pattern matched against a
-- file's base name.
local function glob_to_pattern(glob)
  local p = glob:gsub("[%^%$%(%)%%%.%[%]%+%-]", "%%%0")
  p = p:gsub("%*", ".*"):gsub("%?", ".")
  return "^" .. p .. "$"
end

local function chat_filetypes()
  return M.config.chat_filetypes or (M.config.settings or {}).chatLanguages or M.default_chat_filetypes
end

local function chat_patterns()
  return M.config.chat_patterns or (M.config.settings or {}).chatPatterns or M.default_chat_patterns
end

local function matches_chat_pattern(name)
  local base = basename(name)
  for _, glob in ipairs(chat_patterns()) do
    if base:match(glob_to_pattern(glob)) then
      return true
    end
  end
  return false
end

-- The skill roots this module can know without asking the server: the
-- project roots of the file, the user roots and the configured extra roots.
local function known_roots(project)
  local s = M.config.settings or {}
  local roots = {}
  if not s.noDefaultRoots then
    if project then
      table.insert(roots, project .. sep .. ".dsh" .. sep .. "skills")
      table.insert(roots, project .. sep .. ".agents" .. sep .. "skills")
    end
    local dsh_home = expand_home(s.dshHome) or expand_home(os.getenv("DSH_HOME")) or expand_home("~/.dsh")
    local agents_home = expand_home(s.agentsHome) or expand_home(os.getenv("DSH_AGENTS_HOME"))
      or expand_home("~/.agents")
    table.insert(roots, dsh_home .. sep .. "skills")
    table.insert(roots, agents_home .. sep .. "skills")
  end
  for _, d in ipairs(s.customDirs or {}) do
    table.insert(roots, expand_home(d))
  end
  local bundled = s.bundledDir or (not s.noDefaultRoots and os.getenv("DSH_BUNDLED_SKILL_DIR")) or nil
  if bundled and bundled ~= "" then
    table.insert(roots, expand_home(bundled))
  end
  return roots
end

-- Whether a file is a skill file: any SKILL.md, or a flat <name>.md whose
-- directory is a skill root (any ".../.dsh/skills" or ".../.agents/skills",
-- or a configured root).
function M.is_skill_file(name)
  if not name or name == "" then
    return false
  end
  if basename(name) == "SKILL.md" then
    return true
  end
  if not name:match("%.md$") then
    return false
  end
  local dir = normalize(dirname(name))
  local parent = basename(dirname(dir))
  if basename(dir) == "skills" and (parent == ".dsh" or parent == ".agents") then
    return true
  end
  for _, root in ipairs(known_roots(find_root(name))) do
    if root == dir then
      return true
    end
  end
  return false
end

-- Whether a buffer is a chat buffer (by filetype or file name).
function M.is_chat_buffer(bufnr)
  local ft = vim.bo[bufnr].filetype
  if vim.tbl_contains(chat_filetypes(), ft) then
    return true
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  return name ~= "" and matches_chat_pattern(name)
end

-- Whether skill-ls should attach to a buffer.
function M.should_attach(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return false
  end
  if M.is_chat_buffer(bufnr) then
    return true
  end
  local bt = vim.bo[bufnr].buftype
  if bt ~= "" then
    return false
  end
  return M.is_skill_file(vim.api.nvim_buf_get_name(bufnr))
end

---------------------------------------------------------------------------
-- Clients

local function client_settings()
  return vim.deepcopy(M.config.settings or {})
end

local function server_settings()
  local s = client_settings()
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

-- The client config shared by every Neovim version.
local function base_client_config(root)
  local settings = server_settings()
  local cfg = {
    name = M.config.name,
    cmd = M.config.cmd,
    init_options = settings,
    settings = { skillLs = settings },
    capabilities = M.config.capabilities,
    handlers = M.config.handlers,
    on_attach = M.config.on_attach,
    on_exit = M.config.on_exit,
    on_init = M.config.on_init,
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

-- Client names: ours, and the vim.lsp.config name on 0.11+.
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

-- root dir -> client id, for the 0.7 start_client path.
local legacy_clients = {}

local function start_legacy(root)
  local id = legacy_clients[root]
  if id then
    local c = vim.lsp.get_client_by_id(id)
    if c and not client_stopped(c) then
      return id
    end
  end
  id = vim.lsp.start_client(base_client_config(root))
  legacy_clients[root] = id
  return id
end

-- Attaches skill-ls to a buffer (starting a client for its root if needed).
-- Returns the client id, or nil when the buffer is not ours.
function M.attach(bufnr, force)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not force and not M.should_attach(bufnr) then
    return nil
  end
  local root = root_for_buffer(bufnr)
  if vim.lsp.start and has("nvim-0.8") then
    return vim.lsp.start(base_client_config(root), { bufnr = bufnr })
  end
  local id = start_legacy(root)
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

-- A client for bufnr: the one attached to it, else one for its root (started
-- if needed, not attached). Waits up to timeout ms for initialization.
local function get_client(bufnr, timeout)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local c = M.clients(bufnr)[1]
  if not c then
    local root = root_for_buffer(bufnr)
    for _, other in ipairs(M.clients()) do
      if other.config.root_dir == root then
        c = other
        break
      end
    end
    if not c then
      c = M.clients()[1]
    end
    if not c then
      -- Start one without attaching this buffer (it may be any buffer).
      local id
      if has("nvim-0.11") then
        id = vim.lsp.start(base_client_config(root), { bufnr = bufnr, attach = false })
      else
        id = start_legacy(root)
      end
      c = id and vim.lsp.get_client_by_id(id)
    end
  end
  if c and not c.initialized then
    vim.wait(timeout or 5000, function()
      return c.initialized == true
    end, 20)
  end
  return c
end
M.get_client = get_client

---------------------------------------------------------------------------
-- Commands

local function request(client, method, params, handler, bufnr)
  if has("nvim-0.11") then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

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

-- Pretty JSON for listSkills results (keys sorted, two-space indent).
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

local function split_lines(text)
  local lines = vim.split(text, "\n", { plain = true })
  return lines
end

-- Opens text in a read-only scratch buffer named name; returns its bufnr.
function M.show(name, text, filetype)
  local lines = split_lines(text)
  local bufnr = vim.fn.bufnr("^" .. vim.fn.escape(name, "\\^$.*~[]") .. "$")
  if bufnr == -1 or not vim.api.nvim_buf_is_valid(bufnr) then
    bufnr = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(bufnr, name)
  end
  local winid = vim.fn.bufwinid(bufnr)
  if winid == -1 then
    if M.config.preview_split and M.config.preview_split ~= "" then
      vim.cmd(M.config.preview_split)
    end
    vim.api.nvim_win_set_buf(0, bufnr)
  else
    vim.api.nvim_set_current_win(winid)
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
  return bufnr
end

local function notify_error(command, err)
  local msg = type(err) == "table" and (err.message or vim.inspect(err)) or tostring(err)
  vim.notify("skill-ls " .. command .. ": " .. msg, vim.log.levels.ERROR)
end

local function folder_uri(bufnr)
  return vim.uri_from_fname(root_for_buffer(bufnr))
end

local function buffer_uri(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return nil
  end
  return vim.uri_from_bufnr(bufnr)
end

-- The /name or /skill:name token under the cursor, if any.
local function token_under_cursor()
  local line = vim.api.nvim_get_current_line()
  local col = vim.api.nvim_win_get_cursor(0)[2] + 1
  local init = 1
  while true do
    local s, e, name = line:find("/skill:([%w%._%-]+)", init)
    if not s then
      s, e, name = line:find("/([%w%._%-]+)", init)
    end
    if not s then
      return nil
    end
    if col >= s and col <= e then
      return name
    end
    init = e + 1
  end
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
  preview("skill-ls.previewCatalog", { uri = folder_uri(bufnr) }, "skill-ls://catalog", "markdown", bufnr)
end

function M.preview_skill(name, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local arg
  if name and name ~= "" then
    arg = { name = name }
  elseif M.is_skill_file(vim.api.nvim_buf_get_name(bufnr)) then
    arg = { uri = buffer_uri(bufnr) }
  else
    local token = token_under_cursor()
    if not token then
      vim.notify("skill-ls: give a skill name, or run this in a skill file or on a /name token", vim.log.levels.WARN)
      return
    end
    arg = { name = token }
  end
  local label = arg.name or basename(dirname(vim.api.nvim_buf_get_name(bufnr)))
  preview("skill-ls.previewSkill", arg, "skill-ls://skill/" .. label, "markdown", bufnr)
end

-- line1/line2: a range of the buffer (1-based, inclusive) or nil for the buffer.
function M.preview_invocation(bufnr, line1, line2)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local arg = { uri = buffer_uri(bufnr) }
  if line1 and line2 then
    arg.text = table.concat(vim.api.nvim_buf_get_lines(bufnr, line1 - 1, line2, false), "\n")
  elseif not arg.uri then
    arg.text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
  end
  preview("skill-ls.previewInvocation", arg, "skill-ls://invocation", "markdown", bufnr)
end

function M.list_skills(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  preview("skill-ls.listSkills", { uri = folder_uri(bufnr) }, "skill-ls://skills", "json", bufnr)
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
  create("SkillList", function()
    M.list_skills()
  end, { desc = "skill-ls: skills, shadowed and dropped files" })
end

---------------------------------------------------------------------------
-- Filetype detection and setup

local function setup_chat_filetype()
  if has("nvim-0.8") and vim.filetype and vim.filetype.add then
    local pattern = {}
    for _, glob in ipairs(chat_patterns()) do
      -- "*.chat.md" -> ".*%.chat%.md" (vim.filetype anchors patterns itself).
      local lua_pat = glob_to_pattern(glob):sub(2, -2)
      pattern[lua_pat] = { "skill-chat", { priority = 10 } }
    end
    vim.filetype.add({ pattern = pattern })
  else
    vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
      group = "skill_ls",
      pattern = chat_patterns(),
      nested = true, -- so that FileType fires for the new filetype
      callback = function(args)
        vim.bo[args.buf].filetype = "skill-chat"
      end,
    })
  end
end

-- The config for vim.lsp.config (0.11+).
function M.lsp_config()
  local cfg = base_client_config(nil)
  cfg.root_dir = function(bufnr, on_dir)
    if M.should_attach(bufnr) then
      on_dir(root_for_buffer(bufnr))
    end
  end
  cfg.name = nil -- vim.lsp.config names it "skill_ls"
  cfg.filetypes = vim.list_extend(vim.deepcopy(M.config.filetypes), vim.deepcopy(chat_filetypes()))
  return cfg
end

local function attach_later(bufnr)
  -- Scheduled so that filetype detection (e.g. *.chat.md -> skill-chat) has
  -- finished before the languageId goes out in didOpen.
  vim.schedule(function()
    if vim.api.nvim_buf_is_valid(bufnr) then
      M.attach(bufnr)
    end
  end)
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
  if M.config.chat_filetype_detection then
    setup_chat_filetype()
  end
  if M.config.commands then
    create_commands()
  end

  if M.config.use_lsp_config and vim.lsp.config and vim.lsp.enable and has("nvim-0.11") then
    vim.lsp.config("skill_ls", M.lsp_config())
    vim.lsp.enable("skill_ls")
    M.mode = "lsp.config"
    return M
  end

  M.mode = has("nvim-0.8") and "lsp.start" or "start_client"
  local fts = vim.list_extend(vim.deepcopy(M.config.filetypes), vim.deepcopy(chat_filetypes()))
  vim.api.nvim_create_autocmd("FileType", {
    group = "skill_ls",
    pattern = fts,
    callback = function(args)
      attach_later(args.buf)
    end,
  })
  -- Skill files and chat files whose filetype is not one of the above.
  local pats = { "SKILL.md", "*.md" }
  vim.list_extend(pats, vim.deepcopy(chat_patterns()))
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = "skill_ls",
    pattern = pats,
    callback = function(args)
      attach_later(args.buf)
    end,
  })
  -- Buffers already open when setup() runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      attach_later(bufnr)
    end
  end
  return M
end

return M
