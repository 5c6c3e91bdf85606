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
