package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// InlayHint draws, in a skill file, the invisible characters the model
// reads and the editor does not show (the security rules' facts): a hint
// before each run names it, and for tag characters says the text they
// spell; its tooltip is the rule's message. Markup a preview hides is
// plain text in the editor and gets none.
func (s *server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	hints := []protocol.InlayHint{}
	if t.file == nil {
		return hints, nil
	}
	for _, h := range t.file.Hidden {
		label := hiddenLabel(h)
		if label == "" {
			continue
		}
		hints = append(hints, protocol.InlayHint{
			Position:     t.rng(h.Span).Start,
			Label:        protocol.String(label),
			Tooltip:      protocol.String(diagnostics.HiddenCharMessage(h)),
			PaddingRight: ptr(true),
		})
	}
	return hints, nil
}

// hiddenLabel is an inlay hint's text for a run of hidden characters, ""
// for hidden markup.
func hiddenLabel(h skillfile.Hidden) string {
	switch h.Kind {
	case skillfile.HiddenTag:
		return fmt.Sprintf("⟨hidden: %q⟩", h.Text)
	case skillfile.HiddenBidi:
		return fmt.Sprintf("⟨%d bidi⟩", h.Count)
	case skillfile.HiddenZeroWidth:
		return fmt.Sprintf("⟨%d zero-width⟩", h.Count)
	case skillfile.HiddenVariation:
		return fmt.Sprintf("⟨%d variation selector⟩", h.Count)
	case skillfile.HiddenPrivateUse:
		return fmt.Sprintf("⟨%d private-use⟩", h.Count)
	case skillfile.HiddenControl:
		return fmt.Sprintf("⟨%d control⟩", h.Count)
	case skillfile.HiddenEscape:
		return "⟨escape sequence⟩"
	}
	return ""
}
