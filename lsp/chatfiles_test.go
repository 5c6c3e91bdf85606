package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"go.lsp.dev/protocol"
)

// TestReferencesInChatFilesOnDisk: references and rename reach chat files
// that are not open, but not those in hidden folders.
func TestReferencesInChatFilesOnDisk(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	for rel, text := range map[string]string{
		"project/notes/plan.chat.md": "first /pdf then /deploy\n/pdf again\n",
		"project/.cache/old.chat.md": "/pdf hidden\n",
		"project/notes/readme.md":    "/pdf in a plain markdown file\n",
	} {
		p := w.path(rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	u := w.uri("project/.agents/skills/pdf/SKILL.md")
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}
	refs, err := w.server.References(w.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: pos, Context: protocol.ReferenceContext{IncludeDeclaration: true}})
	if err != nil {
		t.Fatal(err)
	}
	inChat := 0
	for _, r := range refs {
		if r.URI == w.uri("project/notes/plan.chat.md") {
			inChat++
		}
	}
	if inChat != 2 || len(refs) != 4 { // 2 skill files + 2 tokens in plan.chat.md
		t.Errorf("references = %+v", refs)
	}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(edit.Changes[w.uri("project/notes/plan.chat.md")]); n != 2 {
		t.Errorf("rename edits in the chat file on disk: %d, want 2", n)
	}
}
