package lsp

// bench_startup_test.go: the user's keystrokes while the server is busy
// with its startup work (issue 14, points 3 and 4): completion and an
// edit's own diagnostics while the first workspace-wide diagnostics pass
// runs, and completion and diagnostics before the discovery ends.
//
// They run at 10,000 skills; SKILL_LS_BENCH_SKILLS=10000,100000 picks
// other sizes (the tree is generated once per size, as bench_test.go does).
// Run them with a few iterations, each one a whole startup:
//
//	go test ./lsp -run '^$' -bench 'DuringStartup|BeforeDiscovery' -benchtime 3x

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// startupBenchSizes are the sizes of the startup benchmarks: 10,000, or
// the comma-separated list of SKILL_LS_BENCH_SKILLS.
func startupBenchSizes(b *testing.B) []int {
	env := os.Getenv("SKILL_LS_BENCH_SKILLS")
	if env == "" {
		return []int{10000}
	}
	var out []int
	for f := range strings.SplitSeq(env, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 100 {
			b.Fatalf("SKILL_LS_BENCH_SKILLS=%q: want sizes of at least 100, comma-separated", env)
		}
		out = append(out, n)
	}
	return out
}

// startupTrees generates one tree per startup size.
func startupTrees(b *testing.B) ([]int, map[int]benchTree) {
	sizes := startupBenchSizes(b)
	out := map[int]benchTree{}
	for _, n := range sizes {
		out[n] = genStartupTree(b, filepath.Join(b.TempDir(), "t"), n)
	}
	return sizes, out
}

// startupSkillText is skill i of a startup tree: benchSkillText with a
// body of about 4 KB (headings, steps, a code block), the size of the
// skills people write, so that the startup pass does the work it does on
// real trees (the links of every body are found, say).
func startupSkillText(i, edit int) string {
	var b strings.Builder
	b.WriteString(benchSkillText(i, edit))
	words := []string{"archive", "report", "schema", "deploy", "invoice", "cluster", "metric", "review", "migrate", "export"}
	for step := range 8 {
		fmt.Fprintf(&b, "\n## Step %d\n\n", step+1)
		for line := range 4 {
			w := words[(i+step*3+line)%len(words)]
			fmt.Fprintf(&b, "Check the %s of task %d before step %d: read the inputs, compare them with the %s notes and write what changed to the log.\n", w, i, step+1, words[(i+line)%len(words)])
		}
	}
	fmt.Fprintf(&b, "\n```sh\nrun-task --id %d --out report-%d.json\n```\n", i, i)
	return b.String()
}

