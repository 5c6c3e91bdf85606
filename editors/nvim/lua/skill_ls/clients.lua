-- skill_ls.clients: the project roots of buffers, the clients (one per
-- root) and which buffers they attach: those the server calls skill files,
-- chat buffers or eval files (skill-ls.documentInfo). A part of
-- require("skill_ls"): init.lua passes it the module (M) and the helpers
-- its parts share (P).

return function(M, P)
  local has = P.has
  local uv = vim.uv or vim.loop


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
        P.on_attach(client, bufnr)
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

  P.sep, P.root_for_buffer, P.chat_filetypes, P.cursor_position = sep, root_for_buffer, chat_filetypes, cursor_position
  P.server_settings, P.base_client_config, P.request = server_settings, base_client_config, request
end
