package diagnostics

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"

	"github.com/skill-ls/skill-ls/skills"
)

// dropPrefix starts the message of every diagnostic for a problem that makes
// DSH ignore the skill.
const dropPrefix = "DSH drops this skill: "

// checker runs the per-file rules on one file.
type checker struct {
	snap *skills.Snapshot
	f    *skills.File
	opts Options
	out  []Diagnostic
}

func (c *checker) add(code string, span skills.Span, msg string, fixes ...Fix) *Diagnostic {
	d := newDiag(c.opts, code, c.f.Path, span, msg)
	d.Fixes = fixes
	c.out = append(c.out, d)
	return &c.out[len(c.out)-1]
}

// checkFile applies every per-file and registry rule to f.
func checkFile(snap *skills.Snapshot, f *skills.File, opts Options) []Diagnostic {
	c := &checker{snap: snap, f: f, opts: opts}
	if !c.readable() {
		return c.out
	}
	c.encoding()
	if c.frontmatter() {
		c.fields()
	}
	if f.Drop != nil && !c.hasError() {
		// Every drop is an error, even one no finer rule describes.
		c.add(CodeYAMLSyntax, f.Drop.Span, dropPrefix+f.Drop.Detail)
	}
	if f.Def != nil {
		c.catalog()
		c.registry()
	}
	if f.Frontmatter != nil && f.Frontmatter.State == skills.FrontmatterOK {
		c.body()
	}
	if !snap.InRoots(f.Path) {
		c.add(CodeOutsideRoots, skills.Span{}, "DSH does not load this file: it is not a direct skill entry of any skill root (bundles are <root>/<dir>/SKILL.md, flat skills <root>/<name>.md)")
	}
	return c.out
}

