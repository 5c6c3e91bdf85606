package skills

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// MaxFileSize is the largest skill file skill-ls reads whole. Larger files
// are reported (DropTooLarge) instead of parsed, so a hostile tree cannot
// exhaust memory.
const MaxFileSize = 16 << 20

// binarySniffLen is how many leading bytes DSH's text reader checks for NUL.
const binarySniffLen = 8192

// The legacy camelCase invocation keys and the keys that replace them, in the
// order DSH checks them (spec §4.3).
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
// file. It never fails: problems are recorded in File.Drop and
// File.Frontmatter. path is used in DSH's log lines.
func Parse(path string, src []byte, mode ReadMode) *File {
	f := &File{Path: path, Src: src, Mode: mode}
	f.CRLF = bytes.Contains(src, []byte("\r\n"))
	f.BOM = bytes.HasPrefix(src, []byte("\xEF\xBB\xBF"))
	var text []byte
	switch mode {
	case ReadFS:
		sniff := src
		if len(sniff) > binarySniffLen {
			sniff = sniff[:binarySniffLen]
		}
		if i := bytes.IndexByte(sniff, 0); i >= 0 {
			f.drop(DropBinary, fmt.Sprintf("failed to read text file at %s: FsError: cannot read %q: binary file", path, path), Span{i, i + 1}, "")
			return f
		}
		if !utf8.Valid(src) {
			i := firstInvalidUTF8(src)
			f.drop(DropInvalidUTF8, fmt.Sprintf("failed to read text file at %s: FsError: cannot read %q: invalid UTF-8 text", path, path), Span{i, i + 1}, "")
			return f
		}
		text = src
		if f.BOM {
			f.TextStart = 3
			text = src[3:]
		}
	case ReadNode:
		if !utf8.Valid(src) {
			// Node decodes invalid sequences to U+FFFD; the engine then works
			// on the decoded text.
			src = []byte(decodeNode(src))
			f.Src = src
		}
		text = src
	}
	fm, body := splitFrontmatter(text, f.TextStart)
	f.Frontmatter = fm
	f.BodySpan = body
	if fm.State != FrontmatterOK {
		f.drop(DropNoFrontmatter, "missing YAML frontmatter", Span{f.TextStart, f.TextStart + firstLineLen(text)}, "")
		f.setContent()
		return f
	}
	parseYAML(fm, src)
	if fm.Err != nil {
		f.drop(DropYAML, "invalid YAML frontmatter: YAMLParseError: "+yamlLogMessage(fm.Err, src[fm.YAMLSpan.Start:fm.YAMLSpan.End]), fm.Err.Span, fm.Err.Key)
		f.setContent()
		return f
	}
	f.setContent()
	if !fm.Mapping {
		f.drop(DropNoFrontmatter, "missing YAML frontmatter", fm.YAMLSpan, "")
		return f
	}
	name := fm.Field("name")
	desc := fm.Field("description")
	if !nonEmptyString(name) || !nonEmptyString(desc) {
		span, key := fm.OpenSpan, "name"
		switch {
		case !nonEmptyString(name) && name != nil:
			span = name.ValueSpan
		case !nonEmptyString(name):
			span = Span{fm.OpenSpan.Start, fm.CloseSpan.End}
		case desc != nil:
			span, key = desc.ValueSpan, "description"
		default:
			span, key = Span{fm.OpenSpan.Start, fm.CloseSpan.End}, "description"
		}
		f.drop(DropNameDescription, "frontmatter requires name and description", span, key)
		return f
	}
	if !IsSkillName(name.Value.Str) {
		f.drop(DropInvalidName, fmt.Sprintf("invalid skill name %q", name.Value.Str), name.ValueSpan, "name")
		// %q escapes like Go; DSH embeds the raw name between quotes.
		f.Drop.Detail = `invalid skill name "` + name.Value.Str + `"`
		f.Drop.Log = "skill file " + path + " ignored: " + f.Drop.Detail
		return f
	}
	for _, l := range legacyKeys {
		if fld := fm.Field(l.Key); fld != nil {
			f.drop(DropInvocation, fmt.Sprintf(`invalid invocation frontmatter: Error: frontmatter field %q is unsupported; use %q`, l.Key, l.Use), fld.KeySpan, l.Key)
			return f
		}
	}
	inv := Invocation{ModelInvocable: true, UserInvocable: true}
	for _, key := range []string{"disable-model-invocation", "user-invocable"} {
		fld := fm.Field(key)
		if fld == nil {
			continue
		}
		b, ok := LenientBool(fld.Value)
		if !ok {
			f.drop(DropInvocation, fmt.Sprintf(`invalid invocation frontmatter: TypeError: frontmatter field %q must be a boolean`, key), fld.ValueSpan, key)
			return f
		}
		if key == "disable-model-invocation" {
			inv.ModelInvocable = !b
		} else {
			inv.UserInvocable = b
		}
	}
	def := &Skill{
		Name:        name.Value.Str,
		Description: desc.Value.Str,
		Invocation:  inv,
		Provider:    "filesystem",
		Path:        path,
		Content:     bytesString(src[f.ContentSpan.Start:f.ContentSpan.End]),
		File:        f,
	}
	if w := fm.Field("whenToUse"); w != nil && nonEmptyString(w) {
		def.WhenToUse = w.Value.Str
	}
	if m := fm.Field("metadata"); m != nil && m.Value.Kind == KindMap {
		def.HasMetadata = true
	}
	f.Def = def
	return f
}

