-- Neovim 0.11+: `vim.lsp.enable("skill_ls")` finds this file on 'runtimepath'.
-- It sends every Markdown and chat buffer to the server, which answers only
-- for skill files and chat buffers. require("skill_ls").setup() instead
-- attaches only those, and adds the keys, the user commands and the
-- *.chat.md filetype; prefer it.
return require("skill_ls").lsp_config()
