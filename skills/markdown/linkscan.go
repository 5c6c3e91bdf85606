package markdown

import (
	"bytes"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// scanOutlineFast finds the links and headings of a Markdown body without a
// syntax tree, for the bodies skill files are made of: ATX headings,
// paragraphs, lists, fenced code blocks, code spans and inline links. Each
// line is classified on its own and its inline content scanned for
// [text](dest) and ![text](dest). ok is false (and the result unusable)
// when the body holds anything whose meaning needs the full CommonMark
// parser: block quotes, HTML blocks, indented code or content indented four
// spaces or more, setext headings, fences inside list items, reference
// definitions, tabs and other control characters, autolinks, raw HTML or
// code spans that could hide brackets, a bracket or code span left open at
// the end of a line (it could close on the next one), link text that is not
// plain text, and link titles. For everything it accepts it returns exactly
// what the goldmark walk (parseOutline) returns; FuzzLinks holds it to that.
// It is a fast path beside goldmark, kept for check's time at scale (the
// figure that keeps it is in docs/performance.md).
func scanOutlineFast(body []byte, base int) (out Outline, ok bool) {
	return scanOutlineWith(body, base, true)
}

// scanOutlineWith is scanOutlineFast, listing the headings only when
// headings is set (the links are the same either way).
func scanOutlineWith(body []byte, base int, headings bool) (out Outline, ok bool) {
	s := scanners.Get().(*lineScanner)
	defer scanners.Put(s)
	s.reset(body, base)
	s.listHeadings = headings
	if !s.scan() {
		return Outline{}, false
	}
	return s.outline(), true
}

// outline returns what s found in the body it scanned: one allocation of
// the exact size for the headings, and one string for the links
// (linklist.go).
func (s *lineScanner) outline() Outline {
	links, ok := s.links.pack()
	if !ok {
		return unreadOutline(overOffsets)
	}
	return newOutline(links, outlineMore{headings: slices.Clone(s.headings)})
}

// scanners recycles the scratch lists of lineScanner between bodies.
var scanners = sync.Pool{New: func() any { return new(lineScanner) }}

// scan classifies the lines of the body and scans the inline content of
// headings and paragraph text; false when the body needs goldmark.
func (s *lineScanner) scan() bool {
	for start := 0; start < len(s.body); {
		end := len(s.body) // of the line: its \n, or the end of the body
		if i := bytes.IndexByte(s.body[start:], '\n'); i >= 0 {
			end = start + i
		}
		if !s.line(start, end) {
			return false
		}
		start = end + 1
	}
	return true
}

// line classifies the line body[start:end]: inside a fenced code block,
// blank, a thematic break, or content, which block reads; false when it
// needs goldmark.
func (s *lineScanner) line(start, end int) bool {
	line := s.body[start:end]
	if s.fence.open {
		if hasControl(line, true) {
			return false
		}
		s.fence.closeOn(line)
		s.prevText = false
		return true
	}
	// Control bytes (tabs included) outside code blocks make the
	// inline scan give up; the other line shapes below admit only
	// spaces and their own marker characters.
	indent := leadingSpaces(line)
	rest := line[indent:]
	switch {
	case len(rest) == 0: // blank
		s.prevText = false
	case indent >= 4:
		return false // indented code or nested content
	case isSetextUnderline(rest) && s.prevText:
		return false // a setext heading, or a break after a list paragraph
	case isThematicBreak(rest):
		s.prevText = false
	default:
		return s.block(start, end, indent)
	}
	return true
}

// block reads the content of the line body[start:end], indented by indent
// spaces: after its list markers, a fence opener, an ATX heading or
// paragraph text (whose inline content it scans); false when the line needs
// goldmark.
func (s *lineScanner) block(start, end, indent int) bool {
	rest := s.body[start+indent : end]
	text, marked, ok := stripListMarkers(rest)
	if !ok {
		return false
	}
	offset := start + indent + (len(rest) - len(text))
	switch {
	case len(text) == 0:
		// An empty list item, or (after paragraph text, which it
		// cannot interrupt) a continuation line: prevText stays.
	case text[0] == '>' || text[0] == '<':
		return false // a block quote or an HTML block
	case isFenceOpener(text):
		if marked || indent > 0 || hasControl(text, false) || !s.fence.openOn(text) {
			return false
		}
		s.prevText = false
	case text[0] == '#' && atxLevel(text) > 0:
		if marked || !s.heading(start, end, offset) {
			return false
		}
		s.prevText = false
	case marked && isThematicBreak(text):
		return false
	default:
		// inline also refuses "]:", the end of a link reference
		// definition's label.
		if !s.inline(offset, end) {
			return false
		}
		s.prevText = true
	}
	return true
}

// hasControl reports a control byte (\r, NUL, ...; a tab unless tabOK),
// whose handling the fast scanner does not model.
func hasControl(b []byte, tabOK bool) bool {
	for _, c := range b {
		if c < 0x20 && (c != '\t' || !tabOK) {
			return true
		}
	}
	return false
}

// lineScanner collects the outline of one body.
type lineScanner struct {
	body      []byte
	base      int
	cursor    int // as in locateLink: where the last link or heading was
	links     linkPacker
	headings  []Heading
	stack     []opener // of the line being scanned
	lineLinks int      // links (not images) found so far on the line being scanned
	// stops finds the next inline stop of the line being scanned; the
	// position it is asked from never goes back within a body (reset).
	stops    stopFinder
	fence    fenceState
	prevText bool // the previous line is paragraph text
	// listHeadings makes heading add the headings to headings.
	listHeadings bool
}

// reset makes s ready for body, keeping the capacity of its lists.
func (s *lineScanner) reset(body []byte, base int) {
	s.body, s.base, s.cursor = body, base, 0
	s.links.reset()
	s.headings = s.headings[:0]
	s.fence, s.prevText = fenceState{}, false
	s.stops.reset()
}

// heading records the ATX heading on the line [start, end) whose text
// (after list markers and indentation) starts at offset, the way goldmark's
// ATX parser cuts it, then scans its inline content.
func (s *lineScanner) heading(start, end, offset int) bool {
	line := s.body[offset:end]
	level := atxLevel(line)
	if level == len(line) {
		return true // "#" alone: a heading without text
	}
	i := level + leadingSpaces(line[level:])
	hStart, hStop := offset+i, end
	for hStop > hStart && s.body[hStop-1] == ' ' {
		hStop--
	}
	if hStart >= hStop {
		return true // "## ": no text
	}
	text := s.body[hStart:hStop]
	stop := len(text)
	j := stop - 1
	for j > 0 && text[j] == '#' {
		j--
	}
	if j == 0 && text[0] == '#' {
		return true // "## ##": no text
	}
	if j != stop-1 && text[j] == ' ' {
		stop = j
		for stop > 0 && text[stop-1] == ' ' {
			stop--
		}
	}
	hStop = hStart + stop
	if s.listHeadings {
		s.headings = append(s.headings, Heading{
			Level: level,
			Text:  string(bytes.TrimSpace(s.body[hStart:hStop])),
			Span:  spans.Span{Start: s.base + hStart, End: s.base + hStop},
		})
	}
	s.cursor = hStart
	return s.inline(hStart, hStop)
}
