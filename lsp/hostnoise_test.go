package lsp

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestUnconfirmedHostNotesVerbose: the notes that only say a host's
// behaviour is unconfirmed ("Cursor's documentation does not say…") are
// left out of a .claude file's diagnostics, as a plain check leaves them
// out, and the verbose setting brings them back as host-unconfirmed.
// Issue 40, point 7.
func TestUnconfirmedHostNotesVerbose(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar, nil)
	src, err := os.ReadFile(w.path("project/.claude/skills/review/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	u := w.open("project/.claude/skills/review/SKILL.md", "markdown", string(src))
	p := w.diags(u, "Goose's drop", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-drops") })
	for _, d := range p.Diagnostics {
		if strings.Contains(fmt.Sprint(d.Message), "unconfirmed") || strings.Contains(fmt.Sprint(d.Message), "documentation does not say") {
			t.Errorf("an unconfirmed note without the verbose setting: %v: %v", d.Code, d.Message)
		}
	}
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"verbose":true}}}`)
	p = w.diags(u, "the unconfirmed notes with verbose", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-unconfirmed") })
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String("host-unconfirmed") && d.Severity != protocol.DiagnosticSeverityInformation {
			t.Errorf("host-unconfirmed severity %v, want information", d.Severity)
		}
	}
}

// TestHostDropQuickFix: the unquoted ": " in a .claude description is one
// host-drops finding (Copilot CLI and Goose skip the skill; Claude Code's and OpenCode's
// fallbacks are its related locations), and the editor offers on it the
// fix check --fix applies: quote the value. Issue 40, points 2 and 5.
func TestHostDropQuickFix(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar, nil)
	src, err := os.ReadFile(w.path("project/.claude/skills/review/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	u := w.open("project/.claude/skills/review/SKILL.md", "markdown", string(src))
	p := w.diags(u, "Goose's drop", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-drops") })
	atValue := 0
	for _, d := range p.Diagnostics {
		if d.Range.Start == (protocol.Position{Line: 2, Character: 13}) {
			atValue++
			if d.Code != protocol.String("host-drops") || !strings.HasPrefix(fmt.Sprint(d.Message), `GitHub Copilot CLI and Goose skip this skill: the value of description holds ": " without quotes`) || len(d.RelatedInformation) != 4 {
				t.Errorf("the finding on the value: %v %q, %d related", d.Code, d.Message, len(d.RelatedInformation))
			}
		}
	}
	if atValue != 1 {
		t.Errorf("%d findings on the description's value, want one: %+v", atValue, p.Diagnostics)
	}
	res, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: protocol.Range{Start: protocol.Position{Line: 2, Character: 20}, End: protocol.Position{Line: 2, Character: 20}}})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, a := range res {
		ca, ok := a.(*protocol.CodeAction)
		if !ok {
			continue
		}
		titles = append(titles, ca.Title)
		if ca.Title != "Quote the value" || len(ca.Diagnostics) != 1 || ca.Diagnostics[0].Code != protocol.String("host-drops") {
			continue
		}
		edits := ca.Edit.Changes[u]
		if len(edits) != 1 || edits[0].NewText != "'Review code: find bugs before merging.'" {
			t.Errorf("Quote the value edits %+v; check --fix writes 'Review code: find bugs before merging.'", edits)
		}
		return
	}
	t.Errorf("no \"Quote the value\" on the host-drops finding; actions: %q", titles)
}
