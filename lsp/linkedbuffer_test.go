package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestLinkedBufferByLinkPath: VS Code opens .claude/skills/deploy/SKILL.md,
// a link to .agents/skills/deploy, by the link's own path. check reports
// the file's findings once, on its primary path (.agents/skills/deploy);
// the buffer of the link shows them all the same, each once, and the
// quick fix of the unquoted ": " edits that buffer once. Issue 40.
func TestLinkedBufferByLinkPath(t *testing.T) {
	const src = "---\nname: deploy\ndescription: Deploys the app: staging and prod.\n---\nRun it.\n"
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/.agents/skills/deploy/SKILL.md --\n"+src,
		map[string]string{"project/.claude/skills/deploy": "../../.agents/skills/deploy"}, session.Options{})
	u := w.open("project/.claude/skills/deploy/SKILL.md", "markdown", src)
	p := w.diags(u, "the linked file's findings on the link's buffer", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "yaml-unquoted-colon")
	})
	eachOnce(t, p)
	at := protocol.Position{Line: 2, Character: 20}
	acts, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{Start: at, End: at}})
	if err != nil {
		t.Fatal(err)
	}
	quoted := 0
	for _, a := range acts {
		ca, _ := a.(*protocol.CodeAction)
		if ca == nil || ca.Edit == nil {
			continue
		}
		for _, eu := range editedURIs(ca.Edit) {
			if eu != u {
				t.Errorf("%q edits %s, not the buffer %s", ca.Title, eu, u)
			}
			quoted++
		}
	}
	if quoted == 0 {
		t.Errorf("no quick fix on the link's buffer among %d actions", len(acts))
	}
	// Quoted in the buffer, not saved: the primary path's findings of the
	// buffer's text (side-effect-model-invocable on a deploy skill).
	w.edit(u, 2, strings.Replace(src, "Deploys the app: staging and prod.", `"Deploys the app: staging and prod."`, 1))
	p = w.diags(u, "the findings of the edited buffer", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "side-effect-model-invocable") && !hasCode(p, "yaml-unquoted-colon")
	})
	eachOnce(t, p)
}

// eachOnce fails t when a code is published twice on one buffer.
func eachOnce(t *testing.T, p *protocol.PublishDiagnosticsParams) {
	t.Helper()
	var codes []string
	for _, d := range p.Diagnostics {
		code := fmt.Sprint(d.Code)
		if slices.Contains(codes, code) {
			t.Errorf("%s twice on one buffer: %v", code, p.Diagnostics)
		}
		codes = append(codes, code)
	}
}

// editedURIs returns the documents a workspace edit changes, once per
// document edit.
func editedURIs(e *protocol.WorkspaceEdit) []uri.URI {
	var out []uri.URI
	for eu := range e.Changes {
		out = append(out, eu)
	}
	for _, c := range e.DocumentChanges {
		if te, ok := c.(*protocol.TextDocumentEdit); ok {
			out = append(out, te.TextDocument.URI)
		}
	}
	return out
}

// TestLinkedBufferHoldsThePrimaryPath: VS Code's Problems list shows every
// URI's findings. While only the link's buffer is open, the file's
// findings show once, on that buffer: the primary path, which the
// workspace pass publishes, is published empty. Closed, the primary path
// shows them again; opened again, once more only the buffer; with the
// primary path opened too, each buffer shows its own.
func TestLinkedBufferHoldsThePrimaryPath(t *testing.T) {
	const src = "---\nname: deploy\ndescription: Deploys the app: staging and prod.\n---\nRun it.\n"
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/.agents/skills/deploy/SKILL.md --\n"+src,
		map[string]string{"project/.claude/skills/deploy": "../../.agents/skills/deploy"}, session.Options{})
	primary := w.uri("project/.agents/skills/deploy/SKILL.md")
	colon := func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "yaml-unquoted-colon") }
	clean := func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 }
	w.diags(primary, "the primary path's findings from the first pass", colon)
	for round := range 2 {
		u := w.open("project/.claude/skills/deploy/SKILL.md", "markdown", src)
		w.diags(u, "the file's findings on the link's buffer", colon)
		w.diags(primary, fmt.Sprintf("round %d: the primary path published empty while the link's buffer holds its findings", round), clean)
		w.client.mu.Lock()
		var on []uri.URI
		for pu, p := range w.client.diagnostics {
			if colon(p) && strings.Contains(string(pu), "/deploy/") {
				on = append(on, pu)
			}
		}
		w.client.mu.Unlock()
		if len(on) != 1 {
			t.Errorf("round %d: yaml-unquoted-colon shown on %v, want only the buffer", round, on)
		}
		if err := w.server.DidClose(w.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
			t.Fatal(err)
		}
		w.diags(primary, fmt.Sprintf("round %d: the primary path's findings again once the buffer closed", round), colon)
	}
	link := w.open("project/.claude/skills/deploy/SKILL.md", "markdown", src)
	w.open("project/.agents/skills/deploy/SKILL.md", "markdown", src)
	w.diags(primary, "the primary path's own buffer shows its findings", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 1 && colon(p)
	})
	w.diags(link, "the link's buffer keeps its findings", colon)
}
