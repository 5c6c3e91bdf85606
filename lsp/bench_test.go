package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// benchTree is a generated workspace: a project (with .git) whose bundles
// live under project/.agents/skills, and a home with user bundles under
// home/.agents/skills.
type benchTree struct {
	dir, project, home string
	files              []string // every SKILL.md, absolute
	broken             []string // the SKILL.md files with a defect
}

func benchSkillName(i int) string { return fmt.Sprintf("skill-%05d", i) }

// benchSkillText is the text of skill i; edit > 0 varies the description.
func benchSkillText(i, edit int) string {
	name := benchSkillName(i)
	desc := fmt.Sprintf("Handle task number %d, fill forms, convert files and report results.", i)
	if edit > 0 {
		desc += fmt.Sprintf(" Edit %d.", edit)
	}
	var b strings.Builder
	switch {
	case i%97 == 13: // broken: invalid name
		fmt.Fprintf(&b, "---\nname: Bad_Name %d\ndescription: %s\n---\n", i, desc)
	case i%97 == 29: // broken: no description
		fmt.Fprintf(&b, "---\nname: %s\n---\n", name)
	default:
		fmt.Fprintf(&b, "---\nname: %s\ndescription: %s\n---\n", name, desc)
	}
	fmt.Fprintf(&b, "# %s\n\nSteps for task %d.\n\n", name, i)
	if i%10 == 0 {
		b.WriteString("See [the guide](references/guide.md).\n")
	}
	if i%50 == 7 {
		b.WriteString("See [missing](scripts/nope.sh).\n") // broken link
	}
	return b.String()
}

// genBenchTree writes n skills under dir: even ones in the project, odd ones
// in the home, a few broken.
func genBenchTree(tb testing.TB, dir string, n int) benchTree {
	tb.Helper()
	t := benchTree{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write(filepath.Join(t.project, ".git", "HEAD"), "ref: refs/heads/main\n")
	os.MkdirAll(filepath.Join(t.home, ".agents", "skills"), 0o755)
	for i := range n {
		root := filepath.Join(t.project, ".agents", "skills")
		if i%2 == 1 {
			root = filepath.Join(t.home, ".agents", "skills")
		}
		bundle := filepath.Join(root, benchSkillName(i))
		p := filepath.Join(bundle, "SKILL.md")
		write(p, benchSkillText(i, 0))
		if i%10 == 0 {
			write(filepath.Join(bundle, "references", "guide.md"), "guide\n")
		}
		t.files = append(t.files, p)
		if i%97 == 13 || i%97 == 29 || i%50 == 7 {
			t.broken = append(t.broken, p)
		}
	}
	return t
}

// startBenchSession starts Serve over a pipe on the tree with the given
// diagnostics delay, initializes it with the project folder and (when
// wait) waits for the initial discovery.
func startBenchSession(tb testing.TB, tree benchTree, delay time.Duration, wait bool) *wsEnv {
	tb.Helper()
	e := newEnv(tb, envOptions{opts: session.Options{HomeDir: tree.home, DiagnosticsDelay: ptr(delay)}})
	w := &wsEnv{env: e, dir: tree.dir, project: tree.project, home: tree.home}
	w.initialize(nil, tree.project)
	if wait {
		w.waitLoaded()
	}
	return w
}

// waitPass waits for the first workspace-wide diagnostics pass (every
// broken file gets diagnostics from it), so that measurements see the
// steady state rather than the pass running alongside.
func waitPass(tb testing.TB, w *wsEnv, tree benchTree) {
	tb.Helper()
	want := uri.File(tree.broken[len(tree.broken)-1])
	w.client.waitFor(tb, "workspace pass", func() bool { return w.client.diagnostics[want] != nil })
}

// closeSession ends the session now (the env's cleanup then finds Serve
// already returned) and drops what it recorded so that later iterations do
// not carry it.
func closeSession(tb testing.TB, w *wsEnv) {
	tb.Helper()
	w.conn.Close()
	select {
	case err := <-w.done:
		w.done <- err // for the env's cleanup
	case <-time.After(waitBound):
		tb.Fatalf("Serve did not return")
	}
	w.client.mu.Lock()
	w.client.diagnostics = map[uri.URI]*protocol.PublishDiagnosticsParams{}
	w.client.publishes = nil
	w.client.logs = nil
	w.client.mu.Unlock()
	w.srv = nil
}

// heapSampler records the maximum HeapInuse while running.
type heapSampler struct {
	stop chan struct{}
	done chan struct{}
	max  uint64
}

func startHeapSampler() *heapSampler {
	h := &heapSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			h.max = max(h.max, ms.HeapInuse)
			select {
			case <-h.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

// report stops the sampler and reports the peak in MB.
func (h *heapSampler) report(b *testing.B) {
	close(h.stop)
	<-h.done
	b.ReportMetric(float64(h.max)/(1<<20), "peak-heap-MB")
}

var benchSizes = []int{1000, 10000}

// benchTrees generates one tree per size under the parent benchmark's temp
// dir (the parent runs once; its sub-benchmarks run several times).
func benchTrees(b *testing.B) map[int]benchTree {
	out := map[int]benchTree{}
	for _, n := range quietBenchSizes(b) {
		out[n] = genBenchTree(b, filepath.Join(b.TempDir(), "t"), n)
	}
	return out
}

// quietBenchSizes are benchSizes, or the comma-separated list of
// SKILL_LS_BENCH_SKILLS.
func quietBenchSizes(b *testing.B) []int {
	if os.Getenv("SKILL_LS_BENCH_SKILLS") == "" {
		return benchSizes
	}
	return startupBenchSizes(b)
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(p * float64(len(s)-1))
	return s[i]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BenchmarkStartupToFirstDiagnostics: spawn, initialize, initialized,
// didOpen of one (broken) skill file, until its first publishDiagnostics.
func BenchmarkStartupToFirstDiagnostics(b *testing.B) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			h := startHeapSampler()
			target := tree.broken[len(tree.broken)/2]
			text, err := os.ReadFile(target)
			if err != nil {
				b.Fatal(err)
			}
			var times []time.Duration
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				w := startBenchSession(b, tree, 150*time.Millisecond, false)
				u := uri.File(target)
				if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 1, Text: string(text)}}); err != nil {
					b.Fatal(err)
				}
				w.client.waitFor(b, "first diagnostics", func() bool { return w.client.diagnostics[u] != nil })
				times = append(times, time.Since(start))
				b.StopTimer()
				closeSession(b, w)
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(times, 0.5)), "median-ms")
			h.report(b)
		})
	}
}

