-- Headless Neovim end-to-end test of skill-ls through the editors/nvim module.
-- Run by editors/nvim/test/run.sh (which builds the server and prepares the
-- workspace); it reads:
--   SKILL_LS_BIN   the built server
--   SKILL_LS_WS    the workspace (a copy of test/fixture with a .git dir)
--   SKILL_LS_NVIM  editors/nvim (put on 'runtimepath', so the module is tested)
--   SKILL_LS_CATALOG  a file holding `skill-ls render catalog --cwd $WS` output
--   SKILL_LS_RESULT   where to write the JSON results
--   SKILL_LS_DEADLINE_MS  overall deadline (default 60000)
-- Exit code: 0 when every check passed, else the number of failed checks.

local uv = vim.loop
local env = function(k)
  local v = os.getenv(k)
  if not v or v == "" then
    error("missing environment variable " .. k)
  end
  return v
end

local out = { checks = {}, nvim = tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch) }
local failed = 0
local finished = false

local function write_result()
  local path = os.getenv("SKILL_LS_RESULT")
  if not path then
    return
  end
  local ok, text = pcall(vim.json.encode, out)
  if not ok then
    text = '{"error":"encode failed"}'
  end
  local f = io.open(path, "w")
  if f then
    f:write(text)
    f:close()
  end
end

local function check(name, ok, detail)
  ok = not not ok
  table.insert(out.checks, { name = name, ok = ok, detail = detail ~= nil and vim.inspect(detail) or nil })
  if not ok then
    failed = failed + 1
  end
  io.stdout:write(string.format("%s %s%s\n", ok and "PASS" or "FAIL", name,
    (not ok and detail ~= nil) and (": " .. vim.inspect(detail):gsub("\n%s*", " ")) or ""))
  write_result()
  return ok
end

local function summary()
  return string.format("%d passed, %d failed", #out.checks - failed, failed)
end

local function finish()
  if finished then
    return
  end
  finished = true
  out.summary = summary()
  write_result()
  io.stdout:write(out.summary .. "\n")
  io.stdout:flush()
  if failed == 0 then
    vim.cmd("qall!")
  else
    vim.cmd("cquit! " .. math.min(failed, 120))
  end
end

-- Deadline guard: a raw libuv timer, so it fires even while a vim.wait is stuck.
local deadline_ms = tonumber(os.getenv("SKILL_LS_DEADLINE_MS") or "") or 60000
local guard = uv.new_timer()
guard:start(deadline_ms, 0, function()
  if finished then
    return
  end
  finished = true
  table.insert(out.checks, { name = "deadline " .. deadline_ms .. " ms", ok = false })
  failed = failed + 1
  out.summary = summary()
  write_result()
  io.stdout:write("FAIL deadline\n" .. out.summary .. "\n")
  io.stdout:flush()
  os.exit(math.min(failed, 120))
end)

---------------------------------------------------------------------------
-- Helpers

-- Independent UTF-16 -> byte conversion (not Neovim's), to check the columns
-- Neovim reports.
local function utf16_to_byte(line, u16)
  local i, units = 1, 0
  while i <= #line and units < u16 do
    local c = line:byte(i)
    local len = c < 0x80 and 1 or c < 0xE0 and 2 or c < 0xF0 and 3 or 4
    units = units + (len == 4 and 2 or 1)
    i = i + len
  end
  return i - 1
end

local function byte_to_utf16(line, byte)
  local i, units = 1, 0
  while i <= byte and i <= #line do
    local c = line:byte(i)
    local len = c < 0x80 and 1 or c < 0xE0 and 2 or c < 0xF0 and 3 or 4
    units = units + (len == 4 and 2 or 1)
    i = i + len
  end
  return units
end

local function read_file(path)
  local f = io.open(path, "rb")
  if not f then
    return nil
  end
  local s = f:read("*a")
  f:close()
  return s
end

local function write_file(path, text)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- buf_request_sync result of the first client: result, err.
local function request(bufnr, method, params, timeout)
  local resp, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout or 5000)
  if not resp then
    return nil, err or "no response"
  end
  for _, r in pairs(resp) do
    local e = r.error or r.err -- "error" in 0.7-0.9, "err" in 0.10+
    if e then
      return nil, e
    end
    return r.result, nil
  end
  return nil, "no client answered"
end

local function completion_items(result)
  if not result then
    return {}
  end
  return result.items or result
end

local function labels(items)
  local ls = {}
  for _, it in ipairs(items) do
    table.insert(ls, it.label)
  end
  table.sort(ls)
  return ls
end

local function hover_text(result)
  if not result or not result.contents then
    return ""
  end
  local c = result.contents
  if type(c) == "string" then
    return c
  end
  if c.value then
    return c.value
  end
  local parts = {}
  for _, x in ipairs(c) do
    table.insert(parts, type(x) == "string" and x or x.value or "")
  end
  return table.concat(parts, "\n")
end

local function buf_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
end

local function find_buf(name)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name then
      return b
    end
  end
end

local function pos_of(bufnr, lnum, needle, extra)
  local line = vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1]
  local s = assert(line:find(needle, 1, true), "needle " .. needle .. " not on line " .. lnum)
  return { line = lnum, character = byte_to_utf16(line, s - 1 + (extra or 0)) }
