package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestRegistersFileWatch: a client that supports dynamic registration gets
// one registration for workspace/didChangeWatchedFiles, with a relative
// pattern per root when it supports those.
func TestRegistersFileWatch(t *testing.T) {
	for _, relative := range []bool{true, false} {
		t.Run(map[bool]string{true: "relative", false: "globs"}[relative], func(t *testing.T) {
			dir := t.TempDir()
			w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
			for _, d := range []string{w.project + "/.git", w.home} {
				os.MkdirAll(d, 0o755)
			}
			caps := &protocol.WorkspaceClientCapabilities{DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{
				DynamicRegistration: ptr(true), RelativePatternSupport: ptr(relative),
			}}
			w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}, workspace: caps})
			w.initialize(nil, w.project)
			w.waitLoaded()
			w.client.mu.Lock()
			regs := append([]protocol.Registration(nil), w.client.registrations...)
			w.client.mu.Unlock()
			if len(regs) != 1 || regs[0].Method != protocol.MethodWorkspaceDidChangeWatchedFiles {
				t.Fatalf("registrations = %+v, want one for didChangeWatchedFiles", regs)
			}
			opts := string(regs[0].RegisterOptions)
			want := `"**/.agents/skills/**"`
			if relative {
				want = filepath.ToSlash(filepath.Join(w.project, ".agents", "skills"))
			}
			if !strings.Contains(opts, want) {
				t.Errorf("register options %s do not mention %s", opts, want)
			}
		})
	}
}

// TestNoRegistrationWithoutSupport: Neovim 0.7 offers no dynamic
// registration; the server must not ask (its own watcher covers it).
func TestNoRegistrationWithoutSupport(t *testing.T) {
	dir := t.TempDir()
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.project+"/.git", 0o755)
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}})
	w.initialize(nil, w.project)
	w.waitLoaded()
	w.client.mu.Lock()
	defer w.client.mu.Unlock()
	if len(w.client.registrations) != 0 {
		t.Fatalf("registered %+v with a client that cannot take it", w.client.registrations)
	}
}

// TestRenameMovesFolder: with a client that applies rename operations, a
// skill rename also renames the bundle folder named after the skill, inside
// the workspace only (the user-level pdf in home/ keeps its folder and its
// name), after the text edits.
func TestRenameMovesFolder(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(workspaceTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{
		DocumentChanges: ptr(true), ResourceOperations: []protocol.ResourceOperationKind{"create", "rename", "delete"},
	}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}, workspace: caps})
	w.initialize(nil, w.project)
	w.waitLoaded()
	u := w.uri("project/.agents/skills/pdf/SKILL.md")
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	var edits, renames int
	for i, c := range edit.DocumentChanges {
		switch c := c.(type) {
		case *protocol.TextDocumentEdit:
			edits++
			if renames > 0 {
				t.Errorf("change %d: a text edit after a rename", i)
			}
		case *protocol.RenameFile:
			renames++
			if c.OldURI != w.uri("project/.agents/skills/pdf") || c.NewURI != w.uri("project/.agents/skills/pdf-forms") {
				t.Errorf("rename %s -> %s", c.OldURI, c.NewURI)
			}
		}
	}
	if edits != 1 || renames != 1 {
		t.Errorf("got %d text edits and %d renames, want 1 and 1: %+v", edits, renames, edit.DocumentChanges)
	}
}

// TestBrokenLinkHeals: an open skill links to files that do not exist yet;
// creating them on disk (in an existing folder, and in a new one) clears
// the link-missing diagnostics without any editor event.
func TestBrokenLinkHeals(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	rel := "project/.agents/skills/pdf/SKILL.md"
	text := "---\nname: pdf\ndescription: Fill PDF forms.\n---\nSee [new](references/new.md) and [run](scripts/run.sh).\n"
	u := w.open(rel, "skill", text)
	count := func(p *protocol.PublishDiagnosticsParams) int {
		n := 0
		for _, d := range p.Diagnostics {
			if c, ok := d.Code.(protocol.String); ok && c == "link-missing" {
				n++
			}
		}
		return n
	}
	w.diags(u, "two broken links", func(p *protocol.PublishDiagnosticsParams) bool { return count(p) == 2 })
	os.WriteFile(w.path("project/.agents/skills/pdf/references/new.md"), []byte("new\n"), 0o644)
	w.diags(u, "one broken link left", func(p *protocol.PublishDiagnosticsParams) bool { return count(p) == 1 })
	os.MkdirAll(w.path("project/.agents/skills/pdf/scripts"), 0o755)
	os.WriteFile(w.path("project/.agents/skills/pdf/scripts/run.sh"), []byte("echo\n"), 0o644)
	w.diags(u, "no broken link", func(p *protocol.PublishDiagnosticsParams) bool { return count(p) == 0 })
}

