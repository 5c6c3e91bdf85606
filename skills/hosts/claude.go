package hosts

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Claude Code limits (documentation and CHANGELOG.md of anthropics/claude-code).
const (
	claudeListingCap     = 1536 // description + when_to_use in the listing (2.1.105)
	claudeDefaultBudget  = 8000 // characters when the context window is unknown
	claudeBudgetFraction = 100  // 1% of the context window
	charsPerToken        = 4    // skill-ls's conversion of a token budget to characters
)

func claudeHost() *Host {
	h := &Host{
		ID:      Claude,
		Name:    "Claude Code",
		Release: "Claude Code 2.1.240 docs",
		Version: "2.1.240 (CHANGELOG.md at 5cfc0a19, 2026-08-22) and the skills documentation",
		Checked: checkedDate,
		Refs: []Reference{
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
			dupWhy:  "Claude Code's documented precedence: personal skills over project skills",
			budget:  claudeBudget,
			listing: claudeLines,
			reach:   "the folders from the project root down to the working directory, as skill-ls assumes, and, once it works with files there, in folders below it",
		},
	}
	// claude-opus-5-5 is the model Claude Code 2.1.328 asks for by default
	// (the host suite's stand-in API sees it); its 200,000-token window is
	// read from the release's model table (a "[1m]" variant is opt-in).
	h.model, h.window = "claude-opus-5-5", 200000
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
	cfg := e.opts.getenv("CLAUDE_CONFIG_DIR")
	if cfg == "" {
		cfg = filepath.Join(e.home, ".claude")
	}
	w := walkSpec{maxDepth: 1, followDirLinks: true}
	roots := []rootSpec{e.root(filepath.Join(cfg, "skills"), ScopeUser, w)}
	dirs := between(e.project, e.opts.Cwd)
	for i := len(dirs) - 1; i >= 0; i-- {
		roots = append(roots, e.root(filepath.Join(dirs[i], ".claude", "skills"), ScopeProject, w))
	}
	for _, d := range nestedFolders(e.opts.Cwd, filepath.Join(".claude", "skills"), claudeNestedMaxDepth, claudeNestedMaxDirs) {
		roots = append(roots, e.root(filepath.Join(d, ".claude", "skills"), ScopeProject, w))
	}
	return roots
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
	if f.Scope != ScopeProject {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(f.Root))
	if dir == e.opts.Cwd || !discovery.Within(dir, e.opts.Cwd) {
		return ""
	}
	return dir
}

// claudeParse judges a skill file as Claude Code loads it: every SKILL.md
// it finds loads, named after its folder unless the frontmatter names it,
// listed with its description and when_to_use cut to 1,536 characters;
// what it does with a file its documentation does not cover is noted as
// unconfirmed.
func claudeParse(e *env, f File, src []byte) (entry, *Note) {
	ent := entry{name: f.Folder, listed: true}
	if nested := claudeNested(e, f); nested != "" {
		ent.deferred = true
		ent.notes = append(ent.notes, Note{Code: "loads-on-demand", Message: e.host.Name + " loads this skill when it works with files under " + e.label(nested) + "/, not at session start (nested .claude/skills, 2.1.6 and later), so it is not in the listing a session starts with"})
	} else if dir := filepath.Dir(filepath.Dir(f.Root)); f.Scope == ScopeProject && dir != e.project {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-project-walk", Message: e.host.Name + "'s documentation names the project's .claude/skills; that it also reads " + f.RootLabel + ", between the project root and the working directory, is unconfirmed"})
	}
	doc, meta := claudeMetadata(e, f, lenientText(src), &ent)
	claudeName(e, f, doc, meta, &ent)
	claudeListing(e, doc, meta, &ent)
	if doc.lenientTrue("disable-model-invocation") {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: e.host.Name + " leaves this skill out of its listing: disable-model-invocation is true, so only /" + ent.name + " runs it"})
	}
	return ent, nil
}