// setContent computes the trimmed body span.
func (f *File) setContent() {
	body := f.Src[f.BodySpan.Start:f.BodySpan.End]
	lead := len(body) - len(bytes.TrimLeftFunc(body, jstext.IsSpace))
	trail := len(bytes.TrimRightFunc(body, jstext.IsSpace))
	if lead >= trail {
		f.ContentSpan = Span{f.BodySpan.End, f.BodySpan.End}
		return
	}
	f.ContentSpan = Span{f.BodySpan.Start + lead, f.BodySpan.Start + trail}
}

func (f *File) drop(kind DropKind, detail string, span Span, key string) {
	f.Drop = &Drop{Kind: kind, Detail: detail, Log: "skill file " + f.Path + " ignored: " + detail, Span: span, Key: key}
}

// bytesString returns b as a string without copying. Invariant: a File's
// Src is never modified after Parse (editor texts and disk reads are owned
// by the file), so strings sharing its memory stay valid and immutable.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// LenientBool applies DSH's frontmatterBoolean (spec §4.3): YAML booleans,
// the numbers 1 and 0, the strings "1" and "0", and true/yes/on/false/no/off
// in any case. ok is false for anything else, including null.
func LenientBool(v Value) (b, ok bool) {
	switch v.Kind {
	case KindBool:
		return v.Bool, true
	case KindInt, KindFloat:
		if v.Num == 1 {
			return true, true
		}
		if v.Num == 0 {
			return false, true
		}
	case KindString:
		switch strings.ToLower(v.Str) {
		case "1", "true", "yes", "on":
			return true, true
		case "0", "false", "no", "off":
			return false, true
		}
	}
	return false, false
}

func nonEmptyString(f *Field) bool {
	return f != nil && f.Value.Kind == KindString && f.Value.Str != ""
}

func firstLineLen(text []byte) int {
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		return trimCR(text[:i])
	}
	return len(text)
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// yamlLogMessage renders a YAML error the way yaml@2's prettyErrors does:
// "<message> at line L, column C:\n\n<source line>\n<pointer>\n".
func yamlLogMessage(e *YAMLError, text []byte) string {
	msg := fmt.Sprintf("%s at line %d, column %d", e.Message, e.Line, e.Column)
	lines := splitLines(text)
	if e.Line < 1 || e.Line > len(lines) {
		return msg
	}
	lineStr := strings.TrimRight(string(lines[e.Line-1].text), "\r\n")
	ci := e.Column - 1
	if jstext.Len(lineStr) > 80 {
		return msg
	}
	if e.Line > 1 && strings.TrimLeft(jstext.Prefix(lineStr, ci), " ") == "" {
		prev := string(lines[e.Line-2].text) + "\n"
		lineStr = prev + lineStr
	}
	if strings.Trim(lineStr, " ") == "" {
		return msg
	}
	return msg + ":\n\n" + lineStr + "\n" + strings.Repeat(" ", ci) + "^\n"
}

// decodeNode decodes bytes as Node's utf8 decoder does: each maximal invalid
// subpart becomes one U+FFFD (WHATWG Encoding Standard).
func decodeNode(b []byte) string {
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			sb.WriteRune(r)
			i += size
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += maximalSubpart(b[i:])
	}
	return sb.String()
}

// maximalSubpart returns the length of the maximal invalid subpart at the
// start of b (at least 1).
func maximalSubpart(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(b); k++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
		n++
	}
	return n
}
