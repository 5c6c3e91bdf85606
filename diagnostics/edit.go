package diagnostics

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Edits and the fixes that move or copy a frontmatter field whole (the
// key rules' addBeside and moveUnderMetadata).

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

// titleMoveUnderMetadata is the title of the fix below (FixDocs lists it).
const titleMoveUnderMetadata = "Move KEY under metadata"

// moveUnderMetadata returns the unsafe fix that moves top-level field i
// (with its comments and continuation lines) under metadata: appended to an
// existing block mapping, or under a new metadata: key at the end of the
// frontmatter. ok is false when metadata is not a block mapping, or
// already holds the key: the move would repeat it, and DSH drops a file
// with a repeated key (the editor, which applies a quick fix unverified,
// must not be offered one).
func moveUnderMetadata(p *Pass, i int) (Fix, bool) {
	fm := p.File.Frontmatter
	fields := fm.Fields()
	from := fieldExtent(p, i)
	indent := "  "
	at := fm.YAMLSpan.End
	header := "metadata:" + p.Newline()
	if j := slices.IndexFunc(fields, func(f dshyaml.Field) bool { return f.Key == "metadata" }); j >= 0 {
		m := fields[j]
		if m.Value.Kind != dshyaml.KindMap || len(m.Entries) == 0 || p.Text(spans.Span{Start: m.ValueSpan.Start, End: m.ValueSpan.Start + 1}) == "{" {
			return Fix{}, false
		}
		if slices.ContainsFunc(m.Entries, func(e dshyaml.Field) bool { return e.Key == fields[i].Key }) {
			return Fix{}, false
		}
		_, col := p.Lines().LineCol(m.Entries[0].KeySpan.Start)
		indent = strings.Repeat(" ", col-1)
		at, header = fieldExtent(p, j).End, ""
	}
	moved := reindent(p.Text(from), indent)
	fix := Fix{Title: fixTitle(titleMoveUnderMetadata, fields[i].Key), Unsafe: true}
	if at == from.Start || at == from.End {
		// Adjacent: one edit, so that no insertion touches the deletion.
		span := spans.Span{Start: min(at, from.Start), End: max(at, from.End)}
		fix.Edits = []Edit{p.Edit(span, header+moved)}
		return fix, true
	}
	fix.Edits = []Edit{p.Edit(from, ""), p.Edit(spans.Span{Start: at, End: at}, header+moved)}
	return fix, true
}

// fieldExtent is the byte span of top-level field i with its continuation
// lines: from the start of its key's line to the start of the next field's
// line (or the end of the YAML).
func fieldExtent(p *Pass, i int) spans.Span {
	fm := p.File.Frontmatter
	fields := fm.Fields()
	lines := p.Lines()
	line, _ := lines.LineCol(fields[i].KeySpan.Start)
	start, _ := lines.LineSpan(line - 1)
	end := fm.YAMLSpan.End
	if i+1 < len(fields) {
		next, _ := lines.LineCol(fields[i+1].KeySpan.Start)
		end, _ = lines.LineSpan(next - 1)
	}
	return spans.Span{Start: start, End: end}
}

// reindent prefixes every non-blank line of text with indent.
func reindent(text, indent string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = indent + l
		}
	}
	return strings.Join(lines, "")
}
