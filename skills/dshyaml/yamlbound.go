package dshyaml

import (
	"bytes"
	"fmt"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// yamlbound.go: the node limit, read from the text before yaml.v3 sees it.
// yaml.v3 builds a node of about 230 bytes for every key, value and list
// item, so a text of 4 MiB of "{a,a,…}" costs it a gigabyte and seconds
// before complexity can count the tree and refuse it. Every node but the
// root comes with a mark in the text that CountEntries counts, and no mark
// brings more than four nodes, so a text of at most maxYAMLNodes marks
// builds a bounded tree, and one of more marks than that has more nodes
// than maxYAMLNodes (or is not YAML) and is refused unread.

// CountEntries counts the entry marks of a YAML text, stopping at limit+1:
// '[' and '{' (a flow collection), ',' once a '[' or '{' has been seen (a
// flow entry), and ':', '-' or '?' before a blank, a line break or the end
// (a block mapping's key or value, a block sequence's item, an explicit
// key). It reads no context: a mark inside a quoted scalar or a comment
// counts too, so that no text hides its entries from the count. It
// returns the count and the offset of the mark that passed limit, or -1.
func CountEntries(text []byte, limit int) (n, past int) {
	flow := false
	for i, c := range text {
		switch c {
		case '[', '{':
			flow = true
		case ',':
			if !flow {
				continue
			}
		case ':', '-', '?':
			if i+1 < len(text) && !blankAfterIndicator(text[i+1]) {
				continue
			}
		default:
			continue
		}
		if n++; n > limit {
			return n, i
		}
	}
	return n, -1
}

// blankAfterIndicator reports whether c, after ':', '-' or '?', may make
// it an indicator to yaml.v3: a blank, a line break, NUL, or the first
// byte of a non-ASCII character (U+0085, U+2028 and U+2029 break lines).
func blankAfterIndicator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 || c >= 0x80
}

// tooManyEntries returns the yaml-too-complex error of a text with more
// entry marks than maxYAMLNodes, at the start of its first line that is
// not blank or a comment (where its root node starts), or nil.
func tooManyEntries(text []byte, base int) *Error {
	if n, _ := CountEntries(text, maxYAMLNodes); n <= maxYAMLNodes {
		return nil
	}
	line, at := rootStart(text)
	return &Error{
		Code:    problem.YAMLTooComplex,
		Message: fmt.Sprintf("frontmatter has more than %d YAML nodes (keys, values and list items)", maxYAMLNodes),
		Line:    line, Column: at - lineStart(text, at) + 1,
		Span: spans.Span{Start: base + at, End: base + at},
	}
}

// rootStart returns the 1-based line and the offset of the first byte of
// text that is not a blank and not in a comment line.
func rootStart(text []byte) (line, at int) {
	line = 1
	for at < len(text) {
		end := bytes.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		content := bytes.TrimLeft(text[at:end], " \t\r")
		if len(content) > 0 && content[0] != '#' {
			return line, end - len(content)
		}
		at, line = end+1, line+1
	}
	return 1, 0
}

// lineStart returns the offset of the start of the line holding at.
func lineStart(text []byte, at int) int {
	return bytes.LastIndexByte(text[:at], '\n') + 1
}
