package skills

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Snapshot is an immutable view of every skill file and the resolved
// registry. Readers take no locks; nothing reachable from it is mutated.
type Snapshot struct {
	// Seq increases with every Apply.
	Seq uint64
	// Roots are the listed roots in scan order.
	Roots []RootState
	// Registry is the resolved set of skills.
	Registry *Registry

	files    layered[*File]    // every candidate file in the roots
	loose    map[string]*File  // open buffers outside the roots
	entryOf  map[string]*Entry // skill file path -> entry
	rootOf   map[string]int    // skill file path -> root index
	overlays map[string]Overlay
	// paths returns the sorted keys of files and loose.
	paths func() []string

	// links are per file its link facts, made on first use; linksTop the
	// entries set since links was built (see layered and linkTable).
	links, linksTop map[string]*linkEntry
	// bundleDirs returns the bundle folders (folder -> its skill file).
	bundleDirs func() map[string]string
	// bases finds the link entries by base (see staleLinks); shared with
	// the next snapshot while no entry is added, removed or rebased.
	bases *linkBases
	// outside is the workspace's record of the link entries whose facts
	// reach outside their base (see staleLinks).
	outside *outsideLinks

	// filesList is Files' answer, made on first use.
	filesOnce sync.Once
	filesList []*File
}

// File returns the parsed file at path (in a root or open in the editor).
func (s *Snapshot) File(path string) *File {
	if f, ok := s.files.get(path); ok {
		return f
	}
	return s.loose[path]
}

// Files returns every known skill file sorted by path: the files in the
// roots and the open buffers outside them. The slice is the snapshot's
// (made once): callers must not modify it.
func (s *Snapshot) Files() []*File {
	s.filesOnce.Do(func() {
		paths := s.paths()
		s.filesList = make([]*File, 0, len(paths))
		for _, p := range paths {
			s.filesList = append(s.filesList, s.File(p))
		}
	})
	return s.filesList
}

// InRoots reports whether path is a skill file in one of the roots.
func (s *Snapshot) InRoots(path string) bool {
	_, ok := s.files.get(path)
	return ok
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
func (s *Snapshot) Entry(path string) (*Entry, *Root) {
	e, ok := s.entryOf[path]
	if !ok {
		return nil, nil
	}
	return e, &s.Roots[s.rootOf[path]].Root
}

// Overlay returns the editor buffer for path, if open.
func (s *Snapshot) Overlay(path string) (Overlay, bool) {
	o, ok := s.overlays[path]
	return o, ok
}

// SkillAt returns the skill (winner or loser) defined by the file at path.
func (s *Snapshot) SkillAt(path string) *Skill {
	f := s.File(path)
	if f == nil || f.Def == nil {
		return nil
	}
	for _, sk := range s.Registry.All(f.Def.Name) {
		if sk.Path == path {
			return sk
		}
	}
	return nil
}

// Problems returns the discovery problems of every root.
func (s *Snapshot) Problems() []Problem {
	var out []Problem
	for _, r := range s.Roots {
		out = append(out, r.Problems...)
	}
	return out
}

// resolve builds the registry and the indexes made from the entries: the
// sorted path list and the bundle folders. Those are made at the same time
// as the registry, or, when the load reads bodies on demand, on first use:
// a one-shot list or render needs neither (100 ms at 100,000 skills).
func (s *Snapshot) resolve(opts LoadOptions) {
	s.paths = sync.OnceValue(sortedPaths(s.files, s.loose))
	s.bundleDirs = sync.OnceValue(bundleFolders(s.entryOf))
	var wg sync.WaitGroup
	if !opts.BodiesOnDemand {
		wg.Go(func() { s.paths() })
		wg.Go(func() { s.bundleDirs() })
	}
	var cands []*Skill
	var dropped []*File
	cands = append(cands, opts.Runtime...)
	for ri := range s.Roots {
		rs := &s.Roots[ri]
		for ei := range rs.Entries {
			e := &rs.Entries[ei]
			if s.rootOf[e.Path] != ri {
				continue
			}
			f := s.files.at(e.Path)
			if f == nil {
				continue
			}
			if f.Def == nil {
				if f.Drop != nil {
					dropped = append(dropped, f)
				}
				continue
			}
			sk := *f.Def
			sk.Source = rs.Root.Source
			sk.Rank = rs.Root.Rank
			sk.RootIndex = ri
			sk.EntryIndex = ei
			sk.ResourceBase = ResourceBase{Kind: ResourceDirectory, Path: e.BaseDir}
			cands = append(cands, &sk)
		}
	}
	s.Registry = Resolve(cands, dropped)
	for _, p := range s.Problems() {
		if p.Code == CodeProviderFailed {
			s.Registry.Incomplete = p.Message
			break
		}
	}
	wg.Wait()
}

// sortedPaths returns the function that lists the keys of files and loose
// in order. It keeps only the two maps, not their snapshot.
func sortedPaths(files layered[*File], loose map[string]*File) func() []string {
	return func() []string {
		sorted := make([]string, 0, files.len()+len(loose))
		for p := range files.all() {
			sorted = append(sorted, p)
		}
		for p := range loose {
			sorted = append(sorted, p)
		}
		slices.Sort(sorted)
		return sorted
	}
}

// bundleFolders returns the function that maps each bundle entry's folder
// to its skill file.
func bundleFolders(entryOf map[string]*Entry) func() map[string]string {
	return func() map[string]string {
		dirs := make(map[string]string, len(entryOf))
		for p, e := range entryOf {
			if e.Kind == EntryBundle {
				dirs[e.BaseDir] = p
			}
		}
		return dirs
	}
}
