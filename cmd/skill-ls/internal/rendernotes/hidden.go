package rendernotes

import (
	"fmt"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// hiddenNotes says, outside the model text (on stderr), where the text of
// the skill file at path, within span, holds invisible characters the
// model reads and a terminal does not show (the security rules' facts):
// one note per run, with its line and what it is, worded as the editors'
// previews word it (render.HiddenRun).
func (w Why) hiddenNotes(path string, within spans.Span) []string {
	snap := w.Snap
	f := snap.File(path)
	if f == nil {
		return nil
	}
	var idx *spans.LineIndex
	var out []string
	for _, h := range f.Hidden() {
		if h.Kind > skillfile.HiddenEscape || h.Span.Start < within.Start || h.Span.End > within.End {
			continue // markup shows in the text; only characters hide
		}
		if idx == nil {
			x, err := snap.Text(f)
			if err != nil {
				return nil
			}
			idx = x
		}
		line, col := idx.LineCol(h.Span.Start)
		out = append(out, fmt.Sprintf("%s:%d:%d holds what the model reads but a terminal does not show: %s", w.rel(path), line, col, render.HiddenRun(h, idx.Src(), diagnostics.HiddenCode(h.Kind))))
	}
	return out
}

// SkillHiddenNotes are the hidden-character notes of the skill named
// name: its whole file (what the skill tool returns is its body; its
// description is in the catalog).
func (w Why) SkillHiddenNotes(name string) []string {
	s := w.Snap.Registry.Lookup(name)
	if s == nil || s.Path == "" {
		return nil
	}
	return w.hiddenNotes(s.Path, spans.Span{Start: 0, End: int(^uint(0) >> 1)})
}

// CatalogHiddenNotes are the hidden-character notes of the descriptions
// the catalog shows.
func (w Why) CatalogHiddenNotes() []string {
	var out []string
	for s := range w.Snap.Registry.AllWinners() {
		f := w.Snap.File(s.Path)
		if f == nil || len(f.Hidden()) == 0 || f.Frontmatter == nil {
			continue
		}
		if d := f.Frontmatter.Field("description"); d != nil {
			out = append(out, w.hiddenNotes(s.Path, d.ValueSpan)...)
		}
	}
	return out
}