func (c *checker) hasError() bool {
	for _, d := range c.out {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// readable reports read failures; false means nothing else can be checked.
func (c *checker) readable() bool {
	d := c.f.Drop
	if d == nil {
		return true
	}
	switch d.Kind {
	case skills.DropBinary:
		c.add(CodeBinaryFile, d.Span, dropPrefix+"the file holds a NUL byte, so DSH's reader refuses it as binary")
	case skills.DropInvalidUTF8:
		c.add(CodeInvalidUTF8, d.Span, dropPrefix+"the file is not valid UTF-8 text (first bad byte here); save it as UTF-8")
	case skills.DropUnreadable:
		c.add(CodeUnreadableFile, d.Span, dropPrefix+"the file cannot be read: "+c.f.ReadErr)
	case skills.DropTooLarge:
		c.add(CodeFileTooLarge, d.Span, d.Detail)
	default:
		return true
	}
	return false
}

// encoding reports a BOM and CRLF line endings.
func (c *checker) encoding() {
	f := c.f
	if f.BOM {
		var fixes []Fix
		if o, ok := c.snap.Overlay(f.Path); ok && bytes.HasPrefix(o.Text, []byte("\xEF\xBB\xBF")) {
			fixes = append(fixes, Fix{Title: "Remove the byte-order mark", Preferred: true, Edits: []Edit{{Path: f.Path, Span: skills.Span{Start: 0, End: 3}}}})
		}
		if f.Mode == skills.ReadNode {
			c.add(CodeFrontmatterMissing, skills.Span{Start: 0, End: 3}, dropPrefix+"the file starts with a UTF-8 byte-order mark, and this root is read without stripping it, so the first line is not exactly ---", fixes...)
		} else {
			c.add(CodeBOM, skills.Span{Start: 0, End: 3}, "the file starts with a UTF-8 byte-order mark; DSH strips it on its production read path, but the bundled root keeps it and then finds no frontmatter", fixes...)
		}
	}
	if f.CRLF {
		if i := bytes.Index(f.Src, []byte("\r\n")); i >= 0 {
			c.add(CodeCRLF, skills.Span{Start: i, End: i + 1}, "the file uses CRLF line endings; DSH parses them, but inner \\r\\n in the body reach the model verbatim")
		}
	}
}

// frontmatter reports delimiter and YAML problems; it returns true when the
// frontmatter is a mapping whose fields can be checked.
func (c *checker) frontmatter() bool {
	f := c.f
	fm := f.Frontmatter
	if fm == nil {
		return false
	}
	if f.BOM && f.Mode == skills.ReadNode {
		return false // reported by encoding
	}
	switch fm.State {
	case skills.FrontmatterNoNewline, skills.FrontmatterNoOpener:
		first := f.TextStart
		line := f.Src[first:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		end := first + len(bytes.TrimRight(line, "\r"))
		why := "the first line must be exactly ---"
		trimmed := strings.TrimRight(string(line), "\r")
		switch {
		case len(f.Src) == 0 || strings.TrimSpace(string(f.Src[first:])) == "":
			why = "the file is empty"
		case fm.State == skills.FrontmatterNoNewline:
			why = "the file has no line break, so it has no frontmatter"
		case strings.TrimSpace(trimmed) == "---":
			why = "the first line is --- with spaces around it; it must be exactly ---"
		case trimmed == "":
			why = "the file starts with a blank line; the first line must be exactly ---"
		case strings.HasPrefix(trimmed, "---"):
			why = fmt.Sprintf("the first line is %q; it must be exactly ---", trimmed)
		case strings.HasPrefix(trimmed, "\uFEFF"):
			why = "the file starts with a byte-order mark before ---"
		}
		c.add(CodeFrontmatterMissing, skills.Span{Start: first, End: end}, dropPrefix+"missing YAML frontmatter: "+why)
		return false
	case skills.FrontmatterUnclosed:
		c.add(CodeFrontmatterUnclosed, fm.OpenSpan, dropPrefix+"the frontmatter is never closed by a line that is exactly --- (no indentation, no trailing spaces)")
		return false
	}
	if e := fm.Err; e != nil {
		where := fmt.Sprintf(" (line %d, column %d of the frontmatter)", e.Line, e.Column)
		switch e.Kind {
		case skills.YAMLUnquotedColon:
			d := c.add(CodeYAMLUnquotedColon, e.Span, dropPrefix+"this unquoted value holds \": \" (or ends with \":\"), which YAML reads as a nested mapping: Nested mappings are not allowed in compact mappings"+where+"; quote the value")
			value := string(f.Src[e.Span.Start:e.Span.End])
			d.Fixes = []Fix{{Title: "Quote the value", Preferred: true, Edits: []Edit{{Path: f.Path, Span: e.Span, NewText: quoteYAML(value)}}}}
		case skills.YAMLDuplicateKey:
			d := c.add(CodeYAMLDuplicateKey, e.Span, dropPrefix+fmt.Sprintf("the key %q appears twice: Map keys must be unique%s", e.Key, where))
			d.Related = []Related{{Path: f.Path, Span: e.FirstSpan, Message: "first " + e.Key}}
		case skills.YAMLTabIndentation:
			c.add(CodeYAMLTabIndent, e.Span, dropPrefix+"Tabs are not allowed as indentation"+where+"; indent with spaces")
		case skills.YAMLTooComplex:
			c.add(CodeYAMLTooComplex, e.Span, "skill-ls did not decode this frontmatter: "+e.Message)
		default:
			c.add(CodeYAMLSyntax, e.Span, dropPrefix+"invalid YAML frontmatter: "+e.Message+where)
		}
		return false
	}
	if !fm.Mapping {
		what := "empty"
		switch fm.RootKind {
		case skills.KindSeq:
			what = "a list"
		case skills.KindString, skills.KindInt, skills.KindFloat, skills.KindBool:
			what = "a single " + fm.RootKind.String()
		case skills.KindNull:
			if strings.TrimSpace(string(f.Src[fm.YAMLSpan.Start:fm.YAMLSpan.End])) != "" {
				what = "only comments"
			}
		}
		span := fm.YAMLSpan
		if span.Len() == 0 {
			span = fm.OpenSpan
		}
		c.add(CodeFrontmatterNotMap, span, dropPrefix+"missing YAML frontmatter: the frontmatter is "+what+", not a mapping of keys such as name and description")
		return false
	}
	return true
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

// quoteYAML returns s as a YAML single-quoted scalar.
func quoteYAML(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// newline returns the file's line terminator.
func (c *checker) newline() string {
	if c.f.CRLF {
		return "\r\n"
	}
	return "\n"
}

// folderName returns the bundle folder name (or "" for flat skills).
func (c *checker) folderName() string {
	if e, _ := c.snap.Entry(c.f.Path); e != nil {
		if e.Kind == skills.EntryBundle {
			return e.Name
		}
		return ""
	}
	if filepath.Base(c.f.Path) == "SKILL.md" {
		return filepath.Base(filepath.Dir(c.f.Path))
	}
	return ""
}

// fields checks the frontmatter keys DSH reads and the agentskills spec.
func (c *checker) fields() {
	f := c.f
	fm := f.Frontmatter
	name := fm.Field("name")
	folder := c.folderName()
	switch {
	case name == nil:
		d := c.add(CodeNameMissing, fm.OpenSpan, dropPrefix+"frontmatter requires name and description; there is no name key")
		if skills.IsSkillName(folder) {
			d.Fixes = []Fix{{Title: "Add name: " + folder, Preferred: true, Edits: []Edit{{Path: f.Path, Span: skills.Span{Start: fm.YAMLSpan.Start, End: fm.YAMLSpan.Start}, NewText: "name: " + folder + c.newline()}}}}
		}
	case name.Value.Kind != skills.KindString:
		d := c.add(CodeNameNotString, name.ValueSpan, dropPrefix+fmt.Sprintf("frontmatter requires name and description; name is a YAML %s, not a string", name.Value.Kind))
		if name.Value.Kind != skills.KindMap && name.Value.Kind != skills.KindSeq && name.ValueSpan.Len() > 0 {
			raw := string(f.Src[name.ValueSpan.Start:name.ValueSpan.End])
			d.Fixes = []Fix{{Title: "Quote the name", Edits: []Edit{{Path: f.Path, Span: name.ValueSpan, NewText: quoteYAML(raw)}}}}
		}
	case name.Value.Str == "":
		span := name.ValueSpan
		if span.Len() == 0 {
			span = name.KeySpan
		}
		c.add(CodeNameEmpty, span, dropPrefix+"frontmatter requires name and description; name is empty")
	case !skills.IsSkillName(name.Value.Str):
		var fixes []Fix
		if k := kebab(name.Value.Str); k != "" && k != name.Value.Str {
			fixes = append(fixes, Fix{Title: "Change the name to " + k, Preferred: true, Edits: []Edit{{Path: f.Path, Span: name.ValueSpan, NewText: k}}})
		}
		if skills.IsSkillName(folder) && folder != kebab(name.Value.Str) {
			fixes = append(fixes, Fix{Title: "Change the name to the folder name " + folder, Edits: []Edit{{Path: f.Path, Span: name.ValueSpan, NewText: folder}}})
		}
		c.add(CodeNameInvalid, name.ValueSpan, dropPrefix+fmt.Sprintf(`invalid skill name "%s": names are lowercase ASCII letters and digits joined by single hyphens`, name.Value.Str), fixes...)
	default:
		if folder != "" && folder != name.Value.Str {
			var fixes []Fix
			if skills.IsSkillName(folder) {
				fixes = append(fixes, Fix{Title: "Change the name to the folder name " + folder, Edits: []Edit{{Path: f.Path, Span: name.ValueSpan, NewText: folder}}})
			}
			c.add(CodeNameFolderMismatch, name.ValueSpan, fmt.Sprintf("name %q differs from its folder %q; DSH uses the frontmatter name, but the agentskills.io spec requires them to match", name.Value.Str, folder), fixes...)
		}
		if n := utf8.RuneCountInString(name.Value.Str); n > 64 {
			c.add(CodeNameTooLong, name.ValueSpan, fmt.Sprintf("name is %d characters; the agentskills.io spec allows at most 64", n))
		}
	}
	desc := fm.Field("description")
	switch {
	case desc == nil:
		nl := c.newline()
		c.add(CodeDescriptionMissing, fm.OpenSpan, dropPrefix+"frontmatter requires name and description; there is no description key",
			Fix{Title: "Add a description stub", Preferred: true, Edits: []Edit{{Path: f.Path, Span: skills.Span{Start: fm.CloseSpan.Start, End: fm.CloseSpan.Start},
				NewText: "description: Describe what this skill does and when to use it." + nl}}})
	case desc.Value.Kind != skills.KindString:
		c.add(CodeDescriptionNotString, desc.ValueSpan, dropPrefix+fmt.Sprintf("frontmatter requires name and description; description is a YAML %s, not a string", desc.Value.Kind))
	case desc.Value.Str == "":
		span := desc.ValueSpan
		if span.Len() == 0 {
			span = desc.KeySpan
		}
		c.add(CodeDescriptionEmpty, span, dropPrefix+"frontmatter requires name and description; description is empty")
	default:
		if n := utf8.RuneCountInString(desc.Value.Str); n > 1024 {
			c.add(CodeDescriptionTooLong, desc.ValueSpan, fmt.Sprintf("description is %d characters; the agentskills.io spec allows at most 1024", n))
		}
	}
	for _, fld := range fm.Fields {
		if use := skills.LegacyKeyReplacement(fld.Key); use != "" {
			c.legacyKey(fld, use)
		}
	}
	for _, key := range []string{"disable-model-invocation", "user-invocable"} {
		fld := fm.Field(key)
		if fld == nil {
			continue
		}
		if _, ok := skills.LenientBool(fld.Value); !ok {
			span := fld.ValueSpan
			if span.Len() == 0 {
				span = fld.KeySpan
			}
			shown := fld.Value.Kind.String()
			if fld.Value.Kind == skills.KindString {
				shown = fmt.Sprintf("the string %q", fld.Value.Str)
			} else if fld.Value.Kind == skills.KindInt || fld.Value.Kind == skills.KindFloat {
				shown = "the number " + fld.Value.Str
			}
			c.add(CodeInvocationNotBoolean, span, dropPrefix+fmt.Sprintf(`invalid invocation frontmatter: frontmatter field %q must be a boolean (got %s); use true or false`, key, shown))
		}
	}
	if w := fm.Field("whenToUse"); w != nil && (w.Value.Kind != skills.KindString || w.Value.Str == "") {
		c.add(CodeFieldIgnored, w.ValueSpan.OrKey(w.KeySpan), "DSH ignores whenToUse unless it is a non-empty string")
	}
	if m := fm.Field("metadata"); m != nil && m.Value.Kind != skills.KindMap {
		c.add(CodeFieldIgnored, m.ValueSpan.OrKey(m.KeySpan), "DSH ignores metadata unless it is a mapping")
	}
	if comp := fm.Field("compatibility"); comp != nil && comp.Value.Kind == skills.KindString {
		if n := utf8.RuneCountInString(comp.Value.Str); n > 500 {
			c.add(CodeCompatibilityTooLong, comp.ValueSpan, fmt.Sprintf("compatibility is %d characters; the agentskills.io spec allows at most 500", n))
		}
	}
	for _, fld := range fm.Fields {
		if known[fld.Key] || skills.LegacyKeyReplacement(fld.Key) != "" {
			continue
		}
		if want := misspelling(fld.Key); want != "" && fm.Field(want) == nil {
			c.add(CodeKeyMisspelled, fld.KeySpan, fmt.Sprintf("DSH ignores the key %q; did you mean %q?", fld.Key, want),
				Fix{Title: "Rename to " + want, Preferred: true, Edits: []Edit{{Path: f.Path, Span: fld.KeySpan, NewText: want}}})
			continue
		}
		if c.opts.strict() && !agentSkillsKeys[fld.Key] {
			c.add(CodeUnknownKey, fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q", fld.Key))
		}
	}
	if c.opts.strict() {
		for _, key := range []string{"whenToUse", "disable-model-invocation", "user-invocable"} {
			if fld := fm.Field(key); fld != nil {
				c.add(CodeUnknownKey, fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q (DSH reads it; other harnesses ignore it)", key))
			}
		}
	}
}

// legacyKey reports a legacy camelCase invocation key with a rewrite fix.
func (c *checker) legacyKey(fld skills.Field, use string) {
	f := c.f
	fix := Fix{Title: fmt.Sprintf("Replace %s with %s", fld.Key, use), Preferred: true, Edits: []Edit{{Path: f.Path, Span: fld.KeySpan, NewText: use}}}
	if fld.Key == "modelInvocable" {
		// modelInvocable: true means disable-model-invocation: false.
		if b, ok := skills.LenientBool(fld.Value); ok && fld.ValueSpan.Len() > 0 {
			fix.Edits = []Edit{{Path: f.Path, Span: skills.Span{Start: fld.KeySpan.Start, End: fld.ValueSpan.End}, NewText: fmt.Sprintf("%s: %t", use, !b)}}
		}
	}
	c.add(CodeLegacyInvocationKey, fld.KeySpan, dropPrefix+fmt.Sprintf(`invalid invocation frontmatter: frontmatter field %q is unsupported; use %q`, fld.Key, use), fix)
}

// known are the keys DSH reads.
var known = map[string]bool{"name": true, "description": true, "whenToUse": true, "metadata": true, "disable-model-invocation": true, "user-invocable": true}

// agentSkillsKeys are the keys of the agentskills.io specification.
var agentSkillsKeys = map[string]bool{"name": true, "description": true, "license": true, "compatibility": true, "metadata": true, "allowed-tools": true}

var keySeparators = strings.NewReplacer("-", "", "_", "", " ", "")

// misspelling returns the DSH key that key probably means, or "".
func misspelling(key string) string {
	norm := keySeparators.Replace(strings.ToLower(key))
	switch norm {
	case "name":
		return "name"
	case "description", "desc":
		return "description"
	case "whentouse":
		return "whenToUse"
	case "disablemodelinvocation":
		return "disable-model-invocation"
	case "userinvocable":
		return "user-invocable"
	}
	return ""
}

// catalog reports what the catalog will show of this skill.
func (c *checker) catalog() {
	def := c.f.Def
	desc := c.f.Frontmatter.Field("description")
	if desc == nil {
		return
	}
	norm, units := jstext.Collapse(def.Description)
	max := c.opts.maxDescription()
	switch {
	case norm == "":
		c.add(CodeDescriptionBlank, desc.ValueSpan, "the description is only whitespace, so the catalog shows an empty description")
	case units > max && def.Invocation.ModelInvocable:
		cut := jstext.ModelText(jstext.Shorten(def.Description, max))
		c.add(CodeDescriptionTruncated, desc.ValueSpan, fmt.Sprintf("the description is %d UTF-16 units after whitespace is collapsed; the catalog cap is %d, so the model sees: %s", units, max, cut))
	}
	if !def.Invocation.ModelInvocable && !def.Invocation.UserInvocable {
		span := desc.KeySpan
		if fld := c.f.Frontmatter.Field("user-invocable"); fld != nil {
			span = skills.Span{Start: fld.KeySpan.Start, End: fld.ValueSpan.End}
		}
		c.add(CodeSkillUnreachable, span, "disable-model-invocation: true and user-invocable: false hide this skill from every surface: not in the catalog, refused by the skill tool, ignored by /name")
	}
}

// registry reports shadowing: the loser learns who wins and why, the winner
// what it shadows.
func (c *checker) registry() {
	sk := c.snap.SkillAt(c.f.Path)
	if sk == nil {
		return
	}
	reg := c.snap.Registry
	span := c.nameSpan(c.f)
	if w := reg.ShadowOf(sk); w != nil {
		why := fmt.Sprintf("its %s root has rank %d, which beats %s (rank %d)", w.Source, w.Rank, sk.Source, sk.Rank)
		sev := SeverityWarning
		switch {
		case w.Rank == sk.Rank && w.RootIndex == sk.RootIndex:
			why = "it comes first in this root (entries are visited in localeCompare order of their names)"
			sev = SeverityError
		case w.Rank == sk.Rank:
			why = "it is in an earlier " + string(w.Source) + " root"
			sev = SeverityError
		case w.Source == skills.SourceRuntime:
			why = "a runtime registration (rank 250) wins"
		}
		d := c.add(CodeSkillShadowed, span, fmt.Sprintf("DSH ignores this skill: %q is also defined by %s, which wins because %s", sk.Name, describe(w), why))
		d.Severity = sev
		if w.File != nil {
			d.Related = []Related{{Path: w.Path, Span: c.nameSpan(w.File), Message: "the winning " + sk.Name}}
		}
		return
	}
	all := reg.All(sk.Name)
	if len(all) < 2 {
		return
	}
	var related []Related
	var names []string
	for _, l := range all[1:] {
		if l.File == nil {
			continue
		}
		related = append(related, Related{Path: l.Path, Span: c.nameSpan(l.File), Message: "shadowed " + sk.Name})
		names = append(names, describe(l))
	}
	d := c.add(CodeSkillShadows, span, fmt.Sprintf("this skill shadows %s", strings.Join(names, ", ")))
	d.Related = related
}

// describe names a skill's file and root for messages.
func describe(s *skills.Skill) string {
	if s.Path == "" {
		return fmt.Sprintf("the %s skill (rank %d)", s.Source, s.Rank)
	}
	return fmt.Sprintf("%s (%s, rank %d)", s.Path, s.Source, s.Rank)
}

// nameSpan returns the span of a file's name value, or its first line.
func (c *checker) nameSpan(f *skills.File) skills.Span {
	if f.Frontmatter != nil {
		if n := f.Frontmatter.Field("name"); n != nil {
			return n.ValueSpan
		}
		return f.Frontmatter.OpenSpan
	}
	return skills.Span{}
}

// frameTags close the <skill_content> frame when they appear in a body.
var frameTags = []string{"</skill_instructions>", "</skill_content>"}

// body checks the Markdown body: frame-breaking text and relative links.
func (c *checker) body() {
	f := c.f
	content := f.Src[f.ContentSpan.Start:f.ContentSpan.End]
	for _, tag := range frameTags {
		for off := 0; ; {
			i := bytes.Index(content[off:], []byte(tag))
			if i < 0 {
				break
			}
			start := f.ContentSpan.Start + off + i
			c.add(CodeBodyBreaksFrame, skills.Span{Start: start, End: start + len(tag)}, fmt.Sprintf("DSH does not escape the body: this %s closes the frame of the <skill_content> block the model receives, so the text after it no longer reads as part of the skill", tag))
			off += i + len(tag)
		}
	}
	base := c.baseDir()
	for _, l := range f.Outline().Links {
		target, ok := skills.LinkTarget(base, l.Dest)
		if !ok {
			continue
		}
		if !skills.Within(target, base) {
			c.add(CodeLinkOutside, l.Span, fmt.Sprintf("%s resolves to %s, outside the skill folder %s", l.Dest, target, base))
			continue
		}
		if _, err := os.Stat(target); err != nil {
			c.add(CodeLinkMissing, l.Span, fmt.Sprintf("%s does not exist (resolved against %s)", l.Dest, base))
		}
	}
}

// baseDir is the directory relative references resolve against.
func (c *checker) baseDir() string {
	if e, _ := c.snap.Entry(c.f.Path); e != nil {
		return e.BaseDir
	}
	return filepath.Dir(c.f.Path)
}
