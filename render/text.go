package render

import (
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills"
)

// replacementChar is U+FFFD in UTF-8, the bytes Node writes for a lone
// surrogate.
const replacementChar = "\uFFFD"

var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;")
)

// EscapeText escapes s the way DSH's escapeText does: "&" becomes "&amp;",
// then "<" becomes "&lt;", then ">" becomes "&gt;". Quotes and apostrophes
// are kept and existing entities are escaped again. It is used for catalog
// descriptions and resource line values (spec §10.1).
func EscapeText(s string) string {
	return textEscaper.Replace(s)
}

// EscapeAttr escapes s the way DSH's escapeAttr does for the name attribute
// of <skill_content>: "&" becomes "&amp;", `"` becomes "&quot;" and "<"
// becomes "&lt;". It does not escape ">" or "'" (spec §7.3).
func EscapeAttr(s string) string {
	return attrEscaper.Replace(s)
}

// ModelText returns s as the model receives it: every stored lone surrogate
// (a three-byte WTF-8 sequence, see the package documentation) becomes
// U+FFFD, as Node writes it, and so does every other byte that is not valid
// UTF-8. Valid UTF-8 is returned unchanged.
func ModelText(s string) string {
	return skills.ModelText(s)
}

// isSurrogate reports whether c is a UTF-16 surrogate code point.
func isSurrogate(c rune) bool { return c >= 0xD800 && c <= 0xDFFF }

// decodeUnit is skills.DecodeUnit: WTF-8 surrogates decode to themselves.
func decodeUnit(s string, i int) (rune, int) { return skills.DecodeUnit(s, i) }

// unitsOf returns how many UTF-16 code units the code point c occupies.
func unitsOf(c rune) int {
	if c >= 0x10000 {
		return 2
	}
	return 1
}

// utf16Len returns the length of s in UTF-16 code units, as JavaScript's
// String.prototype.length would report for the string s stands for.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c, size := decodeUnit(s, i)
		n += unitsOf(c)
		i += size
	}
	return n
}

// jsonString returns JSON.stringify(s) for the JavaScript string s stands for:
// it escapes only `"`, `\`, \b \f \n \r \t, the other C0 controls as \u00xx,
// and lone surrogates as \udxxx (lowercase hex). Non-ASCII, "/", "<", ">",
// "&", DEL and U+2028/U+2029 are written as they are. A byte that is not
// valid UTF-8 is written as U+FFFD.
func jsonString(s string) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c, size := decodeUnit(s, i)
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xF])
		case isSurrogate(c):
			b.WriteString(`\u`)
			b.WriteByte(hex[c>>12&0xF])
			b.WriteByte(hex[c>>8&0xF])
			b.WriteByte(hex[c>>4&0xF])
			b.WriteByte(hex[c&0xF])
		case c == utf8.RuneError && size == 1:
			b.WriteString(replacementChar)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// jsonArray returns JSON.stringify(items) for an array of strings.
func jsonArray(items ...string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(s))
	}
	b.WriteByte(']')
	return b.String()
}