// genStartupTree writes n skills under dir as genBenchTree does, with the
// texts of startupSkillText.
func genStartupTree(tb testing.TB, dir string, n int) benchTree {
	tb.Helper()
	t := genBenchTree(tb, dir, n)
	for i, p := range t.files {
		if err := os.WriteFile(p, []byte(startupSkillText(i, 0)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

// firstPassDone returns a test of whether the first workspace-wide pass has
// published: every broken file of the tree has diagnostics.
func firstPassDone(w *wsEnv, tree benchTree) func() bool {
	us := make([]uri.URI, len(tree.broken))
	for i, p := range tree.broken {
		us[i] = uri.File(p)
	}
	next := 0 // the broken files before next have been seen
	return func() bool {
		w.client.mu.Lock()
		defer w.client.mu.Unlock()
		for next < len(us) {
			if p := w.client.diagnostics[us[next]]; p == nil || len(p.Diagnostics) == 0 {
				return false
			}
			next++
		}
		return true
	}
}

// latencies collects per-request times and reports p50, p99 and max.
type latencies struct {
	times []time.Duration
}

func (l *latencies) add(d time.Duration) { l.times = append(l.times, d) }

func (l *latencies) report(b *testing.B, runs int) {
	b.ReportMetric(ms(percentile(l.times, 0.5)), "p50-ms")
	b.ReportMetric(ms(percentile(l.times, 0.99)), "p99-ms")
	b.ReportMetric(ms(percentile(l.times, 1)), "max-ms")
	b.ReportMetric(float64(len(l.times))/float64(max(runs, 1)), "samples/op")
}

// typingGap is the time between two keystrokes of the simulated user.
const typingGap = 10 * time.Millisecond

// startupSession starts a session on the tree, runs open (documents
// opened before the discovery ends) and waits until the discovery has
// ended and the first workspace-wide pass has started (the quiet delay
// after the discovery).
func startupSession(b *testing.B, tree benchTree, open func(w *wsEnv)) *wsEnv {
	const delay = 150 * time.Millisecond // the default diagnosticsDelay
	w := startBenchSession(b, tree, delay, false)
	open(w)
	w.waitLoaded()
	time.Sleep(delay + 20*time.Millisecond)
	return w
}

// benchDuringStartup runs, on each startup size, one startup per op:
// open opens documents before the discovery ends and returns the user's
// keystroke, which runs every typingGap from the start of the first
// workspace-wide pass until it has published; it reports p50/p99/max per
// keystroke.
func benchDuringStartup(b *testing.B, open func(w *wsEnv, tree benchTree, n int) (keystroke func(b *testing.B))) {
	sizes, trees := startupTrees(b)
	for _, n := range sizes {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			var l latencies
			b.ResetTimer()
			for range b.N {
				var keystroke func(*testing.B)
				w := startupSession(b, tree, func(w *wsEnv) { keystroke = open(w, tree, n) })
				for done := firstPassDone(w, tree); !done(); {
					start := time.Now()
					keystroke(b)
					l.add(time.Since(start))
					time.Sleep(typingGap)
				}
				b.StopTimer()
				closeSession(b, w)
				b.StartTimer()
			}
			b.StopTimer()
			l.report(b, b.N)
		})
	}
}

// BenchmarkCompletionDuringStartup: a bare `/` completion in a chat buffer,
// answered.
func BenchmarkCompletionDuringStartup(b *testing.B) {
	benchDuringStartup(b, func(w *wsEnv, _ benchTree, _ int) func(*testing.B) {
		u := w.open("project/notes.chat.md", "markdown", "please run /")
		params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":12}}`, string(u))
		return func(b *testing.B) {
			raw, err := w.call("textDocument/completion", params)
			if err != nil {
				b.Fatal(err)
			}
			if len(raw) < 100 {
				b.Fatalf("completion = %s", raw)
			}
		}
	})
}

// BenchmarkEditDuringStartup: didChange of one open skill file, until the
// file's diagnostics for that version are published.
func BenchmarkEditDuringStartup(b *testing.B) {
	benchDuringStartup(b, func(w *wsEnv, tree benchTree, n int) func(*testing.B) {
		i := 2 * (n / 4) // an even (project) skill
		rel, _ := filepath.Rel(tree.dir, tree.files[i])
		u := w.open(filepath.ToSlash(rel), "markdown", startupSkillText(i, 0))
		v := int32(1)
		return func(*testing.B) {
			v++
			w.edit(u, v, startupSkillText(i, int(v)))
			w.diags(u, "edit diagnostics", func(p *protocol.PublishDiagnosticsParams) bool {
				got, ok := p.Version.Get()
				return ok && got == v
			})
		}
	})
}

// BenchmarkOpenBeforeDiscovery: a skill file with mistakes of its own
// (an invalid name), opened right after initialized, until its first
// diagnostics are published; each op is one startup. The discovery of the
// tree takes far longer: the file's own diagnostics come before it ends.
func BenchmarkOpenBeforeDiscovery(b *testing.B) {
	sizes, trees := startupTrees(b)
	for _, n := range sizes {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			var l latencies
			i := 13 // i%97 == 13: an invalid name
			b.ResetTimer()
			for range b.N {
				w := startBenchSession(b, tree, 150*time.Millisecond, false)
				u := uri.File(tree.files[i])
				start := time.Now()
				if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 1, Text: startupSkillText(i, 0)}}); err != nil {
					b.Fatal(err)
				}
				w.diags(u, "own diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
				l.add(time.Since(start))
				b.StopTimer()
				w.waitLoaded()
				closeSession(b, w)
				b.StartTimer()
			}
			b.StopTimer()
			l.report(b, b.N)
		})
	}
}
