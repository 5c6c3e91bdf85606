package skillfile

import (
	"bytes"
	"fmt"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// MaxFileSize is the largest skill file skill-ls reads whole. Larger files
// are reported (CodeFileTooLarge) instead of parsed, so a hostile tree cannot
// exhaust memory.
const MaxFileSize = 16 << 20

// binarySniffLen is how many leading bytes DSH's text reader checks for NUL.
const binarySniffLen = 8192

// The legacy camelCase invocation keys and the keys that replace them, in the
// order DSH checks them (docs/dsh.md §4.3).
var legacyKeys = []struct{ Key, Use string }{
	{"disableModelInvocation", "disable-model-invocation"},
	{"modelInvocable", "disable-model-invocation"},
	{"userInvocable", "user-invocable"},
}

// LegacyKeyReplacement returns the kebab-case key DSH wants instead of a
// legacy camelCase invocation key, or "" when key is not legacy.
func LegacyKeyReplacement(key string) string {
	for _, l := range legacyKeys {
		if l.Key == key {
			return l.Use
		}
	}
	return ""
}

// Parse reads one skill file's bytes as DSH does and returns the parsed
// file. It never fails: every reason DSH drops or degrades the file is a
// [Finding] in File.Findings, in DSH's check order, and the first one that
// drops the file is File.Drop, with DSH's log line. path is used in DSH's
// log lines.
func Parse(path string, src []byte, mode ReadMode) *File {
	return parse(path, src, mode, true)
}

// ParseCatalog is Parse without the body's Markdown facts: the file has no
// outline, directives, frame closers or hidden markup, only its hidden
// characters (for a load that reads only what the registry and the
// catalog need).
func ParseCatalog(path string, src []byte, mode ReadMode) *File {
	return parse(path, src, mode, false)
}

// parse is Parse, reading the body's Markdown facts (links, comments,
// directives, frame closers) only when withBody is set.
func parse(path string, src []byte, mode ReadMode, withBody bool) *File {
	if len(src) > MaxFileSize {
		return TooLarge(path, mode) // an editor's buffer obeys the disk's limit
	}
	f := &File{Path: path, Mode: mode}
	f.CRLF = bytes.Contains(src, []byte("\r\n"))
	f.BOM = bytes.HasPrefix(src, []byte("\xEF\xBB\xBF"))
	src, text, ok := f.decode(src)
	f.text = spans.NewLineIndex(src)
	if !ok {
		f.settle(src)
		return f
	}
	fm, body := splitFrontmatter(text, f.TextStart)
	f.Frontmatter = fm
	f.BodySpan = body
	fm.lines = frontLines(src, fm, body)
	f.setContent(src)
	if f.checkFrontmatter(src, text) {
		f.checkFields()
	}
	f.settle(src)
	if f.Drop == nil {
		f.Def = f.define()
	}
	// Invisible characters are looked for in every read: the catalog and
	// content previews say where they are (one fast pass). A file without
	// frontmatter is no skill to any host (and a chat buffer parsed as
	// one can be megabytes): it has none.
	hasFM := fm.State == FrontmatterOK
	var hidden []Hidden
	if hasFM {
		hidden = append(hiddenChars(src, f.TextStart), descriptionPadding(f, src)...)
	}
	if !withBody {
		f.withRare(rareFacts{hidden: hidden})
		return f
	}
	f.Outline = markdown.Scan(src[f.BodySpan.Start:f.BodySpan.End], f.BodySpan.Start)
	f.withRare(rareFacts{hidden: hidden, directives: f.directives(src), frameClosers: frameClosers(src, f.ContentSpan), placeholders: placeholders(src, f.ContentSpan)})
	f.BodyLines = int32(bodyLines(src[f.BodySpan.Start:f.BodySpan.End])) // at most MaxFileSize
	f.MayMisread = mayMisread(f, src)
	if hasFM && f.Outline.Unread() == "" {
		f.setHidden(append(hidden, hiddenMarkup(f, src)...)) // bounded as the outline is
	}
	return f
}

// frameTags are the closing tags of the frame DSH wraps a skill's content
// in; both start with frameTagStart.
var frameTags = []string{"</skill_instructions>", "</skill_content>"}

const frameTagStart = "</skill_"

// frameClosers returns the spans of the frame's closing tags in the content.
func frameClosers(src []byte, content spans.Span) []spans.Span {
	var out []spans.Span
	text := src[content.Start:content.End]
	// One search for what both tags start with; the tags cannot overlap
	// (each holds one '<'), so this finds what a search per tag finds.
	for off := 0; ; {
		i := bytes.Index(text[off:], []byte(frameTagStart))
		if i < 0 {
			return out
		}
		at := off + i
		off = at + 1
		for _, tag := range frameTags {
			if bytes.HasPrefix(text[at:], []byte(tag)) {
				out = append(out, spans.Span{Start: content.Start + at, End: content.Start + at + len(tag)})
				off = at + len(tag)
				break
			}
		}
	}
}

// TooLarge returns the file at path that skill-ls did not read: it is
// larger than MaxFileSize.
func TooLarge(path string, mode ReadMode) *File {
	f := &File{Path: path, Mode: mode}
	f.find(problem.FileTooLarge, spans.Span{}, "")
	f.settle(nil)
	return f
}

// Unreadable returns the file at path that could not be read, and why
// (the I/O error's text).
func Unreadable(path string, mode ReadMode, why string) *File {
	f := &File{Path: path, Mode: mode}
	f.withRare(rareFacts{readErr: why})
	f.find(problem.UnreadableFile, spans.Span{}, "")
	f.settle(nil)
	return f
}

// checkFrontmatter records a missing, unclosed, unparsable or non-mapping
// frontmatter; it returns true when the fields can be checked.
func (f *File) checkFrontmatter(src, text []byte) bool {
	fm := f.Frontmatter
	switch fm.State {
	case FrontmatterNoNewline, FrontmatterNoOpener:
		span := spans.Span{Start: f.TextStart, End: f.TextStart + firstLineLen(text)}
		if f.BOM && f.Mode == ReadNode {
			span = spans.Span{Start: 0, End: 3} // the kept BOM is what hides the opener
		}
		f.find(problem.FrontmatterMissing, span, "")
		return false
	case FrontmatterUnclosed:
		// The line the author meant as the closing one, when a line looks
		// like it; else the opening line that is never closed.
		f.find(problem.FrontmatterUnclosed, fm.NearCloseSpan.OrKey(fm.OpenSpan), "")
		return false
	}
	fm.setDoc(f.parseYAML(src))
	if e := fm.Err; e != nil {
		f.find(e.Code, e.Span, e.Key)
		return false
	}
	if !fm.Mapping {
		span := fm.YAMLSpan
		if span.Len() == 0 {
			span = fm.OpenSpan
		}
		f.find(problem.FrontmatterNotMap, span, "")
		return false
	}
	return true
}

// parseYAML reads the closed frontmatter's YAML text: from the file's
// kept first lines when it has them, whose string its values then share,
// else from src, the file's bytes.
func (f *File) parseYAML(src []byte) dshyaml.Doc {
	y := f.Frontmatter.YAMLSpan
	if lines := f.Frontmatter.lines; lines != "" {
		return dshyaml.ParseString(lines[y.Start:y.End], y.Start)
	}
	return dshyaml.Parse(src[y.Start:y.End], y.Start)
}

// checkFields records the problems of the keys DSH reads, in DSH's order:
// name and description (docs/dsh.md §4.2), the name grammar, the legacy invocation
// keys and the invocation flags (§4.3), then the fields DSH ignores.
func (f *File) checkFields() {
	fm := f.Frontmatter
	name, desc := fm.Field("name"), fm.Field("description")
	f.checkRequired(name, "name", problem.NameMissing, problem.NameNotString, problem.NameEmpty)
	f.checkRequired(desc, "description", problem.DescriptionMissing, problem.DescriptionNotString, problem.DescriptionEmpty)
	if nonEmptyString(name) && !IsSkillName(name.Value.Str) {
		f.find(problem.NameInvalid, name.ValueSpan, "name")
	}
	for _, l := range legacyKeys {
		if fld := fm.Field(l.Key); fld != nil {
			f.find(problem.LegacyInvocationKey, fld.KeySpan, l.Key)
		}
	}
	for _, key := range invocationKeys {
		if fld := fm.Field(key); fld != nil {
			if _, ok := dshyaml.LenientBool(fld.Value); !ok {
				f.find(problem.InvocationNotBoolean, fld.ValueSpan.OrKey(fld.KeySpan), key)
			}
		}
	}
	if w := fm.Field("whenToUse"); w != nil && !nonEmptyString(w) {
		f.find(problem.FieldIgnored, w.ValueSpan.OrKey(w.KeySpan), "whenToUse")
	}
	if m := fm.Field("metadata"); m != nil && m.Value.Kind != dshyaml.KindMap {
		f.find(problem.FieldIgnored, m.ValueSpan.OrKey(m.KeySpan), "metadata")
	}
}

// invocationKeys are the invocation flags, in the order DSH reads them.
var invocationKeys = []string{"disable-model-invocation", "user-invocable"}

// checkRequired records a required string key that is missing, not a
// string, or empty.
func (f *File) checkRequired(fld *dshyaml.Field, key string, missing, notString, empty problem.Code) {
	switch {
	case fld == nil:
		// The opening --- names the frontmatter that lacks the key; the
		// YAML's first line is some other key, nothing to do with it.
		f.find(missing, f.Frontmatter.OpenSpan, key)
	case fld.Value.Kind != dshyaml.KindString:
		f.find(notString, fld.ValueSpan, key)
	case fld.Value.Str == "":
		f.find(empty, fld.ValueSpan.OrKey(fld.KeySpan), key)
	}
}

// define reads the skill of a file with no dropping finding.
func (f *File) define() *Definition {
	fm := f.Frontmatter
	inv := Invocation{ModelInvocable: true, UserInvocable: true}
	if b, ok := fieldBool(fm, "disable-model-invocation"); ok {
		inv.ModelInvocable = !b
	}
	if b, ok := fieldBool(fm, "user-invocable"); ok {
		inv.UserInvocable = b
	}
	def := &Definition{
		Name:        fm.Field("name").Value.Str,
		Description: fm.Field("description").Value.Str,
		Invocation:  inv,
	}
	if w := fm.Field("whenToUse"); nonEmptyString(w) {
		def.WhenToUse = w.Value.Str
	}
	if m := fm.Field("metadata"); m != nil && m.Value.Kind == dshyaml.KindMap {
		def.HasMetadata = true
	}
	return def
}

// fieldBool reads a lenient boolean key; ok is false when the key is absent
// or not a boolean.
func fieldBool(fm *Frontmatter, key string) (b, ok bool) {
	if fld := fm.Field(key); fld != nil {
		return dshyaml.LenientBool(fld.Value)
	}
	return false, false
}

// setContent computes the trimmed body span.
func (f *File) setContent(src []byte) {
	body := src[f.BodySpan.Start:f.BodySpan.End]
	lead := len(body) - len(bytes.TrimLeftFunc(body, jstext.IsSpace))
	trail := len(bytes.TrimRightFunc(body, jstext.IsSpace))
	if lead >= trail {
		f.ContentSpan = spans.Span{Start: f.BodySpan.End, End: f.BodySpan.End}
		return
	}
	f.ContentSpan = spans.Span{Start: f.BodySpan.Start + lead, End: f.BodySpan.Start + trail}
}

// find records a finding.
func (f *File) find(code problem.Code, span spans.Span, key string) {
	f.Findings = append(f.Findings, Finding{Code: code, Span: span, Key: key})
}

// settle sets Drop from the first finding that drops the file; src is the
// file's bytes.
func (f *File) settle(src []byte) {
	for _, fd := range f.Findings {
		if fd.Code.LeavesOut() {
			detail := f.dropDetail(fd, src)
			f.Drop = &Drop{Code: fd.Code, Detail: detail, Span: fd.Span, Key: fd.Key, OnDisk: fd.OnDisk}
			if !fd.Code.Unread() { // over skill-ls's limits, DSH logs nothing
				f.Drop.Log = "skill file " + f.Path + " ignored: " + detail
			}
			return
		}
	}
}

// dropDetail is the part of DSH's log line after "ignored: " for a finding.
func (f *File) dropDetail(fd Finding, src []byte) string {
	switch fd.Code {
	case problem.BinaryFile:
		return fmt.Sprintf("failed to read text file at %s: FsError: cannot read %q: binary file", f.Path, f.Path)
	case problem.InvalidUTF8:
		return fmt.Sprintf("failed to read text file at %s: FsError: cannot read %q: invalid UTF-8 text", f.Path, f.Path)
	case problem.UnreadableFile:
		return "cannot read file: " + f.ReadErr()
	case problem.FileTooLarge:
		return "skill-ls did not read this file: it is larger than 16 MiB (DSH would load all of it)"
	case problem.FrontmatterMissing, problem.FrontmatterUnclosed, problem.FrontmatterNotMap:
		return "missing YAML frontmatter"
	case problem.YAMLSyntax, problem.YAMLUnquotedColon, problem.YAMLDuplicateKey, problem.YAMLTabIndent, problem.YAMLTooComplex:
		fm := f.Frontmatter
		return "invalid YAML frontmatter: " + dshyaml.LogMessage(fm.Err, src[fm.YAMLSpan.Start:fm.YAMLSpan.End])
	case problem.NameInvalid:
		// DSH embeds the raw name between quotes (Go's %q would escape it).
		return `invalid skill name "` + f.Frontmatter.Field("name").Value.Str + `"`
	case problem.LegacyInvocationKey:
		return fmt.Sprintf(`invalid invocation frontmatter: Error: frontmatter field %q is unsupported; use %q`, fd.Key, LegacyKeyReplacement(fd.Key))
	case problem.InvocationNotBoolean:
		return fmt.Sprintf(`invalid invocation frontmatter: TypeError: frontmatter field %q must be a boolean`, fd.Key)
	}
	return "frontmatter requires name and description" // the name-* and description-* codes
}

func nonEmptyString(f *dshyaml.Field) bool {
	return f != nil && f.Value.Kind == dshyaml.KindString && f.Value.Str != ""
}

func firstLineLen(text []byte) int {
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		return trimCR(text[:i])
	}
	return len(text)
}

// Headings returns the headings of the body of f, whose bytes are src.
func (f *File) Headings(src []byte) []markdown.Heading {
	if f.Frontmatter == nil || f.BodySpan.End > len(src) || f.BodySpan.Len() > markdown.MaxBytes {
		return nil
	}
	return markdown.ScanWithHeadings(src[f.BodySpan.Start:f.BodySpan.End], f.BodySpan.Start).Headings()
}
