package jstext

import (
	"strings"
	"unicode/utf8"
)

// Collapse replaces every run of JavaScript whitespace in raw with one
// U+0020 and trims the result, returning it with its length in UTF-16 code
// units. Bytes that are not valid UTF-8 become U+FFFD; stored lone
// surrogates are kept.
func Collapse(raw string) (string, int) {
	if isCollapsedASCII(raw) {
		return raw, len(raw) // most descriptions: nothing to copy
	}
	return collapse(raw)
}

// collapse is Collapse one code unit at a time.
func collapse(raw string) (string, int) {
	var b strings.Builder
	b.Grow(len(raw))
	units := 0
	pendingSpace := false
	for i := 0; i < len(raw); {
		c, size := DecodeUnit(raw, i)
		i += size
		if IsSpace(c) {
			pendingSpace = b.Len() > 0
			continue
		}
		if pendingSpace {
			b.WriteByte(' ')
			units++
			pendingSpace = false
		}
		switch {
		case IsSurrogate(c):
			appendWTF8(&b, c)
		case c == utf8.RuneError && size == 1:
			b.WriteString("\uFFFD")
		default:
			b.WriteString(raw[i-size : i])
		}
		units += unitsOf(c)
	}
	return b.String(), units
}

// MinShortenLength is the smallest cap Shorten honours; DSH refuses a
// catalogDescriptionMaxLength below it.
const MinShortenLength = 3

// Shorten is DSH's catalogDescription (docs/dsh.md §6.1), the one place the
// catalog cut is decided: raw is collapsed (Collapse), and when the result
// is longer than max UTF-16 code units it keeps its first max-3 code units
// followed by "...". There is no re-trim after the cut. When the cut splits
// a surrogate pair the kept high surrogate is stored as WTF-8; pass the
// result through ModelText (after EscapeText) before showing it. A max below
// 3 is treated as 3.
func Shorten(raw string, max int) string {
	max = maxOr3(max)
	s, units := Collapse(raw)
	if units <= max {
		return s
	}
	if units == len(s) { // ASCII: one byte, one code unit
		return s[:max-3] + "..."
	}
	return cutUnits(s, max-3)
}

// isCollapsedASCII reports ASCII text that Collapse returns as it is: no
// control bytes, no space at either end, no two spaces in a row.
func isCollapsedASCII(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	prev := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c < ' ' || c == ' ' && prev == ' ' {
			return false
		}
		prev = c
	}
	return true
}

// cutUnits returns the first limit UTF-16 code units of s followed by
// "...", keeping only the high surrogate of a pair that does not fit.
func cutUnits(s string, limit int) string {
	return Substring(s, limit) + "..."
}

// IsShortened reports whether Shorten(raw, max) cuts raw, and returns the
// collapsed length in UTF-16 code units.
func IsShortened(raw string, max int) (cut bool, units int) {
	_, units = Collapse(raw)
	return units > maxOr3(max), units
}

func maxOr3(max int) int {
	if max < MinShortenLength {
		return MinShortenLength
	}
	return max
}
