package main

import (
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// BenchmarkCLI runs the one-shot verbs in-process over a generated corpus
// (skilltest.WriteCorpus, seed 1), as the binary runs them, output
// discarded: the way to profile them.
//
//	go test -run '^$' -bench CLI -benchtime 3x -cpuprofile cpu.out ./cmd/skill-ls
//
// SKILL_LS_BENCH_CORPUS=DIR uses an existing corpus (for example the 100k
// one scripts/bench.sh caches) instead of writing one of
// SKILL_LS_BENCH_SKILLS skills (default 10000). The figures that count are
// scripts/bench.sh's: separate processes, paired with the floor.
func BenchmarkCLI(b *testing.B) {
	dir := skilltest.BenchCorpus(b).Dir
	roots := []string{"--cwd", filepath.Join(dir, "project"),
		"--dsh-home", filepath.Join(dir, "home", ".dsh"),
		"--agents-home", filepath.Join(dir, "home", ".agents")}
	for _, verb := range [][]string{{"check"}, {"list"}, {"render", "catalog"}} {
		b.Run(fmt.Sprint(verb), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if code := run(b.Context(), append(verb, roots...), nil, io.Discard, io.Discard); code > exitFound {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
