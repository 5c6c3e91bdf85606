package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// allowed-tools entries, read from the value's text: "Bash(git add:*),
// Read", "Read Grep", a block or flow list. Parentheses group, so the
// spaces of "Bash(git add:*)" do not split it.

// toolEntry is one allowed-tools entry and its span in the file.
type toolEntry struct {
	text string
	span spans.Span
}

// checkAllowedTools reports each allowed-tools entry the body never
// mentions. It reads the file's text, so it runs only on a file that has
// the key.
func checkAllowedTools(p *Pass) {
	if !p.fields() || p.File.Drop != nil {
		return
	}
	fld := p.File.Frontmatter.Field("allowed-tools")
	if fld == nil {
		return
	}
	body := p.Src()[p.File.ContentSpan.Start:p.File.ContentSpan.End]
	region := valueRegion(p, fld.ValueSpan)
	for _, e := range toolEntries(p.Text(region), region.Start) {
		if words := toolWords(e.text); len(words) > 0 && !mentionsAny(body, words) {
			p.Report(e.span, fmt.Sprintf("allowed-tools grants %s, but the body never mentions %s: remove the entry, or say when the skill uses it", e.text, strings.Join(words, " or ")))
		}
	}
}

// valueRegion is the text of a value through the line before the next
// key: a block list's value span covers its first item only.
func valueRegion(p *Pass, value spans.Span) spans.Span {
	fm := p.File.Frontmatter
	end := fm.YAMLSpan.End
	for _, f := range fm.Fields() {
		if f.KeySpan.Start >= value.End && f.KeySpan.Start < end {
			end = f.KeySpan.Start
		}
	}
	return spans.Span{Start: value.Start, End: max(end, value.End)}
}

// toolEntries splits an allowed-tools value's text at commas, line breaks
// and blanks outside parentheses; base is the text's offset in the file.
func toolEntries(text string, base int) []toolEntry {
	var out []toolEntry
	depth, start := 0, -1
	flush := func(end int) {
		if start >= 0 {
			if s, e := trimEntry(text, start, end); s < e {
				out = append(out, toolEntry{text: text[s:e], span: spans.Span{Start: base + s, End: base + e}})
			}
		}
		start = -1
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '(':
			depth++
		case c == ')':
			depth = max(depth-1, 0)
		case depth == 0 && c == '#' && (i == 0 || strings.IndexByte(" \t\n", text[i-1]) >= 0):
			flush(i) // a YAML comment, to the end of its line
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case depth == 0 && strings.IndexByte(", \t\r\n[]", c) >= 0:
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(text))
	return out
}

// trimEntry trims list markers and quotes around text[s:e].
func trimEntry(text string, s, e int) (int, int) {
	for s < e && strings.IndexByte("-'\"", text[s]) >= 0 {
		s++
	}
	for e > s && strings.IndexByte("'\"", text[e-1]) >= 0 {
		e--
	}
	return s, e
}

// toolWords are the words whose mention in the body uses an entry: the
// tool ("Bash", the last part of "mcp__github__create_issue") and the
// command of "Bash(git add:*)".
func toolWords(entry string) []string {
	name, arg, _ := strings.Cut(entry, "(")
	if strings.Contains(name, "*") {
		return nil // a pattern names no one tool the body could mention
	}
	if i := strings.LastIndex(name, "__"); i >= 0 {
		name = name[i+2:]
	}
	var out []string
	if name != "" {
		out = append(out, name)
	}
	arg = strings.TrimSuffix(arg, ")")
	if cmd := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ':' || r == '*' || r == '/' }); len(cmd) > 0 {
		out = append(out, cmd[0])
	}
	return out
}

// mentionsAny reports whether body holds one of words as a whole word,
// ASCII letters in any case.
func mentionsAny(body []byte, words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return mentions(body, w) })
}

// mentions reports whether body holds w as a whole word, ASCII letters in
// any case. It reads the file's bytes in place: a lower-cased copy of
// every body that grants tools was most of what a workspace pass
// allocated.
func mentions(body []byte, w string) bool {
	if w == "" {
		return false
	}
	lo, up := asciiLower(w[0]), asciiUpper(w[0])
	for at, last := 0, len(body)-len(w); at <= last; at++ {
		if c := body[at]; (c == lo || c == up) && !wordByteAt(body, at-1) &&
			equalASCIIFold(body[at:at+len(w)], w) && !wordByteAt(body, at+len(w)) {
			return true
		}
	}
	return false
}

// equalASCIIFold reports whether b and s hold the same bytes, ASCII
// letters in any case.
func equalASCIIFold(b []byte, s string) bool {
	for i := range len(s) {
		if asciiLower(b[i]) != asciiLower(s[i]) {
			return false
		}
	}
	return true
}

func asciiLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func asciiUpper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// wordByteAt reports whether body[i] exists and is a word byte, in any
// case.
func wordByteAt(body []byte, i int) bool {
	return i >= 0 && i < len(body) && isWordByte(asciiLower(body[i]))
}
