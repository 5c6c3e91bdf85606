-- Headless test of a skill's eval file in Neovim: the server's findings on
-- the open query file (attached because the server calls it "eval"), read
-- back with vim.diagnostic.get at their columns, then :SkillEval typed as
-- keys, which runs `skill-ls eval` against a fake host (SKILL_LS_FAKE_HOST,
-- through --host-command) and puts each query's result on its line.
-- Run by run.sh with e2e.lua's environment.

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local H = dofile(here .. "/harness.lua")
local check, wait_for, feed = H.check, H.wait_for, H.feed
local bin, ws, fake = H.env("SKILL_LS_BIN"), H.env("SKILL_LS_WS"), H.env("SKILL_LS_FAKE_HOST")
H.editor()

local queries = table.concat({
  "[",
  '  {"query": "名前 read this pdf", "should_trigger": true},',
  '  {"query": "summarize the pdf", "should_trigger": "yes"},',
  '  {"query": "名前 read this pdf", "should_trigger": true},',
  '  {"query": "what is the weather", "should_trigger": true}',
  "]",
  "",
}, "\n")

H.start(function()
  require("skill_ls").setup({ cmd = { bin }, eval_host_command = fake })
  local dir = ws .. "/.agents/skills/pdf-tools/evals"
  vim.fn.mkdir(dir, "p")
  local path = dir .. "/eval_queries.json"
  local f = assert(io.open(path, "w"))
  f:write(queries)
  f:close()
  local bufnr = assert(require("skill_ls.open").edit(path))
  local function server_diags()
    return vim.tbl_filter(function(d)
      return d.namespace ~= require("skill_ls.evalrun").ns
    end, vim.diagnostic.get(bufnr))
  end
  local function by_code(code)
    for _, d in ipairs(server_diags()) do
      if d.code == code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == code) then
        return d
      end
    end
  end
  local dup = wait_for(function()
    return by_code("eval-duplicate-query")
  end, 20000)
  check("the eval file is attached as the server's kind \"eval\"", require("skill_ls").kinds[bufnr] == "eval", require("skill_ls").kinds[bufnr])
  -- Line 4 (0-based 3): the query string starts at byte 12; 名前 is 6
  -- bytes (2 UTF-16 units), so its end is byte 12+2+6+14 = 34.
  check("eval-duplicate-query on the second copy, at its byte columns", dup and dup.lnum == 3 and dup.col == 12 and dup.end_col == 34, dup)
  local wrong = by_code("eval-wrong-type")
  check("eval-wrong-type on the string \"yes\"", wrong and wrong.lnum == 2 and wrong.col == 51, wrong)

  -- An unsaved edit that mends the type clears it.
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  feed(":s/\"yes\"/true/<CR>")
  local cleared = wait_for(function()
    return by_code("eval-duplicate-query") and not by_code("eval-wrong-type")
  end, 20000)
  check("the unsaved fix clears eval-wrong-type", cleared, server_diags())

  feed(":SkillEval<CR>")
  H.sleep(300)
  check(":SkillEval refuses an unsaved buffer (eval reads the file)", #vim.diagnostic.get(bufnr, { namespace = require("skill_ls.evalrun").ns }) == 0)
  feed(":w<CR>:SkillEval<CR>")
  local ns = require("skill_ls.evalrun").ns
  local results = wait_for(function()
    local ds = vim.diagnostic.get(bufnr, { namespace = ns })
    return #ds == 4 and ds
  end, 30000)
  check(":SkillEval puts a result on each query line", results ~= nil, vim.diagnostic.get(bufnr, { namespace = ns }))
  local on = {}
  for _, d in ipairs(results or {}) do
    on[d.lnum] = d.message
  end
  check("a query that triggers and should passes, each copy on its own line",
    (on[1] or ""):find("triggered 3 of 3: pass", 1, true) and (on[3] or ""):find("triggered 3 of 3: pass", 1, true), on)
  check("a query that should trigger and does not FAILs", (on[4] or ""):find("should trigger, triggered 0 of 3: FAIL", 1, true) ~= nil, on)
  H.finish()
end)
