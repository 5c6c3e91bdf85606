package hosts

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

func gooseHost() *Host {
	return &Host{
		ID:      Goose,
		Name:    "Goose",
		Release: "Goose main at 013ab848",
		Version: "main (crates/goose/src/skills/mod.rs at 013ab848 and a later revision with plugin roots; sources/mod.rs at 865e4a03)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "block/goose crates/goose/src/skills/mod.rs@013ab848", "roots <wd>/.agents/skills, <wd>/.goose/skills, <wd>/.claude/skills, ~/.agents/skills, <config>/skills, ~/.claude/skills, ~/.config/agents/skills (working directory only); every SKILL.md below a root (.git, .hg, .svn skipped); first name wins silently; name required (warning), a name holding / skipped, description optional"},
			{FromSource, "block/goose crates/goose/src/sources/mod.rs@865e4a03 (parse_frontmatter)", "the file is split at every \"---\"; the second part is the YAML (serde_yaml)"},
			{FromSource, "block/goose crates/goose/src/skills/client.rs@0d2074cc", "instructions list every skill as \"• name - description\", no cap"},
			{FromSource, "block/goose crates/goose/src/slash_commands/skill_slash_command.rs@41af6ba5", "/name (case-insensitive) runs a skill with arguments"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Note: "/name args; the name matches case-insensitively"},
		profile: &profile{
			roots:  gooseRoots,
			parse:  gooseParse,
			dup:    firstWins,
			dupWhy: "the first skill Goose finds with a name wins, silently: the working directory's folders before the global ones",
			budget: gooseBudget,
			reach:  "the working directory, without walking up",
		},
	}
}

func gooseRoots(e *env) []rootSpec {
	w := walkSpec{rootFile: true, skipNames: []string{".git", ".hg", ".svn"}, followDirLinks: true}
	cfg := filepath.Join(e.home, ".config", "goose")
	if x := e.opts.getenv("XDG_CONFIG_HOME"); x != "" {
		cfg = filepath.Join(x, "goose")
	}
	if r := e.opts.getenv("GOOSE_PATH_ROOT"); r != "" {
		cfg = filepath.Join(r, "config")
	}
	cwd := e.opts.Cwd
	return []rootSpec{
		e.root(filepath.Join(cwd, ".agents", "skills"), ScopeProject, w),
		e.root(filepath.Join(cwd, ".goose", "skills"), ScopeProject, w),
		e.root(filepath.Join(cwd, ".claude", "skills"), ScopeProject, w),
		e.root(filepath.Join(e.home, ".agents", "skills"), ScopeUser, w),
		e.root(filepath.Join(cfg, "skills"), ScopeUser, w),
		e.root(filepath.Join(e.home, ".claude", "skills"), ScopeUser, w),
		e.root(filepath.Join(e.home, ".config", "agents", "skills"), ScopeUser, w),
	}
}

// gooseParse judges a skill file as Goose's loader does: valid UTF-8, a
// frontmatter between two "---" (Goose splits at every one), YAML it can
// read, a name without "/"; the description is optional.
func gooseParse(e *env, f File, src []byte) (entry, *Note) {
	host := e.host.Name
	if !utf8.Valid(src) {
		return e.skip("unreadable", "", "Failed to read skill file: stream did not contain valid UTF-8")
	}
	text := string(src)
	fm, ok := gooseFrontmatter(text)
	if !ok {
		return entry{}, &Note{Code: "no-frontmatter", Message: host + " does not treat this file as a skill: it needs a frontmatter between two \"---\" markers"}
	}
	hint := ""
	if lf, ok := lineFrontmatter(text); ok && strings.Contains(lf, "---") {
		hint = " (Goose splits the file at every \"---\", including the one inside this frontmatter)"
	}
	doc := e.parseYAML(fm)
	if doc.err != nil {
		return e.skip("invalid-yaml", "", "Failed to parse skill frontmatter: "+doc.errText()+hint)
	}
	name, ok := serdeString(doc, "name")
	if !ok {
		return e.skip("invalid-yaml", "name", "Failed to parse skill frontmatter: name: invalid type, expected a string"+hint)
	}
	if name == "" {
		return e.skip("no-name", "name", "it is missing a required 'name' in frontmatter"+hint)
	}
	if strings.Contains(name, "/") {
		return e.skip("name-has-slash", "name", "its name \""+name+"\" contains '/'")
	}
	desc, ok := serdeString(doc, "description")
	if !ok {
		return e.skip("invalid-yaml", "description", "Failed to parse skill frontmatter: description: invalid type, expected a string"+hint)
	}
	var notes []Note
	if desc == "" {
		notes = append(notes, Note{Code: "no-description", Key: "description", Message: host + " lists this skill with an empty description"})
	}
	return entry{name: name, listing: desc, listed: true, notes: notes}, nil
}

func gooseBudget(_ *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Note: "Goose lists every skill (\"• name - description\") in its instructions with no budget"}
	for _, w := range winners {
		b.Used += runes("\n• " + w.name + " - " + w.listing)
	}
	return b
}
