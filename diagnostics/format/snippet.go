package format

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// snippet.go: the source line under a finding in the text format, with
// carets under its span, as ruff and eslint's codeframe show it:
//
//	  |
//	3 | description: Deploy things: fast
//	  |              ^^^^^^^^^^^^^^^^^^^
//
// The line is the skill's text, so it is escaped as messages are (Escape);
// carets are placed by terminal columns (a CJK character takes two, a
// combining mark none, an escape its length, a tab four).

// maxSnippetWidth is the widest source line shown whole; a longer one (a
// description is often one long line) is cut to a window around the span.
const maxSnippetWidth = 100

// snippetContext is how many columns before the span a cut line keeps.
const snippetContext = 30

// snippetBytes bounds the bytes of a line, on either side of the span's
// start, that are decoded into cells: a line of megabytes (4 MiB of '[')
// costs a window, not a cell per byte for each finding on it.
const snippetBytes = 1024

// cell is one character of a source line as shown: its bytes in the file
// (off, size), its width in columns, and whether it shows escaped (or, for
// a tab, as four spaces) rather than as itself. A snippet decodes up to
// 2×snippetBytes of a line into cells for each finding, so a cell is kept
// small.
type cell struct {
	off         int
	size, width uint8
	shown       cellShown
}

// cellShown is how a cell shows.
type cellShown uint8

const (
	shownAsIs cellShown = iota
	shownTab
	shownEscaped
)

// lineCells returns the cells of src[start:end], in cells' memory.
func lineCells(cells []cell, src []byte, start, end int) []cell {
	cells = cells[:0]
	for i := start; i < end; {
		r, size := utf8.DecodeRune(src[i:end])
		c := cell{off: i, size: uint8(size), width: uint8(runeWidth(r))}
		switch {
		case r == '\t':
			c.shown, c.width = shownTab, 4
		case r == utf8.RuneError && size == 1 || r < 0x20 || r == 0x7f || unsafeRune(r):
			c.shown, c.width = shownEscaped, uint8(len(Escape(string(src[i:i+size]))))
		}
		cells = append(cells, c)
		i += size
	}
	return cells
}

// appendCell appends what cell c of src shows.
func appendCell(b, src []byte, c cell) []byte {
	switch c.shown {
	case shownTab:
		return append(b, "    "...)
	case shownEscaped:
		return append(b, Escape(string(src[c.off:c.off+int(c.size)]))...)
	}
	return append(b, src[c.off:c.off+int(c.size)]...)
}

// runeWidth is the columns a printable rune takes in a terminal.
func runeWidth(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		return 1 // ASCII, most of any line: no table to look in
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r >= 0x1100:
		if k := width.LookupRune(r).Kind(); k == width.EastAsianWide || k == width.EastAsianFullwidth {
			return 2
		}
	}
	return 1
}

// appendSnippet appends the snippet of span in x (the gutter as wide as
// the line's number), painted by p with the carets in sev's colour; it
// decodes the line into *scratch's memory, which it keeps for the next.
func appendSnippet(b []byte, x *spans.LineIndex, span spans.Span, p painter, sev string, scratch *[]cell) []byte {
	src := x.Src()
	line, _ := x.LineCol(span.Start)
	lineStart, lineEnd := x.LineSpan(line - 1)
	start, end := clipLine(src, lineStart, lineEnd, span.Start)
	cells := lineCells(*scratch, src, start, end)
	*scratch = cells
	// from and to are the cells shown; lo and hi those under the carets.
	lo, hi := len(cells), len(cells)
	for i, c := range cells {
		if c.off >= span.Start && lo == len(cells) {
			lo = i
		}
		if c.off >= span.End {
			hi = i
			break
		}
	}
	hi = max(hi, lo+1) // one caret at least, past the end for an empty span
	from, to := window(cells, lo)
	num := strconv.Itoa(line)
	pad := strings.Repeat(" ", len(num))
	b = append(p.paint(b, gutterStyle, pad+" |"), '\n')
	b = append(p.paint(b, gutterStyle, num+" |"), ' ')
	cutLeft := from > 0 || start > lineStart
	if cutLeft {
		b = append(b, "…"...)
	}
	for _, c := range cells[from:to] {
		b = appendCell(b, src, c)
	}
	if to < len(cells) || end < lineEnd {
		b = append(b, "…"...)
	}
	b = append(p.paint(append(b, '\n'), gutterStyle, pad+" |"), ' ')
	col, carets := 0, 0
	if cutLeft {
		col++ // the "…"
	}
	for i := from; i < min(lo, to); i++ {
		col += int(cells[i].width)
	}
	for i := max(lo, from); i < min(hi, to); i++ {
		carets += int(cells[i].width)
	}
	if hi > len(cells) || carets == 0 {
		carets++ // past the end of the line, or under characters of no width
	}
	b = append(b, strings.Repeat(" ", col)...)
	b = p.paint(b, severityStyle(sev), strings.Repeat("^", carets))
	return append(b, '\n')
}

// clipLine returns the part of the line src[start:end] within
// snippetBytes of at, cut at character boundaries.
func clipLine(src []byte, start, end, at int) (from, to int) {
	from = max(start, min(at, end)-snippetBytes)
	for from > start && from < end && !utf8.RuneStart(src[from]) {
		from++
	}
	to = min(end, max(at, from)+snippetBytes)
	for to < end && to > from && !utf8.RuneStart(src[to]) {
		to--
	}
	return from, to
}

// window returns the cells [from, to) of a line to show: all when they fit
// in maxSnippetWidth columns, else a window that starts snippetContext
// columns before the cell lo.
func window(cells []cell, lo int) (from, to int) {
	total := 0
	for _, c := range cells {
		total += int(c.width)
	}
	if total <= maxSnippetWidth {
		return 0, len(cells)
	}
	from = lo
	for w := 0; from > 0 && w+int(cells[from-1].width) <= snippetContext; from-- {
		w += int(cells[from-1].width)
	}
	to = from
	for w := 0; to < len(cells) && w+int(cells[to].width) <= maxSnippetWidth; to++ {
		w += int(cells[to].width)
	}
	return from, to
}
