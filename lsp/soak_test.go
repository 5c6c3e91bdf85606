package lsp

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestSoak runs mixed editor edits, disk churn (rewrites, new and deleted
// bundles, seen through the real fsnotify watcher) and requests (completion,
// hover, previews) against a generated workspace, then checks that memory
// and goroutines are back near their baseline and that the server's view
// equals a cold discovery of the final tree.
//
// make test runs a short version (SKILL_LS_SLOW=1). The long one:
//
//	SKILL_LS_SOAK=30m SKILL_LS_SOAK_SKILLS=10000 go test -run TestSoak -timeout 40m -v ./lsp
func TestSoak(t *testing.T) {
	duration := 3 * time.Second
	if os.Getenv("SKILL_LS_SOAK") == "" && os.Getenv("SKILL_LS_SLOW") == "" {
		t.Skip("slow: runs with SKILL_LS_SLOW=1 (make test sets it) or SKILL_LS_SOAK")
	}
	if s := os.Getenv("SKILL_LS_SOAK"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("SKILL_LS_SOAK: %v", err)
		}
		duration = d
	}
	n := 400
	if s := os.Getenv("SKILL_LS_SOAK_SKILLS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	tree := genBenchTree(t, t.TempDir(), n)
	e := newEnv(t, envOptions{opts: session.Options{HomeDir: tree.home, DiagnosticsDelay: ptr(20 * time.Millisecond)}})
	w := &wsEnv{env: e, dir: tree.dir, project: tree.project, home: tree.home}
	w.initialize(nil, tree.project)
	w.waitLoaded()
	waitPass(t, w, tree)

	w.client.forget()
	memBaseline, goBaseline := settledMemory()
	chat := w.open("project/soak.chat.md", "markdown", "run /skill-0")
	rng := rand.New(rand.NewPCG(7, 11))
	open := map[int]int32{} // skill index -> version
	var openOrder []int     // like an editor, at most maxOpen skill tabs
	const maxOpen = 20
	created := 0
	ops := map[string]int{}
	deadline := time.Now().Add(duration)
	sampleEvery, lastSample := duration/10, time.Now()
	var samples []string
	for time.Now().Before(deadline) {
		if time.Since(lastSample) >= sampleEvery {
			lastSample = time.Now()
			w.client.forget()
			heap, gs := settledMemory()
			samples = append(samples, fmt.Sprintf("%.1f MB/%d", float64(heap)/(1<<20), gs))
		}
		i := rng.IntN(n)
		switch op := rng.IntN(10); {
		case op < 3: // type into an open skill file
			v := open[i] + 1
			open[i] = v
			rel, _ := filepath.Rel(tree.dir, tree.files[i])
			if v == 1 {
				w.open(filepath.ToSlash(rel), "markdown", benchSkillText(i, int(v)))
				openOrder = append(openOrder, i)
				if len(openOrder) > maxOpen {
					oldest := openOrder[0]
					openOrder = openOrder[1:]
					delete(open, oldest)
					w.server.DidClose(w.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(tree.files[oldest])}})
					ops["close"]++
				}
			} else {
				w.edit(w.uri(filepath.ToSlash(rel)), v, benchSkillText(i, int(v)))
			}
			ops["edit"]++
		case op < 5: // rewrite on disk
			os.WriteFile(tree.files[i], []byte(benchSkillText(i, rng.IntN(1000)+1)), 0o644)
			ops["disk-write"]++
		case op < 6: // a bundle appears or goes
			created++
			dir := filepath.Join(tree.project, ".agents", "skills", fmt.Sprintf("soak-%d", created%20))
			if _, err := os.Stat(dir); err == nil {
				os.RemoveAll(dir)
				ops["disk-delete"]++
			} else {
				os.MkdirAll(dir, 0o755)
				os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(fmt.Sprintf("---\nname: soak-%d\ndescription: churn\n---\n", created%20)), 0o644)
				ops["disk-create"]++
			}
		case op < 8:
			if _, err := w.call("textDocument/completion", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":12}}`, string(chat))); err != nil {
				t.Fatalf("completion: %v", err)
			}
			ops["completion"]++
		case op < 9:
			if _, err := w.call("textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":6}}`, string(chat))); err != nil {
				t.Fatalf("hover: %v", err)
			}
			ops["hover"]++
		default:
			w.command(cmdPreviewCatalog, nil)
			ops["preview"]++
		}
	}
	// Close every buffer: the disk counts again everywhere.
	for i := range open {
		w.server.DidClose(w.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(tree.files[i])}})
	}
	w.server.DidClose(w.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: chat}})

	// The server's registry must converge to a cold discovery of the tree.
	roots := discovery.Roots(discovery.RootOptions{Cwd: tree.project, HomeDir: tree.home, Getenv: func(string) string { return "" }})
	converged := time.Now().Add(waitBound)
	for {
		cold, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(render.NewReportWith(cold, render.ReportOptions{Reason: func(f *skillfile.File) string {
			return diagnostics.DropMessage(cold, f, diagnostics.Options{Quick: true})
		}, Summary: func(f *skillfile.File) string { return diagnostics.DropSummary(cold, f) }}))
		var live render.Report
		json.Unmarshal(w.command(cmdListSkills, nil), &live)
		got, _ := json.Marshal(live)
		if string(got) == string(want) {
			break
		}
		if time.Now().After(converged) {
			t.Fatalf("after the soak the server's skills differ from a cold discovery:\n%s", firstDifference(got, want))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Memory and goroutines return near the baseline.
	w.client.forget()
	var memAfter uint64
	var goAfter int
	settle := time.Now().Add(waitBound)
	for {
		memAfter, goAfter = settledMemory()
		if goAfter <= goBaseline+2 && memAfter <= memBaseline*3/2+(16<<20) {
			break
		}
		if time.Now().After(settle) {
			t.Fatalf("no return to baseline: heap %d -> %d MB, goroutines %d -> %d; during the run: %v", memBaseline>>20, memAfter>>20, goBaseline, goAfter, samples)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if p := os.Getenv("SKILL_LS_SOAK_HEAPPROFILE"); p != "" {
		if f, err := os.Create(p); err == nil {
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	t.Logf("%s, %d skills: ops %v; heap %.1f -> %.1f MB; goroutines %d -> %d; heap/goroutines during the run: %v", duration, n, ops, float64(memBaseline)/(1<<20), float64(memAfter)/(1<<20), goBaseline, goAfter, samples)
}

// firstDifference shows where two encodings part, with some context.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("live: …%s\ncold: …%s", got[from:min(len(got), i+200)], want[from:min(len(want), i+200)])
}

// settledMemory returns the live heap after a GC and the goroutine count.
func settledMemory() (uint64, int) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, runtime.NumGoroutine()
}
