package dshyaml

import (
	"strconv"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// yamlescape.go: the backslash escapes of double-quoted values as DSH's
// yaml@2 reads them. An escape it does not know drops the skill with
// "Invalid escape sequence \U…", at the backslash; a Windows path in
// double quotes (C:\Users) is the usual cause.

// simpleEscape returns what the escape \c stands for in a double-quoted
// value, as yaml@2's escapeCodes table has it, and false for a c it does
// not list (x, u and U take hex digits; a line break continues the value;
// anything else, ' included, is an invalid escape). It is the one table of
// escapes: the scan of a text that does not parse and the decoding of one
// that does (yamldq.go) both read it.
func simpleEscape(c byte) (string, bool) {
	switch c {
	case '0':
		return "\x00", true
	case 'a':
		return "\a", true
	case 'b':
		return "\b", true
	case 'e':
		return "\x1b", true
	case 'f':
		return "\f", true
	case 'n':
		return "\n", true
	case 'r':
		return "\r", true
	case 't', '\t':
		return "\t", true
	case 'v':
		return "\v", true
	case 'N':
		return "\u0085", true
	case '_':
		return "\u00a0", true
	case 'L':
		return "\u2028", true
	case 'P':
		return "\u2029", true
	case ' ', '"', '/', '\\':
		return string(c), true
	}
	return "", false
}

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

// charCode reads the hex digits of a \x, \u or \U escape as yaml@2's
// parseCharCode does: exactly digits of them (the regexp /^[0-9a-fA-F]+$/,
// no sign), a code point String.fromCodePoint takes (up to U+10FFFF, lone
// surrogates included).
func charCode(hex string, digits int) (rune, bool) {
	if len(hex) != digits {
		return 0, false
	}
	for i := 0; i < len(hex); i++ {
		if !isHexDigit(hex[i]) {
			return 0, false
		}
	}
	code, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || code > 0x10FFFF {
		return 0, false
	}
	return rune(code), true
}

// isHexDigit reports 0-9, a-f or A-F.
func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// escapeRaw is the text yaml@2's "Invalid escape sequence" message quotes
// for an escape at the start of s: its first units UTF-16 code units
// (source.substr), as Node writes them (a lone surrogate as U+FFFD); ok is
// false when s is shorter.
func escapeRaw(s string, units int) (raw string, ok bool) {
	sub := jstext.Substring(s, units)
	return jstext.ModelText(sub), jstext.Len(sub) == units
}

// BadEscape returns the offset in t of the first backslash between from
// and to that starts an escape yaml@2 rejects, and how many UTF-16 code
// units its message quotes (for \x, \u and \U with the wrong digits, the
// digits it read too); -1 when every escape is one yaml@2 knows. A
// backslash at to escapes the line break.
func BadEscape(t string, from, to int) (at, units int) {
	for j := from; j < to; j++ {
		if t[j] != '\\' {
			continue
		}
		if j+1 >= to && to == len(t) {
			return -1, 0 // an escaped line break
		}
		c := t[j+1]
		if _, ok := simpleEscape(c); ok {
			j++
			continue
		}
		if digits := EscapeDigits(c); digits > 0 {
			if _, ok := charCode(t[j+2:min(j+2+digits, len(t))], digits); ok {
				j += 1 + digits
				continue
			}
			return j, 2 + digits
		}
		return j, 2
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
	at, units := BadEscape(t, from, to)
	if at < 0 {
		return nil, true
	}
	limit := len(t)
	if closed {
		limit = to + 1
	}
	raw, whole := escapeRaw(t[at:limit], units)
	if !whole && !closed {
		return nil, false
	}
	e = s.badEscapeAt(k, at, raw, key)
	first := s.lines[i]
	valueEnd := len(first.text)
	if k == i && closed {
		valueEnd = to + 1
	}
	e.ValueSpan.Start, e.ValueSpan.End = first.start+off, first.start+valueEnd
	return e, true
}

// badEscapeAt is the escape yaml@2 rejects at byte at of line k, whose
// message quotes raw.
func (s *yamlScan) badEscapeAt(k, at int, raw, key string) *Error {
	t := s.lines[k].text
	_, size := utf8.DecodeRuneInString(t[at+1:])
	e := s.at(k, at, at+1+size, CauseBadEscape, "Invalid escape sequence "+raw)
	e.Key, e.Char = key, t[at:at+1+size]
	return e
}
