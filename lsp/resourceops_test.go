package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// neovimEdits is the workspaceEdit capability every Neovim from 0.7 to
// 0.12 sends: resource operations listed, documentChanges never set.
var neovimEdits = &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{
	ResourceOperations: []protocol.ResourceOperationKind{"rename", "create", "delete"},
}}

func TestResourceOps(t *testing.T) {
	all := []protocol.ResourceOperationKind{"rename", "create", "delete"}
	vscode := &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{DocumentChanges: ptr(true), ResourceOperations: all}}
	versioned := &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{DocumentChanges: ptr(true)}}
	neovim := func(v string) protocol.ClientInfo {
		return protocol.ClientInfo{Name: "Neovim", Version: protocol.NewOptional(v)}
	}
	for _, tc := range []struct {
		name string
		ws   *protocol.WorkspaceClientCapabilities
		info protocol.ClientInfo
		want []protocol.ResourceOperationKind
	}{
		{"no workspace capabilities", nil, protocol.ClientInfo{}, nil},
		{"documentChanges without operations", versioned, protocol.ClientInfo{}, nil},
		{"documentChanges and operations", vscode, protocol.ClientInfo{Name: "Visual Studio Code"}, all},
		{"operations without documentChanges", neovimEdits, protocol.ClientInfo{}, all},
		{"Neovim 0.7.2: no folder rename, no create in a new folder", neovimEdits, neovim("0.7.2"), []protocol.ResourceOperationKind{"delete"}},
		{"Neovim 0.8.3: creates, no folder rename", neovimEdits, neovim("0.8.3"), []protocol.ResourceOperationKind{"create", "delete"}},
		{"Neovim 0.9.5", neovimEdits, neovim("0.9.5"), all},
		{"Neovim 0.12.4", neovimEdits, neovim("0.12.4"), all},
		{"Neovim without a version", neovimEdits, protocol.ClientInfo{Name: "Neovim"}, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := resourceOps(protocol.ClientCapabilities{Workspace: tc.ws}, tc.info)
			if !slices.Equal(got, tc.want) {
				t.Errorf("resourceOps = %q, want %q", got, tc.want)
			}
		})
	}
	if !slices.Equal(neovimEdits.WorkspaceEdit.ResourceOperations, all) {
		t.Errorf("resourceOps changed the client's capabilities: %q", neovimEdits.WorkspaceEdit.ResourceOperations)
	}
}

const resourceOpsTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/good/SKILL.md --
---
name: good
description: A good skill.
---
-- project/notes.chat.md --
use /good and /nosuch
`

// TestNeovimMovesFolders: a client that lists rename and create among its
// resource operations without setting documentChanges (every Neovim) gets
// the folder move of a rename and the "Create skill" quick fix; a Neovim
// whose own code fails on them (0.7) gets neither, as a client that lists
// no operations does.
func TestNeovimMovesFolders(t *testing.T) {
	for _, tc := range []struct {
		name           string
		ws             *protocol.WorkspaceClientCapabilities
		version        string
		moves, creates bool
	}{
		{"Neovim 0.10.4", neovimEdits, "0.10.4", true, true},
		{"Neovim 0.7.2", neovimEdits, "0.7.2", false, false},
		{"a client without operations", nil, "", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			skilltest.WriteArchive(t, dir, txtar.Parse([]byte(resourceOpsTxtar)))
			w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
			info := protocol.ClientInfo{Name: "Neovim", Version: protocol.NewOptional(tc.version)}
			w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}, workspace: tc.ws, clientInfo: info})
			w.initialize(nil, w.project)
			w.waitLoaded()
			chat := w.open("project/notes.chat.md", "markdown", "use /good and /nosuch\n")
			pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 6}}
			edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "great"})
			if err != nil {
				t.Fatal(err)
			}
			moved := slices.ContainsFunc(edit.DocumentChanges, func(c protocol.DocumentChange) bool {
				r, ok := c.(*protocol.RenameFile)
				return ok && r.OldURI == w.uri("project/.agents/skills/good") && r.NewURI == w.uri("project/.agents/skills/great")
			})
			if moved != tc.moves {
				t.Errorf("the rename moves the folder: %v, want %v (edit %+v)", moved, tc.moves, edit)
			}
			w.diags(chat, "chat-unknown-skill", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "chat-unknown-skill") })
			_, titles := actionMoves(t, w, chat, 0, 16)
			if offered := slices.ContainsFunc(titles, func(s string) bool { return strings.HasPrefix(s, "Create skill nosuch in ") }); offered != tc.creates {
				t.Errorf("Create skill offered: %v, want %v (actions %q)", offered, tc.creates, titles)
			}
		})
	}
}