// BenchmarkCompletion: a bare `/` completion in a chat buffer, over the
// wire; each op is 100 requests, p50/p99 are per request.
func BenchmarkCompletion(b *testing.B) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			h := startHeapSampler()
			w := startBenchSession(b, tree, 150*time.Millisecond, true)
			waitPass(b, w, tree)
			u := w.open("project/notes.chat.md", "markdown", "please run /")
			params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":12}}`, string(u))
			var times []time.Duration
			b.ResetTimer()
			for range b.N {
				for range 100 {
					start := time.Now()
					raw, err := w.call("textDocument/completion", params)
					times = append(times, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
					if len(raw) < 100 {
						b.Fatalf("completion = %s", raw)
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(times, 0.5)), "p50-ms")
			b.ReportMetric(ms(percentile(times, 0.99)), "p99-ms")
			h.report(b)
		})
	}
}

// BenchmarkEditToDiagnostics: didChange of one open skill file until its
// diagnostics for that version are published (production debounce).
func BenchmarkEditToDiagnostics(b *testing.B) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			h := startHeapSampler()
			w := startBenchSession(b, tree, 150*time.Millisecond, true)
			waitPass(b, w, tree)
			i := 2 * (n / 4) // an even (project) skill
			rel, _ := filepath.Rel(tree.dir, tree.files[i])
			u := w.open(filepath.ToSlash(rel), "markdown", benchSkillText(i, 0))
			versionIs := func(v int32) func(p *protocol.PublishDiagnosticsParams) bool {
				return func(p *protocol.PublishDiagnosticsParams) bool { got, ok := p.Version.Get(); return ok && got == v }
			}
			w.diags(u, "open diagnostics", versionIs(1))
			var times []time.Duration
			v := int32(1)
			b.ResetTimer()
			for range b.N {
				for range 20 {
					v++
					start := time.Now()
					w.edit(u, v, benchSkillText(i, int(v)))
					w.diags(u, "edit diagnostics", versionIs(v))
					times = append(times, time.Since(start))
				}
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(times, 0.5)), "median-ms")
			b.ReportMetric(ms(percentile(times, 0.99)), "p99-ms")
			h.report(b)
		})
	}
}

// benchNameRequest runs method on the name of a skill (with a chat buffer
// open that mentions it) and reports per-request figures.
func benchNameRequest(b *testing.B, method string, extra string, check func(json.RawMessage)) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			h := startHeapSampler()
			w := startBenchSession(b, tree, 150*time.Millisecond, true)
			i := 2 * (n / 3)
			name := benchSkillName(i)
			w.open("project/notes.chat.md", "markdown", "use /"+name+" then /skill:"+name+"\n")
			params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":1,"character":8}%s}`, string(uri.File(tree.files[i])), extra)
			var times []time.Duration
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				raw, err := w.call(method, params)
				times = append(times, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				check(raw)
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(times, 0.5)), "median-ms")
			b.ReportMetric(ms(percentile(times, 1)), "max-ms")
			h.report(b)
		})
	}
}

func BenchmarkReferences(b *testing.B) {
	benchNameRequest(b, "textDocument/references", `,"context":{"includeDeclaration":true}`, func(raw json.RawMessage) {
		var locs []protocol.Location
		if err := json.Unmarshal(raw, &locs); err != nil || len(locs) < 2 {
			b.Fatalf("references = %s (%v)", raw, err)
		}
	})
}

func BenchmarkRename(b *testing.B) {
	benchNameRequest(b, "textDocument/rename", `,"newName":"renamed-skill"`, func(raw json.RawMessage) {
		if !strings.Contains(string(raw), "renamed-skill") {
			b.Fatalf("rename = %s", raw)
		}
	})
}

// BenchmarkPeakHeap loads the tree, runs the workspace-wide pass (its
// publishes reach the client) and reports the peak HeapInuse.
func BenchmarkPeakHeap(b *testing.B) {
	trees := benchTrees(b)
	for _, n := range quietBenchSizes(b) {
		tree := trees[n]
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			runtime.GC()
			h := startHeapSampler()
			for range b.N {
				w := startBenchSession(b, tree, 150*time.Millisecond, true)
				// Every broken file gets its diagnostics from the first pass.
				want := uri.File(tree.broken[len(tree.broken)-1])
				w.client.waitFor(b, "workspace pass", func() bool { return w.client.diagnostics[want] != nil })
				w.command(cmdListSkills, nil) // one full listing, as an editor's picker asks
				b.StopTimer()
				closeSession(b, w)
				b.StartTimer()
			}
			h.report(b)
		})
	}
}
