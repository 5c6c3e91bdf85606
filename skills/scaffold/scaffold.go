// Package scaffold writes new skills: the SKILL.md text of a new bundle,
// and what is wrong with a name an author asks for.
package scaffold

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"golang.org/x/text/unicode/norm"
)

// DescriptionPlaceholder is the description a new skill starts with
// (`skill-ls new`). DSH loads a skill with it, but the model would pick the
// skill by this text, so the author must replace it; a rule can compare a
// skill's description with it to say so.
const DescriptionPlaceholder = "TODO: say what this skill does and when to use it. The model sees only the name and this text when it decides whether to load the skill."

// MaxNameLength is the longest name the agentskills.io spec allows. DSH has
// no limit; skill-ls warns past it and refuses to create such a skill.
const MaxNameLength = 64

// NewSkillText returns the text of a new skill file named name: the
// frontmatter with the name (quoted where YAML would read it as another
// type) and DescriptionPlaceholder (double-quoted, since
// it holds ": "), then a short body skeleton. It uses LF line endings and no
// byte-order mark. name must be a valid skill name.
func NewSkillText(name string) []byte {
	var b strings.Builder
	b.WriteString("---\n")
	b.WriteString("name: " + yamlName(name) + "\n")
	b.WriteString("description: " + dshyaml.DoubleQuoted(DescriptionPlaceholder) + "\n")
	b.WriteString("---\n")
	b.WriteString("# " + name + "\n")
	b.WriteString("\n")
	b.WriteString("## When to use\n")
	b.WriteString("\n")
	b.WriteString("- The situations and requests this skill is for.\n")
	b.WriteString("\n")
	b.WriteString("## Instructions\n")
	b.WriteString("\n")
	b.WriteString("1. The first step the model should take.\n")
	b.WriteString("2. The next one. Put long references in files beside this one and link them.\n")
	return []byte(b.String())
}

// yamlName returns a valid skill name as a YAML scalar that decodes to that
// string: plain, except for a name that starts with a digit (123, 1e3, 0x1f
// would decode as numbers) or is a word some YAML reader takes for a boolean
// or null.
func yamlName(name string) string {
	switch name {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return dshyaml.DoubleQuoted(name)
	}
	if name != "" && name[0] >= '0' && name[0] <= '9' {
		return dshyaml.DoubleQuoted(name)
	}
	return name
}

// NameProblem says why name is not a valid skill name to create, or
// returns "" when it is one: it names the first character DSH rejects, or
// the length past MaxNameLength.
func NameProblem(name string) string {
	switch {
	case name == "":
		return "the name is empty"
	case !utf8.ValidString(name):
		return "the name is not valid UTF-8"
	case strings.ContainsAny(name, `/\`):
		return "it has a path separator (a name is not a path: pick the folder with --root)"
	case strings.HasPrefix(name, "-"):
		return "it starts with a hyphen"
	case strings.HasSuffix(name, "-"):
		return "it ends with a hyphen"
	case strings.Contains(name, "--"):
		return "it has two hyphens in a row"
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
		case r >= 'A' && r <= 'Z':
			return fmt.Sprintf("it has the uppercase letter %q", r)
		case unicode.IsSpace(r):
			return "it has a space"
		default:
			return fmt.Sprintf("it has %q", r)
		}
	}
	if n := len(name); n > MaxNameLength {
		return fmt.Sprintf("it is %d characters; the agentskills.io spec allows at most %d", n, MaxNameLength)
	}
	return ""
}

// SuggestName turns s into a valid skill name: accents are dropped, letters
// lowercased, a lowercase-to-uppercase step ("pdfTools") and every run of
// other characters become one hyphen, and a name.md suffix is removed. It
// returns "" when no letter or digit is left.
func SuggestName(s string) string {
	s = strings.TrimSuffix(s, ".md")
	if i := strings.LastIndexAny(s, `/\`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	var b strings.Builder
	hyphen, lower := false, false
	for _, r := range norm.NFKD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue // a combining accent of the letter before
		}
		upper := unicode.IsUpper(r)
		r = unicode.ToLower(r)
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			hyphen, lower = true, false
			continue
		}
		if (hyphen || (upper && lower)) && b.Len() > 0 {
			b.WriteByte('-')
		}
		hyphen, lower = false, !upper
		b.WriteRune(r)
	}
	out := b.String()
	if len(out) > MaxNameLength {
		out = strings.TrimRight(out[:MaxNameLength], "-")
	}
	return out
}
