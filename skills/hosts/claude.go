package hosts

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

func claudeHost() *Host {
	h := &Host{
		ID:      Claude,
		Name:    "Claude Code",
		Release: "Claude Code 2.1.332",
		Version: "2.1.332 (npm @anthropic-ai/claude-code, run by the host suite on 2026-12-06; the rules first observed on 2.1.328); CHANGELOG.md at 5cfc0a19 and the skills documentation for what the suite does not show",
		Checked: checkedDate,
		Refs: []Reference{
			{FromRelease, "npm @anthropic-ai/claude-code@2.1.332 (and 2.1.328)", "roots, shape, folder names and shown names, duplicates, frontmatter split at any ---, line-by-line reading of invalid YAML, descriptions (body fallback, spaces, when_to_use, escaping, 1,535 + \"…\"), order, listing budget with its own skills (scripts/hosts, cases pitfalls-claude, budget-claude, claude, claude-budget); on 2026-12-06: runs of invisible characters, taken /names, own skills replaced, commands, plugin folders in ~/.claude/skills, the Skill tool's refusal of allowed-tools (cases claude-rules, claude-replaced-budget, claude-commands, claude-plugins, claude-refusal); on 2.1.332: skillOverrides in settings.json, settings.local.json and ~/.claude/settings.json (case claude-overrides)"},
			{FromDocs, "https://code.claude.com/docs/en/skills", "~/.claude/skills and .claude/skills, <name>/SKILL.md; personal over project; name optional (folder), lowercase/digits/hyphens <= 64; listing about 1% of the context window, 8,000 characters fallback, 1,536 per skill"},
			{FromDocs, "anthropics/claude-code CHANGELOG.md@5cfc0a19", "2.1.239 BOM files no longer ignored; 2.1.186 malformed YAML loads with empty metadata; 2.1.178 nested .claude/skills as <dir>:<name>; 2.1.105 listing cap 250 -> 1,536; 2.1.69 unquoted colons and missing descriptions load; 2.1.47 numeric names coerced; 2.1.218 yes/no/on/off booleans"},
			{FromDocs, "https://github.com/anthropics/claude-code/issues/31005", ".agents/skills is not read"},
			{FromDocs, "https://code.claude.com/docs/en/skills", "section \"Automatic discovery from nested directories\": a .claude/skills below the working directory (packages/frontend/.claude/skills) loads when Claude works with files in that folder (monorepos)"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name", "/plugin:name", "/dir:name"}, Note: "/name at the start of a message; arguments follow ($ARGUMENTS)"},
		profile: &profile{
			roots:   claudeRoots,
			parse:   claudeParse,
			dup:     firstWins,
			dupWhy:  "the first folder name wins, personal skills before project skills",
			budget:  claudeBudget,
			listing: claudeEntries,
			skill:   claudeSkill,
			skillOf: claudeSkillOf,
			reach:   "the folders from the project root down to the working directory, and, once it works with files there, in folders below it",
		},
	}
	// claude-opus-5-5 is the model Claude Code 2.1.332 asks for by default
	// (the host suite's stand-in API sees it). Its listing budget, about
	// 30,000 characters (claudeDefaultBudget), is 1% of a 1,000,000-token
	// window at 3 characters per token: skill-ls takes that window.
	h.model, h.window = "claude-opus-5-5", 1000000
	return h
}

// The bound of skill-ls's search for nested .claude/skills folders below
// the working directory (Claude Code's own search is not documented: it
// looks where it works with files).
const (
	claudeNestedMaxDepth = 6    // folder levels below the working directory
	claudeNestedMaxDirs  = 5000 // folders visited
)

func claudeRoots(e *env) []rootSpec {
	cfg := claudeConfigDir(e)
	w := walkSpec{maxDepth: 1, followDirLinks: true}
	roots := []rootSpec{e.root(filepath.Join(cfg, "skills"), ScopeUser, w)}
	dirs := between(e.project, e.opts.Cwd)
	for i := len(dirs) - 1; i >= 0; i-- {
		roots = append(roots, e.root(filepath.Join(dirs[i], ".claude", "skills"), ScopeProject, w))
	}
	for _, d := range nestedFolders(e.opts.Cwd, filepath.Join(".claude", "skills"), claudeNestedMaxDepth, claudeNestedMaxDirs) {
		roots = append(roots, e.root(filepath.Join(d, ".claude", "skills"), ScopeProject, w))
	}
	roots = append(roots, claudeCommandRoots(e, cfg)...)
	roots = append(roots, claudePluginRoots(e, claudeSkillsDir(e))...)
	return append(roots, shippedRoots(e, Claude, w)...)
}

// nestedFolders returns the folders strictly below top, in breadth-first
// and name order, that hold the folder sub (".claude/skills"). The search
// enters at most maxDirs folders, at most maxDepth levels below top, and
// never .git, node_modules, a folder whose name starts with "." or a
// symbolically linked folder.
func nestedFolders(top, sub string, maxDepth, maxDirs int) []string {
	type level struct {
		dir   string
		depth int
	}
	var found []string
	queue := []level{{top, 0}}
	visited := 1
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if d.depth > 0 && isDir(filepath.Join(d.dir, sub)) {
			found = append(found, d.dir)
		}
		if d.depth >= maxDepth {
			continue
		}
		entries, err := os.ReadDir(d.dir)
		if err != nil {
			continue
		}
		for _, en := range entries {
			name := en.Name()
			if !en.IsDir() || strings.HasPrefix(name, ".") || name == "node_modules" || visited >= maxDirs {
				continue
			}
			visited++
			queue = append(queue, level{filepath.Join(d.dir, name), d.depth + 1})
		}
	}
	return found
}

// claudeNested returns the folder below the working directory whose
// nested .claude/skills the root of f is, "" when f is in a root Claude
// Code reads at session start.
func claudeNested(e *env, f File) string {
	if f.Scope != ScopeProject || shippedPluginOf(e, Claude, f.Root) != "" {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(f.Root))
	if dir == e.opts.Cwd || !discovery.Within(dir, e.opts.Cwd) {
		return ""
	}
	return dir
}

// claudeParse judges a skill file as Claude Code 2.1.328 loads it (the
// host suite's pitfall corpus): every SKILL.md it finds loads under its
// folder's name, listed with the frontmatter's name beside it, its
// description (else the body's first line) and when_to_use, cut to 1,536
// characters.
func claudeParse(e *env, f File, src []byte) (entry, *Note) {
	ent := entry{name: f.Folder, listed: true}
	if nested := claudeNested(e, f); nested != "" {
		ent.deferred = true
		ent.notes = append(ent.notes, Note{Code: "loads-on-demand", Message: e.host.Name + " loads this skill when it works with files under " + e.label(nested) + "/, not at session start (nested .claude/skills, 2.1.6 and later), so it is not in the listing a session starts with"})
	}
	plugin := claudePluginOf(e, f)
	if plugin != "" && isClaudeWorkflow(f) {
		return claudeWorkflowParse(e, f, src, plugin)
	}
	doc, body, lenient := claudeRead(e, lenientText(src), &ent)
	empty := "Skill"
	if isClaudeCommand(f) {
		empty = "Custom command"
	}
	if !isClaudeCommand(f) || plugin != "" {
		// A command shows no frontmatter name, but a plugin's does; the
		// notes name the skill as /name runs it.
		shown := f.Folder
		if plugin != "" {
			shown = plugin + ":" + f.Folder
		}
		claudeName(e, f, shown, doc, lenient, &ent)
	}
	if plugin != "" {
		ent.name = plugin + ":" + ent.name
		if ent.alias != "" {
			ent.alias = plugin + ":" + ent.alias
		}
		ent.called = "" // a plugin skill's other names are not observed
	}
	claudeListing(e, doc, body, empty, &ent)
	if plugin != "" && !claudeDescribed(doc) {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "description", Message: e.host.Name + " leaves this plugin's skill out of its listing: its frontmatter gives no description or when_to_use, so only /" + ent.name + " runs it"})
	}
	if claudeAsks(doc) {
		ent.notes = append(ent.notes, Note{Code: "skill-tool-asks", Key: "allowed-tools", Message: claudeAsksWhy(e, ent.name)})
	}
	if doc.lenientTrue("disable-model-invocation") {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: e.host.Name + " leaves this skill out of its listing: disable-model-invocation is true, so only /" + ent.name + " runs it"})
	}
	if plugin == "" { // skillOverrides leave the plugin folders' skills as they are
		if off := claudeApplyOverride(e, &ent); off != nil {
			return entry{}, off
		}
	}
	return ent, nil
}
