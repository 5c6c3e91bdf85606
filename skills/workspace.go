package skills

import (
	"bytes"
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// LoadOptions are the engine settings that do not come from roots.
type LoadOptions struct {
	// Runtime are skills registered at runtime (rank 250), as DSH's
	// ctx.skills.register does. Used by the reference vectors.
	Runtime []*Skill
}

// ChangeKind says what happened to a path.
type ChangeKind int

// The changes the workspace understands. Editor events and disk events go
// through the same Apply.
const (
	ChangeOpen   ChangeKind = iota // an editor opened the file with Text
	ChangeEdit                     // the editor's text changed to Text
	ChangeClose                    // the editor closed the file; disk counts again
	ChangeDisk                     // the path changed on disk (created, written or deleted)
	ChangeRescan                   // rediscover everything (re-reading only changed files)
)

// Change is one mutation of the workspace.
type Change struct {
	Kind    ChangeKind
	Path    string
	Version int32
	Text    []byte
}

// Overlay is an open editor buffer.
type Overlay struct {
	Version int32
	Text    []byte
}

// Snapshot is an immutable view of every skill file and the resolved
// registry. Readers take no locks; nothing reachable from it is mutated.
type Snapshot struct {
	// Seq increases with every Apply.
	Seq uint64
	// Roots are the listed roots in scan order.
	Roots []RootState
	// Registry is the resolved set of skills.
	Registry *Registry

	files    map[string]*File  // every candidate file in the roots
	loose    map[string]*File  // open buffers outside the roots
	entryOf  map[string]*Entry // skill file path -> entry
	rootOf   map[string]int    // skill file path -> root index
	overlays map[string]Overlay
	sorted   []string // sorted keys of files and loose

	links      map[string]*linkEntry // per file: its link facts, made on first use
	bundleDirs map[string]string     // bundle folder -> its skill file
}

// File returns the parsed file at path (in a root or open in the editor).
func (s *Snapshot) File(path string) *File {
	if f, ok := s.files[path]; ok {
		return f
	}
	return s.loose[path]
}

// Files returns every known skill file sorted by path: the files in the
// roots and the open buffers outside them.
func (s *Snapshot) Files() []*File {
	out := make([]*File, 0, len(s.sorted))
	for _, p := range s.sorted {
		out = append(out, s.File(p))
	}
	return out
}

// InRoots reports whether path is a skill file in one of the roots.
func (s *Snapshot) InRoots(path string) bool {
	_, ok := s.files[path]
	return ok
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

// Workspace is the single writer of snapshots: every editor event and disk
// event becomes an Apply that builds the next snapshot.
type Workspace struct {
	roots []Root
	opts  LoadOptions
	cur   atomic.Pointer[Snapshot]

	mu sync.Mutex // serializes Apply and Load
}

// NewWorkspace returns a workspace over roots with an empty snapshot; call
// Load for the first discovery.
func NewWorkspace(roots []Root, opts LoadOptions) *Workspace {
	w := &Workspace{roots: roots, opts: opts}
	empty := &Snapshot{files: map[string]*File{}, loose: map[string]*File{}, entryOf: map[string]*Entry{}, rootOf: map[string]int{}, overlays: map[string]Overlay{}}
	for _, r := range roots {
		empty.Roots = append(empty.Roots, RootState{Root: r})
	}
	empty.Registry = Resolve(opts.Runtime, nil)
	w.cur.Store(empty)
	return w
}

// Roots returns the workspace's roots.
func (w *Workspace) Roots() []Root { return w.roots }

// Snapshot returns the current snapshot.
func (w *Workspace) Snapshot() *Snapshot { return w.cur.Load() }

// Load discovers every root, reading each skill file once, and stores the
// resulting snapshot.
func (w *Workspace) Load(ctx context.Context) (*Snapshot, error) {
	return w.Apply(ctx, Change{Kind: ChangeRescan}), ctx.Err()
}

// Apply applies changes and stores and returns the next snapshot. Only
// files whose bytes changed are parsed again.
func (w *Workspace) Apply(ctx context.Context, changes ...Change) *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	prev := w.cur.Load()
	overlays := maps.Clone(prev.overlays)
	relist := map[int]bool{}
	entryUpdates := map[int]map[string]bool{}
	touched := map[string]bool{}
	disk := map[string]bool{}
	rescan := false
	for _, c := range changes {
		p := filepath.Clean(c.Path)
		switch c.Kind {
		case ChangeOpen, ChangeEdit:
			if o, ok := overlays[p]; ok && c.Kind == ChangeEdit && c.Version != 0 && c.Version < o.Version {
				continue // versions going backwards: keep the newer text
			}
			overlays[p] = Overlay{Version: c.Version, Text: c.Text}
			touched[p] = true
		case ChangeClose:
			delete(overlays, p)
			touched[p] = true
			w.markRoots(p, prev, relist, entryUpdates)
		case ChangeDisk:
			touched[p] = true
			disk[p] = true
			w.markRoots(p, prev, relist, entryUpdates)
		case ChangeRescan:
			rescan = true
		}
	}
	if rescan {
		for i := range w.roots {
			relist[i] = true
		}
	}
	if len(relist) == 0 && len(entryUpdates) == 0 {
		next := w.applyFiles(prev, overlays, touched)
		next.carryLinks(prev, disk, false)
		w.cur.Store(next)
		return next
	}
	next := &Snapshot{Seq: prev.Seq + 1, overlays: overlays}
	next.Roots = slices.Clone(prev.Roots)
	idx := slices.Sorted(maps.Keys(relist))
	listed := make([]RootState, len(idx))
	parallel(len(idx), func(i int) {
		if ctx.Err() == nil {
			listed[i] = listRoot(w.roots[idx[i]])
		}
	})
	if ctx.Err() != nil {
		return prev
	}
	for i, ri := range idx {
		next.Roots[ri] = listed[i]
	}
	for ri, names := range entryUpdates {
		if !relist[ri] {
			next.Roots[ri] = updateEntries(next.Roots[ri], slices.Sorted(maps.Keys(names)))
		}
	}
	// Collect the skill files and decide which need (re)parsing.
	next.files = make(map[string]*File, len(prev.files))
	next.entryOf = make(map[string]*Entry, len(prev.entryOf))
	next.rootOf = make(map[string]int, len(prev.rootOf))
	type job struct {
		path string
		mode ReadMode
		e    *Entry
	}
	var jobs []job
	for ri := range next.Roots {
		rs := &next.Roots[ri]
		for ei := range rs.Entries {
			e := &rs.Entries[ei]
			if _, dup := next.entryOf[e.Path]; dup {
				continue // the same path reached twice (overlapping roots)
			}
			next.entryOf[e.Path] = e
			next.rootOf[e.Path] = ri
			old, had := prev.files[e.Path]
			oldEntry := prev.entryOf[e.Path]
			_, open := overlays[e.Path]
			switch {
			case open:
				jobs = append(jobs, job{e.Path, rs.Root.Mode, e})
			case had && !touched[e.Path] && oldEntry != nil && old.Mode == rs.Root.Mode && prev.overlays[e.Path].Text == nil &&
				oldEntry.Size == e.Size && oldEntry.ModTime.Equal(e.ModTime):
				next.files[e.Path] = old
			default:
				jobs = append(jobs, job{e.Path, rs.Root.Mode, e})
			}
		}
	}
	parsed := make([]*File, len(jobs))
	parallel(len(jobs), func(i int) {
		j := jobs[i]
		if o, ok := overlays[j.path]; ok {
			if old := prev.File(j.path); old != nil && old.Mode == j.mode && bytes.Equal(old.Src, o.Text) && old.ReadErr == "" {
				parsed[i] = old
				return
			}
			parsed[i] = Parse(j.path, o.Text, j.mode)
			return
		}
		f := loadFile(j.path, j.mode)
		if old := prev.files[j.path]; old != nil && old.Mode == f.Mode && bytes.Equal(old.Src, f.Src) && old.ReadErr == f.ReadErr && old.Drop != nil == (f.Drop != nil) {
			if prev.overlays[j.path].Text == nil {
				f = old // unchanged bytes: keep the parsed file
			}
		}
		parsed[i] = f
	})
	for i, j := range jobs {
		next.files[j.path] = parsed[i]
	}
	next.parseLoose(prev)
	next.resolve(w.opts)
	next.carryLinks(prev, disk, rescan)
	w.cur.Store(next)
	return next
}

// applyFiles is Apply's fast path for changes that add or remove no root
// entry (typing in an open skill file): it re-parses only the touched
// files and, when no skill's name or validity changed, patches the previous
// registry instead of resolving every skill again.
func (w *Workspace) applyFiles(prev *Snapshot, overlays map[string]Overlay, touched map[string]bool) *Snapshot {
	next := &Snapshot{Seq: prev.Seq + 1, Roots: prev.Roots, overlays: overlays, files: prev.files, entryOf: prev.entryOf, rootOf: prev.rootOf}
	replaced := map[*File]*File{}
	structural := false
	for p := range touched {
		old, in := prev.files[p]
		if !in {
			continue
		}
		mode := prev.Roots[prev.rootOf[p]].Root.Mode
		var f *File
		if o, ok := overlays[p]; ok {
			f = old
			if !bytes.Equal(old.Src, o.Text) || old.Mode != mode || old.ReadErr != "" {
				f = Parse(p, o.Text, mode)
			}
		} else {
			f = loadFile(p, mode)
			if bytes.Equal(old.Src, f.Src) && old.ReadErr == f.ReadErr && prev.overlays[p].Text == nil {
				f = old
			}
		}
		if f == old {
			continue
		}
		if len(replaced) == 0 {
			next.files = maps.Clone(prev.files)
		}
		next.files[p] = f
		replaced[old] = f
		if identity(old) != identity(f) {
			structural = true
		}
	}
	sameLoose := next.parseLoose(prev)
	if structural || len(replaced) == 0 && !sameLoose {
		next.resolve(w.opts)
		return next
	}
	next.Registry = prev.Registry.patch(replaced)
	next.sorted = prev.sorted
	next.bundleDirs = prev.bundleDirs
	if !sameLoose {
		next.resolve(w.opts)
	}
	return next
}

// parseLoose parses the open buffers outside the roots (reusing unchanged
// ones from prev) and reports whether the set of such paths is unchanged.
func (s *Snapshot) parseLoose(prev *Snapshot) (samePaths bool) {
	s.loose = make(map[string]*File, len(s.overlays))
	samePaths = true
	for p, o := range s.overlays {
		if _, ok := s.files[p]; ok {
			continue
		}
		old, had := prev.loose[p]
		if !had {
			samePaths = false
		}
		if old != nil && bytes.Equal(old.Src, o.Text) {
			s.loose[p] = old
			continue
		}
		s.loose[p] = Parse(p, o.Text, ReadFS)
	}
	return samePaths && len(s.loose) == len(prev.loose)
}

// identity is what decides a file's place in the registry: valid or not,
// and under which name.
func identity(f *File) string {
	if f.Def == nil {
		return "\x00dropped"
	}
	return f.Def.Name
}

// markRoots marks what a changed path can affect: a whole root (the root
// itself or an ancestor changed) or one entry of it.
func (w *Workspace) markRoots(p string, prev *Snapshot, relist map[int]bool, entries map[int]map[string]bool) {
	for i, r := range w.roots {
		switch {
		case Within(r.Dir, p): // the root or an ancestor
			relist[i] = true
		case Within(p, r.Dir):
			if !prev.Roots[i].Exists {
				relist[i] = true
				continue
			}
			rel, err := filepath.Rel(r.Dir, p)
			if err != nil {
				relist[i] = true
				continue
			}
			seg, _, _ := strings.Cut(rel, string(filepath.Separator))
			if entries[i] == nil {
				entries[i] = map[string]bool{}
			}
			entries[i][seg] = true
		}
	}
}

// updateEntries re-examines the named entries of a listed root, keeping
// the others, and returns the new root state.
func updateEntries(rs RootState, names []string) RootState {
	rs.Entries = slices.Clone(rs.Entries)
	rs.Problems = slices.Clone(rs.Problems)
	c := newCollator()
	for _, name := range names {
		dir := filepath.Join(rs.Root.Dir, name)
		rs.Entries = slices.DeleteFunc(rs.Entries, func(e Entry) bool { return e.Name == name })
		rs.Problems = slices.DeleteFunc(rs.Problems, func(p Problem) bool { return Within(p.Path, dir) })
		if len(rs.Root.Only) > 0 && !slices.Contains(rs.Root.Only, name) {
			continue
		}
		e, probs := examineEntry(rs.Root, name)
		rs.Problems = append(rs.Problems, probs...)
		if e == nil {
			continue
		}
		at, _ := slices.BinarySearchFunc(rs.Entries, name, func(x Entry, n string) int {
			if r := c.CompareString(x.Name, n); r != 0 {
				return r
			}
			return strings.Compare(x.Name, n)
		})
		rs.Entries = slices.Insert(rs.Entries, at, *e)
	}
	return rs
}

// resolve builds the registry and the sorted path list.
func (s *Snapshot) resolve(opts LoadOptions) {
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
			f := s.files[e.Path]
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
	s.bundleDirs = make(map[string]string, len(s.entryOf))
	for p, e := range s.entryOf {
		if e.Kind == EntryBundle {
			s.bundleDirs[e.BaseDir] = p
		}
	}
	for _, p := range s.Problems() {
		if p.Code == CodeProviderFailed {
			s.Registry.Incomplete = p.Message
			break
		}
	}
	s.sorted = make([]string, 0, len(s.files)+len(s.loose))
	for p := range s.files {
		s.sorted = append(s.sorted, p)
	}
	for p := range s.loose {
		s.sorted = append(s.sorted, p)
	}
	slices.Sort(s.sorted)
}
