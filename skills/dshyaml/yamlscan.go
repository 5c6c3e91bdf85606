package dshyaml

import (
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// yamlscan.go: the mistakes skill frontmatter commonly makes, found in the
// text of YAML that does not parse, each with the message, line and column
// DSH's yaml@2 reports for it (yaml.v3's messages and lines differ, and
// name neither the mistake nor its place). The scan reads the text line by
// line as a block mapping; where it cannot tell what a line is, it stops
// and leaves the parser's message.

// scanLine is one line of the YAML text.
type scanLine struct {
	start  int    // byte offset of the line in the text
	text   string // without "\n" and one final "\r"
	indent int    // bytes of leading spaces and tabs
}

// yamlScan is the state of one scan.
type yamlScan struct {
	text  []byte
	lines []scanLine
	// anchors are the &names defined so far.
	anchors map[string]bool
	// block is the indentation of the key whose block scalar (| or >) the
	// lines are in, -1 outside one; content is the indentation of its
	// first content line (0 before it).
	block, content int
	// plainIndent is the indentation of the key of the line before when
	// its value is a plain scalar (a line not indented more continues it),
	// -1 otherwise; plainKey is that key.
	plainIndent int
	plainKey    string
	// plainLine and plainOff are where that value starts; plainLines
	// counts the lines it has, and plainOpen says a line indented more
	// continues it (no comment has ended it).
	plainLine, plainOff, plainLines int
	plainOpen                       bool
	// parent is the last key with no value on its line: the key a list
	// item below it belongs to.
	parent string
}

// blockHeaderRE matches a block scalar header: | or >, then an indentation
// and a chomping indicator in either order.
var blockHeaderRE = regexp.MustCompile(`^[|>]([1-9][+-]?|[+-][1-9]?)?`)

// scanMistake returns the first common mistake of a YAML text that does
// not parse, or nil when it finds none it can name.
func scanMistake(text []byte) *Error {
	s := newScan(text)
	for i := 0; i < len(s.lines); i++ {
		e, next, ok := s.line(i)
		if e != nil || !ok {
			return e
		}
		i = next
	}
	return nil
}

// newScan returns a scan of text, at its first line.
func newScan(text []byte) *yamlScan {
	s := &yamlScan{text: text, anchors: map[string]bool{}, block: -1, plainIndent: -1}
	for _, l := range splitLines(text) {
		t := strings.TrimSuffix(string(l.text), "\r")
		ind := len(t) - len(strings.TrimLeft(t, " \t"))
		s.lines = append(s.lines, scanLine{start: l.start, text: t, indent: ind})
	}
	return s
}

// line scans line i; it returns the mistake found, the last line it read
// (a quoted value may span lines), and ok false to stop the scan.
func (s *yamlScan) line(i int) (*Error, int, bool) {
	l := s.lines[i]
	body := l.text[l.indent:]
	if body == "" || body[0] == '#' {
		s.plainOpen = s.plainOpen && body == "" // a comment ends a plain value
		return nil, i, true
	}
	if s.block >= 0 {
		if e, in := s.inBlock(i); e != nil || in {
			return e, i, true
		}
	}
	if strings.Contains(l.text[:l.indent], "\t") {
		e := s.at(i, 0, l.indent, CauseTabIndent, "Tabs are not allowed as indentation")
		e.Key = s.parent
		return e, i, true
	}
	if s.plainIndent >= 0 && s.plainOpen && l.indent > s.plainIndent {
		return s.plainMore(i), i, true
	}
	off := l.indent
	if body == "-" || strings.HasPrefix(body, "- ") {
		off += 1 + len(body[1:]) - len(strings.TrimLeft(body[1:], " "))
		if off == len(l.text) {
			s.plainIndent = -1
			return nil, i, true
		}
	}
	keyEnd, valueOff := findKey(l.text, off)
	if keyEnd < 0 {
		if off == l.indent {
			return s.continuation(i), i, s.plainIndent >= 0
		}
		e, next, ok := s.value(i, off, off, s.parent)
		s.plainOpen = false // yaml@2 words a list item continued otherwise
		return e, next, ok
	}
	key := strings.Trim(l.text[off:keyEnd], `"' `)
	if valueOff == len(l.text) || l.text[valueOff] == '#' {
		s.plainIndent, s.parent = -1, key
		return nil, i, true
	}
	return s.value(i, off, valueOff, key)
}

// inBlock reports whether line i is content of the block scalar being
// read, or the tab that makes it a mistake.
func (s *yamlScan) inBlock(i int) (*Error, bool) {
	l := s.lines[i]
	spaces := len(l.text) - len(strings.TrimLeft(l.text, " "))
	if spaces > s.block && (s.content == 0 || spaces >= s.content) && l.text[spaces] != '\t' {
		if s.content == 0 {
			s.content = spaces
		}
		return nil, true
	}
	if l.text[spaces] == '\t' && (s.content == 0 || spaces < s.content) {
		msg := "Block scalar lines must not be less indented than their first line"
		if s.content == 0 {
			msg = "Block scalar values in collections must be indented"
		}
		return s.at(i, 0, l.indent, CauseTabIndent, msg), false
	}
	s.block, s.content = -1, 0
	return nil, false
}

// findKey finds the ": " (or final ":") that ends the key of a
// `key: value` line whose key starts at off, outside quotes and before a
// comment; it returns the key's end and the offset of the value (past the
// spaces), or -1 when the line holds no key.
func findKey(t string, off int) (keyEnd, valueOff int) {
	j := off
	if j < len(t) && (t[j] == '"' || t[j] == '\'') {
		if c := closingQuote(t, j); c > 0 {
			j = c + 1
		}
	}
	for ; j < len(t); j++ {
		switch {
		case t[j] == '#' && j > off && (t[j-1] == ' ' || t[j-1] == '\t'):
			return -1, 0
		case t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ' || t[j+1] == '\t'):
			v := j + 1
			for v < len(t) && (t[v] == ' ' || t[v] == '\t') {
				v++
			}
			return j, v
		case j == off && strings.IndexByte("[{&*!|>'\"%@`", t[j]) >= 0:
			return -1, 0
		}
	}
	return -1, 0
}

// closingQuote returns the offset of the quote that closes the one at
// t[open] on the same line, or -1.
func closingQuote(t string, open int) int {
	if c := quoteAt(t[open+1:], t[open]); c >= 0 {
		return open + 1 + c
	}
	return -1
}

// continuation reports a line that is no key and not indented under the
// plain value before it, which YAML reads as a key without ": ".
func (s *yamlScan) continuation(i int) *Error {
	l := s.lines[i]
	if s.plainIndent < 0 || l.indent > s.plainIndent {
		return nil
	}
	body := strings.TrimRight(l.text[l.indent:], " \t")
	e := s.at(i, l.indent, len(l.text[:l.indent])+len(body), CauseContinuation, "Implicit keys need to be on a single line")
	e.Key = s.plainKey
	// yaml@2 reads the line as a key; when more of the same mapping
	// follows, the key runs on to the next line.
	for _, next := range s.lines[i+1:] {
		if b := next.text[next.indent:]; b != "" && b[0] != '#' {
			if next.indent >= l.indent {
				return e
			}
			break
		}
	}
	e.Message = "Implicit map keys need to be followed by map values"
	e.Caret = jstext.Len(body)
	return e
}

// value scans the value of key that starts at byte off of line i (the key
// or list item starts at start).
func (s *yamlScan) value(i, start, off int, key string) (*Error, int, bool) {
	l := s.lines[i]
	if p := s.skipProperties(l.text, off); p != off {
		if p == len(l.text) || l.text[p] == '#' {
			return nil, i, true // properties, then nothing or a comment
		}
		off = p
	}
	v := l.text[off:]
	s.plainIndent = -1
	switch c := v[0]; c {
	case '|', '>':
		return s.blockHeader(i, start, off, key), i, true
	case '"', '\'':
		return s.quoted(i, start, off, key)
	case '[', '{':
		return s.flow(i, start, off, key)
	case '@', '`':
		return s.valueError(i, off, off, CauseReservedStart, "Plain value cannot start with reserved character "+string(c), key), i, true
	case '%':
		return s.valueError(i, off, off, CauseDirectiveStart, "Plain value cannot start with directive indicator character %", key), i, true
	case '*':
		return s.alias(i, off, key), i, true
	case '&', '!':
		return nil, i, true // a property with no blank after it
	}
	end := commentStart(l.text, off)
	plain := strings.TrimRight(l.text[off:end], " \t")
	if strings.Contains(plain, ": ") || strings.HasSuffix(plain, ":") {
		return s.valueError(i, off, off, CauseUnquotedColon, "Nested mappings are not allowed in compact mappings", key), i, true
	}
	s.plainIndent, s.plainKey = start, key
	s.plainLine, s.plainOff, s.plainLines, s.plainOpen = i, off, 1, end == len(l.text)
	return nil, i, true
}

// commentStart returns the offset of the " #" comment of a plain value
// that starts at off, or the end of the line.
func commentStart(t string, off int) int {
	for j := off + 1; j < len(t); j++ {
		if t[j] == '#' && (t[j-1] == ' ' || t[j-1] == '\t') {
			return j
		}
	}
	return len(t)
}

// valueError is a mistake in the value that starts at byte off of line i,
// reported by DSH at byte at of the line.
func (s *yamlScan) valueError(i, at, off int, cause Cause, msg, key string) *Error {
	l := s.lines[i]
	end := len(strings.TrimRight(l.text[:commentStart(l.text, off)], " \t"))
	e := s.at(i, off, max(end, off), cause, msg)
	e.Column = jstext.Len(l.text[:at]) + 1
	e.ValueSpan = e.Span
	e.Key = key
	e.Char = string(l.text[off])
	return e
}

// at is a mistake on line i whose span is bytes from..to of the line and
// whose column is from's.
func (s *yamlScan) at(i, from, to int, cause Cause, msg string) *Error {
	l := s.lines[i]
	return &Error{Code: causeCode(cause), Message: msg, Line: i + 1, Column: jstext.Len(l.text[:from]) + 1, Cause: cause,
		Span: spans.Span{Start: l.start + from, End: l.start + to}}
}

// causeCode is the problem code of a cause.
func causeCode(c Cause) problem.Code {
	switch c {
	case CauseTabIndent:
		return problem.YAMLTabIndent
	case CauseUnquotedColon:
		return problem.YAMLUnquotedColon
	}
	return problem.YAMLSyntax
}

// skipProperties returns the offset of the value after the anchors and
// tags (&a !t) that start at off on line t, noting each anchor: off when
// there is none, len(t) or a comment's '#' when the line holds no value,
// and the offset of a property not followed by a blank (which holds no
// value either). A loop, not a call per property: a line of a million of
// them costs no stack.
func (s *yamlScan) skipProperties(t string, off int) int {
	for off < len(t) && (t[off] == '&' || t[off] == '!') {
		name := t[off+1:]
		if n := strings.IndexAny(name, " \t"); n >= 0 {
			name = name[:n]
		}
		if t[off] == '&' {
			s.anchors[name] = true
		}
		rest := off + 1 + len(name)
		if rest == len(t) || (t[rest] != ' ' && t[rest] != '\t') {
			return off // no blank after it: value reports it as holding no value
		}
		for rest < len(t) && (t[rest] == ' ' || t[rest] == '\t') {
			rest++
		}
		off = rest
	}
	return off
}