end

---------------------------------------------------------------------------
-- The test

local raw_diags = {} -- uri -> latest raw LSP diagnostics
local exit_code, exit_signal, init_result
local server_problems = {}

local function run()
  local bin = env("SKILL_LS_BIN")
  local ws = env("SKILL_LS_WS")
  local nvim_dir = env("SKILL_LS_NVIM")
  local catalog_expected = read_file(env("SKILL_LS_CATALOG"))

  vim.opt.runtimepath:prepend(nvim_dir)
  vim.cmd("filetype on")
  vim.o.swapfile = false
  vim.o.hidden = true

  -- Record the raw publishDiagnostics params, then let Neovim's handler run.
  local orig = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    if result and result.uri then
      raw_diags[result.uri] = result.diagnostics
    end
    return orig(err, result, ctx, config)
  end

  -- Record server warnings and errors (window/logMessage, window/showMessage).
  for _, method in ipairs({ "window/logMessage", "window/showMessage" }) do
    local orig_h = vim.lsp.handlers[method]
    vim.lsp.handlers[method] = function(err, result, ctx, config)
      if result and result.type and result.type <= 2 then
        table.insert(server_problems, method .. ": " .. tostring(result.message))
        return
      end
      return orig_h(err, result, ctx, config)
    end
  end

  local skill_ls = require("skill_ls")
  skill_ls.setup({
    cmd = { bin },
    -- No settings: the default user path (they must go out as {}, not []).
    on_init = function(_, result)
      init_result = result
    end,
    on_exit = function(code, signal)
      exit_code, exit_signal = code, signal
    end,
  })
  check("setup() mode on this Neovim", skill_ls.mode == (vim.fn.has("nvim-0.11") == 1 and "lsp.config"
    or vim.fn.has("nvim-0.8") == 1 and "lsp.start" or "start_client"), skill_ls.mode)
  check("user commands exist", vim.fn.exists(":SkillPreviewCatalog") == 2 and vim.fn.exists(":SkillPreviewSkill") == 2
    and vim.fn.exists(":SkillPreviewInvocation") == 2 and vim.fn.exists(":SkillList") == 2)

  -- 1. A broken SKILL.md: setup() attaches, diagnostics arrive with the right ranges.
  local broken = ws .. "/.agents/skills/broken-skill/SKILL.md"
  vim.cmd("edit " .. vim.fn.fnameescape(broken))
  local sb = vim.api.nvim_get_current_buf()
  local client
  vim.wait(5000, function()
    client = skill_ls.clients(sb)[1]
    return client ~= nil and client.initialized
  end, 20)
  if not check("setup() attached skill-ls to SKILL.md and it initialized", client and client.initialized,
    { filetype = vim.bo[sb].filetype }) then
    return
  end
  check("initialize result has serverInfo.name skill-ls",
    init_result and init_result.serverInfo and init_result.serverInfo.name == "skill-ls", init_result and init_result.serverInfo)
  check("root_dir is the workspace (.git)", client.config.root_dir == ws, client.config.root_dir)

  local uri = vim.uri_from_bufnr(sb)
  vim.wait(5000, function()
    return #vim.diagnostic.get(sb) > 0 and raw_diags[uri] ~= nil
  end, 20)
  local diags = vim.diagnostic.get(sb)
  check("diagnostics published for the broken SKILL.md", #diags > 0, raw_diags[uri])

  -- The bad line: 'description: Résumé 日本語 🎉 helper. Use when: the user asks'
  local bad_lnum = 2
  local bad_line = vim.api.nvim_buf_get_lines(sb, bad_lnum, bad_lnum + 1, false)[1]
  local colon_byte = bad_line:find("when: ", 1, true) + 4 - 1 -- 0-based byte of ':'
  local colon_u16 = byte_to_utf16(bad_line, colon_byte)
  local on_line = {}
  for _, d in ipairs(raw_diags[uri] or {}) do
    if d.range.start.line == bad_lnum then
      table.insert(on_line, d)
    end
  end
  out.bad_line_diagnostics = on_line
  check("a diagnostic on the non-ASCII line", #on_line > 0, raw_diags[uri])
  for _, d in ipairs(on_line) do
    local name = "diagnostic " .. tostring(d.code) .. " "
    local want_col = utf16_to_byte(bad_line, d.range.start.character)
    local want_end = d.range["end"].line == bad_lnum and utf16_to_byte(bad_line, d.range["end"].character) or nil
    local got
    for _, vd in ipairs(diags) do
      if vd.message == d.message and vd.lnum == bad_lnum then
        got = vd
      end
    end
    check(name .. "reaches vim.diagnostic", got ~= nil)
    if got then
      check(name .. "byte column = UTF-16 " .. d.range.start.character .. " converted", got.col == want_col,
        { nvim = got.col, computed = want_col })
      if want_end then
        check(name .. "byte end column = UTF-16 " .. d.range["end"].character .. " converted", got.end_col == want_end,
          { nvim = got.end_col, computed = want_end })
      end
    end
    check(name .. "range lies inside the line (UTF-16 length " .. byte_to_utf16(bad_line, #bad_line) .. ")",
      d.range["end"].line > bad_lnum or d.range["end"].character <= byte_to_utf16(bad_line, #bad_line), d.range)
  end
  -- The unquoted ': ' after the non-ASCII text: some diagnostic on that line
  -- must cover it (in UTF-16 units, as the server must count).
  local covers = false
  for _, d in ipairs(on_line) do
    local s, e = d.range.start, d.range["end"]
    local after_start = s.character <= colon_u16
    local before_end = e.line > bad_lnum or e.character > colon_u16
    if after_start and before_end then
      covers = true
    end
  end
  check("a diagnostic range covers the unquoted ':' at UTF-16 column " .. colon_u16, covers, on_line)
  local codes = {}
  for _, d in ipairs(on_line) do
    codes[tostring(d.code)] = true
  end
  check("the bad line has code yaml-unquoted-colon", codes["yaml-unquoted-colon"], vim.tbl_keys(codes))
  -- The value span, computed from the fixture text: from after 'description: '
  -- to the end of the line, in bytes as Neovim must report it.
  local value_col = #"description: "
  local colon_diag
  for _, vd in ipairs(diags) do
    if vd.code == "yaml-unquoted-colon" then
      colon_diag = vd
    end
  end
  check("yaml-unquoted-colon spans the value: bytes " .. value_col .. "-" .. #bad_line .. " of line " .. bad_lnum,
    colon_diag and colon_diag.lnum == bad_lnum and colon_diag.col == value_col and colon_diag.end_lnum == bad_lnum
      and colon_diag.end_col == #bad_line,
    colon_diag and { lnum = colon_diag.lnum, col = colon_diag.col, end_lnum = colon_diag.end_lnum, end_col = colon_diag.end_col })

  -- 2. A chat buffer: *.chat.md -> filetype skill-chat, attached to the same client.
  local chat = ws .. "/notes.chat.md"
  vim.cmd("edit " .. vim.fn.fnameescape(chat))
  local cb = vim.api.nvim_get_current_buf()
  check("*.chat.md gets filetype skill-chat", vim.bo[cb].filetype == "skill-chat", vim.bo[cb].filetype)
  local chat_client
  vim.wait(3000, function()
    chat_client = skill_ls.clients(cb)[1]
    return chat_client ~= nil
  end, 20)
  check("setup() attached skill-ls to the chat buffer", chat_client ~= nil)
  check("chat buffer shares the workspace client", chat_client and chat_client.id == client.id)
  local chat_uri = vim.uri_from_bufnr(cb)

  -- 3. '/' completion returns every user-invocable skill.
  local want = { "commit-style", "manual-only", "pdf-tools", "review-code" }
  local res, err = request(cb, "textDocument/completion",
    { textDocument = { uri = chat_uri }, position = { line = 2, character = 1 } })
  local got = labels(completion_items(res))
  check("'/' completion lists exactly the user-invocable skills", vim.deep_equal(got, want),
    { got = got, want = want, err = err })

  -- '/pd' after non-ASCII text: filtered, and the text edit replaces the whole token.
  local line1 = vim.api.nvim_buf_get_lines(cb, 1, 2, false)[1] -- 'Café 🎉 then /pd'
  local slash_u16 = byte_to_utf16(line1, line1:find("/pd", 1, true) - 1)
  local end_u16 = byte_to_utf16(line1, #line1)
  res, err = request(cb, "textDocument/completion",
    { textDocument = { uri = chat_uri }, position = { line = 1, character = end_u16 } })
  local items = completion_items(res)
  local pdf
  for _, it in ipairs(items) do
    if it.label == "pdf-tools" then
      pdf = it
    end
  end
  check("'/pd' completion offers pdf-tools", pdf ~= nil, { labels = labels(items), err = err })
  check("'/pd' completion is filtered (no review-code)", not vim.tbl_contains(labels(items), "review-code"),
    labels(items))
  local te = pdf and pdf.textEdit
  local range = te and (te.range or te.replace)
  check("pdf-tools item has a textEdit", range ~= nil, pdf)
  if range then
    check("textEdit range covers the token '/pd' (UTF-16 " .. slash_u16 .. "-" .. end_u16 .. ")",
      range.start.line == 1 and range.start.character == slash_u16 and range["end"].line == 1
        and range["end"].character == end_u16, range)
    -- Apply it the way Neovim does: the line must end up holding the completed token.
    vim.lsp.util.apply_text_edits({ { range = range, newText = te.newText } }, cb, "utf-16")
    local after = vim.api.nvim_buf_get_lines(cb, 1, 2, false)[1]
    check("applied textEdit yields 'Café 🎉 then /pdf-tools'", after:match("^Café 🎉 then /pdf%-tools%s*$") ~= nil, after)
    vim.api.nvim_buf_set_lines(cb, 1, 2, false, { line1 })
  end

  -- 4. Hover on a /name token in the chat buffer.
  res, err = request(cb, "textDocument/hover",
    { textDocument = { uri = chat_uri }, position = pos_of(cb, 0, "/pdf-tools", 3) })
  local ht = hover_text(res)
  check("hover on /pdf-tools shows its description", ht:find("Extract text and tables from PDF files.", 1, true),
    { hover = ht, err = err })

  -- 5. Definition on /pdf-tools jumps to the skill file (Neovim's own handler).
  local pdf_path = ws .. "/.agents/skills/pdf-tools/SKILL.md"
  res, err = request(cb, "textDocument/definition",
    { textDocument = { uri = chat_uri }, position = pos_of(cb, 0, "/pdf-tools", 2) })
  local loc = res and (res.uri and res or res[1])
  local loc_uri = loc and (loc.uri or loc.targetUri)
  check("definition of /pdf-tools is its SKILL.md", loc_uri == vim.uri_from_fname(pdf_path), { result = res, err = err })
  vim.api.nvim_win_set_cursor(0, { 1, (vim.api.nvim_buf_get_lines(cb, 0, 1, false)[1]:find("/pdf-tools", 1, true)) + 1 })
  vim.lsp.buf.definition()
  vim.wait(3000, function()
    return vim.api.nvim_buf_get_name(0) == pdf_path
  end, 20)
  check("vim.lsp.buf.definition() jumps to pdf-tools/SKILL.md", vim.api.nvim_buf_get_name(0) == pdf_path,
    vim.api.nvim_buf_get_name(0))

  -- 6. Hover on 'description:' in a SKILL.md (that buffer got attached too).
  vim.cmd("edit " .. vim.fn.fnameescape(pdf_path))
  local pb = vim.api.nvim_get_current_buf()
  vim.wait(3000, function()
    return skill_ls.clients(pb)[1] ~= nil
  end, 20)
  check("setup() attached skill-ls to pdf-tools/SKILL.md", skill_ls.clients(pb)[1] ~= nil)
  res, err = request(pb, "textDocument/hover",
    { textDocument = { uri = vim.uri_from_bufnr(pb) }, position = { line = 2, character = 3 } })
  ht = hover_text(res)
  check("hover on description: shows the catalog line", ht:find("Extract text and tables from PDF files.", 1, true),
    { hover = ht, err = err })

  -- 7. previewCatalog returns exactly `skill-ls render catalog --cwd <ws>`.
  check("`skill-ls render catalog` produced output", catalog_expected ~= nil and catalog_expected ~= "",
    catalog_expected)
  local text, cerr = skill_ls.execute_sync("skill-ls.previewCatalog", { uri = vim.uri_from_fname(ws) }, 5000, pb)
  check("skill-ls.previewCatalog == skill-ls render catalog", text ~= nil and text == catalog_expected,
    { got = text, want = catalog_expected, err = cerr })

  -- 8. The module's user commands open the previews in read-only scratch buffers.
  vim.cmd("SkillPreviewCatalog")
  local pvb
  vim.wait(5000, function()
    pvb = find_buf("skill-ls://catalog")
    return pvb ~= nil and buf_text(pvb) ~= ""
  end, 20)
  check(":SkillPreviewCatalog opens the catalog text", pvb and text and buf_text(pvb) == text,
    pvb and buf_text(pvb))
  check(":SkillPreviewCatalog buffer is read-only scratch", pvb and vim.bo[pvb].buftype == "nofile"
    and not vim.bo[pvb].modifiable)

  vim.cmd("SkillPreviewSkill pdf-tools")
  local psb
  vim.wait(5000, function()
    psb = find_buf("skill-ls://skill/pdf-tools")
    return psb ~= nil and buf_text(psb) ~= ""
  end, 20)
  check(":SkillPreviewSkill pdf-tools shows the <skill_content> block",
    psb and buf_text(psb):find("<skill_content", 1, true) and buf_text(psb):find("pdftotext", 1, true),
    psb and buf_text(psb))

  -- Without a name, on a /name token in the chat buffer.
  if psb then
    vim.cmd("bwipeout! " .. psb)
  end
  vim.cmd("buffer " .. cb)
  vim.api.nvim_win_set_cursor(0, { 1, (vim.api.nvim_buf_get_lines(cb, 0, 1, false)[1]:find("/pdf-tools", 1, true)) + 2 })
  vim.cmd("SkillPreviewSkill")
  vim.wait(5000, function()
    psb = find_buf("skill-ls://skill/pdf-tools")
    return psb ~= nil and buf_text(psb) ~= ""
  end, 20)
  check(":SkillPreviewSkill on the /pdf-tools token previews pdf-tools",
    psb and buf_text(psb):find("pdftotext", 1, true), psb and buf_text(psb))

  vim.cmd("buffer " .. cb)
  vim.cmd("1SkillPreviewInvocation")
  local pib
  vim.wait(5000, function()
    pib = find_buf("skill-ls://invocation")
    return pib ~= nil and buf_text(pib) ~= ""
  end, 20)
  check(":1SkillPreviewInvocation shows what /pdf-tools injects",
    pib and buf_text(pib):find("pdftotext", 1, true), pib and buf_text(pib))

  -- Without a range: the whole chat buffer (by URI).
  vim.cmd("buffer " .. cb)
  if pib then
    vim.cmd("bwipeout! " .. pib)
  end
  vim.cmd("buffer " .. cb)
  vim.cmd("SkillPreviewInvocation")
  vim.wait(5000, function()
    pib = find_buf("skill-ls://invocation")
    return pib ~= nil and buf_text(pib) ~= ""
  end, 20)
  check(":SkillPreviewInvocation (whole chat buffer) shows what /pdf-tools injects",
    pib and buf_text(pib):find("pdftotext", 1, true), pib and buf_text(pib))

  -- Without a name, in a skill file: the skill of that file (by URI).
  vim.cmd("edit " .. vim.fn.fnameescape(ws .. "/.dsh/skills/review-code/SKILL.md"))
  vim.cmd("SkillPreviewSkill")
  local prb
  vim.wait(5000, function()
    prb = find_buf("skill-ls://skill/review-code")
    return prb ~= nil and buf_text(prb) ~= ""
  end, 20)
  check(":SkillPreviewSkill in review-code/SKILL.md previews that skill",
    prb and buf_text(prb):find("Read the diff twice.", 1, true), prb and buf_text(prb))

  -- Which buffers attach: a flat <name>.md in a skill root does, an unrelated
  -- markdown file does not.
  vim.cmd("edit " .. vim.fn.fnameescape(ws .. "/.agents/skills/commit-style.md"))
  local fb = vim.api.nvim_get_current_buf()
  vim.wait(3000, function()
    return skill_ls.clients(fb)[1] ~= nil
  end, 20)
  check("setup() attached skill-ls to the flat .agents/skills/commit-style.md", skill_ls.clients(fb)[1] ~= nil)
  write_file(ws .. "/docs/guide.md", "# Guide\n\nNot a skill.\n")
  vim.cmd("edit " .. vim.fn.fnameescape(ws .. "/docs/guide.md"))
  local gb = vim.api.nvim_get_current_buf()
  vim.wait(300, function()
    return skill_ls.clients(gb)[1] ~= nil
  end, 20)
  check("setup() leaves an unrelated markdown file alone", vim.bo[gb].filetype == "markdown"
    and skill_ls.clients(gb)[1] == nil, vim.bo[gb].filetype)

  vim.cmd("buffer " .. cb)
  vim.cmd("SkillList")
  local plb
  vim.wait(5000, function()
    plb = find_buf("skill-ls://skills")
    return plb ~= nil and buf_text(plb) ~= ""
  end, 20)
  local lt = plb and buf_text(plb) or ""
  check(":SkillList lists skills and the dropped broken-skill", lt:find("pdf-tools", 1, true)
    and lt:find("broken-skill", 1, true), lt)

  -- 9. Typing: quoting the description in the (unsaved) broken SKILL.md
  -- clears its diagnostic, and the open buffer wins over the disk.
  vim.cmd("buffer " .. sb)
  vim.api.nvim_buf_set_lines(sb, bad_lnum, bad_lnum + 1, false,
    { 'description: "Résumé 日本語 🎉 helper. Use when: the user asks"' })
  local cleared = vim.wait(5000, function()
    for _, d in ipairs(vim.diagnostic.get(sb)) do
      if d.lnum == bad_lnum and d.severity == vim.diagnostic.severity.ERROR then
        return false
      end
    end
    return true
  end, 20)
  check("quoting the description (didChange) clears the error on that line", cleared, vim.diagnostic.get(sb))
  local fixed_labels
  local fixed = vim.wait(5000, function()
    local r = request(cb, "textDocument/completion",
      { textDocument = { uri = chat_uri }, position = { line = 2, character = 1 } }, 2000)
    fixed_labels = labels(completion_items(r))
    return vim.tbl_contains(fixed_labels, "broken-skill")
  end, 100)
  check("the fixed, unsaved broken-skill appears in '/' completion", fixed, fixed_labels)

  -- 10. Live: a skill created on disk during the session shows up in completion.
  write_file(ws .. "/.agents/skills/new-skill/SKILL.md",
    "---\nname: new-skill\ndescription: Created while the editor runs.\n---\n\nNew.\n")
  local live_labels
  local appeared = vim.wait(10000, function()
    local r = request(cb, "textDocument/completion",
      { textDocument = { uri = chat_uri }, position = { line = 2, character = 1 } }, 2000)
    live_labels = labels(completion_items(r))
    return vim.tbl_contains(live_labels, "new-skill")
  end, 200)
  check("a skill created on disk appears in '/' completion within 10 s", appeared, live_labels)

  check("no warnings or errors from the server (logMessage/showMessage)", #server_problems == 0, server_problems)

  -- 11. Shutdown.
  vim.lsp.stop_client(client.id)
  vim.wait(5000, function()
    return exit_code ~= nil
  end, 20)
  check("server exited with code 0 after shutdown", exit_code == 0, { code = exit_code, signal = exit_signal })
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  check("no Lua error", false, tostring(err))
end
finish()
