package hosts

// The codes of notes. A note about a problem of the file that a
// diagnostics rule names carries that rule's code (name-missing,
// yaml-unquoted-colon, skill-shadowed, description-truncated, ...; see
// docs/diagnostics.md), so one word names one problem in `check`, `list`
// and `matrix`. The codes below name what only a host does, and no rule
// names; docs/hosts.md lists them (TestNoteCodes checks both).

// hostCodes are the note codes no diagnostics rule names, with what each
// says.
var hostCodes = map[string]string{
	// The host loads the skill, changed.
	"yaml-repaired":       "the host repairs YAML it cannot read as written (Codex quotes values holding \": \", Claude Code reads an unquoted \": \" in a description)",
	"yaml-fallback":       "the host reads the frontmatter with its fallback reader (Claude Code's and Gemini CLI's line readers, OpenCode's block-scalar rewrite)",
	"name-sanitized":      "Gemini CLI turns :\\/<>*?\"| in the name into -; Copilot CLI turns its runs of spaces into -",
	"name-cut":            "Goose cuts the name at a \"---\" inside it",
	"plugin-namespace":    "Codex names a skill in a plugin's folder \"<plugin>:<name>\"",
	"xml-tags-removed":    "Copilot removes XML tags from the description",
	"not-in-listing":      "the skill loads but is left out of the host's listing (disable-model-invocation)",
	"not-user-invocable":  "DSH treats /name as plain text (user-invocable: false)",
	"trusted-folder-only": "Gemini CLI reads project skills only in a trusted folder",
	"skill-tool-asks":     "Claude Code's Skill tool asks before it runs the skill (allowed-tools), so under claude -p in the default permission mode it refuses it",
	"hidden-by-config":    "the host's settings keep the skill's description, or the whole skill, out of its listing (Claude Code's skillOverrides \"name-only\", \"user-invocable-only\"; OpenCode's permission.skill \"deny\")",
	"loads-on-demand":     "Claude Code loads a nested .claude/skills below the working directory when it works with files there, not at session start",
	// Codex's skills budget.
	"description-shortened": "Codex shortens the description to fit its skills budget",
	"description-removed":   "Codex lists the skill without its description: names alone exceed its budget",
	"omitted-from-list":     "Codex leaves the skill out of its skill list: its budget is used up",
	"skip-warning":          "Codex warns \"Skipped loading N skill(s) due to invalid SKILL.md files.\" at startup (on the first skipped file)",
	// The host skips the skill for a reason no rule names.
	"disabled-by-config":  "the host's settings turn the skill off (Codex's [[skills.config]] enabled = false, [skills.bundled] enabled = false; Claude Code's skillOverrides \"off\"; Copilot CLI's disabledSkills)",
	"disabled-if-trusted": "the repository's .github/copilot/settings.json names the skill in disabledSkills: Copilot CLI's skill list shows it off in a trusted folder, its sessions still list it",
	"host-config-invalid": "the host does not start: its settings file does not read (Codex's config.toml)",
	"frontmatter-split":   "Goose splits the file at a \"---\" inside the frontmatter, and what is left does not load",
	// The host does not discover the file.
	"not-read":              "the host does not read the folder",
	"not-found":             "the host reads the folder but does not find the file",
	"flat-file-ignored":     "the host reads only SKILL.md files in folders, not flat <name>.md files",
	"not-skill-md":          "the host reads only files named SKILL.md",
	"root-skill-md-ignored": "the host reads <skill>/SKILL.md, not a SKILL.md directly in the root",
	"dot-folder-skipped":    "the host skips folders whose name starts with \".\"",
	"folder-skipped":        "the host never looks inside this folder (.git, node_modules)",
	"too-deep":              "the file is deeper than the host looks",
	"inside-skill":          "Copilot CLI takes the first folder holding a SKILL.md as the skill and does not search below it",
	"symlinked-skill-md":    "the host ignores a SKILL.md that is a symbolic link",
	"symlinked-folder":      "the host does not follow the symbolic link",
	"system-skipped":        "DSH skips the .system folder of a user root",
	"same-file":             "Codex takes a file reached by two paths once, by the path its scan finds first",
}

// unconfirmedRule is a rule docs/hosts.md marks unconfirmed and the code
// of the note a verdict carries when the rule decides it. Such a rule
// never gives a dropped verdict: the skill loads (or stays undiscovered)
// with the note.
type unconfirmedRule struct {
	host ID
	// rule is the first cell of the row of the host's table in
	// docs/hosts.md that marks the rule **unconfirmed**.
	rule string
	code string
}

// unconfirmedRules are every unconfirmed rule of the host profiles, in
// the order of docs/hosts.md; its "Unconfirmed rules" table lists the same
// rows (TestUnconfirmedRules).
var unconfirmedRules = []unconfirmedRule{
	{Codex, "YAML", "unconfirmed-repair-release"},
	{Codex, "Budget", "unconfirmed-list-order"},
	{Copilot, "Invalid YAML / no frontmatter", "unconfirmed-frontmatter"},
	{OpenCode, "Frontmatter", "unconfirmed-bom"},
	{Goose, "Roots, in order", "unconfirmed-config-path"},
	{Goose, "Shape", "unconfirmed-symlink"},
	{Cursor, "Not read", "unconfirmed-agents-skills"},
	{Cursor, "Name, description", "unconfirmed-name-folder"},
	{Cursor, "Name, description", "unconfirmed-no-name"},
	{Cursor, "Name, description", "unconfirmed-no-description"},
	{Cursor, "Invalid YAML, duplicates", "unconfirmed-frontmatter"},
	{Cursor, "Invalid YAML, duplicates", "unconfirmed-duplicate"},
}
