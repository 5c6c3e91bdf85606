package diagnostics

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// titleAddBeside is the title of addBeside's fix (FixDocs lists it).
const titleAddBeside = "Add KEY beside KEY"

// addBeside is the fix key-misspelled advises when other hosts read the
// misspelled key through a link (Claude Code appends when_to_use to its
// listing): a copy of the field's lines under the key DSH reads, right
// after them, so that every reader keeps its key and its text.
func addBeside(p *Pass, fld dshyaml.Field, want string) Fix {
	src := p.Src()
	end := fieldEnd(src, lineEnd(src, max(fld.ValueSpan.End, fld.KeySpan.End)-1))
	text := want + string(src[fld.KeySpan.End:end])
	if end == 0 || src[end-1] != '\n' {
		text = p.Newline() + text
	}
	return Fix{Title: fixTitle(titleAddBeside, want, fld.Key), Preferred: true,
		Edits: []Edit{p.Edit(spans.Span{Start: end, End: end}, text)}}
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
