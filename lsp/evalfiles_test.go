package lsp

import (
	"encoding/json"
	"os"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// evalBuffer has a wrong type on line 2 and a duplicate on line 3, after
// characters that take two UTF-16 units (名前 one each, 😀 two) and more
// bytes: a byte column would land elsewhere.
const evalBuffer = `[
  {"query": "remplir le formulaire 名前 😀", "should_trigger": true},
  {"query": "名前 😀 form", "should_trigger": "yes"},
  {"query": "remplir le formulaire 名前 😀", "should_trigger": true}
]
`

// evalFinding returns the diagnostic of code in p, or fails.
func evalFinding(t *testing.T, p *protocol.PublishDiagnosticsParams, code string) protocol.Diagnostic {
	t.Helper()
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String(code) {
			return d
		}
	}
	t.Fatalf("no %s in %+v", code, p.Diagnostics)
	return protocol.Diagnostic{}
}

func rangeOf(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

// TestEvalFileBufferDiagnostics: an open eval file of a bundle gets check's
// findings from its unsaved buffer, at UTF-16 positions, and an edit that
// mends it clears them.
func TestEvalFileBufferDiagnostics(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/.agents/skills/pdf/evals/eval_queries.json", "json", evalBuffer)
	got := w.diags(u, "eval findings", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "eval-duplicate-query") && hasCode(p, "eval-wrong-type")
	})
	if v, ok := got.Version.Get(); !ok || v != 1 {
		t.Errorf("version = %v, want the buffer's 1", got.Version)
	}
	// "yes" starts after `  {"query": "名前 😀 form", "should_trigger": `:
	// 12 + 1+2+1+2+5+1 + 2+16+2 = 44 units (52 bytes).
	if d := evalFinding(t, got, "eval-wrong-type"); d.Range != rangeOf(2, 44, 2, 49) {
		t.Errorf("eval-wrong-type at %+v, want 2:44-2:49", d.Range)
	}
	// The second query string: 12 units in, 29 long (35 bytes).
	d := evalFinding(t, got, "eval-duplicate-query")
	if d.Range != rangeOf(3, 12, 3, 41) {
		t.Errorf("eval-duplicate-query at %+v, want 3:12-3:41", d.Range)
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != u || d.RelatedInformation[0].Location.Range != rangeOf(1, 12, 1, 41) {
		t.Errorf("related = %+v, want the first query at 1:12-1:41", d.RelatedInformation)
	}
	w.edit(u, 2, `[{"query": "fill this form", "should_trigger": true}]`)
	w.diags(u, "the mended buffer", func(p *protocol.PublishDiagnosticsParams) bool {
		v, _ := p.Version.Get()
		return v == 2 && !hasCode(p, "eval-duplicate-query") && !hasCode(p, "eval-wrong-type") && hasCode(p, "eval-too-few-queries")
	})
}

// TestEvalFileOnDisk: a pass checks the eval files of the bundles on disk,
// open or not, and the document kind and code lens of one open.
func TestEvalFileOnDisk(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar+"-- project/.agents/skills/pdf/evals/evals.json --\n{\"skill_name\": \"pdf\", \"evals\": [{\"id\": 1, \"prompt\": \"p\", \"expected_output\": \"o\", \"files\": [\"evals/files/nope.pdf\"]}]}\n", nil)
	u := w.uri("project/.agents/skills/pdf/evals/evals.json")
	w.open("project/.agents/skills/pdf/SKILL.md", "markdown", mustRead(t, w.path("project/.agents/skills/pdf/SKILL.md")))
	got := w.diags(u, "the closed evals.json's findings", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "eval-missing-file")
	})
	if d := evalFinding(t, got, "eval-missing-file"); d.Range.Start.Line != 0 {
		t.Errorf("eval-missing-file at %+v", d.Range)
	}
	var kind struct{ Kind string }
	json.Unmarshal(w.command(cmdDocumentInfo, map[string]any{"uri": u, "kindOnly": true}), &kind)
	if kind.Kind != docKindEval {
		t.Errorf("documentInfo kind = %q, want %q", kind.Kind, docKindEval)
	}
	q := w.open("project/.agents/skills/pdf/evals/eval_queries.json", "json", evalBuffer)
	lenses, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: q}})
	if err != nil || len(lenses) != 1 || lenses[0].Command.Command != session.CmdRunTriggerEval || lenses[0].Command.Title != "Run trigger eval (claude)" {
		t.Fatalf("lenses = %+v, %v", lenses, err)
	}
	var arg struct{ Folder, Host string }
	json.Unmarshal(lenses[0].Command.Arguments[0], &arg)
	if arg.Folder != w.path("project/.agents/skills/pdf") || arg.Host != "claude" {
		t.Errorf("lens argument = %+v", arg)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
