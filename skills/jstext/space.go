package jstext

import "strings"

// IsSpace reports whether r is whitespace for JavaScript's /\s/ and
// String.prototype.trim (docs/dsh.md §10.2). It differs from unicode.IsSpace: it
// includes U+FEFF and excludes U+0085.
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// Trim trims leading and trailing JavaScript whitespace, like
// String.prototype.trim.
func Trim(s string) string {
	return strings.TrimFunc(s, IsSpace)
}
