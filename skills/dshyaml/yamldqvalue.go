package dshyaml

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// yamldqvalue.go: yaml@2's reading of one double-quoted scalar, from
// lexer.js (parseQuotedScalar, continueScalar) and
// compose/resolve-flow-scalar.js (doubleQuotedValue, foldNewline,
// parseCharCode), statement for statement. JavaScript indexes UTF-16 code
// units where this indexes bytes; every character these functions compare
// is ASCII, which UTF-8 never uses inside another character, so the two
// agree, and the messages count units where they quote text (escapeRaw).

// dqEnd returns where yaml@2's lexer ends the double-quoted scalar whose
// opening quote is at start: after the first quote that an even run of
// backslashes precedes, or, when a line before that quote is indented less
// than indentNext (continueScalar), at the end of the line before it, less
// a CR: the scalar is cut short, and lacks its closing quote.
func dqEnd(text []byte, start, indentNext int) int {
	end := -1
	for j := start + 1; j < len(text); j++ {
		if text[j] != '"' {
			continue
		}
		n := 0
		for text[j-1-n] == '\\' {
			n++
		}
		if n%2 == 0 {
			end = j
			break
		}
	}
	if end < 0 {
		return len(text) // the lexer takes the rest of the document
	}
	for nl := bytes.IndexByte(text[start:end], '\n'); nl >= 0; {
		nl += start
		cs := continueScalar(text, nl+1, indentNext)
		if cs < 0 {
			if nl > 0 && text[nl-1] == '\r' {
				return nl - 1
			}
			return nl
		}
		start = cs
		nl = bytes.IndexByte(text[cs:end], '\n')
	}
	return end + 1
}

// continueScalar is the lexer's test of the line at off inside a quoted
// scalar: the offset to read on from, or -1 when the line is indented less
// than indentNext (and is not blank), or, at the top level, is a document
// marker.
func continueScalar(text []byte, off, indentNext int) int {
	if indentNext > 0 {
		indent := 0
		for off+indent < len(text) && text[off+indent] == ' ' {
			indent++
		}
		at := off + indent
		if at+1 < len(text) && text[at] == '\r' && text[at+1] == '\n' {
			return at + 1
		}
		if (at < len(text) && text[at] == '\n') || indent >= indentNext {
			return at
		}
		return -1
	}
	if m := text[off:min(off+3, len(text))]; string(m) == "---" || string(m) == "..." {
		if off+3 >= len(text) || bytes.IndexByte([]byte(" \n\r\t"), text[off+3]) >= 0 {
			return -1
		}
	}
	return off
}

// dqDecoder is doubleQuotedValue at work: the value so far and the first
// error.
type dqDecoder struct {
	src string
	b   []byte
	bad int    // offset in src of the first escape yaml@2 rejects, or -1
	raw string // the text its message quotes
}

// dqValue is yaml@2's doubleQuotedValue: the value of the double-quoted
// scalar whose source (from its opening quote to where dqEnd ends it) is
// src, and the first error it reports: the offset in src of the first
// escape it rejects with the text its message quotes ("Invalid escape
// sequence <raw>"), or len(src) with raw "" when src lacks its closing
// quote ("Missing closing \"quote"); bad is -1 when there is none.
func dqValue(src string) (val string, bad int, raw string) {
	d := &dqDecoder{src: src, b: make([]byte, 0, len(src)), bad: -1}
	for i := 1; i < len(src)-1; i++ {
		switch ch := src[i]; {
		case ch == '\r' && src[i+1] == '\n':
		case ch == '\n':
			var fold string
			fold, i = foldNewline(src, i)
			d.b = append(d.b, fold...)
		case ch == '\\':
			i = d.escape(i)
		case ch == ' ' || ch == '\t':
			// Blanks before a line break are trimmed.
			ws := i
			for i+1 < len(src) && (src[i+1] == ' ' || src[i+1] == '\t') {
				i++
			}
			if rest := src[i+1:]; !(len(rest) > 0 && rest[0] == '\n') && !(len(rest) > 1 && rest[0] == '\r' && rest[1] == '\n') {
				d.b = append(d.b, src[ws:i+1]...)
			}
		default:
			d.b = append(d.b, ch)
		}
	}
	if d.bad < 0 && (len(src) == 1 || src[len(src)-1] != '"') {
		return "", len(src), ""
	}
	return string(d.b), d.bad, d.raw
}

// escape reads the escape whose backslash is at i and returns the offset
// of its last byte.
func (d *dqDecoder) escape(i int) int {
	src := d.src
	i++
	next := src[i]
	if s, ok := simpleEscape(next); ok {
		d.b = append(d.b, s...)
		return i
	}
	switch {
	case next == '\n':
		return skipBlanks(src, i) // an escaped line break; the next line's indentation goes too
	case next == '\r' && i+1 < len(src) && src[i+1] == '\n':
		return skipBlanks(src, i+1)
	case EscapeDigits(next) > 0:
		n := EscapeDigits(next)
		if c, ok := charCode(src[i+1:min(i+1+n, len(src))], n); ok {
			d.b = jstext.AppendCodePoint(d.b, c)
		} else {
			d.fail(i-1, n+2)
		}
		return i + n
	}
	d.fail(i-1, 2)
	return i
}

// fail records the escape yaml@2 rejects at offset at, whose message
// quotes units UTF-16 code units; the value keeps them, as yaml@2's does.
func (d *dqDecoder) fail(at, units int) {
	raw, _ := escapeRaw(d.src[at:], units)
	d.b = append(d.b, raw...)
	if d.bad < 0 {
		d.bad, d.raw = at, raw
	}
}

// skipBlanks returns the offset of the last space or tab after i.
func skipBlanks(src string, i int) int {
	for i+1 < len(src) && (src[i+1] == ' ' || src[i+1] == '\t') {
		i++
	}
	return i
}

// foldNewline folds the line break at off with the blank lines after it:
// one break is a space, n+1 breaks are n line feeds. It returns the fold
// and the offset of the last byte it read.
func foldNewline(src string, off int) (string, int) {
	fold := ""
	for off+1 < len(src) {
		ch := src[off+1]
		if ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' {
			break
		}
		if ch == '\r' && (off+2 >= len(src) || src[off+2] != '\n') {
			break
		}
		if ch == '\n' {
			fold += "\n"
		}
		off++
	}
	if fold == "" {
		fold = " "
	}
	return fold, off
}
