-- Checks of e2e.lua that give the module hostile file names: a skill
-- folder's name may hold any byte but "/", and none may run as an Ex
-- command, a Lua chunk or a shell word when the module opens the file.
--
--   local hostile = dofile(".../hostile.lua")
--   hostile.open_helper(H, dir)                 -- skill_ls.open.edit, a table of names
--   hostile.list_row(H, ws, cb, execute_fn)     -- :SkillList, <CR> on a hostile row

local X = {}

-- Lua that writes the file $SKILL_LS_PWNED when it runs: no space, quote,
-- brace or other character fnameescape() escapes, so that the Ex line
-- after an escaped newline is this chunk as it stands; "--" makes the rest
-- of the path ("/SKILL.md") a comment.
local payload = "lua(vim.fn.writefile)(vim.fn.split(vim.env.SKILL_LS_PWNED),vim.env.SKILL_LS_PWNED)--"

-- Folder names: a newline, "|", "::", backslashes, control characters, and
-- what :edit would expand or read as an argument.
X.names = {
  "newline\n" .. payload,
  "bar|" .. payload,
  "colons::stop-commands::x",
  "back\\slash\\",
  "ctl\1\27[31m\127",
  "pct%#<cword>",
  "$SKILL_LS_PWNED",
  "`touch pwned`",
  "+" .. payload,
}

local function write_file(path, text)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function pwned_marker(dir)
  local marker = dir .. "/pwned"
  vim.env.SKILL_LS_PWNED = marker
  os.remove(marker)
  return marker
end

-- skill_ls.open.edit on each name: the buffer is the file, named byte for
-- byte, its text read, and nothing ran.
function X.open_helper(H, dir)
  local edit = require("skill_ls.open").edit
  local marker = pwned_marker(dir)
  vim.fn.mkdir(dir, "p")
  local cwd = vim.fn.chdir(dir) -- a relative `touch pwned` would land here
  for _, name in ipairs(X.names) do
    local path = dir .. "/" .. name .. "/SKILL.md"
    write_file(path, "body of the folder\n")
    local bufnr, err = edit(path)
    local got = bufnr and {
      name = vim.api.nvim_buf_get_name(bufnr),
      current = vim.api.nvim_get_current_buf() == bufnr,
      text = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false),
      listed = vim.bo[bufnr].buflisted,
    } or err
    H.check("open.edit opens " .. vim.inspect(name) .. " as the file it names, running nothing",
      bufnr and got.name == path and got.current and got.listed and vim.deep_equal(got.text, { "body of the folder" })
        and vim.fn.filereadable(marker) == 0 and vim.fn.filereadable(dir .. "/pwned") == 0, got)
  end
  local bufnr, err = edit("")
  H.check("open.edit of an empty path opens nothing", bufnr == nil and err, err)
  vim.fn.chdir(cwd)
  vim.cmd("enew")
end

-- :SkillList, then <CR> on the row of a skill whose folder name is a
-- newline and Lua: the Lua does not run and the row's SKILL.md opens.
function X.list_row(H, ws, cb, execute_fn)
  local dir = ws .. "/.agents/skills/x\n" .. payload
  local path = dir .. "/SKILL.md"
  local marker = pwned_marker(vim.fn.fnamemodify(ws, ":h"))
  write_file(path, "---\nname: hostile-open\ndescription: Its folder name is a newline and Lua.\n---\n\nBody.\n")
  local known = H.wait_for(function()
    local r = execute_fn(cb, "skill-ls.listSkills", { uri = vim.uri_from_fname(ws) })
    for _, sk in ipairs(type(r) == "table" and r.skills or {}) do
      if sk.name == "hostile-open" then
        return true
      end
    end
  end, 10000, 200)
  H.check("a skill in a folder named 'x\\nlua(...)--' is loaded", known)
  vim.cmd("buffer " .. cb)
  vim.cmd("only")
  H.feed("\\sl")
  local lw = H.wait_for(function()
    local b = vim.fn.bufnr("^skill-ls://skills$")
    return b ~= -1 and vim.fn.bufwinid(b) ~= -1
      and table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), "\n"):find("hostile-open", 1, true)
      and vim.fn.bufwinid(b)
  end, 5000)
  if lw then
    vim.api.nvim_set_current_win(lw)
    vim.api.nvim_win_set_cursor(lw, { 1, 0 })
    H.type_keys("/hostile-open<CR>")
    H.type_keys("<CR>")
  end
  local opened = H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == path
  end, 3000)
  H.check("<CR> on its :SkillList row opens that SKILL.md", opened
    and vim.api.nvim_buf_get_lines(0, 0, 2, false)[2] == "name: hostile-open", vim.api.nvim_buf_get_name(0))
  H.sleep(100)
  H.check("... and the Lua in the folder name did not run", vim.fn.filereadable(marker) == 0, marker)
  vim.cmd("only")
  vim.fn.delete(dir, "rf")
end

return X
