package skillfile

import (
	"encoding/binary"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/internal/wordscan"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Hidden text: what the model reads in a skill file but a reviewer does
// not see, in a rendered Markdown view or in a diff. Parse records it as
// facts (File.Hidden) so that the security rules never read the file's
// bytes again; this file finds the characters, hidemarkup.go the markup.

// HiddenKind says what kind of hidden text a Hidden is.
type HiddenKind uint8

// The kinds of hidden text.
const (
	// HiddenTag is a run of Unicode tag characters (U+E0000–U+E007F),
	// which spell ASCII invisibly; not an emoji's subdivision flag.
	HiddenTag HiddenKind = iota + 1
	// HiddenBidi is a run of bidi embedding, override or isolate controls.
	HiddenBidi
	// HiddenZeroWidth is a run of zero-width or blank characters: the
	// default-ignorable and format characters that draw as nothing (ZWSP,
	// ZWNJ, ZWJ, word joiner, invisible operators, a BOM inside the text,
	// Hangul fillers, the soft hyphen, the grapheme joiner, deprecated
	// format controls, interlinear annotation marks, direction marks
	// outside right-to-left text; invisibleKind), not inside emoji or a
	// script that joins with them.
	HiddenZeroWidth
	// HiddenVariation is a run of variation selectors that select no
	// variant of the character before them (outside emoji and ideographs,
	// or more than one in a row).
	HiddenVariation
	// HiddenPrivateUse is a run of private-use characters.
	HiddenPrivateUse
	// HiddenControl is a run of C0 or C1 control characters (not tab,
	// line feed or carriage return).
	HiddenControl
	// HiddenEscape is a terminal escape sequence (ESC [ … m and the like).
	HiddenEscape
	// HiddenComment is an HTML comment that is no suppression comment, or
	// other markup an HTML renderer drops unseen (Hidden.Form). The text
	// of a suppression comment is its Directive's Text.
	HiddenComment
	// HiddenHTML is an HTML element a Markdown preview does not show
	// (<details> without open, display:none, the hidden attribute).
	HiddenHTML
	// HiddenRefDef is a link reference definition that carries a title
	// ([//]: # (text)): a preview shows nothing of it.
	HiddenRefDef
	// HiddenPadding is a long run of blank lines, of spaces and tabs
	// before text (Text "spaces"), or of blank characters inside the
	// description (Text "description").
	HiddenPadding
	// HiddenHostCommand is a !`command` a host (Claude Code) runs when
	// it loads the skill, putting its output in the text.
	HiddenHostCommand
)

// Hidden is one piece of hidden text in a skill file.
type Hidden struct {
	Kind HiddenKind
	// Span covers the characters, the comment, the element's opening tag,
	// the definition, the padding or the command.
	Span spans.Span
	// Count is how many characters (or blank lines) the run holds; for
	// spaces and tabs, how many columns wide it is.
	Count int
	// Text is what the model reads there, in a bounded prefix: the ASCII
	// tag characters spell, a comment's or element's text, a definition's
	// title, a command.
	Text string
	// Form says what markup a HiddenComment is; FormComment for a closed
	// <!-- … -->.
	Form MarkupForm
}

// MarkupForm is the form of the markup an HTML renderer drops unseen.
type MarkupForm uint8

// The forms of dropped markup.
const (
	// FormComment is a closed comment, <!-- … -->.
	FormComment MarkupForm = iota
	// FormUnclosed is a <!-- never closed: it hides the rest of its HTML
	// block (of the document, when it starts the block).
	FormUnclosed
	// FormInstruction is a processing instruction, <? … ?>.
	FormInstruction
	// FormDeclaration is a declaration, <!DOCTYPE …> and the like.
	FormDeclaration
	// FormCDATA is a CDATA section, <![CDATA[ … ]]>.
	FormCDATA
)

// maxHidden bounds the facts recorded of one file: a hostile file full of
// invisible characters costs no more than this many.
const maxHidden = 256

// maxHiddenText bounds Hidden.Text.
const maxHiddenText = 400

// hiddenLead marks the bytes that may start a character the scan looks
// at: the C0 controls other than tab, LF and CR, DEL, and the lead bytes
// of the ranges that hold the characters of hiddenKindOf. Every other
// byte (ASCII text, most of the BMP's scripts) is skipped (nextLead).
var hiddenLead = func() (t [256]bool) {
	for b := range 0x20 {
		t[b] = b != '\t' && b != '\n' && b != '\r'
	}
	for _, b := range []byte{0x7f, 0xc2, 0xcd, 0xd8, 0xe1, 0xe2, 0xe3, 0xee, 0xef, 0xf0, 0xf3, 0xf4} {
		t[b] = true
	}
	return t
}()

// HiddenInName returns the hidden characters of a file or folder name (a
// bundle's folder, a flat skill's file), found as in a file's text; their
// spans are byte offsets in name.
func HiddenInName(name string) []Hidden { return hiddenChars([]byte(name), 0) }

// hiddenChars returns the runs of hidden characters in src[start:]: each
// run holds characters of one kind that are not legitimate where they
// stand (hiddenLegit).
func hiddenChars(src []byte, start int) []Hidden {
	var out []Hidden
	for i := nextLead(src, start); i < len(src) && len(out) < maxHidden; i = nextLead(src, i) {
		r, size := utf8.DecodeRune(src[i:])
		kind := hiddenKindOf(r)
		if kind == 0 {
			i += size
			continue
		}
		if kind == HiddenEscape {
			n := escapeLen(src[i:])
			out = append(out, Hidden{Kind: HiddenEscape, Span: spans.Span{Start: i, End: i + n}, Count: 1})
			i += n
			continue
		}
		end, count, text := i, 0, []byte{}
		for end < len(src) {
			r, size := utf8.DecodeRune(src[end:])
			if hiddenKindOf(r) != kind || (kind != HiddenTag && hiddenLegit(src, end, r, size)) {
				break
			}
			if kind == HiddenTag && len(text) < maxHiddenText {
				text = append(text, tagByte(r))
			}
			end += size
			count++
		}
		if count == 0 {
			i += size
			continue
		}
		if kind == HiddenTag && flagTags(src, i, end) {
			i = end
			continue
		}
		out = append(out, Hidden{Kind: kind, Span: spans.Span{Start: i, End: end}, Count: count, Text: string(text)})
		i = end
	}
	return out
}

// nextLead returns the offset of the first byte from src[i] on that
// hiddenLead marks, or len(src). It skips 32 bytes at a time while none is
// below space (but a line feed) or from DEL on, so printable ASCII and
// line breaks cost no lookup; it looks up only the bytes leadCandidates
// marks.
func nextLead(src []byte, i int) int {
	for i+8 <= len(src) {
		for p := src[i:]; len(p) >= 32; p = p[32:] {
			x0, x1 := binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:])
			x2, x3 := binary.LittleEndian.Uint64(p[16:]), binary.LittleEndian.Uint64(p[24:])
			if leadCandidates(x0)|leadCandidates(x1)|leadCandidates(x2)|leadCandidates(x3) != 0 {
				break
			}
			i += 32
		}
		for stop := min(i+32, len(src)); i+8 <= stop; i += 8 {
			for m := leadCandidates(wordscan.Load(src, i)); m != 0; m &= m - 1 {
				if j := i + wordscan.First(m); hiddenLead[src[j]] {
					return j
				}
			}
		}
	}
	for i < len(src) && !hiddenLead[src[i]] {
		i++
	}
	return i
}

