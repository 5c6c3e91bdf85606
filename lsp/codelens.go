package lsp

// codelens.go: textDocument/codeLens.

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// CodeLens shows, on each skill file, its catalog description length
// against the cap, or why DSH does not list it in the catalog (dropped,
// outside its roots, shadowed, not model-invocable), and opens the skill
// preview.
func (s *server) CodeLens(ctx context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	if lenses := evalLenses(s.sess.Snapshot(), p.TextDocument.URI); lenses != nil {
		return lenses, nil
	}
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	if t.file == nil {
		return []protocol.CodeLens{}, nil
	}
	f := t.file
	title := "preview"
	status, hostLine := lensStatus(t, f), s.hostLens(ctx, t)
	if t.st.ReadersOnly(t.path) {
		// Hosts the user did not choose (those a plain check picks) get no
		// lens of their own, so a line keeps one lens to run: a file only
		// other hosts read gets their line instead of DSH's "not in DSH's
		// skill roots", a file in DSH's roots DSH's line alone.
		if hostLine != "" && !t.snap.InRoots(f.Path) {
			status = hostLine
		}
		hostLine = ""
	}
	if status != "" {
		title = status + " · " + title
	}
	rng := t.rng(spans.Span{})
	if fld := f.Frontmatter.Field("name"); fld != nil {
		rng = t.rng(fld.KeySpan)
	}
	lenses := []protocol.CodeLens{{
		Range: rng,
		Command: protocol.Command{
			Title:     title,
			Command:   cmdPreviewSkill,
			Arguments: lensArgs(t, f),
		},
	}}
	if hostLine != "" {
		lenses = append(lenses, protocol.CodeLens{Range: rng, Command: protocol.Command{
			Title:     hostLine,
			Command:   cmdPreviewSkill,
			Arguments: lensArgs(t, f),
		}})
	}
	return lenses, nil
}

// evalLenses returns the lens of an open trigger-query file whose bundle
// the views hold ("Run trigger eval (claude)"), or nil when u is not one.
func evalLenses(st *session.Snapshot, u uri.URI) []protocol.CodeLens {
	path := st.KeyOf(u)
	if evalfile.KindOf(path) != evalfile.TriggerQueries || st.Doc(path) == nil {
		return nil
	}
	skill := diagnostics.EvalBundleSkill(path)
	if st.OwnerOf(skill).File(skill) == nil {
		return nil
	}
	arg := map[string]string{"uri": string(u), "folder": filepath.Dir(skill), "host": session.LensEvalHost}
	return []protocol.CodeLens{{
		Command: protocol.Command{Title: "Run trigger eval (" + session.LensEvalHost + ")", Command: session.CmdRunTriggerEval, Arguments: []protocol.LSPAny{session.MustAny(arg)}},
	}}
}
