package hosts

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// GitHub Copilot CLI limits, as its release reports them ("Skill name must
// be at most 64 characters", "Skill description must be at most 1024
// characters"; the description is counted in UTF-16 units).
const (
	copilotCLIMaxName        = 64
	copilotCLIMaxDescription = 1024
	// copilotCLIBodyLines is how many lines of the body stand in for a
	// missing description.
	copilotCLIBodyLines = 3
)

// copilotCLINameRE is the name Copilot CLI accepts, before it turns its
// spaces into hyphens.
var copilotCLINameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.: -]*$`)

// spaceRunRE matches the runs of spaces Copilot CLI turns into one hyphen.
var spaceRunRE = regexp.MustCompile(` +`)

func copilotCLIHost() *Host {
	return &Host{
		ID:      CopilotCLI,
		Name:    "GitHub Copilot CLI",
		Release: "Copilot CLI 1.0.102",
		Version: "@github/copilot 1.0.102 (npm; build 638eca2df17)",
		Checked: "2026-12-06",
		Refs: []Reference{
			{FromRelease, "@github/copilot 1.0.102 `copilot skill list --json` (scripts/hosts)", "roots, in order: .github/skills, .agents/skills, .claude/skills in the working directory and each folder above it up to the git root, ~/.copilot/skills, ~/.agents/skills (not ~/.claude/skills); a SKILL.md at any depth, the first folder holding one is the skill; dot-folders skipped; symbolic links followed; the first skill with a name wins"},
			{FromRelease, "@github/copilot 1.0.102 `copilot skill list --json` (scripts/hosts)", "name from the frontmatter (else the folder), trimmed, ASCII letters, digits, _ . : - and spaces, starting with a letter or digit, at most 64, spaces to -; description a string of at most 1,024 UTF-16 units, else the skill does not load; no description: the first 3 body lines that are not blank or headings; no frontmatter or invalid YAML: not loaded"},
			{FromRelease, "@github/copilot 1.0.102 runtime.node (\"the runtime walks this root for `SKILL.md` at any depth, skipping dot-directories, and treats the first directory holding one as a skill\")", "the walk of a skill root"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Note: "in the interactive prompt; `copilot skill list` lists them"},
		profile: &profile{
			roots:   copilotCLIRoots,
			parse:   copilotCLIParse,
			dup:     firstWins,
			dupWhy:  "the first skill with a name wins: the working directory before the folders above it, .github/skills before .agents/skills before .claude/skills, project before personal, skills before .claude/commands",
			budget:  copilotCLIBudget,
			listing: copilotCLILines,
			reach:   "the working directory and the folders above it up to the git root",
		},
	}
}

// copilotCLIRoots are the project roots .github/skills, .agents/skills and
// .claude/skills, each of every folder from the working directory up to
// the project root, nearest first (the order of 1.0.102's skill list),
// then the personal ones, then the .claude/commands of the same project
// folders, whose <name>.md files the release lists beside its skills.
func copilotCLIRoots(e *env) []rootSpec {
	w := walkSpec{rootFile: true, skipDot: true, followDirLinks: true, skillEndsWalk: true}
	var roots, commands []rootSpec
	dirs := []string{e.project}
	if e.opts.Cwd != "" && e.project != "" {
		dirs = between(e.project, filepath.Clean(e.opts.Cwd))
		slices.Reverse(dirs)
	}
	for _, kind := range []string{".github", ".agents", ".claude"} {
		for _, d := range dirs {
			if d != "" {
				roots = append(roots, e.skillsRoots(d, []string{kind}, ScopeProject, w)...)
			}
		}
	}
	for _, d := range dirs {
		if d != "" {
			commands = append(commands, e.root(filepath.Join(d, ".claude", "commands"), ScopeProject, walkSpec{flatFiles: true}))
		}
	}
	roots = append(roots, e.skillsRoots(e.home, []string{".copilot", ".agents"}, ScopeUser, w)...)
	return append(roots, commands...)
}

// copilotCLIParse judges a skill file as Copilot CLI loads it: a file
// without readable frontmatter (a command may have none), a name it
// rejects or a description that is not a string of at most 1,024
// characters is not loaded.
func copilotCLIParse(e *env, f File, src []byte) (entry, *Note) {
	text := lenientText(src)
	command := filepath.Base(f.Path) != "SKILL.md"
	fm, ok := lineFrontmatter(text)
	body := bodyAfter(text)
	switch {
	case !ok && command:
		body = text // a command needs no frontmatter
	case !ok:
		return e.skip(frontmatterCode(text), "", "missing or malformed YAML frontmatter")
	}
	doc := e.parseYAML(fm)
	if doc.err != nil {
		return e.skip(doc.yamlCode(), "", "failed to parse YAML frontmatter: "+doc.errText())
	}
	if drop := copilotCLIFieldTypes(e, doc); drop != nil {
		return entry{}, drop
	}
	ent := entry{listed: true}
	name, drop := copilotCLIName(e, f, doc, &ent)
	if drop != nil {
		return entry{}, drop
	}
	ent.name = name
	if drop := copilotCLIDescription(e, doc, body, command, &ent); drop != nil {
		return entry{}, drop
	}
	if fld := doc.field("disable-model-invocation"); fld != nil && fld.Value.Bool {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: e.host.Name + " lists this skill in `copilot skill list` but leaves it out of what its model is told: disable-model-invocation is true"})
	}
	off, maybe := copilotCLIDisabled(e, ent.name)
	if off != nil {
		return entry{}, off
	}
	if maybe != nil {
		ent.notes = append(ent.notes, *maybe)
	}
	return ent, nil
}

// copilotCLIFieldTypes returns the note of a field whose type Copilot CLI
// rejects (a null value too): disable-model-invocation and user-invocable
// must be booleans, argument-hint a string, allowed-tools a string or a
// list (of strings: the types of a list's items are not checked here).
func copilotCLIFieldTypes(e *env, doc yamlDoc) *Note {
	want := []struct {
		key   string
		kinds []dshyaml.Kind
		why   string
	}{
		{"disable-model-invocation", []dshyaml.Kind{dshyaml.KindBool}, "must be a boolean"},
		{"user-invocable", []dshyaml.Kind{dshyaml.KindBool}, "must be a boolean"},
		{"argument-hint", []dshyaml.Kind{dshyaml.KindString}, "must be a string"},
		{"allowed-tools", []dshyaml.Kind{dshyaml.KindString, dshyaml.KindSeq}, "must be a string or array of strings"},
	}
	for _, w := range want {
		if f := doc.field(w.key); f != nil && !slices.Contains(w.kinds, f.Value.Kind) {
			return e.skipNote("field-type", w.key, w.key+" "+w.why)
		}
	}
	return nil
}

// copilotCLIName returns the name Copilot CLI registers the skill under:
// the frontmatter's, else the folder's, trimmed and with its runs of
// spaces turned into hyphens; or the note of a name it rejects.
func copilotCLIName(e *env, f File, doc yamlDoc, ent *entry) (string, *Note) {
	raw := f.Folder
	if fld := doc.field("name"); fld != nil {
		if fld.Value.Kind != dshyaml.KindString {
			return "", e.skipNote(string(problem.NameNotString), "name", "Skill name must be a string")
		}
		raw = fld.Value.Str
	} else if filepath.Base(f.Path) == "SKILL.md" {
		ent.notes = append(ent.notes, e.nameFromFolder(doc, f.Folder))
	}
	name := strings.TrimSpace(raw)
	switch {
	case name == "":
		return "", e.skipNote(string(problem.NameEmpty), "name", "Skill name must not be empty")
	case jstext.Len(name) > copilotCLIMaxName:
		return "", e.skipNote("name-too-long", "name", "Skill name must be at most 64 characters")
	case !copilotCLINameRE.MatchString(name):
		return "", e.skipNote(string(problem.NameInvalid), "name", "Skill name must start with an ASCII letter or number and contain only ASCII letters (a-z, A-Z), numbers, hyphens, underscores, dots, colons, and spaces")
	}
	if out := spaceRunRE.ReplaceAllString(name, "-"); out != raw {
		ent.notes = append(ent.notes, Note{Code: "name-sanitized", Key: "name", Message: e.host.Name + " registers this skill as \"" + out + "\""})
		return out, nil
	}
	return name, nil
}

// copilotCLIDescription sets ent's listing to the description, or, when
// the frontmatter has none, to the first lines of body; it returns the
// note of a description Copilot CLI rejects.
func copilotCLIDescription(e *env, doc yamlDoc, body string, command bool, ent *entry) *Note {
	fld := doc.field("description")
	if fld == nil {
		ent.listing = copilotCLIBodyDescription(body)
		msg := e.host.Name + " describes this skill by the first lines of its body: \"" + jstext.ModelText(ent.listing) + "\""
		if ent.listing == "" { // quoting "" read as a bug of skill-ls's
			msg = e.host.Name + " loads this skill with an empty description: the frontmatter has none, and its body has no line but headings to take one from"
		}
		ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: msg})
		return nil
	}
	if fld.Value.Kind != dshyaml.KindString {
		return e.skipNote(string(problem.DescriptionNotString), "description", "Skill description must be a string")
	}
	if n := jstext.Len(fld.Value.Str); n > copilotCLIMaxDescription {
		what := "Skill"
		if command {
			what = "Command"
		}
		return e.skipNote("description-too-long", "description", what+" description must be at most 1024 characters ("+itoa(n)+" here)")
	}
	ent.listing = fld.Value.Str
	if strings.TrimSpace(ent.listing) == "" {
		ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: e.host.Name + " loads this skill with an empty description, so the model has little to match it on"})
	}
	return nil
}

// copilotCLIBodyDescription is the description Copilot CLI gives a skill
// without one: the first lines of body that are neither blank nor
// headings, trimmed and joined by spaces, cut to 1,024 UTF-16 units.
func copilotCLIBodyDescription(body string) string {
	var lines []string
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if lines = append(lines, l); len(lines) == copilotCLIBodyLines {
			break
		}
	}
	return jstext.Substring(strings.Join(lines, " "), copilotCLIMaxDescription)
}

// bodyAfter returns the text after the line that closes the frontmatter
// lineFrontmatter finds in text ("" without one).
func bodyAfter(text string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if i > 0 && strings.TrimRight(l, "\r\n") == "---" {
			return strings.Join(lines[i+1:], "")
		}
	}
	return ""
}
