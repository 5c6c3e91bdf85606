package jstext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

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

// Len returns the length of s in UTF-16 code units, as JavaScript's
// String.prototype.length reports it for the string s stands for.
func Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c, size := DecodeUnit(s, i)
		n += unitsOf(c)
		i += size
	}
	return n
}

// Prefix returns the prefix of s that ends before the first character
// starting at UTF-16 unit n or later (a character straddling unit n is
// kept whole).
func Prefix(s string, n int) string {
	units := 0
	for i := 0; i < len(s); {
		if units >= n {
			return s[:i]
		}
		c, size := DecodeUnit(s, i)
		units += unitsOf(c)
		i += size
	}
	return s
}

// Substring returns JavaScript's s.substring(0, n): the first n UTF-16 code
// units of s. When unit n falls inside a surrogate pair, the high surrogate
// is kept alone, stored as WTF-8 (see the package documentation); pass the
// result through ModelText before showing it. A negative n is 0.
func Substring(s string, n int) string {
	units := 0
	for i := 0; i < len(s); {
		if units >= n {
			return s[:i]
		}
		c, size := DecodeUnit(s, i)
		u := unitsOf(c)
		if units+u > n { // only the high surrogate of c fits
			var b strings.Builder
			b.Grow(i + 3)
			b.WriteString(s[:i])
			appendWTF8(&b, 0xD800+(c-0x10000)>>10)
			return b.String()
		}
		units += u
		i += size
	}
	return s
}

// IsSurrogate reports whether c is a UTF-16 surrogate code point.
func IsSurrogate(c rune) bool { return c >= 0xD800 && c <= 0xDFFF }

// unitsOf returns how many UTF-16 code units the code point c occupies.
func unitsOf(c rune) int {
	if c >= 0x10000 {
		return 2
	}
	return 1
}

// AppendCodePoint appends String.fromCodePoint(c) to b as JavaScript's
// string concatenation would hold it: a surrogate is stored as WTF-8 (see
// the package documentation), except that a low surrogate right after a
// stored high surrogate makes the pair's character with it, in UTF-8.
// DSH's YAML parser builds a double-quoted value this way from its \u
// escapes, so "\uD83D\uDE00" is one emoji and "\uD800" a lone surrogate.
func AppendCodePoint(b []byte, c rune) []byte {
	if c < 0xD800 || c > 0xDFFF {
		return utf8.AppendRune(b, c)
	}
	if n := len(b); c >= 0xDC00 && n >= 3 {
		if hi, size := DecodeUnit(string(b[n-3:]), 0); size == 3 && hi >= 0xD800 && hi < 0xDC00 {
			return utf8.AppendRune(b[:n-3], 0x10000+(hi-0xD800)<<10+(c-0xDC00))
		}
	}
	return append(b, byte(0xE0|c>>12), byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
}

// appendWTF8 writes the three-byte generalized UTF-8 form of a surrogate.
func appendWTF8(b *strings.Builder, c rune) {
	b.WriteByte(byte(0xE0 | c>>12))
	b.WriteByte(byte(0x80 | (c>>6)&0x3F))
	b.WriteByte(byte(0x80 | c&0x3F))
}

// Count writes a whole number as JavaScript's toLocaleString("en-US")
// does, with a comma between groups of three digits ("1,532"): how
// skill-ls writes a count of characters, bytes or tokens in a message, so
// that a number reads the same in every message, doc and client.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
