package markdown

import "bytes"

// The block-level line shapes the fast outline scanner (linkscan.go)
// recognises: indentation, setext underlines, thematic breaks, list markers,
// ATX headings and fenced code blocks.

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

// isFenceOpener reports a line that starts with ``` or ~~~.
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
