package dshyaml

import (
	"bytes"
	"sort"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/spans"
	"go.yaml.in/yaml/v3"
)

// yamldq.go: double-quoted values as DSH's yaml@2 reads them.
//
// yaml.v3 and yaml@2 disagree inside double quotes. yaml.v3 takes \' and
// refuses \/ and the \u escapes of surrogates, where yaml@2 does the
// reverse; yaml.v3 breaks lines at a lone CR (and at U+0085, U+2028 and
// U+2029, which yamlsep.go hides from it everywhere), and folds an escaped
// line break followed by blank lines into a line break, where yaml@2 keeps
// the characters and folds into a space; yaml.v3 lets the lines of a value
// sit at any indentation, where yaml@2 ends the value before a line
// indented no deeper than its key and reports a missing quote.
//
// This is not a second parser: yaml.v3 still builds the tree and says
// where each scalar starts. It is a correction of yaml.v3's answer for
// double-quoted scalars only. decodeTree first hides from yaml.v3 the
// escapes it refuses, so that it builds the tree yaml@2 builds; then
// fixDoubleQuoted reads every double-quoted scalar again from its source
// by yaml@2's rules (the lexer's end of a quoted scalar, parseQuotedScalar
// and continueScalar; its value, doubleQuotedValue) and puts yaml@2's
// value in the node, or returns the error yaml@2 reports. A lone surrogate
// (from "\uD800") is kept as jstext keeps one, in WTF-8; two escapes that
// make a pair make its character (docs/dsh.md §4.2).
// TestDoubleQuotedMatchesYAML2 holds this to the values and errors
// recorded from yaml@2 2.9.0.

// decodeTree parses text with yaml.v3 into n, the tree yaml@2 builds:
// U+0085, U+2028 and U+2029 are characters, not line breaks
// (yamlsep.go), and the escapes yaml.v3 refuses are hidden from it
// (decodeEscapes).
func decodeTree(text []byte, n *yaml.Node) error {
	masked, sep := maskSeparators(text)
	if err := decodeEscapes(masked, n); err != nil {
		return err
	}
	sep.restore(n)
	return nil
}

// decodeEscapes parses text with yaml.v3 into n. An escape yaml.v3
// refuses (\/, a surrogate, one neither parser knows) has its backslash
// hidden first (hideEscapes), for yaml.v3 to build the tree: inside double
// quotes only, so that no other value changes, which takes a first parse
// to find the double quotes when the text has such an escape.
func decodeEscapes(text []byte, n *yaml.Node) error {
	hidden := hideEscapes(text, [][2]int{{0, len(text)}})
	if hidden == nil {
		return Unmarshal(text, n)
	}
	var tree yaml.Node
	if err := Unmarshal(hidden, &tree); err != nil {
		if Unmarshal(text, n) == nil {
			return nil
		}
		return err // the mistake that is not an escape, which yaml.v3 names
	}
	inside := hideEscapes(text, doubleQuotedSpans(&tree, hidden))
	if bytes.Equal(inside, hidden) {
		*n = tree
		return nil
	}
	if inside == nil {
		return Unmarshal(text, n)
	}
	return Unmarshal(inside, n)
}

// hideEscapes returns a copy of text in which the backslash of each escape
// yaml.v3 refuses is a '_', within the given spans (of double-quoted
// scalars, or the whole text), or nil when there is none. The text keeps
// its length and every character yaml.v3 reads as structure.
func hideEscapes(text []byte, within [][2]int) []byte {
	if bytes.IndexByte(text, '\\') < 0 {
		return nil
	}
	var out []byte
	for _, sp := range within {
		for j := sp[0]; j+1 < sp[1]; j++ {
			if text[j] != '\\' {
				continue
			}
			if v3Escape(text[j+1:]) {
				j++
				continue
			}
			if out == nil {
				out = bytes.Clone(text)
			}
			out[j] = '_'
		}
	}
	return out
}

// v3Escape reports whether yaml.v3 takes the escape whose backslash is
// just before t: its table, a line break, or hex digits of a code point
// that is no surrogate.
func v3Escape(t []byte) bool {
	switch c := t[0]; c {
	case '0', 'a', 'b', 't', '\t', 'n', 'v', 'f', 'r', 'e', ' ', '"', '\'', '\\', 'N', '_', 'L', 'P', '\n', '\r':
		return true
	case 'x', 'u', 'U':
		digits := EscapeDigits(c)
		code, ok := charCode(string(t[1:min(1+digits, len(t))]), digits)
		return ok && !jstext.IsSurrogate(code)
	}
	return false
}

