package diagnostics

import (
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The editor's fix of body-too-long: move the body's longest section into
// a file under references/, keeping its heading with a link in its place,
// so the model reads the section only when it needs it. It creates a file,
// which check --fix never does: only an editor applies it (as it does the
// action that creates a skill).

// SectionMove is one such move.
type SectionMove struct {
	Title   string
	Section spans.Span // the heading line to the next heading of its level or above
	Path    string     // the new file: <bundle>/references/<slug>.md
	Text    string     // the new file's text: the section
	Keep    string     // what stays in the section's place: its heading and a link
}

// PlanSectionMove plans the move of the longest section (a heading of
// level 2 or deeper) of the body of f, a bundle's SKILL.md whose bytes are
// src; ok is false when there is no such section or f is a flat file. The
// caller checks that the new file does not exist yet.
func PlanSectionMove(f *skillfile.File, src []byte) (SectionMove, bool) {
	if filepath.Base(f.Path) != "SKILL.md" {
		return SectionMove{}, false
	}
	hs := f.Headings(src)
	best, bestLen := -1, 0
	for i, h := range hs {
		if h.Level < 2 {
			continue
		}
		if n := sectionEnd(src, hs, i, f.BodySpan.End) - lineStart(src, h.Span.Start); n > bestLen {
			best, bestLen = i, n
		}
	}
	if best < 0 {
		return SectionMove{}, false
	}
	h := hs[best]
	start := lineStart(src, h.Span.Start)
	sec := spans.Span{Start: start, End: sectionEnd(src, hs, best, f.BodySpan.End)}
	rel := "references/" + slug(h.Text) + ".md"
	path := filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(rel))
	nl := "\n"
	if f.CRLF {
		nl = "\r\n"
	}
	heading := strings.TrimRight(string(src[start:lineEnd(src, h.Span.End)]), "\r\n")
	return SectionMove{
		Title: h.Text, Section: sec, Path: path,
		Text: string(src[sec.Start:sec.End]),
		Keep: heading + nl + nl + "Read [" + rel + "](" + rel + ") when you need this section." + nl + nl,
	}, true
}

// sectionEnd is where the section of heading i ends: at the next heading
// of its level or above, else at end.
func sectionEnd(src []byte, hs []markdown.Heading, i, end int) int {
	for _, h := range hs[i+1:] {
		if h.Level <= hs[i].Level {
			return min(lineStart(src, h.Span.Start), end)
		}
	}
	return end
}

func lineStart(src []byte, off int) int {
	return strings.LastIndexByte(string(src[:off]), '\n') + 1
}

func lineEnd(src []byte, off int) int {
	if i := strings.IndexByte(string(src[off:]), '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// slug makes a file name of a heading: lower-case letters and digits,
// anything else one hyphen ("Worked examples!" -> "worked-examples").
func slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(b.String(), "-")
	if s == "" {
		return "section"
	}
	return s
}
