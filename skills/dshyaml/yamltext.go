package dshyaml

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Scalar returns s written as a YAML scalar for the value of a
// frontmatter key ("key: " + Scalar(s)) that reads back as the string
// s: plain when that is safe (not a number, boolean or null, no ": " or
// " #", no leading indicator), else single-quoted, else double-quoted with
// escapes (for control characters and line breaks). Quick fixes use it to
// write names and descriptions.
func Scalar(s string) string {
	if readsAs(s, s) {
		return s
	}
	if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		if q := "'" + strings.ReplaceAll(s, "'", "''") + "'"; readsAs(q, s) {
			return q
		}
	}
	return DoubleQuoted(s)
}

// readsAs reports whether text, as the value of a one-line mapping entry,
// decodes to the string want, as yaml@2 reads it (decodeTree: U+2028 and
// the like are characters there).
func readsAs(text, want string) bool {
	if text == "" || strings.ContainsAny(text, "\r\n") {
		return false
	}
	var doc yaml.Node
	if decodeTree([]byte("k: "+text+"\n"), &doc) != nil || len(doc.Content) == 0 {
		return false
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode || len(m.Content) != 2 {
		return false
	}
	v := TypeNode(m.Content[1])
	return v.Kind == KindString && v.Str == want
}

// DoubleQuoted returns s as a YAML double-quoted scalar: a backslash,
// a double quote and control characters are escaped.
func DoubleQuoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
