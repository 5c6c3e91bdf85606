package skillfile

import (
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Finding is one reason DSH drops or degrades a skill file: what (Code),
// where (Span, bytes into the file) and the frontmatter key involved, if
// any. Parse records every finding of a file, not only the one DSH logs; the
// diagnostics package words them and offers fixes.
type Finding struct {
	Code problem.Code
	Span spans.Span
	Key  string
	// OnDisk marks a finding about the file's bytes on disk rather than
	// the text parsed: an editor buffer over a file DSH cannot read as
	// text (File.SavedOver). Its Span is the buffer's first line.
	OnDisk bool
}
