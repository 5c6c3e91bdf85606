package lsp

import (
	"fmt"
	"os"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// BenchmarkHoverDuringRebuild: a settings change asks for new views (a
// config read, .git and the other hosts' folders looked at, then a new
// discovery), and a hover sent right behind it on the wire; the latency is
// the hover's, p50/p99 over the ops (target 250 ms on 10k skills,
// docs/performance.md). Each op waits, untimed, for the new views.
func BenchmarkHoverDuringRebuild(b *testing.B) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			w := startBenchSession(b, tree, 150*time.Millisecond, true)
			waitPass(b, w, tree)
			target := tree.broken[len(tree.broken)/2]
			text, err := os.ReadFile(target)
			if err != nil {
				b.Fatal(err)
			}
			u := uri.File(target)
			if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 1, Text: string(text)}}); err != nil {
				b.Fatal(err)
			}
			params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":1,"character":2}}`, string(u))
			settings := []string{`{"settings":{"skillLs":{"profile":"agentskills"}}}`, `{"settings":{"skillLs":{}}}`}
			var times []time.Duration
			b.ResetTimer()
			for i := range b.N {
				w.notify("workspace/didChangeConfiguration", settings[i%2])
				start := time.Now()
				if _, err := w.call("textDocument/hover", params); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				b.StopTimer()
				if _, err := w.srv.sess.LoadedSnapshot(w.ctx); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(times, 0.5)), "p50-ms")
			b.ReportMetric(ms(percentile(times, 0.99)), "p99-ms")
		})
	}
}
