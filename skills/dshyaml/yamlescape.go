package dshyaml

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// yamlescape.go: the backslash escapes of double-quoted values as DSH's
// yaml@2 reads them. An escape it does not know drops the skill with
// "Invalid escape sequence \U…", at the backslash; a Windows path in
// double quotes (C:\Users) is the usual cause.

// dqEscapes are the characters yaml@2 accepts after a backslash, besides
// x, u and U (and a line break, which continues the value).
const dqEscapes = "0abefnrtvN_LP \"/\\\t"

// EscapeDigits returns how many hex digits the escape \c takes: 2 for
// \x, 4 for \u, 8 for \U, 0 for the others.
func EscapeDigits(c byte) int {
	switch c {
	case 'x':
		return 2
	case 'u':
		return 4
	case 'U':
		return 8
	}
	return 0
}

// BadEscape returns the offset in t of the first backslash between from
// and to that starts an escape yaml@2 rejects, and how many bytes its
// message quotes (for \x, \u and \U with the wrong digits, the digits it
// read too); -1 when every escape is one yaml@2 knows. A backslash at to
// escapes the line break.
func BadEscape(t string, from, to int) (at, n int) {
	for j := from; j < to; j++ {
		if t[j] != '\\' {
			continue
		}
		if j+1 >= to && to == len(t) {
			return -1, 0 // an escaped line break
		}
		c := t[j+1]
		if strings.IndexByte(dqEscapes, c) >= 0 {
			j++
			continue
		}
		if digits := EscapeDigits(c); digits > 0 {
			hex := t[j+2 : min(j+2+digits, len(t))]
			code, err := strconv.ParseUint(hex, 16, 32)
			// yaml@2 calls String.fromCodePoint, which takes up to U+10FFFF
			// (lone surrogates included); ParseUint takes a sign, the regexp
			// /^[0-9a-fA-F]+$/ does not.
			if len(hex) == digits && err == nil && code <= 0x10FFFF && !strings.ContainsAny(hex, "+-") {
				j += 1 + digits
				continue
			}
			return j, 2 + digits
		}
		_, size := utf8.DecodeRuneInString(t[j+1:])
		return j, 1 + size
	}
	return -1, 0
}

// escapeError is the mistake of a double-quoted value that starts at byte
// off of line i, or nil: an escape yaml@2 rejects on line k (i or a later
// line of the value), between from and to; closed says the value's closing
// quote is at to, so the message may quote it and no further. ok is false
// when the message would run past the line, which the scan leaves to the
// parser.
func (s *yamlScan) escapeError(i, off, k, from, to int, closed bool, key string) (e *Error, ok bool) {
	t := s.lines[k].text
	at, n := BadEscape(t, from, to)
	if at < 0 {
		return nil, true
	}
	end := at + n
	if closed {
		end = min(end, to+1)
	} else if end > len(t) {
		return nil, false
	}
	_, size := utf8.DecodeRuneInString(t[at+1:])
	e = s.at(k, at, at+1+size, CauseBadEscape, "Invalid escape sequence "+t[at:end])
	e.Key, e.Char = key, t[at:at+1+size]
	first := s.lines[i]
	valueEnd := len(first.text)
	if k == i && closed {
		valueEnd = to + 1
	}
	e.ValueSpan.Start, e.ValueSpan.End = first.start+off, first.start+valueEnd
	return e, true
}
