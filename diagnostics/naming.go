package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the skill's name.

// The codes of the name rules.
const (
	CodeNameMissing        = string(problem.NameMissing)
	CodeNameNotString      = string(problem.NameNotString)
	CodeNameEmpty          = string(problem.NameEmpty)
	CodeNameInvalid        = string(problem.NameInvalid)
	CodeNameFolderMismatch = "name-folder-mismatch"
	CodeNameTooLong        = "name-too-long"
)

var nameRules = []*Rule{
	{Code: CodeNameMissing, Short: "no name", Severity: SeverityError, Drops: true, Summary: "no name key",
		Doc:     "Every skill needs a `name`; without it DSH drops the skill with `frontmatter requires name and description`. The name is the skill's identity in the catalog and in `/name` invocations. When a key close to it is there (`Name`, `nmae`), the message points at that key and the quick fix (safe) renames it; otherwise it points at the frontmatter's opening `---`, and the quick fix adds the folder's name on the line after it.",
		Finding: reportNameMissing},
	{Code: CodeNameNotString, Short: "name not text", Severity: SeverityError, Drops: true, Summary: "name is not a string",
		Doc:     "`name` must be a YAML string. Unquoted values such as `123`, `true` or `null` are typed as numbers, booleans or null by YAML 1.2, and DSH drops the skill with `frontmatter requires name and description`. Quote a number or a boolean (the quick fix does); after `null`, `~` or nothing, write the name.",
		Finding: reportNameNotString},
	{Code: CodeNameEmpty, Short: "empty name", Severity: SeverityError, Drops: true, Summary: "name is empty",
		Doc: "An empty `name` drops the skill with `frontmatter requires name and description`.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			p.Report(fd.Span, dropPrefix+"name is empty; give the skill a name in lowercase kebab-case")
		}},
	{Code: CodeNameInvalid, Short: "invalid name", Severity: SeverityError, Drops: true, Summary: "name is not kebab-case",
		Doc:     "DSH accepts only names matching `^[a-z0-9]+(?:-[a-z0-9]+)*$`: lowercase ASCII letters and digits in groups joined by single hyphens. Uppercase, `_`, `.`, spaces, non-ASCII letters, a leading or trailing `-`, or `--` drop the skill with `invalid skill name`. The quick fixes make it kebab-case (safe: DSH drops the skill anyway) or use the folder name (unsafe). The agentskills.io specification has the same grammar, so a file DSH does not read (`name: PDF-Helper` in .claude/skills) gets it too, as a warning in the specification's words that names the hosts loading the skill under another name (their own words are related locations, not findings of their own; a host that skips it is host-drops'), and its kebab-case fix is unsafe there.",
		Finding: reportNameInvalid},
	{Code: CodeNameFolderMismatch, Severity: SeverityWarning, Summary: "the name differs from its folder",
		Doc:  "DSH takes the name from the frontmatter and never compares it with the folder or file name, so this is advice only. The agentskills.io specification requires the name to equal the bundle folder's name. The quick fixes (both unsafe) rename the folder to the name (links into the folder from elsewhere break) or change the name to the folder's (the skill's identity changes).",
		File: checkNameFolder},
	{Code: CodeNameTooLong, Severity: SeverityWarning, Summary: "name longer than 64 characters",
		Doc: "DSH has no length limit, but the agentskills.io specification limits names to 64 characters.",
		File: func(p *Pass) {
			if name := validName(p); name != nil {
				if n := utf8.RuneCountInString(name.Value.Str); n > 64 {
					p.Report(name.ValueSpan, fmt.Sprintf("name is %s characters; the agentskills.io spec allows at most 64", jstext.Count(n)))
				}
			}
		}},
}

// titleAddName is the title of the fix below (FixDocs lists it).
const titleAddName = "Add name: NAME"

func reportNameMissing(p *Pass, fd skillfile.Finding) {
	if reportMisspelledRequired(p, "name") {
		return
	}
	d := p.Report(fd.Span, dropPrefix+"there is no name: key; add one with the skill's name in lowercase kebab-case")
	if folder := fixFolderName(p); skillfile.IsSkillName(folder) {
		at := p.File.Frontmatter.YAMLSpan.Start
		// Safe: DSH drops the skill without a name, and the folder's name
		// is the one the agentskills.io spec asks for.
		d.Fixes = []Fix{{Title: fixTitle(titleAddName, folder), Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: at, End: at}, "name: "+dshyaml.Scalar(folder)+p.Newline())}}}
	}
}

// titleQuoteName is the title of the fix below (FixDocs lists it).
const titleQuoteName = "Quote the name"

