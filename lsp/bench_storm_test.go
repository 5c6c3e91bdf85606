package lsp

// bench_storm_test.go: an open/close storm (issue 38, point 10): an
// editor's "close all", or a session restore, sends a didOpen for each of
// n skill files, then a didClose for each, without waiting; the user's
// next hover waits for all of them. Run it with
//
//	go test ./lsp -run '^$' -bench OpenCloseStorm -benchtime 3x
//
// SKILL_LS_STORM_FILES=750,1500 picks other sizes.

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// stormSizes are the sizes of the storm benchmark: 500, 1,000 and 2,000
// files, or the comma-separated list of SKILL_LS_STORM_FILES.
func stormSizes(b *testing.B) []int {
	env := os.Getenv("SKILL_LS_STORM_FILES")
	if env == "" {
		return []int{500, 1000, 2000}
	}
	var out []int
	for f := range strings.SplitSeq(env, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("SKILL_LS_STORM_FILES=%q: want positive sizes, comma-separated", env)
		}
		out = append(out, n)
	}
	return out
}

// BenchmarkOpenCloseStorm opens every skill file of a tree of n, closes
// them all, then asks for a hover: hover-ms is the time from the last
// didClose sent to the hover's answer (the goal: under 500 ms at 2,000
// files), cpu-s the process's CPU time from the first didOpen to it.
func BenchmarkOpenCloseStorm(b *testing.B) {
	for _, n := range stormSizes(b) {
		tree := genBenchTree(b, filepath.Join(b.TempDir(), "t"), n)
		texts := make([]string, n)
		for i := range n {
			texts[i] = benchSkillText(i, 0)
		}
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			var hovers, cpus []time.Duration
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				w := startStormSession(b, tree)
				b.StartTimer()
				cpu0 := processCPU()
				hover := stormAndHover(b, w, tree.files, texts, 0)
				cpus = append(cpus, processCPU()-cpu0)
				hovers = append(hovers, hover)
				b.StopTimer()
				closeSession(b, w)
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(hovers, 0.5)), "hover-ms")
			b.ReportMetric(percentile(cpus, 0.5).Seconds(), "cpu-s")
		})
	}
}

// startStormSession starts a session on tree whose client queues its
// writes, and waits for its first workspace-wide pass.
func startStormSession(tb testing.TB, tree benchTree) *wsEnv {
	tb.Helper()
	e := newEnv(tb, envOptions{opts: session.Options{HomeDir: tree.home, DiagnosticsDelay: ptr(150 * time.Millisecond)}, queueWrites: true})
	w := &wsEnv{env: e, dir: tree.dir, project: tree.project, home: tree.home}
	w.initialize(nil, tree.project)
	w.waitLoaded()
	waitPass(tb, w, tree)
	return w
}

// stormAndHover sends a didOpen of each of files with its text, then a
// didClose of each but the last keep, without waiting, then a hover on a
// skill's name; it returns the time from the last didClose sent to the
// hover's answer.
func stormAndHover(tb testing.TB, w *wsEnv, files, texts []string, keep int) time.Duration {
	tb.Helper()
	for i, p := range files {
		params := protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri.File(p), LanguageID: "markdown", Version: 1, Text: texts[i]}}
		if err := w.conn.Notify(w.ctx, "textDocument/didOpen", &params); err != nil {
			tb.Fatal(err)
		}
	}
	for _, p := range files[:len(files)-keep] {
		params := protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(p)}}
		if err := w.conn.Notify(w.ctx, "textDocument/didClose", &params); err != nil {
			tb.Fatal(err)
		}
	}
	last := time.Now()
	target := files[len(files)/2]
	raw, err := w.call("textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":1,"character":8}}`, string(uri.File(target))))
	took := time.Since(last)
	if err != nil || !strings.Contains(string(raw), "skill-") {
		tb.Fatalf("hover = %s (%v)", raw, err)
	}
	return took
}

// queuedConn is a connection whose writes return at once: they queue and
// a goroutine writes them in order, as an editor's messages wait in its
// own queue and the pipe to the server, not in the editor's code.
type queuedConn struct {
	net.Conn
	mu     sync.Mutex
	queue  [][]byte
	wake   chan struct{} // capacity 1
	closed bool
}

func newQueuedConn(c net.Conn) *queuedConn {
	q := &queuedConn{Conn: c, wake: make(chan struct{}, 1)}
	go q.flush()
	return q
}

// Write queues a copy of p.
func (q *queuedConn) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return 0, net.ErrClosed
	}
	q.queue = append(q.queue, append([]byte(nil), p...))
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return len(p), nil
}

// Close closes the connection; what is still queued is dropped.
func (q *queuedConn) Close() error {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return q.Conn.Close()
}

// flush writes the queue in order until the connection closes.
func (q *queuedConn) flush() {
	for range q.wake {
		q.mu.Lock()
		batch, closed := q.queue, q.closed
		q.queue = nil
		q.mu.Unlock()
		if closed {
			return
		}
		for _, p := range batch {
			if _, err := q.Conn.Write(p); err != nil {
				return
			}
		}
	}
}
