package render

import (
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Candidate is a `/name` in a text block that a user may mean as a skill
// invocation: a real gesture token (Injects), or a "glued" one that DSH
// ignores because punctuation touches it: "/release-notes.", "(/pdf)",
// "/pdf,". GlueBefore and GlueAfter say which side touches punctuation.
type Candidate struct {
	Token
	Injects               bool
	GlueBefore, GlueAfter bool
}

// GestureCandidates returns the gesture tokens of text (GestureTokens) and,
// in order with them, the names glued to punctuation that DSH leaves as
// plain text. A glued candidate has a name in the skill-name grammar, and
// punctuation (not a letter, digit, '/', '_' or '\\') on the glued side, so
// paths ("/a/b", "x/foo"), fractions ("5/8") and URLs are not candidates.
func GestureCandidates(text string) []Candidate {
	var out []Candidate
	for start, end := range sigilRuns(text, '/') {
		name := text[start+1 : end]
		if !skillfile.IsSkillName(name) {
			continue
		}
		before, okBefore := sideOf(text, start, true)
		after, okAfter := sideOf(text, end, false)
		if !okBefore || !okAfter {
			continue
		}
		c := Candidate{Token: Token{Name: name, Start: start, End: end}, GlueBefore: before, GlueAfter: after}
		c.Injects = !before && !after
		out = append(out, c)
	}
	return out
}

// sigilRuns yields the start and end of each run of text made of the sigil
// and the name characters after it (end is past the longest run; the run
// may hold no name at all). The scan goes on after the run.
func sigilRuns(text string, sigil byte) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < len(text); i++ {
			if text[i] != sigil {
				continue
			}
			end := i + 1
			for end < len(text) && isNameByte(text[end]) {
				end++
			}
			if !yield(i, end) {
				return
			}
			i = end - 1
		}
	}
}

// sideOf classifies the character before offset at (before) or at offset
// at: free (start or end of the text, or JavaScript whitespace: glued
// false), glued (punctuation: glued true), or ruled out (a letter, digit or
// path character: ok false).
func sideOf(text string, at int, before bool) (glued, ok bool) {
	var r rune
	switch {
	case before && at == 0, !before && at == len(text):
		return false, true
	case before:
		r, _ = utf8.DecodeLastRuneInString(text[:at])
	default:
		r, _ = utf8.DecodeRuneInString(text[at:])
	}
	switch {
	case jstext.IsSpace(r):
		return false, true
	case isGlue(r):
		return true, true
	}
	return false, false
}

// isGlue reports punctuation that can touch a /name a user meant to invoke.
func isGlue(r rune) bool {
	switch r {
	case '.', ',', ';', ':', '!', '?', '(', ')', '[', ']', '{', '}', '"', '\'', '`', '*', '<', '>', '«', '»', '“', '”', '‘', '’', '…', '—', '–':
		return true
	}
	return false
}

// SigilTokens returns the tokens of text that another host's invocation
// sigil starts (Codex's "$name"): the sigil at the start of the text or
// after JavaScript whitespace, a name in the skill-name grammar, then
// whitespace, punctuation or the end. A name without a letter ("$5", a
// price) is not a token.
func SigilTokens(text string, sigil byte) []Token {
	var out []Token
	for start, end := range sigilRuns(text, sigil) {
		name := text[start+1 : end]
		before, okBefore := sideOf(text, start, true)
		_, okAfter := sideOf(text, end, false)
		if skillfile.IsSkillName(name) && strings.ContainsAny(name, "abcdefghijklmnopqrstuvwxyz") && okBefore && !before && okAfter {
			out = append(out, Token{Name: name, Start: start, End: end})
		}
	}
	return out
}
