-- skill_ls.commands: the server's commands (workspace/executeCommand) and
-- what the module shows of their answers: previews in one scratch window,
-- the :SkillList lines with the file each opens, the user commands and the
-- code lens commands. A part of require("skill_ls") (see clients.lua).

return function(M, P)
  local has = P.has


  -- Calls a skill-ls command; callback(err, result).
  function M.execute(command, argument, callback, bufnr)
    bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
    local client = M.get_client(bufnr)
    if not client then
      callback({ message = "skill-ls: no client (is `" .. tostring(M.config.cmd[1]) .. "` on PATH?)" })
      return
    end
    local params = { command = command, arguments = { argument or vim.empty_dict() } }
    P.request(client, "workspace/executeCommand", params, function(err, result)
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
    P.map(bufnr, "n", "q", close_preview, "close the preview")
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
    return vim.uri_from_fname(P.root_for_buffer(bufnr))
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
      arg = { uri = vim.uri_from_bufnr(bufnr), position = P.cursor_position() }
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
    local arg = { uri = vim.uri_from_bufnr(bufnr), position = P.cursor_position() }
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
        P.map(b, "n", "<CR>", M.open_list_entry, "open the skill file")
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


  P.create_commands, P.register_lens_command = create_commands, register_lens_command
end
