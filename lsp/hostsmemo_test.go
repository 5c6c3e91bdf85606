package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestLensStormBuildsTheMatrixOnce: an editor opening n skill files asks
// for a code lens on each right after its didOpen (the Neovim module
// does; issue 38, point 10). The hosts' matrix walks every host's folders
// and parses their files: a buffer opened with the disk's bytes changes
// nothing it reads, so the storm builds it once, and an edit of a
// description builds it again.
func TestLensStormBuildsTheMatrixOnce(t *testing.T) {
	const n = 100
	w, tree, builds := startCountingSession(t, n, nil)
	lens := func(p string) string {
		raw, err := w.call("textDocument/codeLens", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, string(uri.File(p))))
		if err != nil || !strings.Contains(string(raw), "Codex") {
			t.Fatalf("code lens of %s = %s (%v)", p, raw, err)
		}
		return string(raw)
	}
	for i, p := range tree.files {
		w.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"markdown","version":1,"text":%q}}`, string(uri.File(p)), benchSkillText(i, 0)))
		lens(p)
	}
	if got := builds.Load(); got != 1 {
		t.Errorf("%d files opened with the disk's bytes, a code lens on each: the hosts' matrix was built %d times, want 1", n, got)
	}
	edited := tree.files[4]
	w.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":2},"contentChanges":[{"text":%q}]}`,
		string(uri.File(edited)), strings.Replace(benchSkillText(4, 0), "description: ", "description: x", 1)))
	lens(edited)
	if got := builds.Load(); got != 2 {
		t.Errorf("after a description's edit, %d builds of the hosts' matrix, want 2", got)
	}
}

// startCountingSession starts a session on a tree of n skill files with
// the Codex and Claude Code hosts selected, whose hosts' matrix builds are
// counted; hold, when set, runs before the first. No watcher: its
// catch-up batches when it starts watching the linked folders
// (skills.ChangeLinks) land at any time after the discovery, each a new
// content generation, which a build of its own then rightly serves; the
// tests count the builds of the editor's changes alone.
func startCountingSession(t *testing.T, n int, hold func()) (*wsEnv, benchTree, *atomic.Int32) {
	t.Helper()
	tree := genBenchTree(t, filepath.Join(t.TempDir(), "t"), n)
	opts := session.Options{HomeDir: tree.home, DiagnosticsDelay: ptr(time.Hour), DisableWatch: true}
	e := newEnv(t, envOptions{opts: opts, queueWrites: true})
	w := &wsEnv{env: e, dir: tree.dir, project: tree.project, home: tree.home}
	builds := new(atomic.Int32)
	w.srv.buildMatrix = func(ctx context.Context, snap *skills.Snapshot, opts diagnostics.Options) (*hosts.Matrix, error) {
		if builds.Add(1) == 1 && hold != nil {
			hold()
		}
		return diagnostics.HostMatrix(ctx, snap, opts)
	}
	w.initialize(map[string]any{"hosts": []string{"codex", "claude"}}, tree.project)
	w.waitLoaded()
	return w, tree, builds
}

// TestConcurrentLensesShareABuild: the lenses of TestLensStormBuildsTheMatrixOnce
// asked without waiting, on buffers that differ from the disk, so that
// each request holds a content one open newer than the one before. The
// requests share the build under way, then one build of the newest
// snapshot, instead of one build each. The first build lasts until every
// didOpen is in, so that every other request arrives during it.
func TestConcurrentLensesShareABuild(t *testing.T) {
	const n = 100 // under maxUnanswered: the read loop never waits for the calls
	release := make(chan struct{})
	w, tree, builds := startCountingSession(t, n, func() { <-release })
	var wg sync.WaitGroup
	for i, p := range tree.files {
		params := protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri.File(p), LanguageID: "markdown", Version: 1, Text: benchSkillText(i, 1)}}
		if err := w.conn.Notify(w.ctx, "textDocument/didOpen", &params); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			raw, err := w.call("textDocument/codeLens", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, string(uri.File(p))))
			if err != nil || !strings.Contains(string(raw), "Codex") {
				t.Errorf("code lens of %s = %s (%v)", p, raw, err)
			}
		})
		time.Sleep(time.Millisecond) // paced like an editor's :edit loop: each request takes its snapshot before the next didOpen
	}
	for deadline := time.Now().Add(waitBound); w.srv.sess.Snapshot().Docs.Len() < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%d of %d didOpen applied", w.srv.sess.Snapshot().Docs.Len(), n)
			break
		}
	}
	close(release)
	wg.Wait()
	raw, err := w.call("textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":1,"character":8}}`, string(uri.File(tree.files[n/2]))))
	if err != nil || !strings.Contains(string(raw), "**Hosts**") {
		t.Errorf("hover = %s (%v)", raw, err)
	}
	if got := builds.Load(); got > 2 {
		t.Errorf("%d code lenses and a hover built the hosts' matrix %d times, want at most 2", n, got)
	}
}
