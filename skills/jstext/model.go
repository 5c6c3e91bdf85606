package jstext

import (
	"strings"
	"unicode/utf8"
)

var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;")
)

// EscapeText escapes s the way DSH's escapeText does: "&" becomes "&amp;",
// then "<" becomes "&lt;", then ">" becomes "&gt;". Quotes and apostrophes
// are kept and existing entities are escaped again. DSH uses it for catalog
// descriptions and resource line values (docs/dsh.md §10.1).
func EscapeText(s string) string {
	return textEscaper.Replace(s)
}

// EscapeAttr escapes s the way DSH's escapeAttr does for the name attribute
// of <skill_content>: "&" becomes "&amp;", `"` becomes "&quot;" and "<"
// becomes "&lt;". It does not escape ">" or "'" (docs/dsh.md §7.3).
func EscapeAttr(s string) string {
	return attrEscaper.Replace(s)
}

// CatalogLine returns the line of DSH's skill catalog for a skill named
// name whose catalog description (the result of Shorten) is description,
// before ModelText: "- `<name>`: " followed by EscapeText(description). The
// name is not escaped (docs/dsh.md §6.2). render builds the catalog from it; the
// host profiles size DSH's listing with it.
func CatalogLine(name, description string) string {
	return "- `" + name + "`: " + EscapeText(description)
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
		if IsSurrogate(c) || (c == utf8.RuneError && size == 1) {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
