package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// renameEnv starts a server over archive whose client applies rename
// operations, with the workspace folder folder (relative to the archive);
// setup, when given, runs on the folder of the archive before the start.
func renameEnv(t *testing.T, archive, folder string, setup ...func(dir string)) *wsEnv {
	t.Helper()
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(archive)))
	for _, f := range setup {
		f(dir)
	}
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{
		DocumentChanges: ptr(true), ResourceOperations: []protocol.ResourceOperationKind{"create", "rename", "delete"},
	}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}, workspace: caps})
	w.initialize(nil, w.path(folder))
	w.waitLoaded()
	return w
}

// actionMoves returns the folders the code actions at a position rename,
// and the actions' titles.
func actionMoves(t *testing.T, w *wsEnv, u uri.URI, line, char uint32) (moves []uri.URI, titles []string) {
	t.Helper()
	at := protocol.Position{Line: line, Character: char}
	acts, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{Start: at, End: at}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		ca, _ := a.(*protocol.CodeAction)
		if ca == nil {
			continue
		}
		titles = append(titles, ca.Title)
		if ca.Edit == nil {
			continue
		}
		for _, c := range ca.Edit.DocumentChanges {
			if r, ok := c.(*protocol.RenameFile); ok {
				moves = append(moves, r.OldURI)
			}
		}
	}
	return moves, titles
}

// TestQuickFixNeverRenamesWorkspace: the editor offers to rename only a
// skill's own bundle folder. A SKILL.md at the top of the workspace folder
// (a repository whose skill is at its top) is outside every root: its
// name-folder-mismatch is reported, and no fix renames the workspace.
func TestQuickFixNeverRenamesWorkspace(t *testing.T) {
	w := renameEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/SKILL.md --
---
name: my-skill
description: A skill at the top of its repository.
---
`, "project")
	u := w.open("project/SKILL.md", "markdown", "---\nname: my-skill\ndescription: A skill at the top of its repository.\n---\n")
	w.diags(u, "name-folder-mismatch", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "name-folder-mismatch") })
	moves, titles := actionMoves(t, w, u, 1, 7)
	if len(moves) > 0 {
		t.Errorf("a quick fix renames %v (actions %q)", moves, titles)
	}
}

// TestQuickFixNeverRenamesWorkspaceBundle: a workspace folder that is a
// bundle of a root (the user opened one skill's folder): the quick fix may
// change the name to the folder's, never rename the folder the editor has
// open; a bundle beside it, outside the workspace, is not renamed either.
func TestQuickFixNeverRenamesWorkspaceBundle(t *testing.T) {
	const archive = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/folder/SKILL.md --
---
name: other-name
description: The name differs from the folder.
---
`
	w := renameEnv(t, archive, "project/.agents/skills/folder")
	text := "---\nname: other-name\ndescription: The name differs from the folder.\n---\n"
	u := w.open("project/.agents/skills/folder/SKILL.md", "markdown", text)
	w.diags(u, "name-folder-mismatch", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "name-folder-mismatch") })
	moves, titles := actionMoves(t, w, u, 1, 7)
	if len(moves) > 0 {
		t.Errorf("a quick fix renames the workspace folder: %v (actions %q)", moves, titles)
	}
	if !slices.Contains(titles, "Change the name to the folder name folder") {
		t.Errorf("the name fix is missing: %q", titles)
	}
}

// TestRenameNeverMovesWorkspace: renaming a skill whose bundle folder is
// the workspace folder edits its name and moves no folder.
func TestRenameNeverMovesWorkspace(t *testing.T) {
	w := renameEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: The workspace is this bundle.
---
`, "project/.agents/skills/pdf")
	u := w.uri("project/.agents/skills/pdf/SKILL.md")
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	edits := 0
	for _, c := range edit.DocumentChanges {
		switch c := c.(type) {
		case *protocol.RenameFile:
			t.Errorf("the rename moves %s -> %s", c.OldURI, c.NewURI)
		case *protocol.TextDocumentEdit:
			edits++
		}
	}
	for range edit.Changes {
		edits++
	}
	if edits == 0 {
		t.Errorf("the rename edits nothing: %+v", edit)
	}
}

// TestRenameKeepsOutsideWorkspace: renaming pdf in the project leaves the
// user's own ~/.agents/skills/pdf (a shadowed skill every project shares)
// alone and says so; a rename started in that file is refused.
func TestRenameKeepsOutsideWorkspace(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	chat := w.open("project/a.chat.md", "markdown", "use /pdf\n")
	at := func(u uri.URI) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}
	}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: at(w.uri("project/.agents/skills/pdf/SKILL.md")), NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	home := w.uri("home/.agents/skills/pdf/SKILL.md")
	if _, ok := edit.Changes[home]; ok {
		t.Errorf("the rename edits the user's own skill outside the workspace: %+v", edit.Changes[home])
	}
	if len(edit.Changes[w.uri("project/.agents/skills/pdf/SKILL.md")]) != 1 || len(edit.Changes[chat]) != 1 {
		t.Errorf("rename edits = %+v", edit.Changes)
	}
	w.client.waitFor(t, "a message naming the file left alone", func() bool {
		return slices.ContainsFunc(w.client.shows, func(m protocol.ShowMessageParams) bool {
			return strings.Contains(m.Message, "not edited: "+w.path("home/.agents/skills/pdf/SKILL.md"))
		})
	})
	if _, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: at(home), NewName: "pdf-forms"}); errCode(err) == 0 {
		t.Errorf("a rename in a skill outside the workspace folders is not refused")
	}
}
