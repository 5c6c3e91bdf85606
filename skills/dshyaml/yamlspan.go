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

// NodeStart returns an empty span at a node's start.
func NodeStart(n *yaml.Node, text []byte, base int) spans.Span {
	off := lineRuneOffset(text, n.Line, n.Column)
	return spans.Span{Start: base + off, End: base + off}
}

// lineRuneOffset maps yaml.v3's 1-based line and rune column to a byte
// offset in text.
func lineRuneOffset(text []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(text); c++ {
		if text[off] == '\n' {
			break
		}
		_, size := utf8.DecodeRune(text[off:])
		off += size
	}
	return off
}

// scalarSpan returns the byte span of a scalar node in the file, computed
// by scanning the source by the node's style (never col+len(Value)).
func scalarSpan(n *yaml.Node, text []byte, base int) spans.Span {
	start := lineRuneOffset(text, n.Line, n.Column)
	end := scanScalarEnd(n, text, start)
	return spans.Span{Start: base + start, End: base + end}
}

// ValueSpan is scalarSpan for scalars and aliases, and the node's first
// line for collections (enough to point a diagnostic at it).
func ValueSpan(n *yaml.Node, text []byte, base int) spans.Span {
	start := lineRuneOffset(text, n.Line, n.Column)
	switch n.Kind {
	case yaml.ScalarNode:
		return spans.Span{Start: base + start, End: base + scanScalarEnd(n, text, start)}
	default:
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		if n.Kind == yaml.AliasNode {
			end = start + 1 + len(n.Value)
			if end > len(text) {
				end = len(text)
			}
		}
		return spans.Span{Start: base + start, End: base + end}
	}
}

// scanScalarEnd finds where the scalar starting at start ends, by the
// node's style.
func scanScalarEnd(n *yaml.Node, text []byte, start int) int {
	i := skipTagAndAnchor(text, start)
	if i >= len(text) {
		return len(text)
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0 && text[i] == '"':
		return doubleQuotedEnd(text, i)
	case n.Style&yaml.SingleQuotedStyle != 0 && text[i] == '\'':
		return singleQuotedEnd(text, i)
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return blockScalarEnd(text, i)
	}
	return plainScalarEnd(n, text, i)
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

// doubleQuotedEnd returns the offset after the closing quote of the
// double-quoted scalar whose opening quote is at i (backslash escapes).
func doubleQuotedEnd(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		if text[j] == '\\' {
			j++
			continue
		}
		if text[j] == '"' {
			return j + 1
		}
	}
	return len(text)
}

// singleQuotedEnd returns the offset after the closing quote of the
// single-quoted scalar whose opening quote is at i (two quotes are one quote).
func singleQuotedEnd(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		if text[j] == '\'' {
			if j+1 < len(text) && text[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
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
		blank := len(bytes.TrimSpace(line)) == 0
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
// value does not hold and, inside a flow collection, at , ] or }.
func plainScalarEnd(n *yaml.Node, text []byte, i int) int {
	j := i
	for j < len(text) && text[j] != '\n' {
		if text[j] == '#' && j > i && (text[j-1] == ' ' || text[j-1] == '\t') {
			break
		}
		if text[j] == ':' && (j+1 == len(text) || text[j+1] == ' ' || text[j+1] == '\n' || text[j+1] == '\r') && n.Value != "" && !strings.Contains(n.Value, ":") {
			break
		}
		if (text[j] == ',' || text[j] == ']' || text[j] == '}') && inFlow(text, i) {
			break
		}
		j++
	}
	for j > i && (text[j-1] == ' ' || text[j-1] == '\t' || text[j-1] == '\r') {
		j--
	}
	return j
}

// inFlow reports whether offset i sits inside a flow collection on its line
// (a cheap heuristic: an unclosed [ or { before it).
func inFlow(text []byte, i int) bool {
	lineStart := bytes.LastIndexByte(text[:i], '\n') + 1
	depth := 0
	for _, c := range text[lineStart:i] {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	return depth > 0
}

// indentOf returns the number of spaces that start line.
func indentOf(line []byte) int {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i
}
