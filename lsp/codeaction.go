package lsp

import (
	"context"
	"fmt"

	"github.com/skill-ls/skill-ls/skills/jstext"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// CodeAction offers the quick fixes of the diagnostics under the range,
// recomputed from server state (never from the client's diagnostic ranges,
// which some clients report in bytes).
func (s *server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := []protocol.CommandOrCodeAction{}
	if !t.st.started() {
		return out, nil
	}
	var ds []diagnostics.Diagnostic
	switch {
	case t.chat():
		ds = chatDiagnostics(t.snap, t.doc, t.st.diagOptions())
	case t.file != nil && t.snap.File(t.path) == t.file:
		ds = diagnostics.RunFile(t.snap, t.path, t.st.diagOptions())
	default:
		return out, nil // the snapshot lags the buffer
	}
	want := rangeSpan(t.idx, p.Range)
	for _, d := range ds {
		if len(d.Fixes) == 0 || d.Span.End < want.Start || d.Span.Start > want.End {
			continue
		}
		pd := toProtocolDiagnostic(d, t.idx, t.snap, t.st)
		for _, fix := range d.Fixes {
			edit := &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{}}
			for _, e := range fix.Edits {
				idx := t.idx
				if e.Path != t.path {
					f := t.snap.File(e.Path)
					if f == nil {
						continue
					}
					idx = f.Lines()
				}
				u := t.st.uriFor(e.Path)
				edit.Changes[u] = append(edit.Changes[u], protocol.TextEdit{Range: spanRange(idx, e.Span), NewText: e.NewText})
			}
			kind := protocol.CodeActionKindQuickFix
			ca := &protocol.CodeAction{Title: fix.Title, Kind: &kind, Diagnostics: []protocol.Diagnostic{pd}, Edit: edit}
			if fix.Preferred {
				ca.IsPreferred = ptr(true)
			}
			out = append(out, ca)
		}
	}
	return out, nil
}

// CodeLens shows, on each skill file, its catalog description length
// against the cap (or why DSH drops it) and opens the skill preview.
func (s *server) CodeLens(ctx context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	if t.file == nil {
		return []protocol.CodeLens{}, nil
	}
	maxLen := t.st.settings.CatalogDescriptionMaxLength
	f := t.file
	var title string
	switch {
	case f.Drop != nil:
		title = "dropped by DSH: " + diagnostics.DropSummary(f)
	case f.Def != nil && !f.Def.Invocation.ModelInvocable:
		title = "not in the catalog (disable-model-invocation)"
	case f.Def != nil:
		_, units := jstext.Collapse(f.Def.Description)
		title = fmt.Sprintf("catalog description %d/%d", units, maxLen)
		if units > maxLen {
			title += " (cut)"
		}
	}
	title += " · preview"
	rng := t.rng(skills.Span{})
	if fld := f.Frontmatter.Field("name"); fld != nil {
		rng = t.rng(fld.KeySpan)
	}
	return []protocol.CodeLens{{
		Range: rng,
		Command: protocol.Command{
			Title:     title,
			Command:   cmdPreviewSkill,
			Arguments: []protocol.LSPAny{mustAny(map[string]string{"uri": string(t.uri)})},
		},
	}}, nil
}