// claudeMetadata reads the frontmatter of text as Claude Code does and
// notes how on ent: YAML that fails only for an unquoted ": " is read as
// if quoted (confirmed for the description since 2.1.69, assumed for other
// keys), other YAML that fails gives empty metadata (2.1.186), and a file
// without frontmatter is assumed to load without metadata. meta reports
// whether the frontmatter gives metadata.
func claudeMetadata(e *env, f File, text string, ent *entry) (doc yamlDoc, meta bool) {
	host := e.host.Name
	fm, ok := lineFrontmatter(text)
	if !ok {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-no-frontmatter", Message: host + "'s documentation does not say how it loads a SKILL.md without frontmatter; skill-ls assumes it loads as \"" + f.Folder + "\" with no description"})
		return yamlDoc{}, false
	}
	doc = e.parseYAML(fm)
	if doc.err == nil {
		return doc, true
	}
	keys := quotedKeys(fm)
	fixed := e.parseYAML(quoteColonValues(fm))
	switch {
	case fixed.err == nil && slices.Equal(keys, []string{"description"}):
		ent.notes = append(ent.notes, Note{Code: "yaml-repaired", Key: "description", Message: host + " reads this description although it holds an unquoted \": \" (2.1.69 and later)"})
		return fixed, true
	case fixed.err == nil:
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-yaml", Message: host + " reads unquoted \": \" in descriptions since 2.1.69; how it reads one in " + strings.Join(keys, ", ") + " is unconfirmed (skill-ls assumes it loads; otherwise it would load with empty metadata)"})
		return fixed, true
	}
	ent.notes = append(ent.notes, Note{Code: "empty-metadata", Message: host + " loads this skill with empty metadata (named after its folder, no description): its frontmatter is not valid YAML (" + doc.errText() + "; 2.1.186 and later)"})
	return yamlDoc{}, false
}

// claudeName names ent as the frontmatter does (numbers and booleans as
// written, 2.1.47), noting a name outside the documented form, or notes
// that the folder names it when the metadata has no name.
func claudeName(e *env, f File, doc yamlDoc, meta bool, ent *entry) {
	host := e.host.Name
	if name, ok := doc.scalarText("name"); ok && name != "" {
		ent.name = name
		if !skillfile.IsSkillName(name) || len(name) > 64 {
			ent.notes = append(ent.notes, Note{Code: "unconfirmed-name", Key: "name", Message: host + "'s documentation allows lowercase letters, digits and hyphens, at most 64 characters; what it does with the name \"" + name + "\" is unconfirmed"})
		}
	} else if meta {
		ent.notes = append(ent.notes, e.nameFromFolder(doc, f.Folder))
	}
}

// claudeListing sets ent's listing text: description and when_to_use
// joined, cut to 1,536 UTF-16 units (2.1.105), noting the cut and a skill
// listed without a description.
func claudeListing(e *env, doc yamlDoc, meta bool, ent *entry) {
	host := e.host.Name
	desc, _ := doc.scalarText("description")
	when, _ := doc.scalarText("when_to_use")
	listing := strings.TrimSpace(desc)
	if w := strings.TrimSpace(when); w != "" {
		listing = strings.TrimSpace(listing + " " + w)
	}
	if jstext.Len(listing) > claudeListingCap {
		ent.notes = append(ent.notes, Note{Code: "description-truncated", Key: "description", Message: host + "'s skill listing cuts description and when_to_use to 1,536 characters (" + itoa(jstext.Len(listing)) + " here; 2.1.105 and later)"})
		listing = jstext.Substring(listing, claudeListingCap)
	}
	if listing == "" && meta {
		ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: host + " lists this skill without a description (2.1.69 and later), so the model has little to match it on"})
	}
	ent.listing = listing
}

func claudeBudget(e *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Limit: claudeDefaultBudget}
	b.Note = "the skill listing (name and description per skill), against 8,000 characters (the context window is unknown)"
	if e.opts.ContextWindow > 0 {
		b.Limit = e.opts.ContextWindow / claudeBudgetFraction * charsPerToken
		b.Note = "the skill listing against about 1% of the " + itoa(e.opts.ContextWindow) + "-token context window, counted as 4 characters per token"
	}
	if v := e.opts.getenv("SLASH_COMMAND_TOOL_CHAR_BUDGET"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			b.Limit = n
			b.Note = "the skill listing against SLASH_COMMAND_TOOL_CHAR_BUDGET=" + v
		}
	}
	b.Used = listingSize(winners, func(w *entry) string { return "- " + w.name + ": " + w.listing })
	b.Over = b.Used > b.Limit
	if b.Over {
		b.Note += "; over it, Claude Code cuts descriptions (least recently used skills first), down to names only; /doctor lists the skills affected"
	}
	return b
}