func reportNameNotString(p *Pass, fd skillfile.Finding) {
	name := p.File.Frontmatter.Field("name")
	d := p.Report(fd.Span, dropPrefix+notText(p, name))
	if name.Value.Kind != dshyaml.KindMap && name.Value.Kind != dshyaml.KindSeq && name.Value.Kind != dshyaml.KindNull && name.ValueSpan.Len() > 0 {
		// Safe: the text stays what the author wrote. A null (null, ~)
		// is not quoted: the author wrote no name, not the word.
		d.Fixes = []Fix{{Title: titleQuoteName, Preferred: true, Edits: []Edit{p.Edit(name.ValueSpan, quoteYAML(p.Text(name.ValueSpan)))}}}
	}
}

// The titles of the fixes below (FixDocs lists them).
const (
	titleChangeName     = "Change the name to NAME"
	titleChangeToFolder = "Change the name to the folder name NAME"
)

func reportNameInvalid(p *Pass, fd skillfile.Finding) {
	name := p.File.Frontmatter.Field("name").Value.Str
	var fixes []Fix
	// Kebab-casing is safe: DSH drops the skill anyway, and the author's
	// words stay. The folder's name is another name: unsafe.
	if k := kebab(name); k != "" && k != name {
		// Outside DSH's roots the hosts load the skill under its name or
		// its folder's: another name is another /name for some (unsafe).
		fixes = append(fixes, Fix{Title: fixTitle(titleChangeName, k), Preferred: true, Unsafe: !p.dshReads(), Edits: []Edit{p.Edit(fd.Span, dshyaml.Scalar(k))}})
	}
	if folder := fixFolderName(p); skillfile.IsSkillName(folder) && folder != kebab(name) {
		fixes = append(fixes, Fix{Title: fixTitle(titleChangeToFolder, folder), Unsafe: true, Edits: []Edit{p.Edit(fd.Span, dshyaml.Scalar(folder))}})
	}
	advice := "use lowercase ASCII letters and digits joined by single hyphens"
	if k := kebab(name); k != "" && k != name {
		advice += ", such as " + k
	}
	if !p.dshReads() {
		msg := fmt.Sprintf(`"%s" is not a valid skill name under the agentskills.io spec: %s`, name, advice)
		names, related := absorbedNames(p)
		if len(names) > 0 {
			msg += "; " + hosts.JoinNames(names) + verbFor(names, " loads", " load") + " it under another name"
		}
		p.Report(fd.Span, msg, fixes...).Related = related
		return
	}
	p.Report(fd.Span, dropPrefix+fmt.Sprintf(`"%s" is not a valid skill name: %s`, name, advice), fixes...)
}

func checkNameFolder(p *Pass) {
	name := validName(p)
	folder := folderName(p)
	if name == nil || folder == "" || folder == name.Value.Str {
		return
	}
	// Both fixes are unsafe: renaming the folder moves the skill's files
	// (links into it break), changing the name changes the skill's identity
	// (/name and the catalog).
	var fixes []Fix
	if fix, ok := renameFolder(p, name.Value.Str); ok {
		fixes = append(fixes, fix)
	}
	if skillfile.IsSkillName(folder) && fixFolderName(p) == folder {
		fixes = append(fixes, Fix{Title: fixTitle(titleChangeToFolder, folder), Unsafe: true, Edits: []Edit{p.Edit(name.ValueSpan, dshyaml.Scalar(folder))}})
	}
	uses := "DSH uses the name, but "
	if !p.dshReads() {
		uses = "" // the readers' own use of the folder's name is host-changes'
	}
	p.Report(name.ValueSpan, fmt.Sprintf("name %q differs from its folder %q; %sthe agentskills.io spec requires them to match", name.Value.Str, folder, uses), fixes...)
}

// titleRenameFolder is the title of the fix below (FixDocs lists it).
const titleRenameFolder = "Rename the folder NAME to NAME"

// renameFolder returns the fix that renames the bundle folder of the pass's
// file to name. Only a skill's own folder is renamed (ownFolder): never a
// file outside the roots, a root, the project or a repository. And only
// when no other entry of its root has that name, and no other skill of its
// root claims the name: renaming one of two copies would not settle them,
// and could change which one wins (the loser takes its folder's name
// first; bulk fixing then renames this folder).
func renameFolder(p *Pass, name string) (Fix, bool) {
	if p.opts.NoFixes {
		return Fix{}, false // the run drops it: no root's names to index
	}
	e, root := p.Snap.Entry(p.File.Path)
	if e == nil || e.Kind != discovery.EntryBundle || e.Path != p.File.Path || !ownFolder(p, e.BaseDir) {
		return Fix{}, false
	}
	from := e.BaseDir
	if p.run.entryNames()[root.Dir][name] {
		return Fix{}, false
	}
	for _, sk := range p.Snap.Registry.All(name) {
		if sk.Path != p.File.Path && sk.RootIndex == root.Index {
			return Fix{}, false
		}
	}
	return Fix{Title: fixTitle(titleRenameFolder, filepath.Base(from), name), Unsafe: true, Renames: []Rename{{From: from, To: filepath.Join(filepath.Dir(from), name)}}}, true
}

