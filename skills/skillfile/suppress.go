package skillfile

import (
	"bytes"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// Suppression comments: an author silences a diagnostic in the file itself,
// with an HTML comment in the body or a YAML comment in the frontmatter:
//
//	<!-- skill-ls-disable-next-line CODE[, CODE…] [-- reason] -->
//	<!-- skill-ls-disable CODE -->  …  <!-- skill-ls-enable CODE -->
//	<!-- skill-ls-disable-file CODE -->
//	# skill-ls-disable-next-line CODE -- reason     (in the frontmatter)
//
// The engine only finds and splits them; the diagnostics package decides
// which diagnostics they hide and reports the ones that are wrong or hide
// nothing.

// DirectivePrefix starts the text of every suppression comment.
const DirectivePrefix = "skill-ls-"

// DirectiveKind says what a suppression comment covers.
type DirectiveKind int

// The kinds of suppression comments.
const (
	// DisableNextLine covers the line after the comment.
	DisableNextLine DirectiveKind = iota
	// Disable covers the lines from the comment to the matching Enable (or
	// the end of the file).
	Disable
	// Enable ends a Disable.
	Enable
	// DisableFile covers the whole file.
	DisableFile
)

// directiveWords are the spellings of the kinds after DirectivePrefix.
var directiveWords = []struct {
	word string
	kind DirectiveKind
}{
	{"disable-next-line", DisableNextLine},
	{"disable-file", DisableFile},
	{"disable", Disable},
	{"enable", Enable},
}

// String returns the kind as written after "skill-ls-".
func (k DirectiveKind) String() string {
	for _, w := range directiveWords {
		if w.kind == k {
			return w.word
		}
	}
	return "disable"
}

// DirectiveCode is one code a suppression comment names, with its span.
type DirectiveCode struct {
	Code string
	Span spans.Span
}

// Directive is one suppression comment of a file.
type Directive struct {
	Kind DirectiveKind
	// Span covers the whole comment (<!-- … --> or # …).
	Span spans.Span
	// Codes are the codes named, in order (commas or spaces separate them).
	Codes []DirectiveCode
	// Reason is the text after " -- ", trimmed ("" when none).
	Reason string
	// Text is the comment's text, whitespace collapsed and clipped as a
	// hidden comment's is: the model reads a suppression comment of the
	// body as it reads any other.
	Text string
	// Frontmatter reports a YAML comment in the frontmatter.
	Frontmatter bool
	// Problem says why the comment is malformed: "" when it is well
	// formed, else a phrase such as "names no code".
	Problem string
}

// directives returns the suppression comments of the file in source
// order: the YAML comment lines of the frontmatter (outside any value) and
// the HTML comments of the Markdown body (outside code, as CommonMark reads
// it); src is the file's bytes.
func (f *File) directives(src []byte) []Directive {
	fm := f.Frontmatter
	if fm == nil {
		return nil
	}
	var out []Directive
	if fm.State == FrontmatterOK && bytes.Contains(src[fm.YAMLSpan.Start:fm.YAMLSpan.End], []byte(DirectivePrefix)) {
		out = append(out, f.frontmatterDirectives(src)...)
	}
	for _, c := range f.Outline.Comments() {
		if !bytes.Contains(src[c.Start:c.End], []byte(DirectivePrefix)) {
			continue
		}
		text := src[c.Start:c.End]
		inner := bytes.TrimSuffix(bytes.TrimPrefix(text, []byte("<!--")), []byte("-->"))
		if d, ok := parseDirective(inner, c.Start+4); ok {
			d.Span = c
			d.Text = clip(string(inner))
			out = append(out, d)
		}
	}
	return out
}

// frontmatterDirectives finds the comment lines of the YAML whose text
// starts with the prefix. A line inside a value (a block scalar, a
// multi-line quoted string) is text, not a comment.
func (f *File) frontmatterDirectives(src []byte) []Directive {
	fm := f.Frontmatter
	var values []spans.Span
	for _, fld := range fm.Fields() {
		values = append(values, fld.ValueSpan)
		for _, e := range fld.Entries {
			values = append(values, e.ValueSpan)
		}
	}
	var out []Directive
	for pos := fm.YAMLSpan.Start; pos < fm.YAMLSpan.End; {
		end := pos + bytes.IndexByte(src[pos:fm.YAMLSpan.End], '\n')
		next := end + 1
		if end < pos {
			end, next = fm.YAMLSpan.End, fm.YAMLSpan.End
		}
		line := bytes.TrimRight(src[pos:end], "\r")
		trimmed := bytes.TrimLeft(line, " \t")
		start := pos + len(line) - len(trimmed)
		if len(trimmed) > 0 && trimmed[0] == '#' && !insideAny(values, start) {
			if d, ok := parseDirective(trimmed[1:], start+1); ok {
				d.Span = spans.Span{Start: start, End: pos + len(line)}
				d.Frontmatter = true
				out = append(out, d)
			}
		}
		pos = next
	}
	return out
}

// insideAny reports whether off lies strictly inside one of the spans.
func insideAny(spans []spans.Span, off int) bool {
	for _, s := range spans {
		if s.Start < off && off < s.End {
			return true
		}
	}
	return false
}

// parseDirective splits the text of a comment (without its delimiters; it
// starts at byte offset base of the file). ok is false when the comment is
// not a suppression comment at all.
func parseDirective(text []byte, base int) (Directive, bool) {
	lead := len(text) - len(bytes.TrimLeft(text, " \t\r\n"))
	rest := string(text[lead:])
	if !strings.HasPrefix(rest, DirectivePrefix) {
		return Directive{}, false
	}
	after := rest[len(DirectivePrefix):]
	n := 0
	for n < len(after) && (after[n] >= 'a' && after[n] <= 'z' || after[n] == '-') {
		n++
	}
	word := after[:n]
	d := Directive{Kind: -1}
	for _, w := range directiveWords {
		if word == w.word {
			d.Kind = w.kind
			break
		}
	}
	if d.Kind < 0 {
		d.Kind = Disable
		d.Problem = "is not a suppression comment skill-ls knows (" + DirectivePrefix + word + "); write skill-ls-disable-next-line, skill-ls-disable, skill-ls-enable or skill-ls-disable-file"
		return d, true
	}
	at := lead + len(DirectivePrefix) + len(word)
	codes := text[at:]
	if i := reasonSeparator(codes); i >= 0 {
		d.Reason = strings.TrimSpace(string(codes[i+2:]))
		codes = codes[:i]
	}
	for i := 0; i < len(codes); {
		if c := codes[i]; c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			i++
			continue
		}
		j := i
		for j < len(codes) && !bytes.ContainsRune([]byte(", \t\r\n"), rune(codes[j])) {
			j++
		}
		s := base + at + i
		d.Codes = append(d.Codes, DirectiveCode{Code: string(codes[i:j]), Span: spans.Span{Start: s, End: s + j - i}})
		i = j
	}
	if len(d.Codes) == 0 {
		d.Problem = "names no code; write the codes it silences, such as " + DirectivePrefix + d.Kind.String() + " description-truncated -- why"
	}
	return d, true
}

// reasonSeparator returns the index of the " -- " (or a "--" at the start)
// that starts the reason, or -1.
func reasonSeparator(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '-' || b[i+1] != '-' {
			continue
		}
		before := i == 0 || b[i-1] == ' ' || b[i-1] == '\t'
		after := i+2 == len(b) || b[i+2] == ' ' || b[i+2] == '\t'
		if before && after {
			return i
		}
	}
	return -1
}
