-- skill_ls: Neovim client for the skill-ls language server.
--
--   require("skill_ls").setup({ ... })
--
-- Works on Neovim 0.7+. The module is thin: it offers the server the
-- buffers the server's document selector names (selector.lua: Markdown,
-- chat filetypes and names, eval files), and the server decides which are
-- skill files or chat buffers (skill-ls.documentInfo); it attaches the
-- client to those, sets completion and buffer-local keys on attach, and
-- shows what the server's commands return (docs/server.md). It keeps no
-- list of skill roots, parses no /name tokens and lays out no table.
--
-- Its parts, by job: clients.lua (roots, clients, attaching), buffer.lua
-- (what an attached buffer gets), selector.lua (which buffers are
-- offered), commands.lua (the server's commands and their previews).

local M = {}
-- The helpers the parts of the module share (not its API).
local P = {}


local function has(feature)
  return vim.fn.has(feature) == 1
end

-- Filetypes offered to the server as chat buffers (its default
-- chatLanguages, which TestEditorChatDefaults holds equal): skill-ls's own,
-- then those of popular chat plugins. Which files are chat buffers by name
-- (the server's chatPatterns) only the server decides: the module asks it.
M.default_chat_filetypes = {
  "skill-chat",
  "codecompanion",
  "Avante",
  "AvanteInput",
  "copilot-chat",
  "gp",
  "chatgpt-input",
  "dsh-chat",
}

-- The buffer-local keys set on attach (keymaps = false sets none; a key set
-- to false is left alone).
M.default_keymaps = {
  hover = "K", -- vim.lsp.buf.hover(): the skill under the cursor, a frontmatter key
  definition = "gd", -- vim.lsp.buf.definition(): the skill file of a /name, a linked file
  references = "grr", -- vim.lsp.buf.references(): every /name of this skill
  rename = "grn", -- vim.lsp.buf.rename(): the skill, its folder and its /name tokens
  code_action = "gra", -- vim.lsp.buf.code_action(): quick fixes
  preview_skill = "<LocalLeader>sp", -- :SkillPreviewSkill at the cursor
  preview_invocation = "<LocalLeader>si", -- what the line at the cursor injects
  preview_catalog = "<LocalLeader>sc", -- :SkillPreviewCatalog
  list = "<LocalLeader>sl", -- :SkillList
  codelens = "<LocalLeader>sr", -- run the code lens of the line (opens the skill's preview)
}

local defaults = {
  name = "skill-ls",
  -- The server command (skill-ls, skill-ls serve and skill-ls --stdio all serve LSP on stdio).
  cmd = { "skill-ls" },
  -- A program :SkillEval runs as the host (skill-ls eval --host-command); nil: the host on PATH.
  eval_host_command = nil,
  -- Server settings (docs/server.md, "Settings"): sent as initializationOptions
  -- and as workspace/didChangeConfiguration {settings = {skillLs = settings}}.
  settings = {},
  -- Filetypes offered as chat buffers (sent as the languageId; the server's
  -- chatLanguages setting decides). nil = the server's defaults.
  chat_filetypes = nil,
  -- The server's chatPatterns (docs/server.md, "Chat buffers"): file-name
  -- patterns of chat buffers. nil = the server's defaults. The module sends
  -- them; the server checks them and publishes them back in its document
  -- selector (selector.lua).
  chat_patterns = nil,
  -- Filetypes whose buffers are offered to the server as possible skill files.
  filetypes = { "markdown" },
  -- The project root (one client each) is the nearest ancestor holding one of these.
  root_markers = { ".git" },
  -- Give the filetype "skill-chat" to the buffers the server calls chat
  -- buffers (a *.chat.md file, say) unless theirs is a chat filetype.
  chat_filetype_detection = true,
  -- Create :SkillPreviewCatalog, :SkillPreviewSkill, :SkillPreviewInvocation, :SkillList.
  commands = true,
  -- Buffer-local keys on attach: true = M.default_keymaps, false = none, or
  -- a table overriding some of them.
  keymaps = true,
  -- Completion on attach: 'omnifunc' (<C-x><C-o>) on every version, and on
  -- Neovim 0.11+ the built-in LSP completion, opening by itself on "/" when
  -- autotrigger is true.
  completion = true,
  autotrigger = true,
  -- Code lenses on skill files (the description against the catalog cap, or
  -- why DSH drops the file; with settings.hosts, what the other hosts do),
  -- refreshed on entering the buffer, leaving insert mode and saving.
  codelens = true,
  -- Inlay hints on skill files (Neovim 0.10+): the invisible characters the
  -- model reads, shown where they stand (⟨hidden: text⟩, ⟨U+202E⟩).
  inlay_hints = true,
  -- Sort skill-ls's diagnostics by severity (its namespace only), so a line
  -- holding an error and an info note shows the error's sign.
  severity_sort = true,
  -- How previews open: a command run before showing the scratch buffer.
  preview_split = "vsplit",
  on_attach = nil,
  on_init = nil,
  on_exit = nil,
  capabilities = nil,
  handlers = nil,
  flags = { debounce_text_changes = 150 },
}

M.config = vim.deepcopy(defaults)

P.has = has

-- The parts of the module, by job; each adds its functions to M and its
-- shared helpers to P.
require("skill_ls.clients")(M, P)
require("skill_ls.buffer")(M, P)
require("skill_ls.selector")(M, P)
require("skill_ls.commands")(M, P)

---------------------------------------------------------------------------
-- Filetype detection and setup

-- The config for vim.lsp.config (0.11+), used by lsp/skill_ls.lua. It
-- offers the server the buffers its document selector names, as setup()
-- does (selector.lua): every filetype is looked at, and root_dir calls
-- on_dir (which starts or attaches the client) only for an offered buffer,
-- so opening main.go starts no server and a chat pattern's file is offered
-- whatever its filetype. The selector is asked with the command and the
-- settings vim.lsp.config("skill_ls", {...}) gives.
function M.lsp_config()
  local cfg = P.base_client_config(nil)
  cfg.name = nil -- vim.lsp.config names it "skill_ls"
  cfg.on_attach = M.config.on_attach
  cfg.filetypes = nil
  cfg.root_dir = function(bufnr, on_dir)
    local final = vim.lsp.config.skill_ls or {}
    local server = {
      cmd = type(final.cmd) == "table" and final.cmd or nil,
      settings = type(final.init_options) == "table" and final.init_options or nil,
    }
    if M.offered(bufnr, server) then
      on_dir(M.root_for_buffer(bufnr))
    end
  end
  return cfg
end

-- Offers bufnr to the server when the server's selector names it
-- (selector.lua). Scheduled so that filetype detection (e.g. *.chat.md ->
-- skill-chat) has finished before the languageId goes out.
local function attach_later(bufnr)
  vim.schedule(function()
    if vim.api.nvim_buf_is_valid(bufnr) and not M.clients(bufnr)[1] and M.offered(bufnr) then
      M.attach(bufnr)
    end
  end)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  -- Lists replace, not merge.
  for _, k in ipairs({ "cmd", "chat_filetypes", "chat_patterns", "filetypes", "root_markers" }) do
    if opts and opts[k] ~= nil then
      M.config[k] = opts[k]
    end
  end
  vim.api.nvim_create_augroup("skill_ls", { clear = true })
  if M.config.commands then
    P.create_commands()
  end
  M.mode = has("nvim-0.11") and "lsp.start" or "start_client"
  if M.config.codelens then
    P.register_lens_command()
  end

  -- Every buffer, by filetype and by name: the server's selector says
  -- which may be its (a chat pattern may name any file); the others start
  -- no server and send nothing.
  vim.api.nvim_create_autocmd({ "FileType", "BufReadPost", "BufNewFile" }, {
    group = "skill_ls",
    pattern = "*",
    callback = function(args)
      attach_later(args.buf)
    end,
  })
  -- Buffers already open when setup() runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      attach_later(bufnr)
    end
  end
  return M
end

return M
