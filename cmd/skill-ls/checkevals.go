package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"

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

// evalDiagnostics adds the eval files' diagnostics to ds (sorted by path
// as the formats want them) and returns the files' texts for the formats.
func (r *checkRun) evalDiagnostics(ctx context.Context, snap *skills.Snapshot, ds []diagnostics.Diagnostic) ([]diagnostics.Diagnostic, map[string]*spans.LineIndex) {
	keep := func(string) bool { return true }
	if r.wide != nil {
		keep = r.inScope
	}
	in := readEvalFiles(snap, keep)
	if len(in) == 0 {
		return ds, nil
	}
	texts := make(map[string]*spans.LineIndex, len(in))
	for _, e := range in {
		texts[e.File.Path] = spans.NewLineIndex(e.File.Src)
	}
	bySkill := map[string][]diagnostics.Diagnostic{}
	for _, e := range in {
		bySkill[e.Skill.Path] = nil
	}
	for _, d := range ds {
		if found, ok := bySkill[d.Path]; ok {
			bySkill[d.Path] = append(found, d)
		}
	}
	for i := range in {
		in[i].SkillFindings = bySkill[in[i].Skill.Path]
	}
	more := diagnostics.RunEvalFiles(ctx, snap, in, r.opts)
	if len(more) == 0 {
		return ds, texts
	}
	ds = append(ds, more...)
	slices.SortStableFunc(ds, func(a, b diagnostics.Diagnostic) int { return strings.Compare(a.Path, b.Path) })
	return ds, texts
}
