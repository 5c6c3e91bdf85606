package skills_test

import (
	"fmt"
	"os"
	"runtime/trace"
	"slices"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// BenchmarkEditFastPath is the engine's share of one keystroke in the
// language server: Apply the new text of an open skill file to a
// lean snapshot of the whole tree, then RunFile with the per-keystroke
// options. Its cost must not grow with the tree (issue 14: an edit's
// diagnostics p99 ≤ 20 ms at 100,000 skills):
//
//	go test -run '^$' -bench EditFastPath ./skills
//	SKILL_LS_BENCH_CORPUS=~/.cache/skill-ls-bench/corpus-100000-seed1 go test -run '^$' -bench EditFastPath ./skills
//
// SKILL_LS_BENCH_CORPUS names a corpus written by skilltest.WriteCorpus
// (the one scripts/bench.sh caches); else one of SKILL_LS_BENCH_SKILLS
// skills (default 10000) is written.
func BenchmarkEditFastPath(b *testing.B) {
	c := skilltest.BenchCorpus(b)
	w := skills.NewWorkspace(discovery.Roots(c.RootOptions()), skills.LoadOptions{})
	snap, err := w.Load(b.Context())
	if err != nil {
		b.Fatal(err)
	}
	files := snap.Files()
	f := files[len(files)/2]
	base, err := os.ReadFile(f.Path)
	if err != nil {
		b.Fatal(err)
	}
	w.Apply(b.Context(), skills.Change{Kind: skills.ChangeOpen, Path: f.Path, Version: 1, Text: base})
	opts := diagnostics.Options{Quick: true}
	var times []time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		text := fmt.Appendf(slices.Clip(base), "\nline %d\n", i)
		start := time.Now()
		r := trace.StartRegion(b.Context(), "edit")
		next := w.Apply(b.Context(), skills.Change{Kind: skills.ChangeEdit, Path: f.Path, Version: int32(i + 2), Text: text})
		diagnostics.RunFile(next, f.Path, opts)
		r.End()
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(len(files)), "files")
}
