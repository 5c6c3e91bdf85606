-- :SkillEval [host] and the eval file's code lens ("Run trigger eval"):
-- runs `skill-ls eval FOLDER --host HOST --format json` and shows each
-- query's result as a diagnostic on its line of the query file.
--
-- The server never starts a host; this runs the skill-ls CLI, which does.
-- The command is an argument list for vim.fn.jobstart (no shell reads it),
-- the folder comes from the buffer's own path or the server's lens, and no
-- text of the skill or of the report reaches an Ex command: the results go
-- to vim.diagnostic.set and vim.notify as data.

local R = {}

R.ns = vim.api.nvim_create_namespace("skill_ls_eval")

-- The 0-based line of the query: the first line not taken yet holding the
-- query as a JSON string (a duplicate gets the next copy); 0 when none
-- does (an escaped form).
local function query_line(lines, query, taken)
  local ok, needle = pcall(vim.fn.json_encode, query)
  if ok then
    for i, l in ipairs(lines) do
      if not taken[i] and l:find(needle, 1, true) then
        taken[i] = true
        return i - 1
      end
    end
  end
  return 0
end

-- The diagnostics of a report (eval's JSON object) for bufnr.
function R.diagnostics(bufnr, report)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local out, taken = {}, {}
  for _, q in ipairs(type(report) == "table" and report.queries or {}) do
    local should = q.should_trigger and "should trigger" or "should not trigger"
    local msg = string.format("eval (%s): %s, triggered %d of %d: %s", tostring(report.host), should,
      tonumber(q.triggered) or 0, tonumber(q.runs) or 0, q.pass and "pass" or "FAIL")
    if q.error then
      msg = msg .. " (" .. tostring(q.error) .. ")"
    end
    table.insert(out, {
      lnum = query_line(lines, q.query, taken), col = 0, source = "skill-ls eval",
      severity = q.pass and vim.diagnostic.severity.INFO or vim.diagnostic.severity.WARN, message = msg,
    })
  end
  return out
end

-- Runs the eval of the skill whose query file is in bufnr. opts: host
-- (default "claude"), folder (the skill's folder; default the buffer's
-- evals/..), cmd (the skill-ls command list), host_command (a path for
-- --host-command), on_done(report_or_nil, err).
function R.run(bufnr, opts)
  opts = opts or {}
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local name = vim.api.nvim_buf_get_name(bufnr)
  local folder = opts.folder or vim.fn.fnamemodify(name, ":p:h:h")
  local host = (opts.host and opts.host ~= "") and opts.host or "claude"
  local done = opts.on_done or function() end
  if vim.fn.fnamemodify(name, ":p:h:t") ~= "evals" then
    vim.notify("skill-ls eval: this buffer is not a skill's evals/ query file", vim.log.levels.WARN)
    return done(nil, "not an eval file")
  end
  if vim.bo[bufnr].modified then
    vim.notify("skill-ls eval reads the query file from disk: write it first (:w)", vim.log.levels.WARN)
    return done(nil, "unsaved")
  end
  local argv = vim.deepcopy(opts.cmd or { "skill-ls" })
  vim.list_extend(argv, { "eval", "--host", host, "--format", "json" })
  if opts.host_command then
    vim.list_extend(argv, { "--host-command", opts.host_command })
  end
  vim.list_extend(argv, { "--", folder })
  local stdout, stderr = {}, {}
  vim.notify("skill-ls eval: running the trigger queries through " .. host .. "…")
  local ok, job = pcall(vim.fn.jobstart, argv, {
    cwd = opts.cwd or folder,
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = function(_, data) stdout = data or {} end,
    on_stderr = function(_, data) stderr = data or {} end,
    on_exit = function(_, code)
      vim.schedule(function()
        local okj, report = pcall(vim.json.decode, table.concat(stdout, "\n"))
        if code > 1 or not okj or type(report) ~= "table" then
          local err = vim.trim(table.concat(stderr, "\n"))
          vim.notify("skill-ls eval failed: " .. (err ~= "" and err or ("exit " .. code)), vim.log.levels.ERROR)
          return done(nil, err)
        end
        if vim.api.nvim_buf_is_valid(bufnr) then
          vim.diagnostic.set(R.ns, bufnr, R.diagnostics(bufnr, report))
        end
        vim.notify(string.format("skill-ls eval: %d of %d queries pass", tonumber(report.passed) or 0, #(report.queries or {})))
        done(report)
      end)
    end,
  })
  if not ok or job <= 0 then
    vim.notify("skill-ls eval: cannot start " .. tostring(argv[1]), vim.log.levels.ERROR)
    return done(nil, "cannot start")
  end
  return job
end

return R
