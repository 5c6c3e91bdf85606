package dshyaml

import (
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// yamlscanplain.go: a plain value continued on lines indented under its
// key. YAML folds those lines into the value, so ": " on one of them (or
// a final ":") makes the value a nested mapping, which yaml@2 reports at
// the start of the value: a sentence whose second line holds a colon, or
// a key indented by mistake under the key above it.

// keyWordRE matches the text before the ":" of a line that reads as a key
// of its own: one word.
var keyWordRE = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// plainMore reads line i, indented under the plain value before it, which
// it continues.
func (s *yamlScan) plainMore(i int) *Error {
	l := s.lines[i]
	end := commentStart(l.text, l.indent)
	if end < len(l.text) {
		s.plainOpen = false // the comment ends the value
	}
	body := strings.TrimRight(l.text[l.indent:end], " \t")
	colon := mappingColon(body)
	if colon < 0 {
		s.plainLines++
		return nil
	}
	e := s.at(s.plainLine, s.plainOff, s.plainOff, CauseUnquotedColon, "Nested mappings are not allowed in compact mappings")
	e.Key = s.plainKey
	at := l.start + l.indent
	if s.plainLines == 1 && keyWordRE.MatchString(body[:colon]) {
		e.Code, e.Cause, e.Indent = causeCode(CauseIndentedKey), CauseIndentedKey, s.plainIndent
		e.Span = spans.Span{Start: at, End: at + colon}
	} else {
		e.Span = spans.Span{Start: at + colon, End: at + colon + 1}
	}
	e.ValueSpan = s.plainSpan(i)
	return e
}

// mappingColon returns the offset of the first ":" in a plain text that
// a space or a tab follows, or that ends it; -1 when there is none.
func mappingColon(t string) int {
	for j := 0; j < len(t); j++ {
		if t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ' || t[j+1] == '\t') {
			return j
		}
	}
	return -1
}

// plainSpan is the span of the plain value that line i continues, through
// the indented lines after it, or an empty span when a comment ends one of
// its lines (quotes around the value would take the comment in).
func (s *yamlScan) plainSpan(i int) spans.Span {
	end := 0
	for k := s.plainLine; k < len(s.lines); k++ {
		l := s.lines[k]
		body := strings.TrimRight(l.text[l.indent:], " \t")
		if body == "" {
			continue
		}
		if k > i && (l.indent <= s.plainIndent || body[0] == '#' || strings.Contains(l.text[:l.indent], "\t")) {
			break
		}
		from := l.indent
		if k == s.plainLine {
			from = s.plainOff
		}
		if commentStart(l.text, from) < len(l.text) {
			return spans.Span{}
		}
		end = l.start + l.indent + len(body)
	}
	return spans.Span{Start: s.lines[s.plainLine].start + s.plainOff, End: end}
}