// leadCandidates marks the bytes of x that hiddenLead may mark: the
// control bytes but line feed, DEL, and the bytes of multi-byte
// characters.
func leadCandidates(x uint64) uint64 { return wordscan.Controls(x) | wordscan.FromDEL(x) }

// hiddenKindOf returns the kind of hidden character r is, or 0.
func hiddenKindOf(r rune) HiddenKind {
	switch {
	case r == 0x1b:
		return HiddenEscape
	case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f, r >= 0x80 && r <= 0x9f:
		return HiddenControl
	case r >= 0xE0000 && r <= 0xE007F:
		return HiddenTag
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return HiddenBidi
	case invisible(r):
		return HiddenZeroWidth
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return HiddenVariation
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000 && r <= 0x10FFFD:
		return HiddenPrivateUse
	}
	return 0
}

// invisible reports whether r draws as nothing and is no other kind's:
// Unicode's Default_Ignorable_Code_Point characters but the variation
// selectors and tags (which have kinds of their own), and the format
// characters that draw as nothing (the interlinear annotation marks). A
// reviewer sees no trace of them; a model reads each one.
func invisible(r rune) bool {
	switch {
	case r < 0x00AD:
		return false
	case r == 0x00AD, r == 0x034F, r == 0x061C, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5,
		r >= 0x180B && r <= 0x180F, r >= 0x200B && r <= 0x200F, r >= 0x2060 && r <= 0x2065, r >= 0x206A && r <= 0x206F,
		r == 0x3164, r == 0xFEFF, r == 0xFFA0, r >= 0xFFF0 && r <= 0xFFFB,
		r >= 0x1BCA0 && r <= 0x1BCA3, r >= 0x1D173 && r <= 0x1D17A,
		r >= 0xE0080 && r <= 0xE00FF, r >= 0xE01F0 && r <= 0xE0FFF:
		return true
	}
	return false
}

