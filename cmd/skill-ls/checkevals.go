package main

import (
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// readEvalFiles reads the eval files (evals/*.json) of every bundle of
// snap that keep returns true for: one stat of each bundle's evals folder,
// and the files of those that have one.
func readEvalFiles(snap *skills.Snapshot, keep func(path string) bool) []diagnostics.EvalInput {
	var out []diagnostics.EvalInput
	for _, f := range snap.Files() {
		if filepath.Base(f.Path) != "SKILL.md" || !keep(f.Path) {
			continue
		}
		dir := filepath.Dir(f.Path)
		if fi, err := os.Stat(filepath.Join(dir, evalfile.Dir)); err != nil || !fi.IsDir() {
			continue
		}
		for _, bf := range discovery.ReadEvalFiles(dir, evalfile.Names()) {
			ef := evalfile.Parse(bf.Path, bf.Head, bf.Size > int64(len(bf.Head)))
			out = append(out, diagnostics.EvalInput{File: ef, Skill: f, Exists: discovery.Exists})
		}
	}
	return out
}

// evalFiles reads the eval files of the bundles in scope, for the run's
// options, and returns their texts for the formats.
func (r *checkRun) evalFiles(snap *skills.Snapshot) ([]diagnostics.EvalInput, map[string]*spans.LineIndex) {
	keep := func(string) bool { return true }
	if r.wide != nil {
		keep = r.inScope
	}
	in := readEvalFiles(snap, keep)
	if len(in) == 0 {
		return nil, nil
	}
	texts := make(map[string]*spans.LineIndex, len(in))
	for _, e := range in {
		texts[e.File.Path] = spans.NewLineIndex(e.File.Src)
	}
	return in, texts
}
