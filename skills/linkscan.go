package skills

import (
	"bytes"
	"slices"
	"sync"
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
func scanOutlineFast(body []byte, base int) (out Outline, ok bool) {
	s := scanners.Get().(*lineScanner)
	defer scanners.Put(s)
	s.reset(body, base)
	if !s.scan() {
		return Outline{}, false
	}
	// One allocation of the exact size for each list the file keeps.
	if len(s.links) > 0 {
		out.Links = slices.Clone(s.links)
	}
	if len(s.headings) > 0 {
		out.Headings = slices.Clone(s.headings)
	}
	return out, true
}

// scanners recycles the scratch lists of lineScanner between bodies.
var scanners = sync.Pool{New: func() any { return new(lineScanner) }}

// scan classifies the lines of the body and scans the inline content of
// headings and paragraph text; false when the body needs goldmark.
func (s *lineScanner) scan() bool {
	body := s.body
	var fence fenceState
	prevText := false // the previous line is paragraph text
	for start := 0; start < len(body); {
		end := bytes.IndexByte(body[start:], '\n')
		next := len(body)
		if end < 0 {
			end = len(body)
		} else {
			end += start
			next = end + 1
		}
		line := body[start:end]
		if fence.open {
			if hasControl(line, true) {
				return false
			}
			fence.closeOn(line)
			prevText = false
			start = next
			continue
		}
		// Control bytes (tabs included) outside code blocks make the
		// inline scan give up; the other line shapes below admit only
		// spaces and their own marker characters.
		indent := leadingSpaces(line)
		rest := line[indent:]
		switch {
		case len(rest) == 0: // blank
			prevText = false
		case indent >= 4:
			return false // indented code or nested content
		case isSetextUnderline(rest) && prevText:
			return false // a setext heading, or a break after a list paragraph
		case isThematicBreak(rest):
			prevText = false
		default:
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
				if marked || indent > 0 || hasControl(text, false) || !fence.openOn(text) {
					return false
				}
				prevText = false
			case text[0] == '#' && atxLevel(text) > 0:
				if marked || !s.heading(start, end, offset) {
					return false
				}
				prevText = false
			case marked && isThematicBreak(text):
				return false
			default:
				// inline also refuses "]:", the end of a link reference
				// definition's label.
				if !s.inline(offset, end) {
					return false
				}
				prevText = true
			}
		}
		start = next
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

// leadingSpaces counts the spaces that start line.
func leadingSpaces(line []byte) int {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i
}

// isSetextUnderline reports a line of only = or only - (then spaces).
func isSetextUnderline(rest []byte) bool {
	c := rest[0]
	if c != '=' && c != '-' {
		return false
	}
	i := 0
	for i < len(rest) && rest[i] == c {
		i++
	}
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	return i == len(rest)
}

// isThematicBreak reports three or more of one of - * _, with spaces
// between and after.
func isThematicBreak(rest []byte) bool {
	c := rest[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	n := 0
	for _, b := range rest {
		switch b {
		case c:
			n++
		case ' ':
		default:
			return false
		}
	}
	return n >= 3
}

// stripListMarkers removes the list item markers at the start of rest
// ("- ", "1. ", "2) ", nested "- 1. "), returning the item's content and
// whether there was a marker. ok is false for a marker followed by five
// spaces or more (indented code inside the item).
func stripListMarkers(rest []byte) (text []byte, marked, ok bool) {
	for len(rest) > 0 {
		if isThematicBreak(rest) {
			return rest, marked, true
		}
		n := listMarkerLen(rest)
		if n == 0 {
			return rest, marked, true
		}
		spaces := leadingSpaces(rest[n:])
		if n+spaces == len(rest) {
			return nil, true, true // an empty item
		}
		if spaces == 0 {
			return rest, marked, true // "-foo", "1.foo": text
		}
		if spaces >= 5 {
			return nil, false, false
		}
		rest = rest[n+spaces:]
		marked = true
	}
	return rest, marked, true
}

// listMarkerLen returns the length of a bullet (- + *) or ordered (1-9
// digits then . or )) list marker at the start of rest, or 0.
func listMarkerLen(rest []byte) int {
	switch rest[0] {
	case '-', '+', '*':
		return 1
	}
	i := 0
	for i < len(rest) && i < 10 && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 || i == len(rest) || (rest[i] != '.' && rest[i] != ')') {
		return 0
	}
	return i + 1
}

// atxLevel returns the level of an ATX heading line (1-6), or 0.
func atxLevel(text []byte) int {
	i := 0
	for i < len(text) && text[i] == '#' {
		i++
	}
	if i > 6 || (i < len(text) && text[i] != ' ') {
		return 0
	}
	return i
}

func isFenceOpener(text []byte) bool {
	return bytes.HasPrefix(text, []byte("```")) || bytes.HasPrefix(text, []byte("~~~"))
}

// fenceState tracks an open fenced code block.
type fenceState struct {
	open  bool
	char  byte
	count int
}

// openOn opens a fence on an opener line at column 0; false when the line
// is not one (a backtick fence whose info string holds a backtick).
func (f *fenceState) openOn(text []byte) bool {
	c := text[0]
	n := 0
	for n < len(text) && text[n] == c {
		n++
	}
	if c == '`' && bytes.IndexByte(text[n:], '`') >= 0 {
		return false
	}
	*f = fenceState{open: true, char: c, count: n}
	return true
}

// closeOn closes the fence when line is its closing fence: at most three
// spaces (a tab before the fence makes four columns), at least as many
// fence characters, then only spaces and tabs.
func (f *fenceState) closeOn(line []byte) {
	i := leadingSpaces(line)
	if i >= 4 {
		return
	}
	n := 0
	for i < len(line) && line[i] == f.char {
		i++
		n++
	}
	if n < f.count {
		return
	}
	for ; i < len(line); i++ {
		if line[i] != ' ' && line[i] != '\t' {
			return
		}
	}
	f.open = false
}

// lineScanner collects the outline of one body.
type lineScanner struct {
	body     []byte
	base     int
	cursor   int // as in locateLink: where the last link or heading was
	links    []Link
	headings []Heading
	stack    []opener // of the line being scanned
}

func (s *lineScanner) reset(body []byte, base int) {
	s.body, s.base, s.cursor = body, base, 0
	s.links, s.headings = s.links[:0], s.headings[:0]
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
	s.headings = append(s.headings, Heading{
		Level: level,
		Text:  bytesString(bytes.TrimSpace(s.body[hStart:hStop])),
		Span:  Span{s.base + hStart, s.base + hStop},
	})
	s.cursor = hStart
	return s.inline(hStart, hStop)
}

// opener is an unmatched [ or ![ on the current line.
type opener struct {
	pos   int // of the [ (or the ! of ![)
	image bool
	links int // links found on the line before it
}

// inlineStop marks the bytes the inline scan stops at: the link, code and
// HTML syntax, and control bytes, where it gives up.
var inlineStop = func() (t [256]bool) {
	for _, c := range "\\`<![]" {
		t[c] = true
	}
	for c := range 0x20 {
		t[c] = true
	}
	return t
}()

// inline scans the inline content body[from:to] of one line for links.
func (s *lineScanner) inline(from, to int) bool {
	b := s.body
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	links := 0
	for i := from; i < to; {
		for i < to && !inlineStop[b[i]] {
			i++
		}
		if i == to {
			break
		}
		switch b[i] {
		case '\\':
			if i+1 < to && isASCIIPunct(b[i+1]) {
				i += 2
				continue
			}
			i++
		case '`':
			n := runLen(b, i, to, '`')
			end := closingBackticks(b, i+n, to, n)
			if end < 0 || hasControl(b[i:end], false) {
				return false // might close on a later line
			}
			if bytes.Contains(b[i:end], []byte("]:")) {
				return false // a definition's label ignores code spans: "[`]: x `"
			}
			i = end
		case '<':
			if i+1 < to && (b[i+1] == '!' || b[i+1] == '?') {
				return false // an HTML comment, declaration or processing instruction
			}
			if i+1 < to && (isASCIILetter(b[i+1]) || b[i+1] == '/') {
				// A tag or an autolink: safe to read as text only when
				// nothing in it could start or end another construct, or
				// hide a > (quoted attribute values), or make it a link.
				gt := bytes.IndexByte(b[i+1:to], '>')
				if gt < 0 || bytes.ContainsAny(b[i+1:i+1+gt], "[]`<\\:@\"'") || hasControl(b[i+1:i+1+gt], false) {
					return false
				}
				i += gt + 2
				continue
			}
			i++
		case '!':
			if i+1 < to && b[i+1] == '[' {
				stack = append(stack, opener{pos: i, image: true, links: links})
				i += 2
				continue
			}
			i++
		case '[':
			stack = append(stack, opener{pos: i, links: links})
			i++
		case ']':
			if i+1 < to && b[i+1] == ':' {
				return false // a link reference definition, perhaps
			}
			if len(stack) == 0 {
				i++
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if i-stack0(stack, o) > 900 {
				return false // goldmark's label length limit
			}
			if i+1 < to && b[i+1] == '[' {
				return false // a reference link
			}
			if i+1 >= to || b[i+1] != '(' || (!o.image && links > o.links) {
				i++ // not a link: the brackets are text
				continue
			}
			end, dest, ok := inlineDestination(b, i+2, to)
			if !ok {
				return false
			}
			textStart := o.pos + 1
			if o.image {
				textStart++
			}
			if !plainLinkText(b[textStart:i]) {
				return false
			}
			start, stop := textStart, i
			if start == stop {
				start, stop = -1, -1
			}
			s.links = append(s.links, locateLink(b, s.base, dest, bytesString(dest), o.image, start, stop, &s.cursor))
			if !o.image {
				links++
			}
			i = end
		default:
			return false // a control byte
		}
	}
	return len(stack) == 0
}

// stack0 returns the position of the oldest opener still open (goldmark
// measures its label length limit from there), or o's.
func stack0(stack []opener, o opener) int {
	if len(stack) > 0 {
		return stack[0].pos
	}
	return o.pos
}

// inlineDestination parses "(dest)" from just after the "(": optional
// spaces, a destination with balanced parentheses (or nothing), optional
// spaces, ")". ok is false for what the fast path leaves to goldmark: an
// angle-bracket destination, backslashes, a title, or a link that goes on
// past the end of the line.
func inlineDestination(b []byte, i, to int) (end int, dest []byte, ok bool) {
	i += leadingSpaces(b[i:to])
	if i >= to {
		return 0, nil, false
	}
	if b[i] == ')' {
		return i + 1, nil, true
	}
	if b[i] == '<' {
		return 0, nil, false
	}
	start, depth := i, 0
scan:
	for ; i < to; i++ {
		switch c := b[i]; {
		case c < 0x20 || c == '\\':
			return 0, nil, false
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				break scan
			}
		case c == ' ':
			break scan
		}
	}
	dest = b[start:i]
	i += leadingSpaces(b[i:to])
	if i >= to || b[i] != ')' {
		return 0, nil, false
	}
	return i + 1, dest, true
}

// plainLinkText reports link text whose goldmark children are text nodes
// spanning all of it: no brackets, code, HTML, escapes or emphasis
// (underscores only inside words), no line break, no space at either end.
func plainLinkText(t []byte) bool {
	if len(t) == 0 {
		return true
	}
	if t[0] == ' ' || t[len(t)-1] == ' ' {
		return false
	}
	for i, c := range t {
		switch c {
		case '[', ']', '`', '<', '>', '\\', '*', '!', '&':
			return false
		case '_':
			if i == 0 || i == len(t)-1 || !isAlnum(t[i-1]) || !isAlnum(t[i+1]) {
				return false
			}
		}
	}
	return true
}

func runLen(b []byte, i, to int, c byte) int {
	n := 0
	for i+n < to && b[i+n] == c {
		n++
	}
	return n
}

// closingBackticks returns the end of the first run of exactly n backticks
// in b[i:to], or -1.
func closingBackticks(b []byte, i, to, n int) int {
	for i < to {
		j := bytes.IndexByte(b[i:to], '`')
		if j < 0 {
			return -1
		}
		i += j
		m := runLen(b, i, to, '`')
		if m == n {
			return i + m
		}
		i += m
	}
	return -1
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
