package main

import (
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// readEvalFiles reads the eval files (evals/*.json) of every bundle of
// snap that keep returns true for: one stat of each bundle's evals folder
// that the load's listing did not find missing, and the files of those
// that have one.
func readEvalFiles(snap *skills.Snapshot, keep func(path string) bool) []diagnostics.EvalInput {
	read := func(dir string) []discovery.BundleFile {
		if snap.NoEvalFolder(dir) {
			return nil
		}
		return discovery.ReadBundleEvals(dir)
	}
	return diagnostics.EvalFilesOf(snap, keep, read, discovery.Exists)
}

// evalFiles reads the eval files of the bundles in scope, for the run's
// options, and returns their texts for the formats.
func (r *checkRun) evalFiles(snap *skills.Snapshot) ([]diagnostics.EvalInput, map[string]*spans.LineIndex) {
	// The bundles in scope, and those of an eval file given as a PATH,
	// which is then checked alone of its bundle's eval files.
	in := readEvalFiles(snap, func(skill string) bool { return r.inScope(skill) || r.evalNamed(skill) })
	in = slices.DeleteFunc(in, func(e diagnostics.EvalInput) bool { return !r.inScope(e.Skill.Path) && !r.inScope(e.File.Path) })
	if len(in) == 0 {
		return nil, nil
	}
	texts := make(map[string]*spans.LineIndex, len(in))
	for _, e := range in {
		texts[e.File.Path] = spans.NewLineIndex(e.File.Src)
	}
	return in, texts
}

// evalNamed reports whether a PATH argument is an eval file of the bundle
// whose skill file is skill.
func (r *checkRun) evalNamed(skill string) bool {
	return slices.ContainsFunc(r.paths, func(p string) bool { return diagnostics.EvalBundleSkill(p) == skill })
}
