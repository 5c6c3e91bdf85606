-- Neovim 0.11+: the config of lsp/skill_ls.lua, as `vim.lsp.enable` uses
-- it without setup(). The buffers it offers the server are those the
-- server's document selector names, asked with vim.lsp.config's command and
-- settings: a file a chat pattern names attaches whatever its filetype
-- (here "text"), main.go and a plain text file start nothing. Files are
-- opened by typing :edit.
--
-- Reads SKILL_LS_BIN, SKILL_LS_WS, SKILL_LS_NVIM and what harness.lua reads.

local H = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/harness.lua")
local check, wait_for, type_keys = H.check, H.wait_for, H.type_keys

local function clients(bufnr)
  return vim.lsp.get_clients({ name = "skill_ls", bufnr = bufnr })
end

-- Opens path by typing :edit, and returns its buffer.
local function edit(path)
  type_keys(":edit " .. vim.fn.fnameescape(path) .. "<CR>")
  wait_for(function()
    return vim.api.nvim_buf_get_name(0) == path
  end, 3000)
  return vim.api.nvim_get_current_buf()
end

local function run()
  local ws = H.env("SKILL_LS_WS")
  vim.opt.runtimepath:prepend(H.env("SKILL_LS_NVIM"))
  vim.cmd("filetype on")
  vim.lsp.config("skill_ls", {
    cmd = { H.env("SKILL_LS_BIN") },
    init_options = { chatPatterns = { "*.prompt.txt" } },
  })
  vim.lsp.enable("skill_ls")
  for name, text in pairs({ ["main.go"] = "package main\n", ["notes.txt"] = "notes\n", ["ask.prompt.txt"] = "please /pdf-tools\n" }) do
    local f = assert(io.open(ws .. "/" .. name, "w"))
    f:write(text)
    f:close()
  end

  local go = edit(ws .. "/main.go")
  H.sleep(1500)
  check("0.11 vim.lsp.enable: opening main.go starts no server", #clients(go) == 0 and #vim.lsp.get_clients({ name = "skill_ls" }) == 0,
    vim.tbl_map(function(c) return c.name end, vim.lsp.get_clients()))

  local skill = edit(ws .. "/.agents/skills/pdf-tools/SKILL.md")
  check("0.11 vim.lsp.enable: a skill file attaches", wait_for(function() return #clients(skill) == 1 end, 10000),
    vim.bo[skill].filetype)

  local chat = edit(ws .. "/ask.prompt.txt")
  check("0.11 vim.lsp.enable: a file of a chat pattern attaches whatever its filetype (" .. vim.bo[chat].filetype .. ")",
    vim.bo[chat].filetype == "text" and wait_for(function() return #clients(chat) == 1 end, 5000), vim.bo[chat].filetype)

  local txt = edit(ws .. "/notes.txt")
  H.sleep(1000)
  check("0.11 vim.lsp.enable: a plain text file is not offered", vim.bo[txt].filetype == "text" and #clients(txt) == 0,
    vim.bo[txt].filetype)
  vim.lsp.stop_client(vim.lsp.get_clients({ name = "skill_ls" }), true)
end

H.start(run)
