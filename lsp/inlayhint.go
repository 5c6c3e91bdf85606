package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// inlayhint.go: the characters of a skill file that an editor shows as
// nothing (tag characters, bidi controls, zero-width characters, …) but
// the model reads, shown where they stand as an inlay hint: the text tag
// characters spell, the code points of the others. The facts are the
// parser's (File.Hidden); the labels are render's, shared with the
// previews' note.

// maxInlayHints bounds the hints of one request: a hostile file full of
// invisible characters costs no more than this many.
const maxInlayHints = 200

// InlayHint handles textDocument/inlayHint: a hint just after each run of
// hidden characters in the requested range of a skill file whose rule is
// on.
func (s *server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := []protocol.InlayHint{}
	opts := t.st.OptionsFor(t.path)
	if t.file == nil || len(t.file.Hidden()) == 0 || opts.Ignored(t.path) {
		return out, nil
	}
	want := session.RangeSpan(t.idx, p.Range)
	for _, h := range t.file.Hidden() {
		if len(out) == maxInlayHints || ctx.Err() != nil {
			break
		}
		if h.Span.End < want.Start || h.Span.Start > want.End {
			continue
		}
		rule := diagnostics.Lookup(diagnostics.HiddenCode(h.Kind))
		if rule == nil || opts.Grade(t.path, rule) == diagnostics.SeverityOff {
			continue
		}
		label := render.HiddenLabel(h, t.text)
		if label == "" {
			continue
		}
		tip := rule.Code + ": " + rule.Summary + ". The model reads them; a reviewer sees nothing."
		if h.Kind == skillfile.HiddenTag {
			tip += " They spell: " + h.Text // the label may be cut; an editor may cut it again
		}
		out = append(out, protocol.InlayHint{
			// After the run: tag characters, variation selectors and
			// joiners extend the character before them into one grapheme,
			// and an editor that draws graphemes (Neovim 0.11+) draws
			// nothing inside one.
			Position: session.OffsetPosition(t.idx, h.Span.End),
			Label:    protocol.String(label),
			Tooltip:  protocol.String(tip),
		})
	}
	return out, nil
}
