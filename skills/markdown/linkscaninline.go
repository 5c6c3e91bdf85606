package markdown

import "bytes"

// The inline scan of the fast outline scanner (linkscan.go): code spans,
// HTML, escapes and [text](dest) links on one line.

// opener is an unmatched [ or ![ on the current line.
type opener struct {
	pos   int // of the [ (or the ! of ![)
	image bool
	links int // links found on the line before it
}

// maxLineOpeners bounds the openers a line's stack holds. Past it the
// line needs goldmark whatever follows (the oldest opener is then more
// than 900 bytes back, so closeBracket refuses any ]; and an opener left
// open refuses the line), so stopping there changes no result, and 4 MiB
// of [ costs no stack of 4 million openers.
const maxLineOpeners = 1024

// inline scans the inline content body[from:to] of one line for links,
// stepping from one byte of inline syntax to the next; false when the line
// needs goldmark.
func (s *lineScanner) inline(from, to int) bool {
	b := s.body
	s.stack, s.lineLinks = s.stack[:0], 0
	for i := from; i < to; {
		i = s.stops.skip(b, i, to)
		if i == to {
			break
		}
		ok := true
		switch b[i] {
		case '\\':
			i = escapeEnd(b, i, to)
		case '`':
			i, ok = codeSpanEnd(b, i, to)
		case '<':
			i, ok = angleEnd(b, i, to)
		case '!', '[':
			if i = s.pushOpener(i, to); len(s.stack) > maxLineOpeners {
				return false
			}
		case ']':
			i, ok = s.closeBracket(i, to)
		default:
			return false // a control byte
		}
		if !ok {
			return false
		}
	}
	return len(s.stack) == 0
}

// escapeEnd returns where the scan goes on after the backslash at i: past
// the character it escapes, if any.
func escapeEnd(b []byte, i, to int) int {
	if i+1 < to && isASCIIPunct(b[i+1]) {
		return i + 2
	}
	return i + 1
}

// codeSpanEnd returns the end of the code span whose opening backticks are
// at i; false when it does not close on this line or might hide the label
// of a link reference definition.
func codeSpanEnd(b []byte, i, to int) (end int, ok bool) {
	n := runLen(b, i, to, '`')
	end = closingBackticks(b, i+n, to, n)
	if end < 0 || hasControl(b[i:end], false) {
		return 0, false // might close on a later line
	}
	if bytes.Contains(b[i:end], []byte("]:")) {
		return 0, false // a definition's label ignores code spans: "[`]: x `"
	}
	return end, true
}

// angleEnd returns where the scan goes on after the < at i: past a tag or
// autolink that reads as plain text, or past the < alone when nothing
// follows that could start one; false for anything else (HTML comments,
// declarations, processing instructions, and tags or autolinks that could
// change the meaning of the line).
func angleEnd(b []byte, i, to int) (next int, ok bool) {
	if i+1 < to && (b[i+1] == '!' || b[i+1] == '?') {
		return 0, false // an HTML comment, declaration or processing instruction
	}
	if i+1 < to && (isASCIILetter(b[i+1]) || b[i+1] == '/') {
		// A tag or an autolink: safe to read as text only when
		// nothing in it could start or end another construct, or
		// hide a > (quoted attribute values), or make it a link.
		gt := bytes.IndexByte(b[i+1:to], '>')
		if gt < 0 || bytes.ContainsAny(b[i+1:i+1+gt], "[]`<\\:@\"'") || hasControl(b[i+1:i+1+gt], false) {
			return 0, false
		}
		return i + gt + 2, true
	}
	return i + 1, true
}

// pushOpener records the [ or ![ at i as an opener that a later ] may
// close, and returns where the scan goes on; a ! without [ is text.
func (s *lineScanner) pushOpener(i, to int) int {
	b := s.body
	if b[i] == '[' {
		s.stack = append(s.stack, opener{pos: i, links: s.lineLinks})
		return i + 1
	}
	if i+1 < to && b[i+1] == '[' {
		s.stack = append(s.stack, opener{pos: i, image: true, links: s.lineLinks})
		return i + 2
	}
	return i + 1
}

// closeBracket closes the latest opener with the ] at i and, when "(dest)"
// follows, records the link; it returns where the scan goes on. false for
// what goldmark must read: a possible reference definition or reference
// link, a label over goldmark's length limit, or a link the fast path does
// not model.
func (s *lineScanner) closeBracket(i, to int) (next int, ok bool) {
	b := s.body
	if i+1 < to && b[i+1] == ':' {
		return 0, false // a link reference definition, perhaps
	}
	if len(s.stack) == 0 {
		return i + 1, true
	}
	o := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	if i-stack0(s.stack, o) > 900 {
		return 0, false // goldmark's label length limit
	}
	if i+1 < to && b[i+1] == '[' {
		return 0, false // a reference link
	}
	if i+1 >= to || b[i+1] != '(' || (!o.image && s.lineLinks > o.links) {
		return i + 1, true // not a link: the brackets are text
	}
	end, dest, ok := inlineDestination(b, i+2, to)
	if !ok || !s.addLink(o, i, dest) {
		return 0, false
	}
	return end, true
}

// addLink records the link (or image) opened by o whose text ends at
// textEnd (its ]), with destination dest; false when its text is not plain
// text.
func (s *lineScanner) addLink(o opener, textEnd int, dest []byte) bool {
	b := s.body
	textStart := o.pos + 1
	if o.image {
		textStart++
	}
	if !plainLinkText(b[textStart:textEnd]) {
		return false
	}
	start, stop := textStart, textEnd
	if start == stop {
		start, stop = -1, -1
	}
	s.links.add(locateLink(b, s.base, dest, o.image, start, stop, &s.cursor), dest)
	if !o.image {
		s.lineLinks++
	}
	return true
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

// runLen counts the bytes c that start b[i:to].
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

// isASCIIPunct reports an ASCII punctuation character (escapable with \).
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// isASCIILetter reports a-z or A-Z.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isAlnum reports an ASCII letter or digit.
func isAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
