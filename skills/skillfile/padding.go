package skillfile

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// The padding that hides text: this many blank lines in a row, or this
// many spaces or tabs before text on a line.
const (
	paddingLines  = 10
	paddingSpaces = 100
)

// padding returns the runs of paddingLines blank lines or more followed by
// text, and the runs of paddingSpaces spaces or tabs or more followed by
// text on their line (the first on a line, from its first two spaces in a
// row), in source order. Both lie in a run of at least paddingLines bytes
// of white space (blank lines are spaces, tabs and CRs, each ended by a
// line feed), so only those runs are read: the search for them tests one
// byte in paddingLines of prose (wsRuns).
func padding(body []byte, base int) []Hidden {
	var out []Hidden
	nextLF := -1 // the line feed after the last run of spaces reported
	for a, b := range wsRuns(body) {
		if len(out) >= maxHidden || b == len(body) {
			break // or no text follows
		}
		run := body[a:b]
		line := a + bytes.LastIndexByte(run, '\n') + 1 // where the line of the text at b starts, if in the run
		if first := bytes.IndexByte(run, '\n'); first >= 0 {
			from := a + first + 1 // the first blank line
			if a == 0 {
				from = 0
			}
			if n := bytes.Count(body[from:line], []byte{'\n'}); n >= paddingLines {
				out = append(out, Hidden{Kind: HiddenPadding, Span: spans.Span{Start: base + from, End: base + line}, Count: n, Text: "blank lines"})
			}
		}
		if nextLF >= b {
			continue // a run of spaces on this line is reported
		}
		start := line + bytes.LastIndexByte(body[line:b], '\r') + 1 // the spaces and tabs before b
		if i := bytes.Index(body[start:b], []byte("  ")); i >= 0 && b-(start+i) >= paddingSpaces {
			out = append(out, Hidden{Kind: HiddenPadding, Span: spans.Span{Start: base + start + i, End: base + b}, Count: b - start - i, Text: "spaces"})
			nextLF = lineEnd(body, b)
		}
	}
	return out
}

// isWhite marks the white space of padding: space, tab, CR and LF.
var isWhite = [256]bool{' ': true, '\t': true, '\r': true, '\n': true}

// wsRuns yields the maximal runs body[a:b] of white space at least
// paddingLines long, in order. It probes the last byte of each window of
// paddingLines bytes: text there rules out a run in the window, and the
// next window starts after it; white space there sends it back to the
// last text byte of the window.
func wsRuns(body []byte) func(yield func(a, b int) bool) {
	return func(yield func(a, b int) bool) {
		// body[p-1] is text, or p is 0.
		for p := 0; p+paddingLines <= len(body); {
			if !isWhite[body[p+paddingLines-1]] {
				p += paddingLines
				continue
			}
			q := p + paddingLines - 2
			for q >= p && isWhite[body[q]] {
				q--
			}
			if q >= p {
				p = q + 1
				continue
			}
			b := p + paddingLines
			for b < len(body) && isWhite[body[b]] {
				b++
			}
			if !yield(p, b) {
				return
			}
			p = b + 1
		}
	}
}
