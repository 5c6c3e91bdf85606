-- Opening a file whose path comes from the server or a skill.
--
-- A skill folder's name may hold any byte but "/": a newline, "|", a
-- backslash, "%", "#", "`", "$". An Ex command line built from such a path
-- runs what follows: fnameescape() turns a newline into backslash-newline,
-- and vim.cmd() (nvim_exec on 0.7) runs every line as an Ex command, so
-- `vim.cmd("edit " .. vim.fn.fnameescape(path))` on a folder named
-- "x\nlua(...)--" runs that Lua. nvim_cmd, which takes the path as an
-- argument rather than as text, is 0.8+; the module supports 0.7.2. So no
-- path reaches an Ex command here: bufadd() names a buffer with the path
-- as it is (no escapes read, no wildcards or $VARs expanded) and
-- nvim_win_set_buf() shows it, loading the file as :edit does (BufReadPost,
-- filetype detection, E37 on a changed buffer when 'hidden' is off).
--
-- This is the one place the module opens a file; never build an Ex command
-- from a path or a name instead.

local O = {}

-- Opens the file at path (a string, used byte for byte) in window win (0
-- or nil: the current one), as :edit would; returns its buffer number, or
-- nil and an error message.
function O.edit(path, win)
  if type(path) ~= "string" or path == "" then
    return nil, "no file to open"
  end
  local bufnr = vim.fn.bufadd(path)
  if bufnr == 0 then
    return nil, "cannot make a buffer for the file"
  end
  vim.bo[bufnr].buflisted = true -- :edit lists the buffer; bufadd() does not
  local ok, err = pcall(vim.api.nvim_win_set_buf, win or 0, bufnr)
  if not ok then
    return nil, tostring(err)
  end
  return bufnr
end

return O
