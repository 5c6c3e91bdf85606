-- The :SkillList table: the server's skill report (skill-ls.listSkills, the
-- shape of `skill-ls list --json`) as aligned lines, and the file each line
-- opens.
--
-- Paths, names and reasons come from skill folders, whose names may hold
-- any byte but "/": each cell is made printable (a newline shows as \n), so
-- that one row is one line and the targets stay on their rows.

local R = {}

-- s with control characters (C0, DEL, C1) and the bidirectional
-- formatting characters written as escapes: one line, nothing hidden.
function R.printable(s)
  s = tostring(s)
  s = s:gsub("[%z\1-\31\127]", function(c)
    local named = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
    return named[c] or string.format("\\x%02x", c:byte())
  end)
  -- C1 controls (U+0080-U+009F: \194\128-\194\159) and the bidi controls
  -- U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069.
  s = s:gsub("\194([\128-\159])", function(c)
    return string.format("\\u%04x", c:byte())
  end)
  s = s:gsub("\216\156", "\\u061c")
  s = s:gsub("\226\128([\142\143\170-\174])", function(c)
    return string.format("\\u20%02x", c:byte() - 128)
  end)
  s = s:gsub("\226\129([\166-\169])", function(c)
    return string.format("\\u20%02x", c:byte() - 128 + 64)
  end)
  return s
end

local function display_path(p, root, sep)
  if not p or p == "" then
    return "-"
  end
  if root and root ~= "" and p:sub(1, #root + 1) == root .. sep then
    return R.printable(p:sub(#root + 2))
  end
  return R.printable(vim.fn.fnamemodify(p, ":~"))
end

local function invocation(s)
  if s.modelInvocable and s.userInvocable then
    return "model,user"
  elseif s.modelInvocable then
    return "model"
  elseif s.userInvocable then
    return "user"
  end
  return "none"
end

-- Aligns rows of cells into lines (two spaces between columns).
local function align(rows)
  local widths = {}
  for _, r in ipairs(rows) do
    for i, cell in ipairs(r) do
      widths[i] = math.max(widths[i] or 0, vim.fn.strdisplaywidth(cell))
    end
  end
  local lines = {}
  for _, r in ipairs(rows) do
    local parts = {}
    for i, cell in ipairs(r) do
      parts[i] = i < #r and (cell .. string.rep(" ", widths[i] - vim.fn.strdisplaywidth(cell))) or cell
    end
    table.insert(lines, table.concat(parts, "  "))
  end
  return lines
end

-- A table section: rows of cells, each with its target (or false).
local function add_rows(add, rows, targets)
  for i, l in ipairs(align(rows)) do
    add(l, targets[i] or nil)
  end
end

local function skill_rows(report, root, sep)
  local p = R.printable
  local rows = { { "NAME", "SOURCE", "RANK", "INVOCATION", "PATH" } }
  local targets = { false }
  for _, s in ipairs(report.skills or {}) do
    table.insert(rows, { p(s.name), p(s.source), tostring(s.rank), invocation(s), display_path(s.path, root, sep) })
    table.insert(targets, s.path and s.path ~= "" and { path = s.path, line = 1, col = 1 } or false)
  end
  return rows, targets
end

local function shadow_rows(report, root, sep)
  local p = R.printable
  local rows, targets = {}, {}
  for _, s in ipairs(report.shadowed) do
    local w = s.winner or {}
    table.insert(rows, { p(s.name), p(s.source), tostring(s.rank), display_path(s.path, root, sep),
      "loses to " .. display_path(w.path, root, sep) .. " (" .. p(w.source) .. ", rank " .. tostring(w.rank) .. ")" })
    table.insert(targets, { path = s.path, line = 1, col = 1 })
  end
  return rows, targets
end

-- Adds the dropped files under heading: DSH's drops, or (unread) the
-- files skill-ls did not read, which are no verdict of DSH's.
local function add_dropped(add, report, root, sep, heading, unread)
  local first = true
  for _, d in ipairs(report.dropped or {}) do
    if (d.unread == true) == unread then
      if first then
        add("")
        add(heading)
        first = false
      end
      -- The summary ends with the place ("invalid YAML at 3:14"), which the
      -- row already starts with.
      local why = (d.summary and d.summary ~= "") and d.summary:gsub(" at %d+:%d+$", "") or d.reason or d.kind
      local line, col = (d.line and d.line > 0) and d.line or 1, (d.column and d.column > 0) and d.column or 1
      add(string.format("%s:%d:%d: %s", display_path(d.path, root, sep), line, col, R.printable(why)),
        { path = d.path, line = line, col = col })
    end
  end
end

-- The lines of the :SkillList table and, by line number, the file each
-- line opens ({path, line, col}). sep is the path separator.
function R.format(report, root, sep)
  local lines, targets = {}, {}
  local function add(line, target)
    table.insert(lines, line)
    targets[#lines] = target
  end
  add("Skills DSH loads for " .. R.printable(vim.fn.fnamemodify(root, ":~")) .. "   (<CR> opens the file, q closes)")
  add("")
  add_rows(add, skill_rows(report, root, sep))
  if #(report.skills or {}) == 0 then
    add("(no skills)")
  end
  if #(report.shadowed or {}) > 0 then
    add("")
    add("Shadowed (DSH uses the winner instead):")
    add_rows(add, shadow_rows(report, root, sep))
  end
  add_dropped(add, report, root, sep, "Dropped (DSH ignores these files):", false)
  add_dropped(add, report, root, sep, "Not read (over skill-ls's limits; DSH would load these files):", true)
  for _, h in ipairs(report.hostFolders or {}) do
    -- A folder other agents read and DSH does not (.claude/skills): its
    -- skills, grouped under it, one line each.
    local hosts = {}
    for _, n in ipairs(h.hosts or {}) do
      table.insert(hosts, R.printable(n))
    end
    add("")
    add(display_path(h.dir, root, sep) .. " (read by " .. table.concat(hosts, ", ") .. "; not by DSH):")
    for _, f in ipairs(h.files or {}) do
      add("  " .. R.printable(f.name) .. "  " .. display_path(f.path, root, sep), { path = f.path, line = 1, col = 1 })
    end
  end
  if #(report.problems or {}) > 0 then
    add("")
    add("Problems:")
    for _, pr in ipairs(report.problems) do
      add(string.format("%s: %s [%s]", display_path(pr.path, root, sep), R.printable(pr.message), R.printable(pr.kind)))
    end
  end
  return lines, targets
end

return R
