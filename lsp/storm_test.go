package lsp

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestOpenCloseStormIsLinear: 2,000 skill files opened then closed
// without waiting (an editor's session restore, its "close all"), then a
// hover (issue 38, point 10). Each didOpen and didClose must cost what
// its own file costs, not a copy of every open document nor work over
// every open file: a storm of 2,000 allocates per message about what a
// storm of 500 does (the time it takes is BenchmarkOpenCloseStorm's).
// After it the hover answers, a closed file has the disk's diagnostics
// again, and a file opened in the storm and left open has its buffer's.
func TestOpenCloseStormIsLinear(t *testing.T) {
	const n = 2000
	tree := genBenchTree(t, t.TempDir(), n+1)
	texts := make([]string, n+1)
	for i := range texts {
		texts[i] = benchSkillText(i, 1)
	}
	const healed, kept = 2, n // valid on disk, invalid in the buffer
	for _, i := range []int{healed, kept} {
		texts[i] = strings.Replace(texts[i], "name: "+benchSkillName(i), "name: Bad_Name", 1)
	}
	// An hour's quiet delay: once the first workspace-wide pass is out,
	// none runs during the test, whose allocations are the messages'.
	e := newEnv(t, envOptions{opts: session.Options{HomeDir: tree.home, DiagnosticsDelay: ptr(time.Hour)}, queueWrites: true})
	w := &wsEnv{env: e, dir: tree.dir, project: tree.project, home: tree.home}
	w.initialize(nil, tree.project)
	w.waitLoaded()
	waitPass(t, w, tree)
	storm := func(files, texts []string, keep int) uint64 {
		before := allocatedBytes()
		stormAndHover(t, w, files, texts, keep)
		waitUrgentDone(t, w)
		return allocatedBytes() - before
	}
	few := storm(tree.files[:500], texts[:500], 0)
	many := storm(tree.files, texts, 1)
	fewPer, manyPer := few/1000, many/(2*n+1)
	if manyPer > 2*fewPer {
		t.Errorf("a storm of %d files allocates %d bytes a message, one of 500 %d", n, manyPer, fewPer)
	}
	w.client.mu.Lock()
	defer w.client.mu.Unlock()
	if p := w.client.diagnostics[uri.File(tree.files[healed])]; p != nil && (isVersioned(p) || hasCode(p, "name-invalid")) {
		t.Errorf("%s, closed: its last diagnostics are its buffer's: %+v", tree.files[healed], p)
	}
	if p := w.client.diagnostics[uri.File(tree.files[kept])]; p == nil || !isVersioned(p) || !hasCode(p, "name-invalid") {
		t.Errorf("%s, open: its buffer's diagnostics were not published: %+v", tree.files[kept], p)
	}
}

// waitUrgentDone waits until no request runs and every change's own
// diagnostics are out (see urgent).
func waitUrgentDone(t *testing.T, w *wsEnv) {
	t.Helper()
	idle := w.srv.sess.Urgent.Holding()
	if idle == nil {
		return
	}
	select {
	case <-idle:
	case <-time.After(waitBound):
		t.Fatal("the changes' diagnostics are not out")
	}
}

// allocatedBytes returns the bytes this process has allocated so far.
func allocatedBytes() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// isVersioned reports whether a publish is of an open buffer's version.
func isVersioned(p *protocol.PublishDiagnosticsParams) bool {
	_, ok := p.Version.Get()
	return ok
}
