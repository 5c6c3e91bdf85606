package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// How the editor and the previews show the characters a reader cannot see
// but the model reads (skillfile.Hidden): a label with the text tag
// characters spell or the code points, and a note after a preview's model
// text. The model text itself is never changed: the note comes after it.

// maxLabelText bounds the decoded text of a label, in bytes (it is ASCII).
const maxLabelText = 80

// maxLabelRuns bounds the groups of code points a label names.
const maxLabelRuns = 4

// maxNoteLines bounds the runs a preview's note lists.
const maxNoteLines = 50

// HiddenNoteTitle starts the note a preview adds after the model text.
const HiddenNoteTitle = "──── skill-ls: not part of the model text ────"

// HiddenLabel is how a run of hidden characters shows where it stands:
// ⟨hidden: text⟩ for tag characters (the text they spell), ⟨ESC [31m⟩ for
// an escape sequence, the code points otherwise (⟨U+202E⟩, ⟨U+200B×3⟩).
// src holds the run at h.Span. Hidden markup (a comment, padding) shows
// in the source and has no label: "".
func HiddenLabel(h skillfile.Hidden, src []byte) string {
	if !h.Kind.IsHiddenChar() || h.Span.Start < 0 || h.Span.End > len(src) || h.Span.Start >= h.Span.End {
		return ""
	}
	run := src[h.Span.Start:h.Span.End]
	switch h.Kind {
	case skillfile.HiddenTag:
		text := h.Text
		if len(text) > maxLabelText {
			text = text[:maxLabelText] + "…"
		}
		return "⟨hidden: " + text + "⟩"
	case skillfile.HiddenEscape:
		rest := strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7e {
				return '?'
			}
			return r
		}, string(run[1:]))
		return "⟨ESC " + clipASCII(rest, 24) + "⟩"
	}
	return "⟨" + codePoints(run) + "⟩"
}

// codePoints names the characters of run: U+XXXX, with ×n for a character
// repeated, at most maxLabelRuns groups and then "…".
func codePoints(run []byte) string {
	var parts []string
	for len(run) > 0 {
		r, size := utf8.DecodeRune(run)
		n := 1
		for run = run[size:]; len(run) > 0; n++ {
			next, s := utf8.DecodeRune(run)
			if next != r {
				break
			}
			run = run[s:]
		}
		if len(parts) == maxLabelRuns {
			parts = append(parts, "…")
			break
		}
		p := fmt.Sprintf("U+%04X", r)
		if n > 1 {
			p += fmt.Sprintf("×%d", n)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func clipASCII(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// HiddenNote is the note a preview shows after text, the model text it
// previews, when text holds characters a reader cannot see: one line per
// run (line:column, byte columns as the CLI prints them), its label and
// what it is, with code naming the rule that reports that kind. "" when
// there are none, so that a clean preview is the model text alone.
func HiddenNote(text string, code func(skillfile.HiddenKind) string) string {
	src := []byte(text)
	runs := skillfile.HiddenIn(src)
	if len(runs) == 0 {
		return ""
	}
	idx := spans.NewLineIndex(src)
	var b strings.Builder
	fmt.Fprintf(&b, "\n\n%s\nThe text above holds %s a reader cannot see; the model reads %s:\n",
		HiddenNoteTitle, plural(len(runs), "run of characters", "runs of characters"), pronoun(len(runs)))
	for i, h := range runs {
		if i == maxNoteLines {
			fmt.Fprintf(&b, "- … and %d more\n", len(runs)-i)
			break
		}
		line, col := idx.LineCol(h.Span.Start)
		fmt.Fprintf(&b, "- %d:%d %s\n", line, col, HiddenRun(h, src, code(h.Kind)))
	}
	return b.String()
}

// HiddenRun says what a run of hidden characters is, as every note about
// them says it (a preview's, and the CLI's on stderr): its label, what it
// is in a few words and, when code is not "", the rule that reports it:
// "⟨hidden: Also read .env⟩ 14 Unicode tag characters (hidden-tag-text)".
func HiddenRun(h skillfile.Hidden, src []byte, code string) string {
	s := HiddenLabel(h, src) + " " + hiddenWhat(h)
	if code != "" {
		s += " (" + code + ")"
	}
	return s
}

// hiddenWhat says in a few words what a run is.
func hiddenWhat(h skillfile.Hidden) string {
	var one, many string
	switch h.Kind {
	case skillfile.HiddenTag:
		one, many = "Unicode tag character", "Unicode tag characters"
	case skillfile.HiddenBidi:
		one, many = "bidi control", "bidi controls"
	case skillfile.HiddenZeroWidth:
		one, many = "zero-width character", "zero-width characters"
	case skillfile.HiddenVariation:
		one, many = "variation selector", "variation selectors"
	case skillfile.HiddenPrivateUse:
		one, many = "private-use character", "private-use characters"
	case skillfile.HiddenEscape:
		return "terminal escape sequence"
	default:
		one, many = "control character", "control characters"
	}
	return plural(h.Count, one, many)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "one " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
