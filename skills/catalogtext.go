package skills

import (
	"strings"
	"unicode/utf8"
)

// Lone surrogates. JavaScript strings are UTF-16, and DSH's description cut
// can split a surrogate pair (spec §10.3). Inside a Go string such a lone
// surrogate is kept as its three-byte WTF-8 sequence (ED A0..BF 80..BF),
// which is not valid UTF-8; ModelText turns it into U+FFFD as Node writes
// it, and JSON encoders can write it as \udXXX.

// CatalogDescription returns the catalog text of a raw description, as DSH's
// catalogDescription does (spec §6.1): every run of JavaScript whitespace
// becomes one U+0020, the result is trimmed, and when it is longer than max
// UTF-16 code units it keeps its first max-3 code units followed by "...".
// There is no re-trim after the cut. The result is not escaped and may hold
// a WTF-8 lone surrogate; pass it through ModelText before showing it. A max
// below 3 is treated as 3.
func CatalogDescription(raw string, max int) string {
	if max < 3 {
		max = 3
	}
	s, units := NormalizeDescription(raw)
	if units <= max {
		return s
	}
	if units == len(s) { // ASCII: one byte, one code unit
		return s[:max-3] + "..."
	}
	return cutUnits(s, max-3)
}

// cutUnits returns the first limit UTF-16 code units of s followed by
// "...", keeping only the high surrogate of a pair that does not fit.
func cutUnits(s string, limit int) string {
	var b strings.Builder
	b.Grow(len(s))
	n := 0
	for i := 0; i < len(s) && n < limit; {
		c, size := DecodeUnit(s, i)
		u := unitsOf(c)
		if n+u > limit {
			appendWTF8(&b, 0xD800+(c-0x10000)>>10) // only the high surrogate fits
			break
		}
		b.WriteString(s[i : i+size])
		n += u
		i += size
	}
	b.WriteString("...")
	return b.String()
}

// NormalizeDescription collapses every run of JavaScript whitespace to one
// space and trims, returning the text and its length in UTF-16 code units.
// Bytes that are not valid UTF-8 become U+FFFD.
func NormalizeDescription(raw string) (string, int) {
	if isNormalASCII(raw) {
		return raw, len(raw)
	}
	return normalizeDescription(raw)
}

// normalizeDescription is NormalizeDescription one code unit at a time.
func normalizeDescription(raw string) (string, int) {
	var b strings.Builder
	b.Grow(len(raw))
	units := 0
	pendingSpace := false
	for i := 0; i < len(raw); {
		c, size := DecodeUnit(raw, i)
		i += size
		if IsJSSpace(c) {
			pendingSpace = b.Len() > 0
			continue
		}
		if pendingSpace {
			b.WriteByte(' ')
			units++
			pendingSpace = false
		}
		switch {
		case isSurrogate(c):
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

// isNormalASCII reports ASCII text that NormalizeDescription returns as it
// is: no control bytes, no space at either end, no two spaces in a row.
func isNormalASCII(s string) bool {
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

// ModelText returns s as the model receives it: every WTF-8 lone surrogate,
// and every other byte that is not valid UTF-8, becomes U+FFFD, as Node
// writes it. Valid UTF-8 is returned unchanged.
func ModelText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	for i := 0; i < len(s); {
		c, size := DecodeUnit(s, i)
		if isSurrogate(c) || (c == utf8.RuneError && size == 1) {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// DecodeUnit decodes the code point at s[i]. A WTF-8 surrogate sequence
// (ED A0..BF 80..BF) yields the surrogate itself with size 3. A byte that
// starts no valid sequence yields utf8.RuneError with size 1.
func DecodeUnit(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

func isSurrogate(c rune) bool { return c >= 0xD800 && c <= 0xDFFF }

func appendWTF8(b *strings.Builder, c rune) {
	b.WriteByte(byte(0xE0 | c>>12))
	b.WriteByte(byte(0x80 | (c>>6)&0x3F))
	b.WriteByte(byte(0x80 | c&0x3F))
}

func unitsOf(c rune) int {
	if c >= 0x10000 {
		return 2
	}
	return 1
}
