package main

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/atomicwrite"
	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// What a fix may touch. A fix renames only a skill's own bundle folder:
// never a skill root (a PATH such as .agents/skills/SKILL.md makes the root
// a bundle of its parent), the project, the working directory or a
// repository's top, nor a folder holding one of them.

// fixGuard holds the folders of one check run that no fix renames or
// names a skill after, and those a fix may write in (fixscope.go).
type fixGuard struct {
	// pinned are the roots (those discovery uses and those checked), the
	// project root and the working directories, each as given and with
	// its links resolved.
	pinned []string
	// chosen are the folders the user chose, absolute, as given: the
	// project, the PATHs (a skill file's bundle folder), the --custom-dir
	// roots and DSH's user and bundled roots. A fix writes where the real
	// path of the change lies in the real path of one (chosenReal; scope).
	chosen, chosenReal []string
	// configRoots are the roots the config file configFile adds: checked,
	// never written outside the project.
	configRoots []string
	configFile  string
	follow      bool
}

// newFixGuard returns the guard of a run over roots, whose flags are rf;
// paths are its PATH arguments, flagDirs the --custom-dir roots of the
// command line and cfg its config file (nil without one).
func newFixGuard(rf *rootFlags, roots []discovery.Root, paths, flagDirs []string, cfg *diagnostics.Config) *fixGuard {
	g := &fixGuard{}
	if opts, err := rf.options(); err == nil {
		for _, r := range discovery.Roots(opts) {
			g.pin(r.Dir)
			if r.Source == discovery.SourceUserDSH || r.Source == discovery.SourceUserAgents || r.Source == discovery.SourceBundled {
				g.chosen = append(g.chosen, r.Dir)
			}
		}
		project := opts.ProjectRoot
		if project == "" {
			project = discovery.ProjectRoot(opts.Cwd)
		}
		g.pin(project)
		g.pin(opts.Cwd)
		g.chosen = append(g.chosen, absDir(project))
	}
	for _, r := range roots {
		g.pin(r.Dir)
	}
	for _, p := range paths {
		if isSkillFileName(filepath.Base(p)) {
			p = filepath.Dir(p) // its bundle, which a fix may rename
		}
		g.chosen = append(g.chosen, p)
	}
	g.chosen = append(g.chosen, absPaths(flagDirs)...)
	if cfg != nil {
		g.configRoots, g.configFile = cfg.Roots, cfg.Path
	}
	if wd, err := os.Getwd(); err == nil {
		g.pin(wd)
	}
	g.chosenReal = discovery.RealPaths(g.chosen)
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

// writeFixed writes the fixed bytes of the skill file at path, which held
// orig, in place (atomicwrite.InPlace), where scope lets a fix write. It returns
// the file written when it is not path (a link's target).
func (g *fixGuard) writeFixed(path string, orig, fixed []byte) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	target := ""
	if real != path {
		target = real
	}
	if err := g.scope(path, real); err != nil {
		return target, err
	}
	return target, atomicwrite.InPlace(real, orig, fixed)
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
	r.guard = newFixGuard(rf, r.roots, r.paths, r.flagDirs, r.config)
	r.opts.Pinned = r.guard.pins
}
