package jstext

import (
	"strings"
	"unicode/utf8"
)

// JSONString returns JSON.stringify(s) for the JavaScript string s stands for:
// it escapes only `"`, `\`, \b \f \n \r \t, the other C0 controls as \u00xx,
// and lone surrogates as \udxxx (lowercase hex). Non-ASCII, "/", "<", ">",
// "&", DEL and U+2028/U+2029 are written as they are. A byte that is not
// valid UTF-8 is written as U+FFFD.
func JSONString(s string) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c, size := DecodeUnit(s, i)
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
		case IsSurrogate(c):
			b.WriteString(`\u`)
			b.WriteByte(hex[c>>12&0xF])
			b.WriteByte(hex[c>>8&0xF])
			b.WriteByte(hex[c>>4&0xF])
			b.WriteByte(hex[c&0xF])
		case c == utf8.RuneError && size == 1:
			b.WriteString("\uFFFD")
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// JSONArray returns JSON.stringify(items) for an array of strings.
func JSONArray(items ...string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(JSONString(s))
	}
	b.WriteByte(']')
	return b.String()
}
