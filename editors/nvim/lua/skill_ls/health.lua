-- :checkhealth skill_ls: whether setup() ran, whether the server command is
-- found and which skill-ls it is (its --version), which clients run (root,
-- buffers, the server's own name and version where Neovim keeps them) and
-- the settings they were given. Works on Neovim 0.7+ (the report_* names
-- before 0.9).

local M = {}

local health = vim.health or require("health")
local report = {
  start = health.start or health.report_start,
  ok = health.ok or health.report_ok,
  warn = health.warn or health.report_warn,
  error = health.error or health.report_error,
  info = health.info or health.report_info,
}

M.install_advice = {
  "npm: `npm install -g skill-ls` (or cmd = { \"npx\", \"skill-ls\" } in a project that has it)",
  "a release binary (https://github.com/skill-ls/skill-ls/releases) in a folder on PATH",
  "Go: `go install github.com/skill-ls/skill-ls/cmd/skill-ls@latest`",
  "or name the binary: require(\"skill_ls\").setup({ cmd = { \"/path/to/skill-ls\" } })",
}

local function inline(value)
  return (vim.inspect(value):gsub("\n%s*", " "))
end

-- version_cmd is cmd without its trailing server arguments (serve, --stdio,
-- -v …), then --version: { "npx", "skill-ls", "--stdio" } asks
-- `npx skill-ls --version`.
local function version_cmd(cmd, path)
  local args = vim.deepcopy(cmd)
  args[1] = path
  while #args > 1 and (args[#args] == "serve" or args[#args]:sub(1, 1) == "-") do
    table.remove(args)
  end
  table.insert(args, "--version")
  return args
end

local function check_setup(skill_ls)
  report.start("skill-ls: setup")
  local v = vim.version()
  report.ok(string.format("Neovim %d.%d.%d (0.7 and later are supported)", v.major, v.minor, v.patch))
  if skill_ls.mode then
    report.ok("setup() was called; clients start with vim.lsp." .. skill_ls.mode)
  elseif #skill_ls.clients() > 0 then
    report.ok("setup() was not called, but a skill_ls client runs (vim.lsp.enable(\"skill_ls\"))")
  else
    report.warn("setup() was not called: no buffer will be attached", {
      "require(\"skill_ls\").setup() in your config (or vim.lsp.enable(\"skill_ls\") on Neovim 0.11+)",
    })
  end
end

local function check_binary(cmd)
  report.start("skill-ls: server binary")
  local exe = type(cmd) == "table" and cmd[1] or nil
  local path = exe and vim.fn.exepath(exe) or ""
  if path == "" then
    report.error(string.format("the server command %s is not found (cmd[1] must be an executable or on PATH)",
      inline(cmd)), M.install_advice)
    return
  end
  report.ok(string.format("cmd %s runs %s", inline(cmd), path))
  local args = version_cmd(cmd, path)
  local out = vim.trim(vim.fn.system(args))
  if vim.v.shell_error ~= 0 then
    report.error(string.format("`%s` exited %d: %s", table.concat(args, " "), vim.v.shell_error, out),
      M.install_advice)
  elseif not out:match("^skill%-ls ") then
    report.warn(string.format("`%s` printed %q, not skill-ls's version: is this skill-ls?", table.concat(args, " "), out))
  else
    report.ok("version: " .. out)
  end
end

local function check_clients(skill_ls)
  report.start("skill-ls: server")
  local clients = skill_ls.clients()
  if #clients == 0 then
    report.warn("no skill-ls client is running", {
      "open a SKILL.md, a NAME.md of a skill root or a *.chat.md file: the client starts for its project",
      "if one was open, the start failed: :lua vim.cmd('edit ' .. vim.lsp.get_log_path()) shows why",
    })
    return
  end
  for _, c in ipairs(clients) do
    local info = c.server_info or (c.initialize_result and c.initialize_result.serverInfo)
    local server = info and string.format("%s %s", info.name or "?", info.version or "?") or "skill-ls"
    local buffers = vim.lsp.get_buffers_by_client_id(c.id)
    report.ok(string.format("client %d (%s) runs %s for %s, attached to %d buffer(s)", c.id, c.name, server,
      tostring(c.config.root_dir), #buffers))
    report.info(string.format("client %d settings: %s", c.id, inline((c.config.settings or {}).skillLs or {})))
  end
end

local function check_settings(config)
  report.start("skill-ls: settings")
  report.info("settings (sent to the server): " .. inline(config.settings or {}))
  report.info("filetypes: " .. inline(config.filetypes) .. "; root_markers: " .. inline(config.root_markers))
  report.info("chat_filetypes: " .. (config.chat_filetypes and inline(config.chat_filetypes) or "the server's default")
    .. "; chat_patterns: " .. (config.chat_patterns and inline(config.chat_patterns) or "the server's default"))
  report.info(string.format("completion: %s, autotrigger: %s, codelens: %s, keymaps: %s, commands: %s",
    tostring(config.completion), tostring(config.autotrigger), tostring(config.codelens),
    type(config.keymaps) == "table" and inline(config.keymaps) or tostring(config.keymaps), tostring(config.commands)))
end

function M.check()
  local skill_ls = require("skill_ls")
  check_setup(skill_ls)
  check_binary(skill_ls.config.cmd)
  check_clients(skill_ls)
  check_settings(skill_ls.config)
end

return M
