-- The plain setup of the docs, as a new user meets it: run.sh starts Neovim
-- with no -u, so its init.lua is the block of editors/nvim/README.md (and
-- docs/editors.md) and nothing else, with `skill-ls` on PATH. This script
-- then types into a chat buffer and reads back the buffer and the screen:
-- `/pd` completed with <C-x><C-o>, a K hover, and 'completeopt' as the
-- README's table says for this version.
--
-- Reads SKILL_LS_WS (a copy of test/fixture with .git), SKILL_LS_README
-- (editors/nvim/README.md) and what harness.lua reads.

local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/harness.lua")
local check, wait_for, feed, type_keys = H.check, H.wait_for, H.feed, H.type_keys

-- The completeopt the README's table gives this Neovim (the first code
-- span of the row 0.7–0.10 or 0.11+ under "<!-- completeopt -->").
local function documented_completeopt(readme)
  local f = assert(io.open(readme, "rb"))
  local text = f:read("*a")
  f:close()
  local table_text = text:match("<!%-%- completeopt %-%->\n(.-)\n\n")
  if not table_text then
    return nil
  end
  local row = vim.fn.has("nvim-0.11") == 1 and "0.11+" or "0.7–0.10"
  for line in table_text:gmatch("[^\n]+") do
    local first, rest = line:match("^|%s*([^|]-)%s*|(.*)$")
    if first == row then
      return rest:match("`([^`]*)`")
    end
  end
end

local float_text = H.float_text

-- Whether a screen line shows text at its start (after the sign column).
local function screen_line_starts(screen, text)
  for l in (screen .. "\n"):gmatch("([^\n]*)\n") do
    if l:sub(1, #text) == text or l:sub(3, #text + 2) == text then
      return true
    end
  end
  return false
end

local function run()
  local ws = H.env("SKILL_LS_WS")
  check("the init.lua of the docs loaded the module and made its commands",
    package.loaded["skill_ls"] ~= nil and vim.fn.exists(":SkillList") == 2, vim.o.runtimepath)
  vim.cmd("edit " .. vim.fn.fnameescape(ws .. "/notes.chat.md"))
  local cb = vim.api.nvim_get_current_buf()
  local sl = require("skill_ls")
  check("notes.chat.md becomes a chat buffer (filetype skill-chat, skill-ls attached)", wait_for(function()
    return vim.bo[cb].filetype == "skill-chat" and sl.clients(cb)[1] ~= nil and sl.clients(cb)[1].initialized
  end, 10000), { ft = vim.bo[cb].filetype, kind = sl.kinds[cb] })
  local want = documented_completeopt(H.env("SKILL_LS_README"))
  local got = vim.api.nvim_buf_call(cb, function()
    return vim.o.completeopt -- the buffer's value where it has one (0.11+)
  end)
  check("completeopt in the chat buffer is what the README's table says for this version", want ~= nil and got == want,
    { got = got, documented = want })

  -- Type a token and complete it as a person does.
  vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(cb), 0 })
  feed("o/pd<C-x><C-o>")
  local state = wait_for(function()
    if vim.fn.pumvisible() == 1 then
      return "menu"
    end
    if vim.api.nvim_get_current_line() == "/pdf-tools" then
      return "inserted"
    end
  end, 5000)
  if state == "menu" then
    type_keys("<C-y><Esc>")
  else
    type_keys("<Esc>")
  end
  local line = vim.api.nvim_get_current_line()
  local screen = H.screen_text(vim.api.nvim_get_current_win())
  check("'o/pd' <C-x><C-o> completes the line to /pdf-tools, and the screen shows it", line == "/pdf-tools"
    and screen_line_starts(screen, "/pdf-tools"), { line = line, how = state, screen = screen })

  -- K on the token: the hover float shows the skill's description. The
  -- line was typed a moment ago and its change may still be on its way to
  -- the server (which then finds no token there): like a person, press K
  -- again when nothing shows.
  local float
  for _ = 1, 3 do
    feed("K")
    float = wait_for(function()
      local t = float_text()
      return t:find("Extract text and tables from PDF files.", 1, true) and t
    end, 2000)
    if float then
      break
    end
    type_keys("hl") -- moving the cursor closes a float that says something else
  end
  check("K on /pdf-tools shows its description in a float", float, float_text())
end

H.start(run)
