package main

import (
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// A PATH inside one of DSH's roots is checked as DSH sees it: beside every
// other skill it discovers. A shadowed or duplicated name, or a link into
// another skill, has its other half elsewhere in the roots; checking the
// PATH's root alone would hide it, and the pre-commit hook (which passes
// only the changed files) would pass a duplicated name.

// widen, when a PATH lies in a default root, sets the roots to load to
// every default root, whole, and the PATH roots outside them. report then
// keeps the findings that involve the PATHs. A skill file nested in a
// default root (r.outside) is checked beside them too, as the editor
// checks it.
func (r *checkRun) widen(defaults []discovery.Root) {
	if !r.explicit {
		return
	}
	isDefault := func(dir string) bool {
		return slices.ContainsFunc(defaults, func(d discovery.Root) bool { return d.Dir == dir })
	}
	if len(r.outside) == 0 && !slices.ContainsFunc(r.roots, func(root discovery.Root) bool { return isDefault(root.Dir) }) {
		return
	}
	wide := slices.Clone(defaults)
	for _, root := range r.roots {
		if !isDefault(root.Dir) {
			wide = append(wide, root)
		}
	}
	for i := range wide {
		wide[i].Only = nil
		wide[i].Index = i
	}
	r.wide = wide
}

// loadRoots returns the roots to read: the widened ones when a PATH lies in
// a default root, else the PATH roots (or every root when there is no PATH).
func (r *checkRun) loadRoots() []discovery.Root {
	if r.wide != nil {
		return r.wide
	}
	return r.roots
}

// involving keeps the findings that involve a PATH: on a file within one,
// or naming one as a related place (the winner of a shadowed name).
func (r *checkRun) involving(ds []diagnostics.Diagnostic) []diagnostics.Diagnostic {
	if !r.scoped() {
		return ds
	}
	return slices.DeleteFunc(ds, func(d diagnostics.Diagnostic) bool {
		if r.inScope(d.Path) {
			return false
		}
		return !slices.ContainsFunc(d.Related, func(rel diagnostics.Related) bool { return r.inScope(rel.Path) })
	})
}

// scopedFileCount counts the skill files the summary names: those within
// the PATHs when the roots were widened, and the files of the other
// hosts' folders that skill-ls could not read (ds: the findings on
// them).
func (r *checkRun) scopedFileCount(snap *skills.Snapshot, ds []diagnostics.Diagnostic) int {
	if !r.scoped() {
		return skillFileCount(snap) + unreadHostFiles(snap, ds)
	}
	n := unreadHostFiles(snap, ds)
	for _, f := range snap.Files() {
		if r.inScope(f.Path) || r.evalNamed(f.Path) {
			n++
		}
	}
	for _, p := range snap.Problems() {
		if r.inScope(p.Path) && countedProblem(p) {
			n++
		}
	}
	return n
}

// scoped reports whether the run read more than its PATHs hold: the
// roots were widened, the hosts a plain check chose took every file
// they read (hostFiles), or hosts were selected, whose verdicts on the
// files of their folders that skill-ls cannot read (a link to nothing,
// over 16 MiB) come from their whole folders, PATHs or not.
func (r *checkRun) scoped() bool {
	return r.wide != nil || r.explicit && (r.opts.ReadersOnly || len(r.opts.Hosts) > 0)
}

// skillFileCount counts the skill files of snap: those read, and those
// whose SKILL.md exists but cannot be used (a broken link, a FIFO, a
// misspelled name), which the author still counts as a skill.
func skillFileCount(snap *skills.Snapshot) int {
	n := snap.FileCount()
	for _, p := range snap.Problems() {
		if countedProblem(p) {
			n++
		}
	}
	return n
}

// countedProblem reports whether a discovery problem is a skill file
// that exists but cannot be used.
func countedProblem(p discovery.Problem) bool {
	switch p.Code {
	case problem.BrokenSymlink, problem.NotRegularFile, problem.SkillMDCase, problem.UnreadableFile:
		return true
	}
	return false
}

// unreadHostFiles counts the skill files of ds's reading findings that
// the snapshot does not hold: the files only other hosts read that
// skill-ls could not (diagnostics' hostUnreadCheck), which the author
// still counts as skills.
func unreadHostFiles(snap *skills.Snapshot, ds []diagnostics.Diagnostic) int {
	problems := map[string]bool{}
	for _, p := range snap.Problems() {
		problems[p.Path] = true
	}
	seen := map[string]bool{}
	for _, d := range ds {
		if !unreadCode(d.Code) || snap.File(d.Path) != nil || problems[d.Path] {
			continue
		}
		seen[d.Path] = true
	}
	return len(seen)
}

// unreadCode reports whether code is one of the reading findings
// hostUnreadCheck gives a file only other hosts read: over 16 MiB, a
// read error, a FIFO named SKILL.md.
func unreadCode(code string) bool {
	switch code {
	case diagnostics.CodeFileTooLarge, diagnostics.CodeUnreadableFile, diagnostics.CodeNotRegularFile:
		return true
	}
	return false
}
