package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// linkedRootTxtar is a project whose .agents/skills is a committed link to
// a folder outside it (linkOutside makes it): a pdf there shadows the
// project's, and a bundle there is named after another skill.
const linkedRootTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.dsh/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
-- outside/pdf/SKILL.md --
---
name: pdf
description: Someone else's pdf skill.
---
-- outside/wrong/SKILL.md --
---
name: right
description: A folder whose name differs.
---
`

// linkOutside makes project/.agents/skills a link to outside/.
func linkOutside(t *testing.T) func(dir string) {
	return func(dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "project", ".agents"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", "..", "outside"), filepath.Join(dir, "project", ".agents", "skills")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRenameKeepsLinkedRootOutside: a rename edits and moves nothing a
// link under the workspace folder leads to outside it (the editor would
// write there), says so, and a rename started there is refused, as check
// --fix would refuse it; a quick fix renames no folder there.
func TestRenameKeepsLinkedRootOutside(t *testing.T) {
	w := renameEnv(t, linkedRootTxtar, "project", linkOutside(t))
	at := func(rel string) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: w.uri(rel)}, Position: protocol.Position{Line: 1, Character: 7}}
	}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: at("project/.dsh/skills/pdf/SKILL.md"), NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	linked := w.uri("project/.agents/skills/pdf/SKILL.md")
	edited := false
	for _, c := range edit.DocumentChanges {
		switch c := c.(type) {
		case *protocol.RenameFile:
			if strings.Contains(string(c.OldURI), "/.agents/") {
				t.Errorf("the rename moves a folder the link leads to: %s -> %s", c.OldURI, c.NewURI)
			}
		case *protocol.TextDocumentEdit:
			if c.TextDocument.URI == linked {
				t.Errorf("the rename edits the file the link leads to: %+v", c)
			}
			edited = edited || c.TextDocument.URI == w.uri("project/.dsh/skills/pdf/SKILL.md")
		}
	}
	if _, ok := edit.Changes[linked]; ok {
		t.Errorf("the rename edits the file the link leads to: %+v", edit.Changes[linked])
	}
	if !edited && len(edit.Changes[w.uri("project/.dsh/skills/pdf/SKILL.md")]) == 0 {
		t.Errorf("the project's own skill is not renamed: %+v", edit)
	}
	w.client.waitFor(t, "a message naming the file left alone", func() bool {
		return slices.ContainsFunc(w.client.shows, func(m protocol.ShowMessageParams) bool {
			return strings.Contains(m.Message, "not edited: "+w.path("project/.agents/skills/pdf/SKILL.md"))
		})
	})
	if _, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: at("project/.agents/skills/pdf/SKILL.md"), NewName: "pdf-two"}); errCode(err) == 0 {
		t.Errorf("a rename in a skill the link leads to is not refused")
	}
	text := "---\nname: right\ndescription: A folder whose name differs.\n---\n"
	u := w.open("project/.agents/skills/wrong/SKILL.md", "markdown", text)
	w.diags(u, "name-folder-mismatch", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "name-folder-mismatch") })
	if moves, titles := actionMoves(t, w, u, 1, 7); len(moves) > 0 {
		t.Errorf("a quick fix renames a folder the link leads to: %v (actions %q)", moves, titles)
	}
}
