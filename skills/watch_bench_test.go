package skills_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"github.com/skill-ls/skill-ls/skills/watch"
)

// The live-root benchmarks (issue 4):
//
//	go test -run '^$' -bench 'DiskChange|Checkout|Watch' -benchtime 5x ./skills/
//
// BenchmarkDiskChange: one skill file rewritten on disk, then what the
// server does once the watcher's batch arrives (debounce excluded): Apply
// the change to a lean snapshot, as the server holds, and diagnose that
// file with the per-keystroke options, as the server does before its next
// workspace-wide pass. It runs on SKILL_LS_BENCH_CORPUS or SKILL_LS_BENCH_SKILLS
// (skilltest.BenchCorpus; 10,000 skills by default), and puts the file
// back when it is done. BenchmarkCheckout: 5,000 skill files
// rewritten at once (a git checkout), delivered as one batch: one Apply and
// one full diagnostics pass. BenchmarkWatch: the watches and the memory the
// fsnotify watcher needs for the whole corpus.

func BenchmarkDiskChange(b *testing.B) {
	c := skilltest.BenchCorpus(b)
	roots := discovery.Roots(c.RootOptions())
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	snap, err := ws.Load(b.Context())
	if err != nil {
		b.Fatal(err)
	}
	files := snap.Files()
	target := files[len(files)/2].Path
	orig, err := os.ReadFile(target)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.WriteFile(target, orig, 0o644) })
	var times []time.Duration
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		src := bytes.Replace(orig, []byte("description:"), fmt.Appendf(nil, "description: v%d", i), 1)
		if err := os.WriteFile(target, src, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := time.Now()
		snap := ws.Apply(b.Context(), skills.Change{Kind: skills.ChangeDisk, Path: target})
		_ = diagnostics.RunFile(snap, target, diagnostics.Options{Quick: true}) // as the server does at once
		times = append(times, time.Since(t0))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
}

func BenchmarkCheckout(b *testing.B) {
	c := corpus(b, 10000)
	roots := discovery.Roots(c.RootOptions())
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	if _, err := ws.Load(b.Context()); err != nil {
		b.Fatal(err)
	}
	files := c.SkillFiles[:5000]
	origs := make([][]byte, len(files))
	for i, f := range files {
		origs[i], _ = os.ReadFile(f)
	}
	round := 0
	for b.Loop() {
		b.StopTimer()
		round++
		changes := make([]skills.Change, len(files))
		for i, f := range files {
			src := append(slices.Clone(origs[i]), fmt.Appendf(nil, "\nCheckout %d.\n", round)...)
			if err := os.WriteFile(f, src, 0o644); err != nil {
				b.Fatal(err)
			}
			changes[i] = skills.Change{Kind: skills.ChangeDisk, Path: f}
		}
		b.StartTimer()
		snap := ws.Apply(b.Context(), changes...)
		_ = diagnostics.Run(context.Background(), snap, diagnostics.Options{})
	}
}

func BenchmarkWatch(b *testing.B) {
	c := corpus(b, 10000)
	roots := discovery.Roots(c.RootOptions())
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		w, err := watch.New(roots, watch.Options{})
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(w.WatchCount()), "watches")
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MB")
		w.Close()
	}
}
