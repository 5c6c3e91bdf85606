package render

import (
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills"
)

// Token is one `/name` gesture token in a text block.
type Token struct {
	// Name is the skill name after the slash.
	Name string
	// Start and End are the byte offsets of the whole "/name" token in the
	// text: Start is at the '/', End is just after the name. The whitespace
	// before the token is not part of it.
	Start, End int
}

// GestureTokens returns every `/name` token of one text block, in order and
// not deduplicated. It matches what DSH's global JavaScript regex
// (^|\s)\/([a-z0-9]+(?:-[a-z0-9]+)*)(?=\s|$) finds (spec §8): the slash is at
// the start of the block or follows JavaScript whitespace, the name follows
// the skill-name grammar, and the name is followed by JavaScript whitespace
// or the end of the block. "/a/b", "x/foo", "/foo.", "/Foo", "/a--b" and
// "/skill:foo" are not tokens.
func GestureTokens(text string) []Token {
	var tokens []Token
	for i := 0; i < len(text); i++ {
		if text[i] != '/' {
			continue
		}
		if i > 0 {
			r, _ := utf8.DecodeLastRuneInString(text[:i])
			if !skills.IsJSSpace(r) {
				continue
			}
		}
		// The longest run of name characters; backtracking in the regex
		// cannot help, since a shorter match is followed by a name
		// character, not by whitespace.
		end := i + 1
		for end < len(text) && isNameByte(text[end]) {
			end++
		}
		name := text[i+1 : end]
		if !skills.IsSkillName(name) {
			continue
		}
		if end < len(text) {
			r, _ := utf8.DecodeRuneInString(text[end:])
			if !skills.IsJSSpace(r) {
				continue
			}
		}
		tokens = append(tokens, Token{Name: name, Start: i, End: end})
		i = end - 1
	}
	return tokens
}

// isNameByte reports whether c may appear in a skill name.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-'
}

// GestureNames returns the names of the `/name` tokens of texts (the text
// blocks of the step's user messages, in order), deduplicated across all of
// them in first-seen order (spec §8). Callers pass only user-message text
// blocks; DSH scans nothing else.
func GestureNames(texts []string) []string {
	var names []string
	seen := make(map[string]bool)
	for _, text := range texts {
		for _, tok := range GestureTokens(text) {
			if !seen[tok.Name] {
				seen[tok.Name] = true
				names = append(names, tok.Name)
			}
		}
	}
	return names
}

// Gesture returns the injections DSH appends for the `/name` tokens of texts
// (spec §8): one SkillContent block per name from GestureNames, in that
// order, for each name l finds with UserInvocable set. Model-disabled skills
// are eligible; unknown names and skills that are not user-invocable are
// left as prose and produce nothing. A nil l knows no skill.
func Gesture(l Lookup, texts []string) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, name := range GestureNames(texts) {
		s := l.Lookup(name)
		if s == nil || !s.Invocation.UserInvocable {
			continue
		}
		out = append(out, SkillContent(s))
	}
	return out
}
