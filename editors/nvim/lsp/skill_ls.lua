-- Neovim 0.11+: `vim.lsp.enable("skill_ls")` finds this file on 'runtimepath'.
-- require("skill_ls").setup() does the same and also adds the user commands
-- and the *.chat.md filetype; prefer it.
return require("skill_ls").lsp_config()
