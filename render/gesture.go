package render

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
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
// (^|\s)\/([a-z0-9]+(?:-[a-z0-9]+)*)(?=\s|$) finds (docs/dsh.md §8): the slash is at
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
			if !jstext.IsSpace(r) {
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
		if !skillfile.IsSkillName(name) {
			continue
		}
		if end < len(text) {
			r, _ := utf8.DecodeRuneInString(text[end:])
			if !jstext.IsSpace(r) {
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
// them in first-seen order (docs/dsh.md §8). Callers pass only user-message text
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
// (docs/dsh.md §8): one SkillContent block per name from GestureNames, in that
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

// CursorToken is a `/name` or `/skill:name` token around a cursor in a chat
// buffer: Start is at the '/', End after the name; Prefix is the text
// between the '/' and the cursor.
type CursorToken struct {
	Start, End int
	Name       string // the full name after "/" or "/skill:"
	Prefix     string // typed part of the name before the cursor
	TUI        bool   // "/skill:" form
	Sigil      byte   // the character that starts the token: '/' (or '$' for Codex)
}

// TokenAt finds the token that the cursor (byte offset) is in or just
// after. A token starts at the beginning of the text or after JavaScript
// whitespace.
func TokenAt(text string, off int) (CursorToken, bool) {
	return TokenAtWith(text, off, "/")
}

// TokenAtWith is TokenAt for tokens started by any of the sigils ("/", and
// "$" for Codex's $name); only "/" has the "/skill:" form.
func TokenAtWith(text string, off int, sigils string) (CursorToken, bool) {
	off = max(0, min(off, len(text)))
	isName := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' }
	i := off
	for i > 0 && (isName(text[i-1]) || text[i-1] == ':') {
		i--
	}
	if i == 0 || !strings.Contains(sigils, text[i-1:i]) {
		return CursorToken{}, false
	}
	slash := i - 1
	sigil := text[slash]
	if slash > 0 {
		r := lastRune(text[:slash])
		if !jstext.IsSpace(r) {
			return CursorToken{}, false
		}
	}
	end := off
	for end < len(text) && (isName(text[end]) || text[end] == ':') {
		end++
	}
	word := text[slash+1 : end]
	typed := text[slash+1 : off]
	tok := CursorToken{Start: slash, End: end, Sigil: sigil}
	if sigil != '/' && strings.Contains(word, ":") {
		return CursorToken{}, false
	}
	if rest, ok := strings.CutPrefix(word, "skill:"); ok {
		tok.TUI = true
		tok.Name = rest
		tok.Prefix = strings.TrimPrefix(typed, "skill:")
		if len(typed) < len("skill:") {
			tok.Prefix = ""
		}
	} else {
		if strings.Contains(word, ":") {
			if !strings.HasPrefix("skill:", typed) {
				return CursorToken{}, false
			}
		}
		tok.Name = word
		tok.Prefix = typed
	}
	return tok, true
}

func lastRune(s string) rune {
	for i := len(s) - 1; i >= 0 && i >= len(s)-4; i-- {
		if r := []rune(s[i:]); len(r) == 1 && (s[i] < 0x80 || s[i] >= 0xC0) {
			return r[0]
		}
	}
	return 0xFFFD
}

// NameRefs returns the spans of the names (without the slash) of every
// `/name` token naming name in text, and of a leading `/skill:name`.
func NameRefs(text string, name string) []spans.Span {
	var out []spans.Span
	for _, tok := range GestureTokens(text) {
		if tok.Name == name {
			out = append(out, spans.Span{Start: tok.Start + 1, End: tok.End})
		}
	}
	// The TUI form /skill:name at the start of the text.
	if n, _, ok := ParseTUICommand(text); ok && n == name {
		if i := strings.Index(text, "/skill:"+name); i >= 0 {
			out = append(out, spans.Span{Start: i + len("/skill:"), End: i + len("/skill:") + len(name)})
		}
	}
	slices.SortFunc(out, func(a, b spans.Span) int { return a.Start - b.Start })
	return slices.Compact(out)
}
