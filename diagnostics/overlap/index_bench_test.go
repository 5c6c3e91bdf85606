package overlap

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// BenchmarkDescriptionOverlap measures the description-overlap rule alone
// over the synthetic corpus (the shape skilltest.WriteCorpus writes): building
// the index and finding every skill's overlaps, as one Run does.
//
//	go test -run '^$' -bench DescriptionOverlap -benchtime 3x ./diagnostics/overlap/
//
// It reports the pairs scored (against the n(n-1)/2 a naive comparison
// would make) and the skills warned. SKILL_LS_BENCH_CORPUS=DIR measures an
// existing corpus instead (the 100k one scripts/bench.sh caches).
func BenchmarkDescriptionOverlap(b *testing.B) {
	corpora := map[int]*skilltest.Corpus{}
	sizes := []int{1000, 10000}
	if dir := os.Getenv("SKILL_LS_BENCH_CORPUS"); dir != "" {
		corpora[0], sizes = &skilltest.Corpus{Dir: dir}, []int{0}
	}
	for _, n := range sizes {
		c := corpora[n]
		if c == nil {
			var err error
			if c, err = skilltest.WriteCorpus(b.TempDir(), skilltest.CorpusOptions{N: n, Seed: 1}); err != nil {
				b.Fatal(err)
			}
		}
		snap, err := skills.Load(b.Context(), discovery.Roots(c.RootOptions()), skills.LoadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		var list []Skill
		for _, sk := range snap.Registry.Winners() {
			if sk.Invocation.ModelInvocable && sk.Description != "" {
				list = append(list, Skill{Path: sk.Path, Name: sk.Name, Description: sk.Description})
			}
		}
		b.Run(fmt.Sprintf("skills=%d", len(snap.Files())), func(b *testing.B) {
			var warned int
			var idx *Index
			for b.Loop() {
				idx = Build(list, runtime.GOMAXPROCS(0))
				idx.FindAll(b.Context())
			}
			scored, indexed := 0, len(idx.skills)
			sc := idx.scratch()
			for i := range idx.skills {
				idx.scan(i, sc, func(int) { scored++ })
				if len(idx.found[i]) > 0 {
					warned++
				}
			}
			b.ReportMetric(float64(indexed), "skills")
			b.ReportMetric(float64(scored)/2, "pairs-scored")
			b.ReportMetric(float64(indexed)*float64(indexed-1)/2, "pairs-naive")
			b.ReportMetric(float64(warned), "skills-warned")
		})
	}
}
