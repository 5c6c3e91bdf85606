package hosts

import (
	"slices"
	"strings"
	"unicode"
)

// claudeCollatePunct is the order of ASCII punctuation and symbols in
// Unicode's default collation (CLDR root), all before digits and letters.
const claudeCollatePunct = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"

// claudeCollate compares two names as JavaScript's localeCompare does in
// the root locale, for the ASCII names skills and commands have (the host
// suite's claude-plugins case: a_1.md before A.md, a before A before
// a_1): punctuation before digits before letters, case ignored; then
// lower case before upper case. Other characters sort after ASCII, by
// code point.
func claudeCollate(a, b string) int {
	if c := slices.Compare(collateKey(a, true), collateKey(b, true)); c != 0 {
		return c
	}
	return slices.Compare(collateKey(a, false), collateKey(b, false))
}

// collateKey weighs each character of s: primary (case folded) or, when
// primary is false, lower case before upper case.
func collateKey(s string, primary bool) []int {
	var key []int
	for _, r := range s {
		switch {
		case !primary && unicode.IsUpper(r):
			key = append(key, 1)
		case !primary:
			key = append(key, 0)
		case strings.ContainsRune(claudeCollatePunct, r):
			key = append(key, strings.IndexRune(claudeCollatePunct, r))
		case r < 0x80 && unicode.IsDigit(r):
			key = append(key, 100+int(r))
		case r < 0x80 && unicode.IsLetter(r):
			key = append(key, 200+int(unicode.ToLower(r)))
		default:
			key = append(key, 1000+int(r))
		}
	}
	return key
}
