package lsp

import (
	"context"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skills/discovery"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestDiskWorkHoldsNoLock: while a batch of disk changes is stuck in its
// read of a skill file (a slow disk), hover and completion answer and an
// edit gets its own diagnostics; the batch lands once the read returns.
func TestDiskWorkHoldsNoLock(t *testing.T) {
	var armed atomic.Bool
	var blocked string
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	read := func(p string, buf []byte) ([]byte, int64, error) {
		if armed.Load() && p == blocked {
			once.Do(func() { close(entered) })
			<-release
		}
		return discovery.ReadSkillFile(p, buf)
	}
	w := newWorkspaceEnvWith(t, workspaceTxtar, nil, session.Options{ReadFile: read, DisableWatch: true})
	blocked = w.path("home/.agents/skills/deploy/SKILL.md")
	pdfText, err := os.ReadFile(w.path("project/.agents/skills/pdf/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	pdf := w.open("project/.agents/skills/pdf/SKILL.md", "markdown", string(pdfText))
	chat := w.open("project/notes.chat.md", "markdown", "Please /")
	w.diags(pdf, "the opened file's diagnostics", func(*protocol.PublishDiagnosticsParams) bool { return true })

	if err := os.WriteFile(blocked, []byte("---\nname: deploy\ndescription: Deploy the app, now to staging first.\n---\nRun it.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	armed.Store(true)
	if err := w.server.DidChangeWatchedFiles(w.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: w.uri("home/.agents/skills/deploy/SKILL.md"), Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-entered:
	case <-time.After(waitBound):
		t.Fatal("the disk change never read the file")
	}

	ctx, cancel := context.WithTimeout(w.ctx, waitBound) // a hang, not a speed target
	defer cancel()
	hover, err := w.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: pdf}, Position: protocol.Position{Line: 1, Character: 7}}})
	if err != nil || hover == nil {
		t.Fatalf("hover while the disk work waits: %v, %v", hover, err)
	}
	list, err := w.server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 8}}})
	if l, ok := list.(*protocol.CompletionList); err != nil || !ok || len(l.Items) == 0 {
		t.Fatalf("completion while the disk work waits: %v, %v", list, err)
	}
	w.edit(pdf, 2, strings.Replace(string(pdfText), "description: Fill", "description: Use when: fill", 1))
	w.diags(pdf, "the edit's own diagnostics", func(p *protocol.PublishDiagnosticsParams) bool {
		v, _ := p.Version.Get()
		return v == 2 && hasCode(p, "yaml-unquoted-colon")
	})

	close(release)
	// The batch lands in the session's state, which no message to the
	// client tells about: poll the state, not the client's notifications.
	eventually(t, "the disk change to land", func() bool {
		snap := w.srv.sess.Snapshot().ViewFor(blocked)
		sk := snap.Registry.Lookup("deploy")
		return sk != nil && strings.Contains(sk.Description, "staging")
	})
}

// TestViewBuildHoldsNoLock: while a settings change builds its views (it
// reads the project's config file and looks at its folders: a slow disk),
// the watcher's batches still land, on the views in place, with the
// settings in place; the new settings and views come in together once the
// build returns.
func TestViewBuildHoldsNoLock(t *testing.T) {
	w := newWorkspaceEnvWith(t, workspaceTxtar, nil, session.Options{})
	entered, release := make(chan struct{}), make(chan struct{})
	var onceEntered sync.Once // a watcher's batch may build views again
	w.srv.sess.ViewsBuilding = func() {
		onceEntered.Do(func() { close(entered) })
		<-release
	}
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	before := w.srv.sess.Snapshot()
	err := w.server.DidChangeConfiguration(w.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"skillLs":{"profile":"agentskills"}}`)})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-entered:
	case <-time.After(waitBound):
		t.Fatal("the settings change never built views")
	}

	deploy := w.path("home/.agents/skills/deploy/SKILL.md")
	if err := os.WriteFile(deploy, []byte("---\nname: deploy\ndescription: Deploy the app, now to staging first.\n---\nRun it.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the watcher's batch to land while the views are built", func() bool {
		st := w.srv.sess.Snapshot()
		sk := st.ViewFor(deploy).Registry.Lookup("deploy")
		return sk != nil && strings.Contains(sk.Description, "staging")
	})
	if st := w.srv.sess.Snapshot(); st.Discovered() != before.Discovered() || st.Settings.Profile != before.Settings.Profile {
		t.Errorf("during the build: views replaced %v, profile %q; want the state in place, whole", st.Discovered() != before.Discovered(), st.Settings.Profile)
	}

	close(release)
	eventually(t, "the new settings and views", func() bool {
		st := w.srv.sess.Snapshot()
		return st.Discovered() != before.Discovered() && st.Settings.Profile == "agentskills" && st.Loaded
	})
	sk := w.srv.sess.Snapshot().ViewFor(deploy).Registry.Lookup("deploy")
	if sk == nil || !strings.Contains(sk.Description, "staging") {
		t.Errorf("the new views' deploy = %+v, want the description on disk", sk)
	}
}

// eventually polls cond until it holds: for server state no message to
// the client tells about.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(waitBound); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestPassOverHoldsNoLock: whether an open .md file in another host's
// folder is one that host passes over is decided under the session lock,
// so it reads no disk there: a flat q.md in .claude/skills that is a FIFO
// on disk (opening it waits for a writer) is opened in the editor, its
// didOpen returns, the buffer (its frontmatter) makes it a passed-over
// skill file, and an edit after it gets its diagnostics.
func TestPassOverHoldsNoLock(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	const pdfSrc = "---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody.\n"
	pdf := w.open("project/.agents/skills/pdf/SKILL.md", "markdown", pdfSrc)
	w.diags(pdf, "the discovery's end", func(*protocol.PublishDiagnosticsParams) bool { return true })
	fifo := w.path("project/.claude/skills/q.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	t.Cleanup(func() { // a writer ends an open that waits on the FIFO; no later open finds it
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		os.Remove(fifo)
		if err == nil {
			f.Close()
		}
	})
	const src = "---\nname: q\ndescription: Quick answers.\n---\nBody.\n"
	type answer struct {
		err   error
		skill bool
	}
	opened := make(chan answer, 1)
	go func() { // a hang here would hang the test: it is bounded below
		err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: w.uri("project/.claude/skills/q.md"), LanguageID: "markdown", Version: 1, Text: src}})
		if err == nil { // the notification is sent; wait until the server has applied it
			for deadline := time.Now().Add(waitBound); w.srv.sess.Snapshot().Doc(fifo) == nil && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		}
		opened <- answer{err, err == nil && w.srv.sess.Snapshot().IsSkillPath(fifo, "markdown")}
	}()
	select {
	case a := <-opened:
		if a.err != nil {
			t.Fatal(a.err)
		}
		if !a.skill {
			t.Error("the open q.md, whose buffer opens a frontmatter, is not a skill file to the server")
		}
	case <-time.After(waitBound):
		t.Fatal("opening a .md file that is a FIFO on disk waits on the disk")
	}
	w.edit(pdf, 2, strings.Replace(pdfSrc, "description: Fill", "description: Use when: fill", 1))
	w.diags(pdf, "an edit's diagnostics after it", func(p *protocol.PublishDiagnosticsParams) bool {
		v, _ := p.Version.Get()
		return v == 2 && hasCode(p, "yaml-unquoted-colon")
	})
}
