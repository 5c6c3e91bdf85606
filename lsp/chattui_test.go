package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestChatSkillFormCompletesAndChecks: what the completion of "/skill:co"
// inserts, the chat's diagnostics accept (it named "/skill:code-style" a
// /skill glued to ':' and said "no skill is named skill"), and a
// /skill:name of no skill is reported under that name. Issue 40, point 6.
func TestChatSkillFormCompletesAndChecks(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/code-style/SKILL.md --
---
name: code-style
description: Apply the house code style.
---
Body.
`, nil)
	u := w.open("project/notes.chat.md", "markdown", "/skill:co")
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 9}}})
	if err != nil {
		t.Fatal(err)
	}
	list, ok := res.(*protocol.CompletionList)
	if !ok || len(list.Items) != 1 || list.Items[0].TextEdit == nil {
		t.Fatalf("completion of /skill:co = %+v", res)
	}
	completed := list.Items[0].TextEdit.(*protocol.TextEdit).NewText + " please\n/skill:nope too\n"
	if !strings.HasPrefix(completed, "/skill:code-style ") {
		t.Fatalf("completion inserts %q", completed)
	}
	w.edit(u, 2, completed)
	p := w.diags(u, "the completed chat's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 2
	})
	var got []string
	for _, d := range p.Diagnostics {
		got = append(got, fmt.Sprintf("%d:%d %v", d.Range.Start.Line, d.Range.Start.Character, d.Message))
	}
	want := []string{`1:0 no skill is named "nope", so DSH leaves /skill:nope as plain text`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
