package skills

import "strings"

// IsJSSpace reports whether r is whitespace for JavaScript's /\s/ and
// String.prototype.trim (spec §10.2). It differs from unicode.IsSpace: it
// includes U+FEFF and excludes U+0085.
func IsJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// TrimJS trims leading and trailing JavaScript whitespace, like
// String.prototype.trim.
func TrimJS(s string) string {
	return strings.TrimFunc(s, IsJSSpace)
}

// IsSkillName reports whether name matches the DSH skill-name grammar
// ^[a-z0-9]+(?:-[a-z0-9]+)*$ (spec §2). "a\n" is not a name.
func IsSkillName(name string) bool {
	if name == "" || name[0] == '-' || name[len(name)-1] == '-' {
		return false
	}
	prevHyphen := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			prevHyphen = false
		case c == '-':
			if prevHyphen {
				return false
			}
			prevHyphen = true
		default:
			return false
		}
	}
	return true
}
