package hosts

import (
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// The steps several hosts share, so that each is decided in one place:
// their <folder>/skills roots, how a JavaScript host decodes a file, how a
// host says it skips a skill or names one after its folder, how a key reads
// as a lenient boolean, and the size of a listing of one line per skill.

// skillsRoots returns the roots <base>/<folder>/skills for each of
// folders, in order, all of scope and walked as w.
func (e *env) skillsRoots(base string, folders []string, scope Scope, w walkSpec) []rootSpec {
	var roots []rootSpec
	for _, d := range folders {
		roots = append(roots, e.root(filepath.Join(base, d, "skills"), scope, w))
	}
	return roots
}

// lenientText decodes src as the JavaScript hosts (Claude Code, Copilot,
// Cursor, OpenCode) read a skill file: invalid UTF-8 becomes U+FFFD and a
// leading byte-order mark is dropped.
func lenientText(src []byte) string {
	return strings.TrimPrefix(strings.ToValidUTF8(string(src), "\uFFFD"), "\uFEFF")
}

// skip is the parse result of a host that skips the file: no entry, and
// its skipNote.
func (e *env) skip(code, key, why string) (entry, *Note) {
	return entry{}, e.skipNote(code, key, why)
}

// skipNote is the note of a host that skips a skill file: "<host> skips
// this skill: <why>", about key ("" for the whole file or frontmatter).
func (e *env) skipNote(code, key, why string) *Note {
	return &Note{Code: code, Key: key, Message: e.host.Name + " skips this skill: " + why}
}

// lineYAML reads as YAML the frontmatter of text that lineFrontmatter
// finds. why is "" when it is read, else what is wrong, for a note: the
// file has no frontmatter, or the YAML error.
func (e *env) lineYAML(text string) (doc yamlDoc, why string) {
	fm, ok := lineFrontmatter(text)
	if !ok {
		return yamlDoc{}, "it has no frontmatter"
	}
	doc = e.parseYAML(fm)
	if doc.err != nil {
		return yamlDoc{}, "its frontmatter is not valid YAML (" + doc.errText() + ")"
	}
	return doc, ""
}

// nameFromFolder is the note of a host that registers a skill as name,
// taken from its folder, because the frontmatter doc gives no name (its
// code says how: name-missing or name-empty).
func (e *env) nameFromFolder(doc yamlDoc, name string) Note {
	return Note{Code: doc.absentCode("name"), Key: "name", Message: e.host.Name + " names this skill \"" + name + "\" after its folder: the frontmatter has no name"}
}

// absentCode is the code of the diagnostics rule for key ("name" or
// "description") missing from doc, or present with no text: key-missing (no
// key, or null), key-empty (""), or description-blank (only whitespace).
func (d yamlDoc) absentCode(key string) string {
	f := d.field(key)
	switch {
	case f == nil || f.Value.Kind == dshyaml.KindNull:
		return key + "-missing"
	case key == "description" && f.Value.Kind == dshyaml.KindString && f.Value.Str != "":
		return "description-blank"
	}
	return key + "-empty"
}

// yamlCode is the code of the diagnostics rule for doc's YAML error
// (yaml-syntax, yaml-unquoted-colon, yaml-tab-indent, ...).
func (d yamlDoc) yamlCode() string {
	if d.err == nil || d.err.Code == "" {
		return string(problem.YAMLSyntax)
	}
	return string(d.err.Code)
}

// lenientTrue reports whether key holds true as the hosts that read a
// boolean leniently do (skills.LenientBool: true, 1, "yes", ...).
func (d yamlDoc) lenientTrue(key string) bool {
	f := d.field(key)
	if f == nil {
		return false
	}
	b, ok := dshyaml.LenientBool(f.Value)
	return ok && b
}

// listingSize is the size of a listing that gives every listed winner one
// line, line(w) and a newline, in UTF-16 code units: the length JavaScript
// reports, as the hosts that use it (Claude Code, Copilot, Cursor,
// OpenCode) are JavaScript programs.
func listingSize(winners []*entry, line func(w *entry) string) int {
	size := 0
	for _, w := range winners {
		if w.listed {
			size += jstext.Len(line(w)) + 1
		}
	}
	return size
}
