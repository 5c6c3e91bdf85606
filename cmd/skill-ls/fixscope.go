package main

import (
	"os"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Where a fix may write. A repository is a stranger's: its .skill-ls.yaml
// may add a root such as ../../notes, and it may commit .agents/skills as a
// link to a folder outside it. Those roots are checked, and their findings
// reported, but a fix writes (edits a file, renames a folder) only where
// the real path of the change lies under the real path of a folder the
// user chose: the project, a PATH or --custom-dir given on the command
// line, or the user's own roots (DSH's user and bundled roots, which the
// flags or the environment place). --follow-symlinks also writes through
// the links found under those folders; it never makes a config file's root
// outside the project writable.

// scope returns nil when a fix may change path, whose change lands on real
// (discovery.RealPath for a file written, discovery.RealEntry for a folder
// renamed), else the error that says why not and how to fix it anyway.
func (g *fixGuard) scope(path, real string) error {
	if discovery.InsideReal(real, g.chosenReal) {
		return nil
	}
	if slices.ContainsFunc(g.chosen, func(d string) bool { return discovery.Within(path, d) }) {
		if g.follow {
			return nil
		}
		return errLinkedOut{real: real, link: isLink(path) && discovery.InsideReal(discovery.RealEntry(path), g.chosenReal)}
	}
	for _, root := range g.configRoots {
		if discovery.Within(path, root) {
			return errConfigRoot{file: g.configFile, root: root}
		}
	}
	return errNotChosen{}
}

// isLink reports whether p is a symbolic link.
func isLink(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// errLinkedOut is the error of a change under a chosen folder that a link
// (the file itself when link, else a folder on its path) takes to real,
// outside them.
type errLinkedOut struct {
	real string
	link bool
}

func (e errLinkedOut) Error() string {
	switch {
	case e.real == "":
		return "a link on its path leads nowhere; not written"
	case e.link:
		return "it links to " + quotedRel(e.real) + ", outside the project and the roots given on the command line; not written (--follow-symlinks writes through the link)"
	}
	return "it is " + quotedRel(e.real) + " through a linked folder, outside the project and the roots given on the command line; not written (give it on the command line, or --follow-symlinks, to fix it)"
}

// errConfigRoot is the error of a change in a root the config file adds,
// outside the project.
type errConfigRoot struct{ file, root string }

func (e errConfigRoot) Error() string {
	root := quotedRel(e.root)
	if real := discovery.RealPath(e.root); real != "" && real != e.root {
		root += ", real path " + quotedRel(real)
	}
	return "it is in a root from " + quotedRel(e.file) + " (" + root + "), outside the project; not written (give the root on the command line to fix it)"
}

// errNotChosen is the error of a change in no folder the user chose nor
// any root of the config file (another agent's folder in the home).
type errNotChosen struct{}

func (errNotChosen) Error() string {
	return "it is outside the project and the roots given on the command line; not written (give it on the command line to fix it)"
}

// renameScope returns nil when a fix may make the rename of the folder
// from (its folder's links resolved: the entry itself moves).
func (g *fixGuard) renameScope(from string) error {
	return g.scope(from, discovery.RealEntry(from))
}

// writable splits res into what a fix may write (a copy of res without
// the others) and, by path (a renamed folder by its old path), why the
// others may not be: check --diff shows what check --fix would write.
func (g *fixGuard) writable(res *fix.Result) (*fix.Result, map[string]error) {
	refused := map[string]error{}
	for path := range res.Fixed {
		if err := g.scope(path, discovery.RealPath(path)); err != nil {
			refused[path] = err
		}
	}
	for _, rn := range res.Renames {
		if err := g.renameScope(rn.From); err != nil {
			refused[rn.From] = err
		}
	}
	if len(refused) == 0 {
		return res, refused
	}
	out := *res
	out.Original, out.Fixed, out.Rounds = withoutKeys(res.Original, refused), withoutKeys(res.Fixed, refused), withoutKeys(res.Rounds, refused)
	out.Renames = slices.DeleteFunc(slices.Clone(res.Renames), func(rn diagnostics.Rename) bool { return refused[rn.From] != nil })
	out.Applied = slices.DeleteFunc(slices.Clone(res.Applied), func(a fix.Applied) bool {
		if len(a.Fix.Renames) == 0 {
			return refused[a.Path] != nil
		}
		return slices.ContainsFunc(a.Fix.Renames, func(rn diagnostics.Rename) bool { return refused[rn.From] != nil })
	})
	return &out, refused
}

// withoutKeys returns a copy of m without the keys of drop.
func withoutKeys[V any](m map[string]V, drop map[string]error) map[string]V {
	out := make(map[string]V, len(m))
	for k, v := range m {
		if drop[k] == nil {
			out[k] = v
		}
	}
	return out
}
