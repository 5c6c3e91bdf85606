package lsp

import (
	"errors"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestHoverDuringRebuild: while the views asked for by a settings change
// are being built (held here on a gate, as a slow disk would hold them),
// hover and completion sent through the real server over its pipe are
// answered, from the old settings and views; the new ones arrive once the
// build is released. Issue 39, point 2: the build runs on the session's
// own goroutine, not on the read loop.
func TestHoverDuringRebuild(t *testing.T) {
	w := newWorkspaceEnvWith(t, workspaceTxtar, nil, session.Options{})
	u := w.open("project/.agents/skills/pdf/SKILL.md", "markdown", "---\nname: pdf\ndescription: Fill PDF forms.\n---\n# PDF\n")
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once // a watcher's batch may build views again
	w.srv.sess.ViewsBuilding = func() {
		once.Do(func() { close(entered) })
		<-release
	}
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()
	before := w.srv.sess.Snapshot()
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"profile":"agentskills"}}}`)
	select {
	case <-entered:
	case <-time.After(waitBound):
		t.Fatal("the settings change never built views")
	}

	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 2}}
	answered := make(chan error, 1)
	go func() {
		h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: pos})
		if err == nil && h == nil {
			err = errors.New("no hover")
		}
		if err == nil {
			_, err = w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: pos})
		}
		answered <- err
	}()
	// A bound for a server that hangs (its read loop stuck in the build),
	// not a speed target: BenchmarkHoverDuringRebuild measures.
	select {
	case err := <-answered:
		if err != nil {
			t.Fatalf("hover and completion during the build: %v", err)
		}
	case <-time.After(waitBound):
		t.Fatal("hover and completion not answered while the views are built")
	}
	if st := w.srv.sess.Snapshot(); st.Discovered() != before.Discovered() || st.Settings.Profile != before.Settings.Profile {
		t.Errorf("during the build: views replaced %v, profile %q; want the old state, whole", st.Discovered() != before.Discovered(), st.Settings.Profile)
	}

	released = true
	close(release)
	w.waitLoaded()
	if st := w.srv.sess.Snapshot(); st.Discovered() == before.Discovered() || st.Settings.Profile != "agentskills" {
		t.Errorf("after the build: views replaced %v, profile %q; want the new views with agentskills", st.Discovered() != before.Discovered(), st.Settings.Profile)
	}
}

// settled waits until the views asked for by the changes sent so far are
// built and discovered: settings and folders apply with their views, on
// the session's builder.
func (e *env) settled() {
	e.t.Helper()
	e.barrier() // the changes just sent, not only those the server ran
	if _, err := e.srv.sess.LoadedSnapshot(e.ctx); err != nil {
		e.t.Fatalf("views: %v", err)
	}
}
