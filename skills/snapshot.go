package skills

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Snapshot is an immutable view of every skill file and the resolved
// registry: a value. Everything it answers was computed when it was made
// (link targets stat'ed, the registry resolved); readers take no locks, and
// nothing reachable from it is changed afterwards. Only Text reads the disk
// again, for the bytes of a lean file.
type Snapshot struct {
	// Seq increases with every Apply.
	Seq uint64
	// ContentSeq is the Seq of the last snapshot whose disk or bytes
	// differ from those of the snapshot before it: a buffer opened over
	// the disk's very bytes, or closed over them, leaves it. What is made
	// from the bytes and the disk alone (the hosts' matrix) holds as long
	// as it does.
	ContentSeq uint64
	// Roots are the listed roots in scan order.
	Roots []discovery.RootState
	// Registry is the resolved set of skills.
	Registry *Registry

	// disk holds every entry of the roots as read from disk; open the
	// editor buffers, in the roots or outside them, which hide the disk.
	disk Table[*placed]
	open Table[*placed]
	// overlays are the editor buffers by path.
	overlays Table[Overlay]
	// paths are the keys of disk and open, sorted.
	paths []string
	// bundles maps each bundle entry's folder to its skill file.
	bundles Table[string]
	// outside are the paths, sorted, of the files with a link whose
	// target lies outside its base.
	outside []string
	// source reads lean files again.
	source *textSource
}

// placed is one skill file of a snapshot, where it sits and what follows
// from it: its root entry (nil for a buffer outside the roots), its placed
// skill (nil when dropped) and its link facts.
type placed struct {
	file  *skillfile.File
	entry *discovery.Entry
	root  int // the index of the root in Roots, -1 outside the roots
	index int // the entry's index in its root
	skill *Skill
	links linkSet
	// bundle are the findings in the bundle's own files (a root entry's,
	// or a SKILL.md buffer's outside the roots: bufferbundles.go).
	bundle []skillfile.BundleFinding
	// later reads a root entry's bundle when a rule first asks, in place
	// of bundle (LoadOptions.BundleFilesWhenAsked).
	later *bundleLater
	// noEvals says that the load's listing of the bundle found no evals
	// folder (Snapshot.NoEvalFolder).
	noEvals bool
}

// placed returns the file at path as the snapshot sees it: the editor
// buffer when one is open, else the file on disk; nil when neither.
func (s *Snapshot) placed(path string) *placed {
	if p, ok := s.open.Get(path); ok {
		return p
	}
	return s.disk.At(path)
}

// File returns the parsed file at path (in a root or open in the editor).
func (s *Snapshot) File(path string) *skillfile.File {
	if p := s.placed(path); p != nil {
		return p.file
	}
	return nil
}

// Files returns every known skill file sorted by path: the files in the
// roots and the open buffers outside them. The slice is new.
func (s *Snapshot) Files() []*skillfile.File {
	out := make([]*skillfile.File, 0, len(s.paths))
	for _, p := range s.paths {
		out = append(out, s.File(p))
	}
	return out
}

// FileCount returns how many files Files returns.
func (s *Snapshot) FileCount() int { return len(s.paths) }

// InRoots reports whether path is a skill file in one of the roots.
func (s *Snapshot) InRoots(path string) bool {
	_, ok := s.disk.Get(path)
	return ok
}

// UnderRoot reports whether path is one of the roots' directories or lies
// inside one: what another host reads there, DSH's listing has already
// covered, so the other hosts' folders are not walked there again.
func (s *Snapshot) UnderRoot(path string) bool {
	return slices.ContainsFunc(s.Roots, func(r discovery.RootState) bool { return discovery.Within(path, r.Root.Dir) })
}

// AtRootEntry reports whether path has the shape of a direct skill entry
// of one of the roots (<root>/<name>.md or <root>/<dir>/SKILL.md), whether
// or not the file is there: an editor buffer not saved yet.
func (s *Snapshot) AtRootEntry(path string) bool {
	dir, base := filepath.Dir(path), filepath.Base(path)
	for _, r := range s.Roots {
		if dir == r.Root.Dir && strings.HasSuffix(base, ".md") || base == "SKILL.md" && filepath.Dir(dir) == r.Root.Dir {
			return true
		}
	}
	return false
}

// Entry returns the root entry of a skill file and its root, if any.
func (s *Snapshot) Entry(path string) (*discovery.Entry, *discovery.Root) {
	p := s.disk.At(path)
	if p == nil {
		return nil, nil
	}
	return p.entry, &s.Roots[p.root].Root
}

// Overlay returns the editor buffer for path, if open.
func (s *Snapshot) Overlay(path string) (Overlay, bool) {
	o, ok := s.overlays.Get(path)
	return o, ok
}

// SkillAt returns the skill (winner or loser) defined by the file at path.
func (s *Snapshot) SkillAt(path string) *Skill {
	if p := s.placed(path); p != nil {
		return p.skill
	}
	return nil
}

// Problems returns the discovery problems of every root.
func (s *Snapshot) Problems() []discovery.Problem {
	var out []discovery.Problem
	for _, r := range s.Roots {
		out = append(out, r.Problems...)
	}
	return out
}

// skillHolding returns the skill file of the discovered skill whose bundle
// folder holds path, or which is path (a flat skill), else "".
func (s *Snapshot) skillHolding(path string) string {
	if p := s.disk.At(path); p != nil {
		return p.entry.Path
	}
	for dir := path; ; {
		if sk, ok := s.bundles.Get(dir); ok {
			return sk
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
