package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

const renameCheckTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/good/SKILL.md --
---
name: good
description: A good skill.
---
-- project/.agents/skills/links/SKILL.md --
---
name: links
description: Another skill.
---
-- project/.agents/skills/colon/SKILL.md --
---
name: colon
description: Use this when: the YAML breaks
---
-- project/.agents/skills/nodesc/SKILL.md --
---
name: nodesc
---
No description: DSH drops it, its name: reads.
-- project/drafts/SKILL.md --
---
name: draft
description: A skill outside the roots.
---
-- home/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: The user's own skill, outside the workspace.
---
`

// renameAt renames the name at char on line 0 of u to newName.
func renameAt(w *wsEnv, u uri.URI, char uint32, newName string) (*protocol.WorkspaceEdit, error) {
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Character: char}}
	return w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: newName})
}

// TestRenameRefusesTakenName: renaming good to a name another skill file
// of the view holds would leave DSH one of the two (skill-duplicate), so
// the rename is refused with the file named: a copy DSH loads (in the
// project or the user's home), a file DSH drops that would define it, an
// open skill file outside the roots. The same name and a free one pass.
func TestRenameRefusesTakenName(t *testing.T) {
	w := newWorkspaceEnv(t, renameCheckTxtar, nil)
	w.open("project/drafts/SKILL.md", "markdown", "---\nname: draft\ndescription: A skill outside the roots.\n---\n")
	chat := w.open("project/notes.chat.md", "markdown", "use /good\n")
	for _, c := range []struct{ newName, file string }{
		{"links", ".agents/skills/links/SKILL.md"},
		{"deploy", w.path("home/.agents/skills/deploy/SKILL.md")},
		{"colon", ".agents/skills/colon/SKILL.md"},
		{"draft", "drafts/SKILL.md"},
		{"good", ""},
		{"great", ""},
	} {
		edit, err := renameAt(w, chat, 6, c.newName)
		if c.file == "" {
			if err != nil || len(edit.Changes)+len(edit.DocumentChanges) == 0 {
				t.Errorf("rename to %s: %+v, %v", c.newName, edit, err)
			}
			continue
		}
		want := c.file + ` already defines the skill "` + c.newName + `"`
		if errCode(err) != jsonrpc2.InvalidParams || !strings.Contains(err.Error(), want) {
			t.Errorf("rename to %s: err = %v, want %d saying %q (edit %+v)", c.newName, err, jsonrpc2.InvalidParams, want, edit)
		}
	}
}

// TestRenameWithoutSkill: a rename started on a /name no skill file
// defines is refused by prepareRename and rename alike (there is no
// name: to edit, only tokens that name nothing); one whose file DSH
// drops for unreadable YAML says so, in the words of the warning on the
// token; one whose dropped file's name: reads edits that name: too.
func TestRenameWithoutSkill(t *testing.T) {
	w := newWorkspaceEnv(t, renameCheckTxtar, nil)
	chat := w.open("project/notes.chat.md", "markdown", "/nosuch /colon /nodesc\n")
	for _, c := range []struct {
		char uint32
		says string
	}{
		{1, `no skill is named "nosuch", so there is nothing to rename`},
		{9, `"colon" exists, but DSH drops it (invalid YAML), so it leaves /colon as plain text; skill-ls cannot read the name: of .agents/skills/colon/SKILL.md`},
	} {
		pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Character: c.char}}
		_, perr := w.server.PrepareRename(w.ctx, &protocol.PrepareRenameParams{TextDocumentPositionParams: pos})
		edit, err := renameAt(w, chat, c.char, "renamed")
		for what, e := range map[string]error{"prepareRename": perr, "rename": err} {
			if e == nil || !strings.Contains(e.Error(), c.says) {
				t.Errorf("%s at %d: %v (edit %+v), want it to say %q", what, c.char, e, edit, c.says)
			}
		}
	}
	edit, err := renameAt(w, chat, 16, "nodesc-two")
	if err != nil {
		t.Fatal(err)
	}
	skill := edit.Changes[w.uri("project/.agents/skills/nodesc/SKILL.md")]
	if len(skill) != 1 || skill[0].Range.Start.Line != 1 || len(edit.Changes[chat]) != 1 {
		t.Errorf("rename of the dropped nodesc = %+v, want its name: and the token", edit.Changes)
	}
}
