package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestMoveSectionAction: on a body too long for progressive disclosure,
// the editor offers to move the longest section into references/: the
// client creates the file with the section, and the section's place keeps
// its heading and a link. Issue 25, point 13.
func TestMoveSectionAction(t *testing.T) {
	w := renameEnv(t, workspaceTxtar, "project")
	long := strings.Repeat("Check the next file and note what changed.\n", 500)
	src := "---\nname: guide\ndescription: A long guide.\n---\n# Guide\n\nStart here.\n\n## Steps\n\nDo this.\n\n## Worked examples\n\n" + long + "\n## Notes\n\nEnd.\n"
	u := w.open("project/.agents/skills/guide/SKILL.md", "markdown", src)
	res, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: protocol.Range{Start: protocol.Position{Line: 4}, End: protocol.Position{Line: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	var move *protocol.CodeAction
	var titles []string
	for _, a := range res {
		if ca, ok := a.(*protocol.CodeAction); ok {
			titles = append(titles, ca.Title)
			if strings.HasPrefix(ca.Title, "Move the section") {
				move = ca
			}
		}
	}
	if move == nil {
		t.Fatalf("no move action among %q", titles)
	}
	if want := `Move the section "Worked examples" into .agents/skills/guide/references/worked-examples.md`; move.Title != want {
		t.Errorf("title = %q, want %q", move.Title, want)
	}
	dc := move.Edit.DocumentChanges
	if len(dc) != 3 {
		t.Fatalf("document changes = %+v", dc)
	}
	create, ok := dc[0].(*protocol.CreateFile)
	if !ok || create.URI != w.uri("project/.agents/skills/guide/references/worked-examples.md") {
		t.Errorf("create = %+v", dc[0])
	}
	text := dc[1].(*protocol.TextDocumentEdit).Edits[0].(*protocol.TextEdit).NewText
	if !strings.HasPrefix(text, "## Worked examples\n\nCheck the next file") || strings.Contains(text, "## Notes") {
		t.Errorf("the new file's text starts %q", text[:min(len(text), 60)])
	}
	keep := dc[2].(*protocol.TextDocumentEdit).Edits[0].(*protocol.TextEdit)
	if want := "## Worked examples\n\nRead [references/worked-examples.md](references/worked-examples.md) when you need this section.\n\n"; keep.NewText != want {
		t.Errorf("kept %q, want %q", keep.NewText, want)
	}
	if keep.Range.Start.Line != 12 || keep.Range.End.Line != 12+2+500+1 {
		t.Errorf("replaced range %+v, want lines 12 to %d", keep.Range, 12+2+500+1)
	}
}
