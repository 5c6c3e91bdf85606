package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// corpusInfo is what the benchmark needs to know about a generated corpus;
// it is stored next to the tree so a cached corpus is not regenerated.
type corpusInfo struct {
	N          int    `json:"n"`
	Seed       uint64 `json:"seed"`
	Dir        string `json:"dir"`
	SkillFiles int    `json:"skillFiles"`
	SkillBytes int64  `json:"skillBytes"`
	Resources  int    `json:"resourceFiles"`
	// OpenFile is a valid bundle in project/.dsh/skills, the file the
	// server session opens and edits.
	OpenFile string `json:"openFile"`
}

func (c corpusInfo) project() string { return filepath.Join(c.Dir, "project") }
func (c corpusInfo) home() string    { return filepath.Join(c.Dir, "home") }

// roots are the four skill roots of the corpus, in DSH's order.
func (c corpusInfo) roots() []string {
	return []string{
		filepath.Join(c.Dir, "project", ".dsh", "skills"),
		filepath.Join(c.Dir, "project", ".agents", "skills"),
		filepath.Join(c.Dir, "home", ".dsh", "skills"),
		filepath.Join(c.Dir, "home", ".agents", "skills"),
	}
}

const corpusStamp = "bench-corpus.json"

// ensureCorpus returns the corpus of n skills (seed) under cache, writing it
// first when it is not there yet.
func ensureCorpus(cache string, n int, seed uint64, logf func(string, ...any)) (corpusInfo, error) {
	dir := filepath.Join(cache, fmt.Sprintf("corpus-%d-seed%d", n, seed))
	if b, err := os.ReadFile(filepath.Join(dir, corpusStamp)); err == nil {
		var ci corpusInfo
		if json.Unmarshal(b, &ci) == nil && ci.N == n && ci.Seed == seed {
			ci.Dir = dir
			return ci, nil
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		return corpusInfo{}, err
	}
	logf("generating the corpus of %d skills in %s", n, dir)
	t0 := time.Now()
	c, err := skilltest.WriteCorpus(dir, skilltest.CorpusOptions{N: n, Seed: seed})
	if err != nil {
		return corpusInfo{}, err
	}
	ci := corpusInfo{N: n, Seed: seed, Dir: dir, SkillFiles: len(c.SkillFiles), SkillBytes: c.SkillBytes, Resources: c.ResourceFiles}
	invalid := map[string]bool{}
	for _, files := range c.Invalid {
		for _, f := range files {
			invalid[filepath.Join(dir, f)] = true
		}
	}
	for _, f := range c.Duplicates {
		invalid[filepath.Join(dir, f)] = true
	}
	prefix := filepath.Join(dir, "project", ".dsh", "skills") + string(filepath.Separator)
	for _, f := range c.SkillFiles {
		if filepath.Base(f) == "SKILL.md" && !invalid[f] && len(f) > len(prefix) && f[:len(prefix)] == prefix {
			if ci.OpenFile == "" || f < ci.OpenFile {
				ci.OpenFile = f
			}
		}
	}
	if ci.OpenFile == "" {
		return corpusInfo{}, fmt.Errorf("corpus %s has no valid bundle in project/.dsh/skills", dir)
	}
	b, _ := json.MarshalIndent(ci, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, corpusStamp), b, 0o644); err != nil {
		return corpusInfo{}, err
	}
	logf("generated %d skill files (%d MB of markdown) in %.1f s", ci.SkillFiles, ci.SkillBytes>>20, time.Since(t0).Seconds())
	return ci, nil
}

// runGen writes one corpus (bench gen -n N -cache DIR).
func runGen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	n := fs.Int("n", 1000, "number of skills")
	seed := fs.Uint64("seed", 1, "generator seed")
	cache := fs.String("cache", defaultCache(), "the `dir` the corpus goes under (corpus-N-seedS)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ci, err := ensureCorpus(*cache, *n, *seed, logf)
	if err != nil {
		return err
	}
	fmt.Println(ci.Dir)
	return nil
}

func defaultCache() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "skill-ls-bench")
	}
	return filepath.Join(os.TempDir(), "skill-ls-bench")
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
}
