package dshyaml

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/spans"
	"go.yaml.in/yaml/v3"
)

// yamlspan.go: the byte spans of YAML nodes in the file, found by scanning
// the source by each node's style.

// Source is a YAML text and the offset in its file where it starts, with
// the start of each of its lines: the spans of its nodes, asked in
// document order, cost the length of the text once, not once per node.
type Source struct {
	text  []byte
	base  int
	lines []int32 // the offset of each line's start (texts are under 4 MiB)
	// at caches the last position found (line, rune column, offset): a
	// long line's nodes walk on from the one before, not from the line's
	// start.
	atLine, atCol, atOff int
}

// NewSource returns the source of text, which starts at offset base of
// its file.
func NewSource(text []byte, base int) *Source {
	lines := make([]int32, 1, bytes.Count(text, []byte{'\n'})+1)
	for i, c := range text {
		if c == '\n' {
			lines = append(lines, int32(i+1))
		}
	}
	return &Source{text: text, base: base, lines: lines}
}

// offset maps yaml.v3's 1-based line and rune column to a byte offset in
// the text.
func (s *Source) offset(line, col int) int {
	if line < 1 || line > len(s.lines) {
		return len(s.text)
	}
	off, c := int(s.lines[line-1]), 1
	if line == s.atLine && col >= s.atCol {
		off, c = s.atOff, s.atCol
	}
	for ; c < col && off < len(s.text) && s.text[off] != '\n'; c++ {
		if s.text[off] < utf8.RuneSelf {
			off++
			continue
		}
		_, size := utf8.DecodeRune(s.text[off:])
		off += size
	}
	s.atLine, s.atCol, s.atOff = line, c, off
	return off
}

// NodeStart returns an empty span at a node's start.
func (s *Source) NodeStart(n *yaml.Node) spans.Span {
	off := s.offset(n.Line, n.Column)
	return spans.Span{Start: s.base + off, End: s.base + off}
}

// scalarSpan returns the byte span of a scalar node in the file, computed
// by scanning the source by the node's style (never col+len(Value)); flow
// says the node is an entry of a flow collection.
func (s *Source) scalarSpan(n *yaml.Node, flow bool) spans.Span {
	start := s.offset(n.Line, n.Column)
	end := scanScalarEnd(n, s.text, start, flow)
	return spans.Span{Start: s.base + start, End: s.base + end}
}

// ValueSpan is the span of a scalar (or alias) node, and the node's first
// line for a collection (enough to point a diagnostic at it); flow says the
// node is an entry of a flow collection.
func (s *Source) ValueSpan(n *yaml.Node, flow bool) spans.Span {
	start := s.offset(n.Line, n.Column)
	text := s.text
	switch n.Kind {
	case yaml.ScalarNode:
		return spans.Span{Start: s.base + start, End: s.base + scanScalarEnd(n, text, start, flow)}
	default:
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		if n.Kind == yaml.AliasNode {
			end = min(start+1+len(n.Value), len(text))
		}
		return spans.Span{Start: s.base + start, End: s.base + end}
	}
}

// scanScalarEnd finds where the scalar starting at start ends, by the
// node's style.
func scanScalarEnd(n *yaml.Node, text []byte, start int, flow bool) int {
	i := skipTagAndAnchor(text, start)
	if i >= len(text) {
		return len(text)
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0 && text[i] == '"':
		return quotedEnd(text, i)
	case n.Style&yaml.SingleQuotedStyle != 0 && text[i] == '\'':
		return quotedEnd(text, i)
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return blockScalarEnd(text, i)
	}
	return plainScalarEnd(n, text, i, flow)
}

// skipTagAndAnchor returns the offset after an explicit tag or anchor (and
// the spaces after it) at i, or i.
func skipTagAndAnchor(text []byte, i int) int {
	for i < len(text) && (text[i] == '!' || text[i] == '&') {
		for i < len(text) && text[i] != ' ' && text[i] != '\n' {
			i++
		}
		for i < len(text) && text[i] == ' ' {
			i++
		}
	}
	return i
}

// quotedEnd returns the offset after the closing quote of the quoted
// scalar whose opening quote is at i, or len(text) when none closes it.
func quotedEnd(text []byte, i int) int {
	if c := quoteAt(text[i+1:], text[i]); c >= 0 {
		return i + 1 + c + 1
	}
	return len(text)
}

// blockScalarEnd returns the end of the literal or folded block scalar
// whose indicator is at i: the block runs while lines are blank or
// indented deeper than the key; it ends after its last non-blank line
// (before a CR).
func blockScalarEnd(text []byte, i int) int {
	lineStart := bytes.LastIndexByte(text[:i], '\n') + 1
	keyIndent := indentOf(text[lineStart:])
	j := bytes.IndexByte(text[i:], '\n')
	if j < 0 {
		return len(text)
	}
	end := i + j
	for pos := end + 1; pos < len(text); {
		lineEnd := len(text)
		if k := bytes.IndexByte(text[pos:], '\n'); k >= 0 {
			lineEnd = pos + k
		}
		line := text[pos:lineEnd]
		blank := isBlank(line)
		if !blank && indentOf(line) <= keyIndent {
			break
		}
		if !blank {
			end = lineEnd
			if end > 0 && text[end-1] == '\r' {
				end--
			}
		}
		pos = lineEnd + 1
	}
	return end
}

// plainScalarEnd returns the end of the plain scalar at i: the end of the
// line, less a trailing comment and spaces, stopping at a ": " that the
// value does not hold and, in a flow collection (flow), at , ] or }.
func plainScalarEnd(n *yaml.Node, text []byte, i int, flow bool) int {
	colonEnds := n.Value != "" && !strings.Contains(n.Value, ":")
	j := i
	for j < len(text) && text[j] != '\n' {
		if text[j] == '#' && j > i && (text[j-1] == ' ' || text[j-1] == '\t') {
			break
		}
		if colonEnds && text[j] == ':' && (j+1 == len(text) || text[j+1] == ' ' || text[j+1] == '\n' || text[j+1] == '\r') {
			break
		}
		if flow && (text[j] == ',' || text[j] == ']' || text[j] == '}') {
			break
		}
		j++
	}
	for j > i && (text[j-1] == ' ' || text[j-1] == '\t' || text[j-1] == '\r') {
		j--
	}
	return j
}

// isBlank reports whether line holds only spaces, tabs and CRs (and the
// other ASCII white space). U+0085, U+2028, U+2029 and U+00A0 are not
// white space to yaml@2: a line of one of them is content (yamlsep.go).
func isBlank[S ~string | ~[]byte](line S) bool {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ', '\t', '\r', '\n', '\v', '\f':
		default:
			return false
		}
	}
	return true
}

// indentOf returns the number of spaces that start line.
func indentOf[S ~string | ~[]byte](line S) int {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i
}
