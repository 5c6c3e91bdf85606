package skillfile

import (
	"bytes"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The padding that hides text: this many blank lines in a row, or spaces
// and tabs this many columns wide before text on a line (a tab counts
// tabColumns: an editor's usual tab width, the narrowest a reviewer sees).
const (
	paddingLines  = 10
	paddingSpaces = 100
	tabColumns    = 4
)

// padding returns the runs of paddingLines blank lines or more followed by
// text, and the runs of spaces and tabs paddingSpaces columns wide or more
// followed by text on their line (the first on a line), in source order;
// a run's Count is its width in columns. Both lie in a run of at least paddingLines bytes
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
		if width := b - start + (tabColumns-1)*bytes.Count(body[start:b], []byte{'\t'}); width >= paddingSpaces {
			out = append(out, Hidden{Kind: HiddenPadding, Span: spans.Span{Start: base + start, End: base + b}, Count: width, Text: "spaces"})
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

// descriptionPaddingColumns is the width of blank characters inside a
// description from which they hide what follows: a listing shows a
// description on one line, cut to the screen, and a run this wide (a
// third of a terminal) parts the text after it from the rest, or pushes
// it out of view. Prose never needs more than a few spaces in a row.
const descriptionPaddingColumns = 40

// descriptionPadding returns the runs of blank characters (spaces, tabs,
// no-break spaces and the other Unicode spaces: JavaScript's white space
// but line breaks) descriptionPaddingColumns wide or more between text
// on a line of f's description, as the file shows it. The catalog
// collapses them, so the model reads the text after them; a reviewer of
// the file or of a listing does not see it. The indentation of a block's
// lines and a run before a YAML comment are not counted.
func descriptionPadding(f *File, src []byte) []Hidden {
	fld := f.Frontmatter.Field("description")
	if fld == nil || fld.ValueSpan.Start < 0 || fld.ValueSpan.End > len(src) || fld.ValueSpan.Start >= fld.ValueSpan.End {
		return nil
	}
	value := src[fld.ValueSpan.Start:fld.ValueSpan.End]
	var out []Hidden
	for off := 0; off < len(value) && len(out) < maxHidden; {
		end := lineEnd(value, off)
		out = append(out, linePadding(value[off:end], fld.ValueSpan.Start+off)...)
		off = end + 1
	}
	return out
}

// linePadding returns the runs of blank characters of one line of a
// description descriptionPaddingColumns wide or more with text after them
// on the line; base is the line's offset in the file.
func linePadding(line []byte, base int) []Hidden {
	var out []Hidden
	start, width := -1, 0 // of the run of blanks under way
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		at := i
		i += n
		switch {
		case isBlank(r):
			if start < 0 {
				start, width = at, 0
			}
			width++
			if r == '\t' {
				width += tabColumns - 1
			}
			continue
		case start > 0 && width >= descriptionPaddingColumns && r != '#' && r != '\r':
			out = append(out, Hidden{Kind: HiddenPadding, Span: spans.Span{Start: base + start, End: base + at}, Count: width, Text: "description"})
		}
		start = -1
	}
	return out
}

// isBlank reports JavaScript white space that does not break a line.
func isBlank(r rune) bool {
	return jstext.IsSpace(r) && r != '\n' && r != '\r' && r != 0x2028 && r != 0x2029
}
