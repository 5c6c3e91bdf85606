package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// DocumentSymbol lists the frontmatter keys and the body's headings.
func (s *server) DocumentSymbol(ctx context.Context, p *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := protocol.DocumentSymbolSlice{}
	if t.file == nil {
		return out, nil
	}
	if fm := t.file.Frontmatter; fm != nil {
		for _, fld := range fm.Fields() {
			full := spans.Span{Start: fld.KeySpan.Start, End: max(fld.KeySpan.End, fld.ValueSpan.End)}
			sym := protocol.DocumentSymbol{
				Name:           fld.Key,
				Kind:           protocol.SymbolKindProperty,
				Range:          t.rng(full),
				SelectionRange: t.rng(fld.KeySpan),
			}
			if fld.Value.Kind == dshyaml.KindString || fld.Value.Kind == dshyaml.KindBool {
				detail := fld.Value.Str
				if len(detail) > 80 {
					detail = detail[:77] + "..."
				}
				sym.Detail = ptr(detail)
			}
			out = append(out, sym)
		}
	}
	for _, h := range t.file.Headings(t.text) {
		name := h.Text
		if name == "" {
			name = "(heading)"
		}
		out = append(out, protocol.DocumentSymbol{
			Name:           name,
			Kind:           protocol.SymbolKindString,
			Detail:         ptr("h" + string(rune('0'+min(h.Level, 9)))),
			Range:          t.rng(h.Span),
			SelectionRange: t.rng(h.Span),
		})
	}
	return out, nil
}

// DocumentLink links the body's relative destinations to their files.
func (s *server) DocumentLink(ctx context.Context, p *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := []protocol.DocumentLink{}
	if t.file == nil {
		return out, nil
	}
	for _, l := range t.file.Outline.Links() {
		target, ok := skills.LinkTarget(filepath.Dir(t.file.Path), l.Dest)
		if !ok {
			continue
		}
		u := session.PathURI(target)
		out = append(out, protocol.DocumentLink{Range: t.rng(l.Span), Target: &u, Tooltip: ptr(target)})
	}
	return out, nil
}
