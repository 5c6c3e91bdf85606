package skilltest

import (
	"os"
	"strconv"
	"testing"
)

// BenchCorpus returns the corpus a benchmark runs over: the one the
// environment variable SKILL_LS_BENCH_CORPUS names (a directory written by
// [WriteCorpus], such as the ones scripts/bench.sh caches), else a fresh
// one of SKILL_LS_BENCH_SKILLS skills (default 10000, seed 1) in a
// temporary directory of b.
func BenchCorpus(b *testing.B) *Corpus {
	b.Helper()
	if dir := os.Getenv("SKILL_LS_BENCH_CORPUS"); dir != "" {
		return &Corpus{Dir: dir}
	}
	n := 10000
	if s := os.Getenv("SKILL_LS_BENCH_SKILLS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			b.Fatalf("SKILL_LS_BENCH_SKILLS=%q: %v", s, err)
		}
	}
	c, err := WriteCorpus(b.TempDir(), CorpusOptions{N: n, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return c
}
