package diagnostics

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// ApplyEdits applies edits of one file to src and returns the new bytes.
// Edits are applied as one change: their spans refer to src, must lie
// inside it and must not overlap (two insertions at one offset keep their
// order; an insertion at the start of a replaced span goes before it). It
// is the CLI's way to apply the fixes the editor offers. A fix's Renames
// are not edits: the caller makes them after writing the files.
func ApplyEdits(src []byte, edits []Edit) ([]byte, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Span.Start, b.Span.Start), cmp.Compare(a.Span.End, b.Span.End))
	})
	out := make([]byte, 0, len(src))
	at := 0
	for _, e := range sorted {
		if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > len(src) {
			return nil, fmt.Errorf("edit %d-%d overlaps another or leaves the file (%d bytes)", e.Span.Start, e.Span.End, len(src))
		}
		out = append(out, src[at:e.Span.Start]...)
		out = append(out, e.NewText...)
		at = e.Span.End
	}
	return append(out, src[at:]...), nil
}

// Overlaps reports whether two spans conflict: they share a byte, or one
// is an insertion at the start or the end of the other (or at the same
// offset as another insertion). Where an insertion touches a replaced span,
// the order of the two texts is the sort's, not what either fix computed
// (an insertion at the end of the YAML lands after another fix's
// replacement that ends there), so, as ruff does with touching fixes,
// check --fix leaves one of them for the next round.
func Overlaps(a, b spans.Span) bool {
	if a.Len() == 0 || b.Len() == 0 {
		return a.Start <= b.End && b.Start <= a.End
	}
	return a.Start < b.End && b.Start < a.End
}

// titleAddBeside is the title of addBeside's fix (FixDocs lists it).
const titleAddBeside = "Add KEY beside KEY"

// addBeside is the fix key-misspelled advises when other hosts read the
// misspelled key through a link (Claude Code appends when_to_use to its
// listing): a copy of the field's lines under the key DSH reads, right
// after them, so that every reader keeps its key and its text.
func addBeside(p *Pass, fld dshyaml.Field, want string) Fix {
	src := p.Src()
	end := fieldEnd(src, lineEnd(src, max(fld.ValueSpan.End, fld.KeySpan.End)-1))
	if keepsTrailingLines(src[fld.KeySpan.End:lineEnd(src, fld.KeySpan.End)]) {
		end = blankLinesEnd(src, end)
	}
	text := want + string(src[fld.KeySpan.End:end])
	if end == 0 || src[end-1] != '\n' {
		text = p.Newline() + text
	}
	return Fix{Title: fixTitle(titleAddBeside, want, fld.Key), Preferred: true,
		Edits: []Edit{p.Edit(spans.Span{Start: end, End: end}, text)}}
}

// keepsTrailingLines reports whether the rest of a key's line, after,
// opens a block scalar that keeps its trailing blank lines (|+, >+, |2+):
// they are part of its value, so a copy of the field holds them too.
func keepsTrailingLines(after []byte) bool {
	rest := bytes.TrimLeft(bytes.TrimPrefix(after, []byte(":")), " \t")
	if len(rest) == 0 || rest[0] != '|' && rest[0] != '>' {
		return false
	}
	indicators := rest[1:]
	if i := bytes.IndexAny(indicators, " \t#\r\n"); i >= 0 {
		indicators = indicators[:i]
	}
	return bytes.IndexByte(indicators, '+') >= 0
}

// blankLinesEnd extends end over the whitespace-only lines that follow it.
func blankLinesEnd(src []byte, end int) int {
	for end < len(src) {
		after := lineEnd(src, end)
		if len(bytes.TrimSpace(src[end:after])) > 0 {
			return end
		}
		end = after
	}
	return end
}

// fieldEnd extends the end of a top-level field's first lines, at end,
// over the lines that continue its value: the indented ones (a plain
// scalar's next lines, a block scalar's), and the blank lines between
// them.
func fieldEnd(src []byte, end int) int {
	for next := end; next < len(src); {
		after := lineEnd(src, next)
		switch line := src[next:after]; {
		case line[0] == ' ' || line[0] == '\t':
			end = after
		case len(bytes.TrimSpace(line)) > 0:
			return end
		}
		next = after
	}
	return end
}
