-- Neovim 0.11+: `vim.lsp.enable("skill_ls")` finds this file on 'runtimepath'.
-- It offers the server the buffers the server's document selector names
-- (`skill-ls --document-selector`: Markdown, chat filetypes and file names,
-- eval files), as require("skill_ls").setup() does; the server answers only
-- for skill files and chat buffers. setup() adds the keys, the user
-- commands and the *.chat.md filetype; prefer it.
return require("skill_ls").lsp_config()