// entryNames returns the names of the entries of each root folder of the
// snapshot, made once per run: a root holds thousands of entries, and
// renameFolder asks whether one has a name for every folder it renames.
func (rs *runState) entryNames() map[string]map[string]bool {
	rs.entryNamesOnce.Do(func() {
		m := map[string]map[string]bool{}
		for _, r := range rs.snap.Roots {
			names := m[r.Root.Dir]
			if names == nil {
				names = make(map[string]bool, len(r.Entries))
				m[r.Root.Dir] = names
			}
			for _, e := range r.Entries {
				names[e.Name] = true
			}
		}
		rs.entryNamesByRoot = m
	})
	return rs.entryNamesByRoot
}

// ownFolder reports whether dir, the folder of the pass's skill file, is
// the skill's own, so that a fix may rename it or take its name: not a
// root of the snapshot nor holding one, and not pinned by the options.
func ownFolder(p *Pass, dir string) bool {
	for _, rs := range p.Snap.Roots {
		if discovery.Within(rs.Root.Dir, dir) {
			return false
		}
	}
	return p.opts.Pinned == nil || !p.opts.Pinned(dir)
}

// notText says that a required key is not a string, what YAML reads
// instead, and how to write it as text.
func notText(p *Pass, fld *dshyaml.Field) string {
	raw := strings.TrimSpace(p.Text(fld.ValueSpan))
	switch {
	case (fld.Value.Kind == dshyaml.KindSeq || fld.Value.Kind == dshyaml.KindMap) && fld.Key == "name":
		return fmt.Sprintf("name must be text, but it is a YAML %s; write the name on the same line: name: my-skill", fld.Value.Kind)
	case fld.Value.Kind == dshyaml.KindSeq || fld.Value.Kind == dshyaml.KindMap:
		return fmt.Sprintf("%s must be text, but it is a YAML %s; write it on one line, or use a block scalar (%s: >-)", fld.Key, fld.Value.Kind, fld.Key)
	case raw == "":
		return fmt.Sprintf("%s has no value (YAML reads it as null); write the text after %s:", fld.Key, fld.Key)
	case fld.Value.Kind == dshyaml.KindNull:
		// null, Null, NULL or ~: the author meant "nothing", not the word.
		empty := "no value"
		if raw == "~" {
			empty += " (null)"
		}
		return fmt.Sprintf("%s must be text, but YAML reads %s as %s; write the text after %s:", fld.Key, raw, empty, fld.Key)
	}
	return fmt.Sprintf("%s must be text, but YAML reads %s as a %s; put it in quotes: %s: %s", fld.Key, raw, fld.Value.Kind, fld.Key, quoteYAML(raw))
}

// validName returns the name field when it is a valid skill name.
func validName(p *Pass) *dshyaml.Field {
	if !p.fields() {
		return nil
	}
	name := p.File.Frontmatter.Field("name")
	if name == nil || name.Value.Kind != dshyaml.KindString || !skillfile.IsSkillName(name.Value.Str) {
		return nil
	}
	return name
}

// folderName returns the bundle folder name of the pass's file (or "" for
// flat skills).
func folderName(p *Pass) string {
	if e, _ := p.Snap.Entry(p.File.Path); e != nil {
		if e.Kind == discovery.EntryBundle {
			return e.Name
		}
		return ""
	}
	if filepath.Base(p.File.Path) == "SKILL.md" {
		return filepath.Base(filepath.Dir(p.File.Path))
	}
	return ""
}

// fixFolderName returns folderName when a fix may take it as the skill's
// name (ownFolder), else "": the name of a root, a project or a repository
// says nothing about the skill.
func fixFolderName(p *Pass) string {
	folder := folderName(p)
	if folder == "" {
		return ""
	}
	dir := filepath.Dir(p.File.Path)
	if e, _ := p.Snap.Entry(p.File.Path); e != nil {
		dir = e.BaseDir
	}
	if !ownFolder(p, dir) {
		return ""
	}
	return folder
}

// kebab converts s to a valid skill name, or "" when nothing is left.
func kebab(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return b.String()
}
