package hosts

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/problem"
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
	cfg := gooseConfigDir(e)
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

// gooseConfigDir is Goose's config folder as skill-ls models it:
// $GOOSE_PATH_ROOT/config, else $XDG_CONFIG_HOME/goose, else
// ~/.config/goose (unconfirmed: Goose asks a library for it).
func gooseConfigDir(e *env) string {
	if r := e.opts.getenv("GOOSE_PATH_ROOT"); r != "" {
		return filepath.Join(r, "config")
	}
	if x := e.opts.getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "goose")
	}
	return filepath.Join(e.home, ".config", "goose")
}

// gooseUnconfirmed notes the unconfirmed rules that found f: the config
// folder's path, and a walk through a symbolically linked folder.
func gooseUnconfirmed(e *env, f File) []Note {
	var notes []Note
	if f.Root == filepath.Join(gooseConfigDir(e), "skills") {
		notes = append(notes, Note{Code: "unconfirmed-config-path", Message: e.host.Name + " finds this skill in its config folder, which skill-ls takes to be " + label(filepath.Dir(f.Root), e.project, e.home) + "; Goose asks a library for that path, and it is unconfirmed"})
	}
	if throughLink(f.Root, f.Path) {
		notes = append(notes, Note{Code: "unconfirmed-symlink", Message: e.host.Name + " reaches this file through a symbolically linked folder; a newer Goose walks without following links (except for a linked root), so whether it still finds this file is unconfirmed"})
	}
	return notes
}

// gooseParse judges a skill file as Goose's loader does: valid UTF-8, a
// frontmatter between two "---" (Goose splits the file at every one), YAML
// it can read, a name without "/"; the description is optional. A "---"
// inside the frontmatter cuts it short: the notes say what Goose loses.
func gooseParse(e *env, f File, src []byte) (entry, *Note) {
	if !utf8.Valid(src) {
		return e.skip(string(problem.InvalidUTF8), "", "Failed to read skill file: stream did not contain valid UTF-8")
	}
	text := string(src)
	fm, ok := gooseFrontmatter(text)
	if !ok {
		return entry{}, &Note{Code: frontmatterCode(text), Message: e.host.Name + " does not treat this file as a skill: it needs a frontmatter between two \"---\" markers"}
	}
	doc := e.parseYAML(fm)
	name, desc, drop := gooseFields(e, doc)
	whole, split := gooseWhole(e, text)
	if drop != nil {
		if split {
			drop.Message += " (Goose splits the file at every \"---\", including the one inside this frontmatter)"
			if _, _, wholeDrop := gooseFields(e, whole); wholeDrop == nil {
				drop.Code = "frontmatter-split" // as written, the frontmatter would load
			}
		}
		return entry{}, drop
	}
	var notes []Note
	if split {
		notes = gooseCuts(e, whole, name, desc)
	}
	if desc == "" && len(notes) == 0 {
		notes = append(notes, Note{Code: doc.absentCode("description"), Key: "description", Message: e.host.Name + " lists this skill with an empty description"})
	}
	notes = append(notes, gooseUnconfirmed(e, f)...)
	return entry{name: name, listing: desc, listed: true, notes: notes}, nil
}

// gooseWhole reads the frontmatter of text as written (between "---"
// lines) when it holds a "---" that Goose splits at (split); whole is that
// YAML.
func gooseWhole(e *env, text string) (whole yamlDoc, split bool) {
	lf, ok := lineFrontmatter(text)
	if !ok || !strings.Contains(lf, "---") {
		return yamlDoc{}, false
	}
	return e.parseYAML(lf), true
}

// gooseFields reads name and description from doc as Goose's
// SkillFrontmatter does, or returns why Goose skips the skill.
func gooseFields(e *env, doc yamlDoc) (name, desc string, drop *Note) {
	if doc.err != nil {
		return "", "", e.skipNote(doc.yamlCode(), "", "Failed to parse skill frontmatter: "+doc.errText())
	}
	name, ok := serdeString(doc, "name")
	if !ok {
		return "", "", e.skipNote(string(problem.NameNotString), "name", "Failed to parse skill frontmatter: name: invalid type, expected a string")
	}
	if name == "" {
		return "", "", e.skipNote(doc.absentCode("name"), "name", "it is missing a required 'name' in frontmatter")
	}
	if strings.Contains(name, "/") {
		return "", "", e.skipNote(string(problem.NameInvalid), "name", "its name \""+name+"\" contains '/'")
	}
	desc, ok = serdeString(doc, "description")
	if !ok {
		return "", "", e.skipNote(string(problem.DescriptionNotString), "description", "Failed to parse skill frontmatter: description: invalid type, expected a string")
	}
	return name, desc, nil
}

// gooseCuts notes what Goose loses of a frontmatter it splits at a "---":
// the name and description it reads (name, desc) against those written
// (whole, when that YAML reads).
func gooseCuts(e *env, whole yamlDoc, name, desc string) []Note {
	wholeName, wholeDesc, drop := gooseFields(e, whole)
	if drop != nil {
		return nil
	}
	host := e.host.Name
	var notes []Note
	if wholeName != name {
		notes = append(notes, Note{Code: "name-cut", Key: "name", Message: host + " registers this skill as \"" + name + "\", not \"" + wholeName + "\": it splits the file at the \"---\" inside the frontmatter"})
	}
	switch {
	case wholeDesc == desc:
	case desc == "":
		notes = append(notes, Note{Code: "description-truncated", Key: "description", Message: host + " lists this skill with an empty description: it splits the file at a \"---\" inside the frontmatter, before the description"})
	default:
		notes = append(notes, Note{Code: "description-truncated", Key: "description", Message: host + " cuts this description at the \"---\" inside it and keeps only " + quoteShort(desc, 80) + " (" + itoa(runes(desc)) + " of " + itoa(runes(wholeDesc)) + " characters)"})
	}
	return notes
}

// quoteShort quotes s, cut to about max characters with "…" when longer.
func quoteShort(s string, max int) string {
	width := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		width += quotedWidth(r)
		if width > max-1 && i+size < len(s) {
			return "\"" + s[:i] + "…\""
		}
		i += size
	}
	return "\"" + s + "\""
}

// quotedWidth is how many characters r takes once output escapes it: a
// control character or an invalid byte is printed as a four-character
// escape (\000), so a binary file's first line quoted in a message stays
// as short as a text one.
func quotedWidth(r rune) int {
	if r == utf8.RuneError || unicode.IsControl(r) {
		return 4
	}
	return 1
}

func gooseBudget(_ *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Note: "Goose lists every skill (\"• name - description\") in its instructions with no budget"}
	for _, w := range winners {
		b.Used += runes("\n• " + w.name + " - " + w.listing)
	}
	return b
}
