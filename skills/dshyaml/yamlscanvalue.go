package dshyaml

import (
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// yamlscanvalue.go: the values the scan of yamlscan.go reads past their
// first character: block headers, quoted values, flow collections, aliases.

// blockHeader reads a | or > value: a block scalar whose text starts on
// the next line, or text after the header, which YAML does not accept.
func (s *yamlScan) blockHeader(i, start, off int, key string) *Error {
	t := s.lines[i].text
	header := blockHeaderRE.FindString(t[off:])
	after := off + len(header)
	if after < len(t) && t[after] != ' ' && t[after] != '\t' {
		token := t[off:]
		if n := strings.IndexAny(token, " \t"); n >= 0 {
			token = token[:n]
		}
		return s.valueError(i, after, off, CauseBlockHeader, "Block scalar header includes extra characters: "+token, key)
	}
	text := after
	for text < len(t) && (t[text] == ' ' || t[text] == '\t') {
		text++
	}
	if text == len(t) || t[text] == '#' {
		s.block, s.content = start, 0
		return nil
	}
	rest := strings.TrimRight(t[text:], " \t")
	e := s.valueError(i, text, off, CauseBlockHeader, "Not a YAML token: "+rest, key)
	e.Caret = jstext.Len(rest)
	return e
}

// quoted reads a quoted value: closed on its line (text after the closing
// quote is a mistake), closed on a later line indented under the key, or
// never closed.
func (s *yamlScan) quoted(i, start, off int, key string) (*Error, int, bool) {
	l := s.lines[i]
	q := string(l.text[off])
	if c := closingQuote(l.text, off); c >= 0 {
		// yaml@2 reads the escapes before it looks past the value.
		if e, ok := s.escapes(i, off, i, c, key); e != nil || !ok {
			return e, i, ok
		}
		rest := c + 1
		for rest < len(l.text) && (l.text[rest] == ' ' || l.text[rest] == '\t') {
			rest++
		}
		if rest == len(l.text) || strings.IndexByte("#:,]}", l.text[rest]) >= 0 {
			return nil, i, true
		}
		e := s.valueError(i, rest, off, CauseTextAfterQuote, "Unexpected scalar at node end", key)
		e.Char = q
		e.Caret = jstext.Len(strings.TrimRight(l.text[rest:commentStart(l.text, rest)], " \t"))
		return e, i, true
	}
	if e, ok := s.escapes(i, off, i, -1, key); e != nil || !ok {
		return e, i, ok
	}
	indented := true
	for j := i + 1; j < len(s.lines); j++ {
		next := s.lines[j]
		if !isBlank(next.text) && next.indent <= start {
			indented = false
		}
		closing := quoteAt(next.text, q[0])
		if indented {
			if e, ok := s.escapes(i, off, j, closing, key); e != nil || !ok {
				return e, i, ok
			}
		}
		if closing >= 0 {
			if indented {
				return nil, j, true
			}
			e := s.valueError(i, len(l.text), off, CauseUnclosedQuote, "Missing closing "+q+"quote", key)
			e.Char = q
			return e, i, true
		}
	}
	e := s.valueError(i, off, off, CauseUnclosedQuote, "Missing closing "+q+"quote", key)
	e.Char = q
	e.Line, e.Column = s.endPosition()
	return e, i, true
}

// quoteAt returns the offset of the quote q that closes a quoted value in
// t, text inside the value, or -1: inside single quotes a doubled quote is
// one quote, inside double quotes a backslash escapes the next byte. Every
// scan for a closing quote calls it, on a line (string) or on the whole
// frontmatter ([]byte).
func quoteAt[T string | []byte](t T, q byte) int {
	for j := 0; j < len(t); j++ {
		switch {
		case q == '"' && t[j] == '\\':
			j++
		case t[j] == q && q == '\'' && j+1 < len(t) && t[j+1] == '\'':
			j++
		case t[j] == q:
			return j
		}
	}
	return -1
}

// escapes checks the escapes of line k of the double-quoted value that
// starts at byte off of line i, up to its closing quote at closing (-1
// when the line does not close it).
func (s *yamlScan) escapes(i, off, k, closing int, key string) (*Error, bool) {
	if s.lines[i].text[off] != '"' {
		return nil, true
	}
	from, to := s.lines[k].indent, closing
	if k == i {
		from = off + 1
	}
	if closing < 0 {
		to = len(s.lines[k].text)
	}
	return s.escapeError(i, off, k, from, to, closing >= 0, key)
}

// endPosition is the line and column of the end of the text.
func (s *yamlScan) endPosition() (int, int) {
	if len(s.text) == 0 || s.text[len(s.text)-1] == '\n' {
		return len(s.lines) + 1, 1
	}
	last := s.lines[len(s.lines)-1]
	return len(s.lines), jstext.Len(last.text) + 1
}

// flow reads a [list] or {mapping} value: closed on its line (text after
// it is a mistake), continued on lines indented under the key (the scan
// stops: the parser knows better), or never closed.
func (s *yamlScan) flow(i, start, off int, key string) (*Error, int, bool) {
	l := s.lines[i]
	open := l.text[off]
	depth := 0
	for j := off; j < len(l.text); j++ {
		switch l.text[j] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case '"', '\'':
			if c := closingQuote(l.text, j); c > 0 {
				j = c
			}
		}
		if depth > 0 {
			continue
		}
		rest := j + 1
		for rest < len(l.text) && (l.text[rest] == ' ' || l.text[rest] == '\t') {
			rest++
		}
		if rest == len(l.text) || strings.IndexByte("#:,", l.text[rest]) >= 0 {
			return nil, i, true
		}
		e := s.valueError(i, rest, off, CauseFlowText, "Unexpected scalar at node end", key)
		e.Caret = jstext.Len(strings.TrimRight(l.text[rest:commentStart(l.text, rest)], " \t"))
		e.Char = string(open)
		return e, i, true
	}
	if i+1 < len(s.lines) && s.lines[i+1].indent > start {
		return nil, i, false // a flow collection over several lines
	}
	msg := "Flow sequence in block collection must be sufficiently indented and end with a ]"
	if open == '{' {
		msg = "Flow map in block collection must be sufficiently indented and end with a }"
	}
	e := s.valueError(i, off, off, CauseFlowUnclosed, msg, key)
	e.Char = string(open)
	e.Line, e.Column = i+2, 1
	return e, i, true
}

// alias reads a *name value: text after the alias, or a name no &anchor
// before it defines (a ReferenceError, which DSH logs without a position).
func (s *yamlScan) alias(i, off int, key string) *Error {
	t := s.lines[i].text
	name := t[off+1:]
	if n := strings.IndexAny(name, " \t,[]{}"); n >= 0 {
		name = name[:n]
	}
	rest := off + 1 + len(name)
	for rest < len(t) && (t[rest] == ' ' || t[rest] == '\t') {
		rest++
	}
	if rest < len(t) && t[rest] != '#' {
		e := s.valueError(i, rest, off, CauseAlias, "Unexpected scalar at node end", key)
		e.Caret = jstext.Len(strings.TrimRight(t[rest:commentStart(t, rest)], " \t"))
		return e
	}
	if s.anchors[name] {
		return nil
	}
	e := s.valueError(i, off, off, CauseAlias, "Unresolved alias (the anchor must be set before the alias): "+name, key)
	e.Name = "ReferenceError"
	return e
}
