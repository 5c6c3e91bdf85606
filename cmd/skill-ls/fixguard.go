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
// names a skill after, and those a fix may write in.
type fixGuard struct {
	// pinned are the roots (those discovery uses and those checked), the
	// project root and the working directories, each as given and with
	// its links resolved.
	pinned []string
	// writable are the checked roots and the project root, links
	// resolved: a fix writes a file whose real path lies in one, unless
	// follow (--follow-symlinks).
	writable []string
	follow   bool
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
		g.writable = append(g.writable, realDir(absDir(project)))
	}
	for _, r := range roots {
		g.pin(r.Dir)
		g.writable = append(g.writable, realDir(r.Dir))
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

// realDir returns dir with its links resolved, or dir when it cannot be.
func realDir(dir string) string {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// inside reports whether real, a path with its links resolved, lies in a
// folder a fix may write in.
func (g *fixGuard) inside(real string) bool {
	return slices.ContainsFunc(g.writable, func(dir string) bool { return discovery.Within(real, dir) })
}

// errOutside is the error of a skill file that resolves, through links, to
// a file outside the roots and the project.
type errOutside struct{ target string }

func (e errOutside) Error() string {
	return "it links to " + e.target + ", outside the skill roots and the project; not written (--follow-symlinks writes through the link)"
}

// writeFixed writes the fixed bytes of the skill file at path, which held
// orig, in place (writeInPlace). A path that resolves through links to a
// file outside the roots and the project is not written, unless follow.
// It returns the file written when it is not path (a link's target).
func (g *fixGuard) writeFixed(path string, orig, fixed []byte) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	target := ""
	if real != path {
		target = real
	}
	if !g.follow && !g.inside(real) {
		return target, errOutside{target: quotedRel(real)}
	}
	return target, writeInPlace(real, orig, fixed)
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
