package main

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// What a fix may touch. A fix renames only a skill's own bundle folder:
// never a skill root (a PATH such as .agents/skills/SKILL.md makes the root
// a bundle of its parent), the project, the working directory or a
// repository's top, nor a folder holding one of them.

// fixGuard holds the folders of one check run that no fix renames or
// names a skill after.
type fixGuard struct {
	// pinned are the roots (those discovery uses and those checked), the
	// project root and the working directories, each as given and with
	// its links resolved.
	pinned []string
}

// newFixGuard returns the guard of a run over roots, whose flags are rf.
func newFixGuard(rf *rootFlags, roots []discovery.Root) *fixGuard {
	g := &fixGuard{}
	opts, err := rf.options()
	if err == nil {
		for _, r := range discovery.Roots(opts) {
			g.pin(r.Dir)
		}
		project := opts.ProjectRoot
		if project == "" {
			project = discovery.ProjectRoot(opts.Cwd)
		}
		g.pin(project)
		g.pin(opts.Cwd)
	}
	for _, r := range roots {
		g.pin(r.Dir)
	}
	if wd, err := os.Getwd(); err == nil {
		g.pin(wd)
	}
	return g
}

// pin adds dir, as given and with its links resolved.
func (g *fixGuard) pin(dir string) {
	if dir == "" {
		return
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	g.pinned = append(g.pinned, abs)
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		g.pinned = append(g.pinned, real)
	}
}

// pins reports whether dir is no skill's own folder: a pinned folder or one
// holding a pinned folder, or a repository's top (it holds .git). It is
// the rules' diagnostics.Options.Pinned, and is checked again before a
// rename is made.
func (g *fixGuard) pins(dir string) bool {
	forms := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		forms = append(forms, real)
	}
	for _, d := range forms {
		if slices.ContainsFunc(g.pinned, func(p string) bool { return discovery.Within(p, d) }) {
			return true
		}
	}
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// guardFixes sets the run's fix guard, and has the rules offer no fix from
// a folder it pins.
func (r *checkRun) guardFixes(rf *rootFlags) {
	r.guard = newFixGuard(rf, r.roots)
	r.opts.Pinned = r.guard.pins
}