// A skill created on disk during the session appears (real fsnotify; polls
// with a deadline).
func TestDiskChangeAppears(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/n.chat.md", "markdown", "/newo")
	dir := w.path("home/.agents/skills/newone")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: newone\ndescription: fresh\n---\nx\n"), 0o644)
	deadline := time.Now().Add(waitBound)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 5}}})
		if err != nil {
			t.Fatal(err)
		}
		if items := res.(*protocol.CompletionList).Items; len(items) == 1 && items[0].Label == "/newone" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the new skill never appeared")
		}
		<-tick.C
	}
}

// Client-side watched-file events go through the same path.
func TestDidChangeWatchedFiles(t *testing.T) {
	dir := t.TempDir()
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	for _, d := range []string{w.project + "/.git", w.home} {
		os.MkdirAll(d, 0o755)
	}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}})
	w.initialize(nil, w.project)
	w.waitLoaded()
	p := w.path("project/.agents/skills/late/SKILL.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\nname: Late\ndescription: x\n---\n"), 0o644)
	w.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":"`+string(uri.File(p))+`","type":1}]}`)
	w.diags(uri.File(p), "diagnostics of the new file", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
}

// TestCreateSkillAction: with a client that creates files, an unknown /name
// in a chat buffer offers to create the skill in the project's
// .agents/skills (SKILL.md with the name and the placeholder description),
// and the folder-rename fix of name-folder-mismatch becomes a RenameFile.
func TestCreateSkillAction(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(workspaceTxtar+`
-- project/.agents/skills/folder/SKILL.md --
---
name: other-name
description: The name differs from the folder.
---
`)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{
		DocumentChanges: ptr(true), ResourceOperations: []protocol.ResourceOperationKind{"create", "rename", "delete"},
	}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}, workspace: caps})
	w.initialize(nil, w.project)
	w.waitLoaded()
	u := w.open("project/ask.chat.md", "markdown", "please /brand-new now")
	acts, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: protocol.Range{Start: protocol.Position{Line: 0, Character: 9}, End: protocol.Position{Line: 0, Character: 9}}})
	if err != nil {
		t.Fatal(err)
	}
	var create *protocol.CodeAction
	for _, a := range acts {
		if ca, ok := a.(*protocol.CodeAction); ok && strings.HasPrefix(ca.Title, "Create skill brand-new") {
			create = ca
		}
	}
	if create == nil || len(create.Edit.DocumentChanges) != 2 {
		t.Fatalf("no create action: %s", actionTitles(acts))
	}
	cf, ok := create.Edit.DocumentChanges[0].(*protocol.CreateFile)
	if !ok || cf.URI != w.uri("project/.agents/skills/brand-new/SKILL.md") {
		t.Errorf("create = %+v", create.Edit.DocumentChanges[0])
	}
	te := create.Edit.DocumentChanges[1].(*protocol.TextDocumentEdit).Edits[0].(*protocol.TextEdit)
	if !strings.HasPrefix(te.NewText, "---\nname: brand-new\n") {
		t.Errorf("new skill text = %q", te.NewText)
	}
	skill := w.open("project/.agents/skills/folder/SKILL.md", "markdown", "---\nname: other-name\ndescription: The name differs from the folder.\n---\n")
	acts, _ = w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: skill},
		Range: protocol.Range{Start: protocol.Position{Line: 1, Character: 7}, End: protocol.Position{Line: 1, Character: 7}}})
	renamed := false
	for _, a := range acts {
		ca, _ := a.(*protocol.CodeAction)
		for _, c := range ca.Edit.DocumentChanges {
			if r, ok := c.(*protocol.RenameFile); ok && r.NewURI == w.uri("project/.agents/skills/other-name") {
				renamed = true
			}
		}
	}
	if !renamed {
		t.Errorf("no folder-rename fix: %+v", acts)
	}
}

// actionTitles lists code action titles for a failure message.
func actionTitles(acts []protocol.CommandOrCodeAction) []string {
	var out []string
	for _, a := range acts {
		if ca, ok := a.(*protocol.CodeAction); ok {
			out = append(out, ca.Title)
		}
	}
	return out
}
