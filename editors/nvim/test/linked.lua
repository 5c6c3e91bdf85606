-- Headless test of bundles linked from a shared folder (issue 40):
-- .claude/skills/tdd is a link to shared-skills/tdd,
-- .claude/skills/file-link/SKILL.md a link to shared-skills/file-link.md,
-- and linked-colon is linked from .agents/skills and .claude/skills.
-- Neovim's :edit turns a linked path into the real one; the server still
-- answers the buffer as the linked file: its findings are those a plain
-- `skill-ls check` prints for the .claude path (SKILL_LS_CHECK, its JSON),
-- and K on when_to_use speaks for Claude Code, not "DSH ignores" or "not
-- in a skill root"; linked-colon's YAML mistake is one finding by either
-- path. Keys are typed and the buffers and floats read back.
-- Run by run.sh with e2e.lua's environment.

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local H = dofile(here .. "/harness.lua")
local check, wait_for, feed, type_keys = H.check, H.wait_for, H.feed, H.type_keys
local bin, ws = H.env("SKILL_LS_BIN"), H.env("SKILL_LS_WS")
H.editor()

local check_findings, editor_findings = H.check_findings, H.editor_findings
local float_text, close_floats = H.float_text, H.close_floats

-- :edit rel, typed; waits for the findings of a plain check on as_rel
-- (rel when nil): the path the buffer is answered as.
local function edit_and_compare(rel, as_rel)
  type_keys(":edit " .. rel .. "<CR>")
  local b = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(b)
  H.out[rel] = name
  local want = check_findings(as_rel or rel)
  local got = wait_for(function()
    local g = editor_findings(b)
    return vim.deep_equal(g, want) and g
  end, 30000)
  check("the buffer of linked " .. rel .. " (named " .. vim.fn.fnamemodify(name, ":.") ..
    ") shows the " .. #want .. " findings of a plain skill-ls check", got and #want > 0,
    { editor = editor_findings(b), check = want })
  return b
end

H.start(function()
  require("skill_ls").setup({ cmd = { bin } })
  vim.cmd("cd " .. vim.fn.fnameescape(ws))
  local b = edit_and_compare(".claude/skills/tdd/SKILL.md")

  vim.api.nvim_win_set_cursor(0, { 4, 2 })
  feed("K")
  local t = wait_for(function()
    local s = float_text()
    return s:find("Claude Code", 1, true) and s
  end, 8000)
  check("K on when_to_use of the linked bundle says Claude Code reads it, no \"DSH ignores\"",
    t and t:find("read by Claude Code", 1, true) and not t:find("DSH", 1, true), { float = float_text() })
  close_floats()

  vim.api.nvim_win_set_cursor(0, { 2, 7 })
  feed("K")
  local n = wait_for(function()
    local s = float_text()
    return s ~= "" and s
  end, 8000)
  check("K on the linked bundle's name does not say it is outside the skill roots",
    n and not n:find("not in a skill root", 1, true) and not n:find("never loads", 1, true), { float = n })
  close_floats()

  edit_and_compare(".claude/skills/file-link/SKILL.md")
  check("the first buffer is still answered as the linked file", #editor_findings(b) > 0, editor_findings(b))

  -- Linked from .agents/skills and .claude/skills: answered as the first
  -- path (DSH's), whose findings the other path's must not replace on the
  -- one buffer Neovim keeps for the file.
  local cb = edit_and_compare(".claude/skills/linked-colon/SKILL.md", ".agents/skills/linked-colon/SKILL.md")
  H.sleep(3000)
  local want = check_findings(".agents/skills/linked-colon/SKILL.md")
  check("a bundle linked from two folders keeps its findings on its buffer", vim.deep_equal(editor_findings(cb), want),
    { editor = editor_findings(cb), check = want })
  -- One file, one fact: its unquoted ": " is one finding, DSH's, naming
  -- what the hosts reading it through .claude/skills do; by either path
  -- the buffer shows it.
  local ab = edit_and_compare(".agents/skills/linked-colon/SKILL.md")
  local msgs = {}
  for _, d in ipairs(vim.diagnostic.get(ab)) do
    if d.lnum == 2 then
      table.insert(msgs, d.message)
    end
  end
  check("the linked bundle's YAML mistake is one finding that names the hosts of the other path, by either path",
    ab == cb and #msgs == 1 and msgs[1]:find("DSH drops this skill", 1, true) ~= nil
      and msgs[1]:find("Through .claude/skills/linked-colon, ", 1, true) ~= nil,
    { same_buffer = ab == cb, messages = msgs })
  H.finish()
end)
