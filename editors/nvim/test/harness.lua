-- The harness of the headless Neovim tests (the .lua files run.sh runs): checks
-- that print "PASS name" / "FAIL name: detail" and end with "N passed, N
-- failed" (the exit code is the number of failures), a deadline that ends a
-- hung run, and waiting and typing from a coroutine that yields to
-- Neovim's main loop, so that typed keys are processed by the real insert
-- and normal modes (a blocking vim.wait would not run them).
--
--   local H = dofile(".../harness.lua")
--   H.start(function() H.check("name", ok, detail) end)
--
-- Reads SKILL_LS_RESULT (where the JSON results go) and
-- SKILL_LS_DEADLINE_MS (default 60000).

local uv = vim.uv or vim.loop
local H = {}

local version = vim.version()
-- The results, written as JSON to $SKILL_LS_RESULT; tests may add fields.
H.out = { checks = {}, nvim = string.format("%d.%d.%d", version.major, version.minor, version.patch) }
local out = H.out
local failed = 0
local finished = false

-- The value of an environment variable that must be set.
function H.env(k)
  local v = os.getenv(k)
  if not v or v == "" then
    error("missing environment variable " .. k)
  end
  return v
end

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

function H.check(name, ok, detail)
  ok = not not ok
  table.insert(out.checks, { name = name, ok = ok, detail = detail ~= nil and vim.inspect(detail) or nil })
  if not ok then
    failed = failed + 1
  end
  io.stdout:write(string.format("%s %s%s\n", ok and "PASS" or "FAIL", name,
    (not ok and detail ~= nil) and (": " .. vim.inspect(detail):gsub("\n%s*", " ")) or ""))
  io.stdout:flush()
  write_result()
  return ok
end
local check = H.check

local function summary()
  return string.format("%d passed, %d failed", #out.checks - failed, failed)
end

function H.finish()
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
local finish = H.finish

-- Deadline guard: a raw libuv timer, so it fires even while Neovim waits in a prompt.
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
-- Waiting and typing

local co

local function now_ms()
  return uv.hrtime() / 1e6
end

-- Yields to the main loop (which processes typed keys, LSP replies and
-- timers) for about ms milliseconds.
function H.sleep(ms)
  vim.defer_fn(function()
    local ok, err = coroutine.resume(co)
    if not ok then
      check("no Lua error", false, debug.traceback(co, tostring(err)))
      finish()
    end
  end, ms)
  coroutine.yield()
end
local sleep = H.sleep

-- Waits (yielding) until cond() returns a truthy value; returns it, or nil
-- after timeout ms.
function H.wait_for(cond, timeout, interval)
  local deadline = now_ms() + (timeout or 5000)
  while true do
    local ok, v = pcall(cond)
    if ok and v then
      return v
    end
    if now_ms() > deadline then
      return nil
    end
    sleep(interval or 20)
  end
end

-- Types keys as a user would (processed when the test next yields).
function H.feed(keys)
  vim.api.nvim_input(keys)
end

function H.mode()
  return vim.api.nvim_get_mode().mode
end

-- Types keys and waits until Neovim is back in normal mode with nothing
-- left to process.
function H.type_keys(keys, timeout)
  H.feed(keys)
  sleep(30)
  return H.wait_for(function()
    local m = vim.api.nvim_get_mode()
    return m.mode == "n" and not m.blocking
  end, timeout or 3000)
end

-- What the screen shows in window win, as lines (a person's view of it).
function H.screen_text(win)
  vim.cmd("redraw")
  local pos = vim.api.nvim_win_get_position(win)
  local lines = {}
  for r = 1, vim.api.nvim_win_get_height(win) do
    local cells = {}
    for c = 1, vim.api.nvim_win_get_width(win) do
      table.insert(cells, vim.fn.screenstring(pos[1] + r, pos[2] + c))
    end
    lines[r] = table.concat(cells):gsub("%s+$", "")
  end
  return table.concat(lines, "\n")
end

-- Puts the module under test (SKILL_LS_NVIM, editors/nvim) on
-- 'runtimepath' and sets Neovim as the tests expect: filetypes detected,
-- no swap files, buffers left hidden when another is edited.
function H.editor()
  vim.opt.runtimepath:prepend(H.env("SKILL_LS_NVIM"))
  vim.cmd("filetype on")
  vim.o.swapfile = false
  vim.o.hidden = true
end

-- The text of the floating windows (hover). Headless Neovim composes no
-- floats into the grid screenstring() reads, so it is their buffers' text.
function H.float_text()
  local parts = {}
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    local cfg = vim.api.nvim_win_get_config(w)
    if cfg.relative and cfg.relative ~= "" then
      table.insert(parts, table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false), "\n"))
    end
  end
  return table.concat(parts, "\n")
end

-- Closes the floating windows (a hover read, before the next).
function H.close_floats()
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    local cfg = vim.api.nvim_win_get_config(w)
    if cfg.relative and cfg.relative ~= "" then
      pcall(vim.api.nvim_win_close, w, true)
    end
  end
end

-- Runs the test fn in the coroutine, then finishes (a Lua error is a
-- failed check).
function H.start(fn)
  co = coroutine.create(function()
    local ok, err = xpcall(fn, debug.traceback)
    if not ok then
      check("no Lua error", false, tostring(err))
    end
    finish()
  end)
  local ok, err = coroutine.resume(co)
  if not ok then
    check("no Lua error", false, tostring(err))
    finish()
  end
end

-- The findings `skill-ls check --format json` (the file SKILL_LS_CHECK)
-- prints on rel, as "line:col severity code" (0-based, bytes), sorted:
-- what a test compares the editor's diagnostics with.
local severities = { error = 1, warning = 2, info = 3, hint = 4 }
function H.check_findings(rel)
  local f = assert(io.open(H.env("SKILL_LS_CHECK")))
  local all = vim.json.decode(f:read("*a"))
  f:close()
  local out = {}
  for _, d in ipairs(all) do
    if d.path == rel then
      table.insert(out, string.format("%d:%d %d %s", d.line - 1, d.column - 1, severities[d.severity], d.code))
    end
  end
  table.sort(out)
  return out
end

-- The editor's diagnostics on bufnr, in check_findings' form.
function H.editor_findings(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(out, string.format("%d:%d %d %s", d.lnum, d.col, d.severity, tostring(code)))
  end
  table.sort(out)
  return out
end

return H
