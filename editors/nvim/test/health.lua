-- Headless test of :checkhealth skill_ls (editors/nvim/lua/skill_ls/health.lua),
-- read as a person reads it: the text of the health buffer. Run by
-- editors/nvim/test/run.sh after e2e.lua, with the same environment
-- (SKILL_LS_BIN, SKILL_LS_WS, SKILL_LS_NVIM). Prints PASS/FAIL lines and
-- "N passed, N failed"; exits non-zero on a failure.

local bin, ws = os.getenv("SKILL_LS_BIN"), os.getenv("SKILL_LS_WS")
vim.opt.runtimepath:prepend(os.getenv("SKILL_LS_NVIM"))
vim.cmd("filetype on")
vim.o.swapfile = false
vim.o.hidden = true

local passed, failed = 0, 0
local function check(name, ok, detail)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
  io.stdout:write(string.format("%s health: %s%s\n", ok and "PASS" or "FAIL", name,
    (not ok and detail) and (": " .. vim.inspect(detail):gsub("\n%s*", " ")) or ""))
end

-- checkhealth returns the report's lines and closes its tab.
local function checkhealth()
  vim.cmd("checkhealth skill_ls")
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  if #vim.api.nvim_list_tabpages() > 1 then
    vim.cmd("tabclose")
  end
  return lines
end

-- has(lines, level, text): a line of that level (OK, WARNING, ERROR, or nil
-- for any) holding text. Levels read "OK:", "OK " or "✅ OK " by version.
local function has(lines, level, text)
  for _, l in ipairs(lines) do
    if l:find(text, 1, true) and (level == nil or l:find(level, 1, true)) then
      return true
    end
  end
  return false
end

local ok_run, err = pcall(function()
  local skill_ls = require("skill_ls")

  -- 1. Before setup(): the check says so, and still finds the default command.
  local before = checkhealth()
  check("before setup() it warns that setup() was not called", has(before, "WARN", "setup() was not called"), before)

  -- 2. After setup() with a skill file open: binary, version, client, settings.
  skill_ls.setup({ cmd = { bin }, settings = { profile = "agentskills" } })
  vim.cmd("edit " .. vim.fn.fnameescape(ws .. "/.agents/skills/pdf-tools/SKILL.md"))
  local started = vim.wait(10000, function()
    local c = skill_ls.clients(0)[1]
    return c ~= nil and c.initialized
  end, 50)
  check("a client starts for the skill file", started)
  local version = vim.trim(vim.fn.system({ bin, "--version" }))
  local after = checkhealth()
  check("the report has its sections", has(after, nil, "skill-ls: setup") and has(after, nil, "skill-ls: server binary")
    and has(after, nil, "skill-ls: server") and has(after, nil, "skill-ls: settings"), after)
  check("setup() was called", has(after, "OK", "setup() was called"), after)
  check("the binary is found at its path", has(after, "OK", "runs " .. bin), after)
  check("the version is the binary's (" .. version .. ")", version:match("^skill%-ls ") and has(after, "OK", "version: " .. version), after)
  check("the running client is reported with its root", has(after, "OK", "for " .. ws) and has(after, "OK", "attached to 1 buffer"), after)
  check("the settings are shown", has(after, nil, 'profile = "agentskills"'), after)
  check("no ERROR in a working set-up", not has(after, "ERROR", ""), after)

  -- 3. A command that does not exist: an error with the ways to install.
  skill_ls.setup({ cmd = { "skill-ls-not-installed" } })
  local missing = checkhealth()
  check("a missing binary is an ERROR naming the command", has(missing, "ERROR", "skill-ls-not-installed"), missing)
  check("with the ways to install it", has(missing, nil, "npm install -g skill-ls") and has(missing, nil, "go install"), missing)
end)
if not ok_run then
  check("no Lua error", false, tostring(err))
end
io.stdout:write(string.format("%d passed, %d failed\n", passed, failed))
io.stdout:flush()
local skill_ls = require("skill_ls")
for _, c in ipairs(skill_ls.clients()) do
  if vim.fn.has("nvim-0.11") == 1 then
    c:stop()
  else
    c.stop()
  end
end
vim.wait(2000, function()
  return #skill_ls.clients() == 0
end, 50)
vim.cmd(failed == 0 and "qall!" or "cquit!")
