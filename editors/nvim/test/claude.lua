-- Headless test of a repository shaped like most authors' (issue 40):
-- .claude/skills the main folder, a copy and a link in .agents/skills, a
-- personal ~/.claude/skills (HOME). Keys are typed and the screen and
-- buffers read back: the findings of the .claude file are those of a plain
-- `skill-ls check` (SKILL_LS_CHECK, its JSON), K on when_to_use speaks for
-- Claude Code, gra quotes the ": " description, a lowercase skill.md
-- and a flat quick-fix.md opened as Markdown get check's findings, and
-- '/' in a chat buffer offers
-- the .claude skills. Run by run.sh with e2e.lua's environment.

local uv = vim.uv or vim.loop
local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local H = dofile(here .. "/harness.lua")
local check, wait_for, feed, type_keys = H.check, H.wait_for, H.feed, H.type_keys
local bin, ws = H.env("SKILL_LS_BIN"), H.env("SKILL_LS_WS")
H.editor()

local check_findings, editor_findings = H.check_findings, H.editor_findings
local float_text, close_floats = H.float_text, H.close_floats

local function hover_when_to_use(sb)
  vim.api.nvim_win_set_cursor(0, { 4, 2 })
  feed("K")
  local t = wait_for(function()
    local s = float_text()
    return s:find("Claude Code", 1, true) and s
  end, 8000)
  local res = vim.lsp.buf_request_sync(sb, "textDocument/hover",
    { textDocument = { uri = vim.uri_from_bufnr(sb) }, position = { line = 3, character = 2 } }, 5000)
  check("K on when_to_use in .claude/skills says Claude Code reads it, no \"DSH ignores\"",
    t and t:find("read by Claude Code", 1, true) and not t:find("DSH ignores", 1, true), { float = float_text(), request = res })
  close_floats()
end

-- gra on the ": " description, answering the prompt with the number of
-- "Quote the value" in the server's list (the order the prompt shows).
local function quote_by_keys(sb)
  local params = { textDocument = { uri = vim.uri_from_bufnr(sb) },
    range = { start = { line = 2, character = 20 }, ["end"] = { line = 2, character = 20 } },
    context = { diagnostics = {} } }
  local res = vim.lsp.buf_request_sync(sb, "textDocument/codeAction", params, 5000) or {}
  local titles = {}
  for _, r in pairs(res) do
    for _, a in ipairs(r.result or {}) do
      table.insert(titles, a.title)
    end
  end
  local idx
  for i, t in ipairs(titles) do
    if t == "Quote the value" and not idx then
      idx = i
    end
  end
  check("the quick fixes on the ': ' description offer 'Quote the value'", idx ~= nil, titles)
  if not idx then
    return
  end
  vim.api.nvim_win_set_cursor(0, { 3, 20 })
  feed("gra")
  local answer = uv.new_timer()
  answer:start(800, 0, function()
    vim.api.nvim_input(idx .. "<CR>")
  end)
  local quoted = wait_for(function()
    local l = vim.api.nvim_buf_get_lines(sb, 2, 3, false)[1]
    return l:match("^description: ['\"]") and l
  end, 8000)
  answer:close()
  check("gra + " .. idx .. " (Quote the value) quotes the description", quoted,
    { vim.api.nvim_buf_get_lines(sb, 2, 3, false)[1], vim.fn.execute("messages") })
end

-- '/' then <C-x><C-o> in the chat buffer: the words of the menu.
local function slash_menu()
  feed("i/<C-x><C-o>")
  local menu = wait_for(function()
    local info = vim.fn.complete_info({ "pum_visible", "items" })
    if info.pum_visible == 1 and #info.items > 0 then
      local words = {}
      for _, it in ipairs(info.items) do
        table.insert(words, it.abbr ~= "" and it.abbr or it.word)
      end
      return words
    end
  end, 8000) or {}
  type_keys("<C-e><Esc>")
  return menu
end

H.start(function()
  require("skill_ls").setup({ cmd = { bin } })
  local rel = ".claude/skills/pdf-helper/SKILL.md"
  vim.cmd("cd " .. vim.fn.fnameescape(ws))
  type_keys(":edit " .. rel .. "<CR>")
  local sb = vim.api.nvim_get_current_buf()
  local want = check_findings(rel)
  local got = wait_for(function()
    local g = editor_findings(sb)
    return vim.deep_equal(g, want) and g
  end, 30000)
  check("the findings of " .. rel .. " are those of a plain skill-ls check (" .. #want .. ")", got and #want > 0,
    { editor = editor_findings(sb), check = want })

  hover_when_to_use(sb)
  quote_by_keys(sb)

  -- A lowercase skill.md, which the editor opens as Markdown: a skill file
  -- to the server (Claude Code and the others pass it over).
  for _, lrel in ipairs({ ".claude/skills/onboarding/skill.md", ".claude/skills/quick-fix.md" }) do
    type_keys(":edit " .. lrel .. "<CR>")
    local lb = vim.api.nvim_get_current_buf()
    local lwant = check_findings(lrel)
    local lgot = wait_for(function()
      local g = editor_findings(lb)
      return vim.deep_equal(g, lwant) and g
    end, 20000)
    check(lrel .. " (filetype " .. vim.bo[lb].filetype .. ") gets check's findings", lgot and #lwant > 0,
      { editor = editor_findings(lb), check = lwant })
  end

  type_keys(":edit talk.chat.md<CR>")
  local menu = slash_menu()
  local lower = {}
  for _, w in ipairs(menu) do
    lower[w:lower()] = true
  end
  check("'/' <C-x><C-o> in a chat buffer offers the .claude skills (/deploy-staging, /pdf-helper)",
    lower["/deploy-staging"] and lower["/pdf-helper"], menu)
  H.finish()
end)
