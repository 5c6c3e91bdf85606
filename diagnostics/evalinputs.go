package diagnostics

import (
	"context"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// EvalFilesOf returns the eval files of the bundles of snap whose skill
// file keep accepts, parsed, for Options.EvalFiles: read gives the eval
// files of a bundle's folder (the CLI reads the disk with
// discovery.ReadBundleEvals; the language server lays its open buffers
// over it), exists answers eval-missing-file. The CLI and the language
// server build their inputs here, so both check the same files.
func EvalFilesOf(snap *skills.Snapshot, keep func(path string) bool, read func(dir string) []discovery.BundleFile, exists func(path string) bool) []EvalInput {
	var out []EvalInput
	for _, f := range snap.Files() {
		if filepath.Base(f.Path) != "SKILL.md" || !keep(f.Path) {
			continue
		}
		for _, bf := range read(filepath.Dir(f.Path)) {
			ef := evalfile.Parse(bf.Path, bf.Head, bf.Size > int64(len(bf.Head)))
			out = append(out, EvalInput{File: ef, Skill: f, Exists: exists})
		}
	}
	return out
}

// EvalBundleSkill returns the path of the skill file of the bundle that
// holds the eval file at path (<bundle>/evals/NAME.json), or "" when path
// is not an eval file.
func EvalBundleSkill(path string) string {
	if evalfile.KindOf(path) == evalfile.NotEval {
		return ""
	}
	return filepath.Join(filepath.Dir(filepath.Dir(path)), "SKILL.md")
}

// RunEvalFile returns the diagnostics of one eval file, as a Run with it
// in Options.EvalFiles gives them, less what needs the skill file's own
// findings or every skill (the Whole rules) when opts.Quick: the language
// server's fast path for an edited eval file.
func RunEvalFile(snap *skills.Snapshot, in EvalInput, opts Options) []Diagnostic {
	opts.EvalFiles = []EvalInput{in}
	rs := newRunState(context.Background(), snap, opts)
	var skillFindings []Diagnostic
	if !opts.Quick && in.Skill != nil {
		skillFindings = RunFile(snap, in.Skill.Path, opts)
	}
	out := rs.evalDiagnostics(skillFindings)
	Sort(out)
	return out
}
