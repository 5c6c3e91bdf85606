package lsp

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// A file DSH drops is where an author needs a hover most, and often the
// one whose YAML cannot be read: no field spans to hover. In its
// frontmatter the hover says why DSH drops the skill, and, on a line that
// starts with a key, that key's docs, found from the line's text.

// dropHover returns the hover of a dropped file at the target's offset
// within its frontmatter: the drop reason, then the docs of the key the
// line starts with (the fields' hover, base, when there is one). ok is
// false outside a dropped file's frontmatter.
func dropHover(t *target, base string, baseSpan spans.Span) (string, spans.Span, bool) {
	f := t.file
	if f == nil || f.Drop == nil || !inDropRegion(f, t.off) {
		return "", spans.Span{}, false
	}
	text := fmt.Sprintf("**DSH drops this skill**: %s", mdEscape(diagnostics.DropMessage(t.snap, f, diagnostics.Options{})))
	if base != "" {
		return text + "\n\n" + base, baseSpan, true
	}
	key, keySpan := lineKey(t.text, t.off)
	if kd, ok := skillfile.LookupKeyDoc(key); ok {
		return fmt.Sprintf("%s\n\n**%s**\n\n%s", text, kd.Key, kd.Doc), keySpan, true
	}
	return text, lineSpan(t.text, t.off), true
}

// inDropRegion reports whether off is in the frontmatter of f, or, when
// the frontmatter is missing or unclosed, anywhere before the body.
func inDropRegion(f *skillfile.File, off int) bool {
	fm := f.Frontmatter
	if fm == nil || fm.State != skillfile.FrontmatterOK {
		return true
	}
	return off >= fm.OpenSpan.Start && off <= fm.CloseSpan.End
}

// lineKey returns the key a YAML line starts with ("description" in
// "description: x"), and its span, or "" when the line starts otherwise.
func lineKey(text []byte, off int) (string, spans.Span) {
	ls := lineSpan(text, off)
	line := string(text[ls.Start:ls.End])
	trimmed := strings.TrimLeft(line, " \t")
	key, _, ok := strings.Cut(trimmed, ":")
	if !ok || key == "" || strings.ContainsAny(key, " \t#\"'") {
		return "", spans.Span{}
	}
	start := ls.Start + len(line) - len(trimmed)
	return key, spans.Span{Start: start, End: start + len(key)}
}

// lineSpan is the span of the line holding off, without its line break.
func lineSpan(text []byte, off int) spans.Span {
	off = min(max(off, 0), len(text))
	start := strings.LastIndexByte(string(text[:off]), '\n') + 1
	end := off
	for end < len(text) && text[end] != '\n' && text[end] != '\r' {
		end++
	}
	return spans.Span{Start: start, End: end}
}