// doubleQuotedSpans returns the spans of the double-quoted scalars of a
// tree, from their opening quote to their closing one, in text.
func doubleQuotedSpans(n *yaml.Node, text []byte) [][2]int {
	src := NewSource(text, 0)
	var out [][2]int
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > maxYAMLDepth || n.Kind == yaml.AliasNode {
			return
		}
		if n.Kind == yaml.ScalarNode && n.Style&yaml.DoubleQuotedStyle != 0 {
			if i := skipTagAndAnchor(text, src.offset(n.Line, n.Column)); i < len(text) && text[i] == '"' {
				out = append(out, [2]int{i, quotedEnd(text, i)})
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return out
}

// dqFix is the correction of a tree's double-quoted scalars: the first
// error yaml@2 reports in one, and the offset of its node.
type dqFix struct {
	src *Source
	err *Error
	at  int
}

// fixDoubleQuoted puts yaml@2's value in every double-quoted scalar of the
// tree, in document order, and returns the first error yaml@2 reports in
// one, with the offset of its node in the text (for the order of errors),
// or nil.
func fixDoubleQuoted(root *yaml.Node, src *Source) (*Error, int) {
	f := &dqFix{src: src}
	f.walk(root, 0, "", 0)
	return f.err, f.at
}

// walk corrects n and the nodes under it. indentNext is the indentation a
// line of a quoted scalar needs, as yaml@2's lexer keeps it (one more than
// the column of the innermost block key or "-"), and key the key whose
// value n is (in a list, the key of the list).
func (f *dqFix) walk(n *yaml.Node, indentNext int, key string, depth int) {
	if f.err != nil || depth > maxYAMLDepth {
		return
	}
	block := n.Style&yaml.FlowStyle == 0
	switch n.Kind {
	case yaml.ScalarNode:
		f.scalar(n, indentNext, key)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if f.walk(k, indentNext, "", depth+1); f.err != nil {
				f.err.Cause = CauseUnknown // in a key: no value to word
				return
			}
			next := indentNext
			if block {
				next = k.Column
			}
			f.walk(v, next, k.Value, depth+1)
		}
	case yaml.SequenceNode, yaml.DocumentNode:
		if block && n.Kind == yaml.SequenceNode {
			indentNext = n.Column
		}
		for _, c := range n.Content {
			f.walk(c, indentNext, key, depth+1)
		}
	}
}

// scalar corrects the scalar n when it is double-quoted.
func (f *dqFix) scalar(n *yaml.Node, indentNext int, key string) {
	if n.Style&yaml.DoubleQuotedStyle == 0 {
		return
	}
	text := f.src.text
	node := f.src.offset(n.Line, n.Column)
	start := skipTagAndAnchor(text, node)
	if start >= len(text) || text[start] != '"' {
		return
	}
	// A line that starts with the scalar lowers what its lines need to its
	// indentation (lexer.parseLineStart).
	ls := bytes.LastIndexByte(text[:node], '\n') + 1
	if indent := indentOf(text[ls:]); ls+indent == node && indentNext > indent {
		indentNext = indent
	}
	end := dqEnd(text, start, indentNext)
	val, bad, raw := dqValue(string(text[start:end]))
	if bad < 0 {
		n.Value = val
		return
	}
	f.err, f.at = f.errorAt(start, end, start+bad, raw, key), node
}

// errorAt is the error yaml@2 reports at byte at of the text, in the
// double-quoted scalar whose source is text[start:end]: an escape it
// rejects, whose message quotes raw, or, when raw is "", the closing quote
// missing from a scalar cut short. Its spans are those the scan gives the
// same mistakes (escapeError, quoted).
func (f *dqFix) errorAt(start, end, at int, raw, key string) *Error {
	s := newScan(f.src.text)
	i, k := s.lineOf(start), s.lineOf(at)
	first := s.lines[i]
	vs := spans.Span{Start: start, End: first.start + len(first.text)}
	var e *Error
	if raw != "" {
		if c := end - 1; c > start && f.src.text[c] == '"' && c < vs.End {
			vs.End = c + 1 // closed on its first line
		}
		e = s.badEscapeAt(k, at-s.lines[k].start, raw, key)
	} else {
		col := min(at-s.lines[k].start, len(s.lines[k].text))
		vs.End = first.start + len(strings.TrimRight(first.text, " \t"))
		e = s.at(k, col, col, CauseUnclosedQuote, `Missing closing "quote`)
		e.Key, e.Char, e.Span = key, `"`, vs
	}
	e.ValueSpan = vs
	e.Span, e.ValueSpan = shift(e.Span, f.src.base), shift(e.ValueSpan, f.src.base)
	return e
}

// lineOf returns the index of the line that holds byte off of the text.
func (s *yamlScan) lineOf(off int) int {
	return max(0, sort.Search(len(s.lines), func(i int) bool { return s.lines[i].start > off })-1)
}