// hiddenLegit reports whether the character r at src[i:i+size] is text
// where it stands: a joiner inside emoji or between letters of a script
// that joins with it, a direction mark in a line of right-to-left text,
// one variation selector after an emoji, a symbol or an ideograph.
func hiddenLegit(src []byte, i int, r rune, size int) bool {
	prev, _ := utf8.DecodeLastRune(src[:i])
	next, _ := utf8.DecodeRune(src[i+size:])
	switch {
	case r == 0x200D: // ZWJ: emoji sequences, Indic and Arabic shaping
		return (emojiLike(prev) && emojiLike(next)) || (scriptLetter(prev) && scriptLetter(next))
	case r == 0x200B || r == 0x200C || r == 0x034F: // ZWSP (Thai, Khmer), ZWNJ (Persian, Indic), CGJ (Hebrew marks)
		return scriptLetter(prev) && scriptLetter(next)
	case r >= 0x180B && r <= 0x180D || r == 0x180F: // Mongolian free variation selectors
		return unicode.Is(unicode.Mongolian, prev) || prev >= 0x180B && prev <= 0x180F
	case r == 0x200E || r == 0x200F || r == 0x061C:
		return rtlLine(src, i)
	case r == 0xFE0E || r == 0xFE0F:
		return emojiBase(prev) || keycapBase(prev) && next == 0x20E3
	case r >= 0xFE00 && r <= 0xFE0D:
		return !isVariation(prev) && (scriptLetter(prev) || unicode.Is(unicode.Sm, prev) || unicode.Is(unicode.So, prev))
	case r >= 0xE0100 && r <= 0xE01EF:
		return unicode.Is(unicode.Han, prev)
	}
	return false
}

// emojiLike reports whether r can be part of an emoji sequence: a
// pictographic symbol, a skin-tone modifier, VS16, a regional indicator.
func emojiLike(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || unicode.Is(unicode.So, r) || r == 0xFE0F || r == 0x20E3
}

// emojiBase reports whether r may take a text or emoji presentation
// selector: a symbol, a punctuation mark or a letter-like symbol from
// U+2000 on (‼, ℹ, ↔, ☺, ✔, emoji), © or ®. Go has no table of the
// Emoji property; this range holds all of its characters but the keycap
// bases, and one selector after any of them selects nothing harmful.
func emojiBase(r rune) bool {
	if r == 0xA9 || r == 0xAE {
		return true
	}
	return r >= 0x2000 && !isVariation(r) && (unicode.Is(unicode.Common, r) || !unicode.IsLetter(r))
}

// keycapBase reports whether r starts a keycap (#, *, 0–9).
func keycapBase(r rune) bool { return r == '#' || r == '*' || r >= '0' && r <= '9' }

func isVariation(r rune) bool { return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF }

// scriptLetter reports whether r is a letter or mark of a script other
// than Latin (the scripts whose text uses joiners and invisible breaks).
func scriptLetter(r rune) bool {
	return r >= 0x0300 && (unicode.IsLetter(r) || unicode.IsMark(r)) && !unicode.Is(unicode.Latin, r)
}

// rtlLine reports whether the line holding src[i] has a letter of a
// right-to-left script, where direction marks are text. Only letters
// count: the Arabic letter mark itself lies in the Arabic block.
func rtlLine(src []byte, i int) bool {
	start, end := i, i
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	for end < len(src) && src[end] != '\n' {
		end++
	}
	for _, r := range string(src[start:end]) {
		if (r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFC) && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// tagByte is the ASCII a tag character spells ('?' for the cancel tag
// and the tags of no printable ASCII).
func tagByte(r rune) byte {
	if b := r - 0xE0000; b >= 0x20 && b < 0x7f {
		return byte(b)
	}
	return '?'
}

// flagTags reports whether the tags at src[start:end] spell an emoji's
// subdivision flag (🏴 then lower-case letters and digits, then the
// cancel tag: England, Scotland, Wales).
func flagTags(src []byte, start, end int) bool {
	prev, _ := utf8.DecodeLastRune(src[:start])
	if prev != 0x1F3F4 {
		return false
	}
	n := 0
	for _, r := range string(src[start:end]) {
		n++
		switch b := r - 0xE0000; {
		case b == 0x7f:
			return n >= 3 && n <= 8 && len(string(src[start:end])) == n*4
		case b >= 'a' && b <= 'z', b >= '0' && b <= '9':
		default:
			return false
		}
	}
	return false
}

// escapeLen is the length of the terminal escape sequence at the start of
// b (ESC …): a CSI sequence (ESC [ parameters, intermediates, final byte),
// an OSC one (ESC ] … BEL or ESC \), else ESC and the byte after it.
func escapeLen(b []byte) int {
	const limit = 256
	if len(b) < 2 {
		return len(b)
	}
	switch b[1] {
	case '[':
		for i := 2; i < len(b) && i < limit; i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1
			}
			if b[i] < 0x20 || b[i] > 0x7e {
				return i
			}
		}
	case ']':
		for i := 2; i < len(b) && i < limit; i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
	}
	if b[1] < 0x20 || b[1] >= 0x7f {
		return 1
	}
	return 2
}
