package fix

import (
	"bytes"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// One file, many paths. A bundle linked into .agents/skills from
// .claude/skills is in the snapshot twice, and each path gets the same
// findings and the same fixes: fixed by both, the second write found the
// file "changed on disk" (the first had written it). So the paths of one
// real file are one file to All: every fix lands on its canonical path
// (the real path when the snapshot holds it, else the first in path order),
// the other paths get the same bytes in the workspace, and every path is
// judged (DSH's facts, and each host by the paths it reads).

// aliases groups the snapshot's paths that are one real file with the
// same bytes.
type aliases struct {
	// canon maps a path of a group to the group's canonical path; group
	// maps a canonical path to every path of its group, canonical first.
	canon map[string]string
	group map[string][]string
}

// aliasesOf groups the paths of snap's files by real path.
func aliasesOf(snap *skills.Snapshot) *aliases {
	return groupAliases(snap, func(string) bool { return true })
}

// aliasesNear groups the paths of the file at path: the files of snap in a
// folder of the same name (a link to a bundle keeps its name), by real
// path; one file's question costs no walk of every real path.
func aliasesNear(snap *skills.Snapshot, path string) *aliases {
	folder := filepath.Base(filepath.Dir(path))
	return groupAliases(snap, func(p string) bool { return filepath.Base(filepath.Dir(p)) == folder })
}

// groupAliases groups the paths of snap's files that near keeps by real
// path.
func groupAliases(snap *skills.Snapshot, near func(path string) bool) *aliases {
	byReal := map[string][]string{}
	for _, f := range snap.Files() {
		if !near(f.Path) {
			continue
		}
		if real := discovery.RealPath(f.Path); real != "" {
			byReal[real] = append(byReal[real], f.Path)
		}
	}
	al := &aliases{canon: map[string]string{}, group: map[string][]string{}}
	for real, paths := range byReal {
		if len(paths) < 2 || !sameBytes(snap, paths) {
			continue
		}
		slices.Sort(paths)
		if i := slices.Index(paths, real); i > 0 {
			paths[0], paths[i] = paths[i], paths[0]
		}
		for _, p := range paths {
			al.canon[p] = paths[0]
		}
		al.group[paths[0]] = paths
	}
	return al
}

// sameBytes reports whether the files at paths of snap hold the same bytes.
func sameBytes(snap *skills.Snapshot, paths []string) bool {
	var first []byte
	for i, p := range paths {
		idx, err := snap.Text(snap.File(p))
		if err != nil {
			return false
		}
		if i == 0 {
			first = idx.Src()
		} else if !bytes.Equal(first, idx.Src()) {
			return false
		}
	}
	return true
}

// paths returns the paths of the file at path: its group, or path alone.
func (al *aliases) paths(path string) []string {
	if g := al.group[al.canon[path]]; len(g) > 0 {
		return g
	}
	return []string{path}
}

// others returns the paths of the file at the canonical path but it.
func (al *aliases) others(path string) []string {
	g := al.paths(path)
	return g[1:]
}

// onCanonical returns d moved to its file's canonical path, its fixes'
// edits of that file too (they are the same bytes).
func (al *aliases) onCanonical(d diagnostics.Diagnostic) diagnostics.Diagnostic {
	to, ok := al.canon[d.Path]
	if !ok || to == d.Path {
		return d
	}
	from := d.Path
	d.Path = to
	d.Fixes = slices.Clone(d.Fixes)
	for i, f := range d.Fixes {
		f.Edits = slices.Clone(f.Edits)
		for j := range f.Edits {
			if f.Edits[j].Path == from {
				f.Edits[j].Path = to
			}
		}
		d.Fixes[i] = f
	}
	return d
}

// mirror returns the changes that give the other paths of the file at
// the canonical path the bytes text.
func (al *aliases) mirror(path string, text []byte) []skills.Change {
	var out []skills.Change
	for _, p := range al.others(path) {
		out = append(out, skills.Change{Kind: skills.ChangeEdit, Path: p, Text: text})
	}
	return out
}
