-- skill_ls.selector: which buffers the module offers the server. The
-- server publishes it (`skill-ls --document-selector --settings JSON`: the
-- language ids and file-name patterns of the documents that may be its),
-- asked once per command and settings; a buffer that matches neither
-- starts no server and sends no request. What an offered buffer is (skill
-- file, chat buffer, eval file or nothing) the server still decides
-- (skill-ls.documentInfo). A part of require("skill_ls") (see clients.lua).
return function(M, P)
  -- cmd and settings -> the compiled selector, or false when the server
  -- could not say (a skill-ls older than --document-selector).
  local asked = {}

  local function compile(sel)
    local languages, names = {}, {}
    for _, l in ipairs(type(sel.languages) == "table" and sel.languages or {}) do
      if type(l) == "string" then
        languages[l] = true
      end
    end
    for _, g in ipairs(type(sel.fileNames) == "table" and sel.fileNames or {}) do
      if type(g) == "string" then
        -- Case-sensitive, as the server matches them.
        table.insert(names, "\\C" .. vim.fn.glob2regpat(g))
      end
    end
    return { languages = languages, file_names = names }
  end

  -- The server's selector under the current settings ({languages = set,
  -- file_names = regexps}), or nil when the server cannot say. server
  -- ({cmd, settings}, both optional) names another command line or other
  -- settings than setup()'s: vim.lsp.config's (lsp_config).
  function M.selector(server)
    server = server or {}
    local settings = vim.fn.json_encode(server.settings or P.server_settings())
    local cmd = vim.list_extend(vim.deepcopy(server.cmd or M.config.cmd), { "--document-selector", "--settings", settings })
    local key = table.concat(cmd, "\n")
    if asked[key] == nil then
      local ran, out = pcall(vim.fn.system, cmd)
      local ok, sel = pcall(vim.json.decode, ran and out or "")
      asked[key] = ran and vim.v.shell_error == 0 and ok and type(sel) == "table" and compile(sel) or false
    end
    return asked[key] or nil
  end

  -- Whether bufnr goes to the server: its filetype is one of the server's
  -- languages (or of the filetypes option), or its file name matches one
  -- of the server's file-name patterns. Without the server's selector,
  -- every buffer goes, as the server alone decides. server is as for
  -- M.selector.
  function M.offered(bufnr, server)
    local ft = vim.bo[bufnr].filetype
    if vim.tbl_contains(M.config.filetypes, ft) then
      return true
    end
    local sel = M.selector(server)
    if not sel or sel.languages[ft] then
      return true
    end
    local name = vim.api.nvim_buf_get_name(bufnr)
    if name == "" then
      return false
    end
    local base = vim.fn.fnamemodify(name, ":t")
    for _, re in ipairs(sel.file_names) do
      if vim.fn.match(base, re) ~= -1 then
        return true
      end
    end
    return false
  end
end
