-- skill_ls.buffer: what the module sets on a buffer the client attaches:
-- completion, the buffer-local keys, the severity order of its signs,
-- inlay hints and code lenses. A part of require("skill_ls") (see
-- clients.lua).

return function(M, P)
  local has = P.has


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

  local function on_attach(client, bufnr)
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


  P.map, P.on_attach = map, on_attach
end
