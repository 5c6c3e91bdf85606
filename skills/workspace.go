package skills

import (
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
	// LeanBodies keeps the bytes of the files read from disk out of
	// memory once parsed: File.Source reads them again and checks they did
	// not change (the language server, which holds its snapshots for
	// hours). Open buffers and the bundled root's files stay in memory.
	LeanBodies bool
	// BodiesOnDemand is LeanBodies for a one-shot run that reads few
	// bodies (list, render): no file's bytes are kept once parsed, and
	// nothing is computed from them ahead; a file's outline is scanned from
	// its bytes read again when first asked (File.Outline). A load reads
	// every file into memory taken from a pool, so the bytes of 100,000
	// files cost neither their allocation nor a collection. It implies
	// LeanBodies.
	BodiesOnDemand bool
	// Listed, when set, is told how many skill entries the roots hold
	// each time they are listed, before any file is read: a one-shot run
	// sizes its collector from it (see cmd/skill-ls's sizeCollector).
	Listed func(entries int)
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
	// ChangeLinks says that something may have changed inside a folder
	// that links point into (the watcher's catch-up when it starts
	// watching a linked folder): the link facts whose targets lie there
	// are made again; no root entry is examined again.
	ChangeLinks
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

// Workspace is the single writer of snapshots: every editor event and disk
// event becomes an Apply that builds the next snapshot.
type Workspace struct {
	roots []Root
	opts  LoadOptions
	cur   atomic.Pointer[Snapshot]
	// lean is what the lean files share (nil unless opts.LeanBodies).
	lean *leanStore

	mu sync.Mutex // serializes Apply and Load
}

// NewWorkspace returns a workspace over roots with an empty snapshot; call
// Load for the first discovery.
func NewWorkspace(roots []Root, opts LoadOptions) *Workspace {
	w := &Workspace{roots: roots, opts: opts}
	if opts.LeanBodies || opts.BodiesOnDemand {
		w.lean = newLeanStore()
		w.lean.onDemand = opts.BodiesOnDemand
	}
	empty := &Snapshot{files: newLayered(map[string]*File{}), loose: map[string]*File{}, entryOf: map[string]*Entry{}, rootOf: map[string]int{}, overlays: map[string]Overlay{}, outside: &outsideLinks{},
		paths: func() []string { return nil }, bundleDirs: func() map[string]string { return nil }}
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
	pc := w.collect(prev, changes)
	if len(pc.relist) == 0 && len(pc.entryUpdates) == 0 {
		next := w.applyFiles(prev, pc.overlays, pc.touched)
		next.patchLinks(prev, pc.touched, pc.disk)
		w.cur.Store(next)
		return next
	}
	next := &Snapshot{Seq: prev.Seq + 1, overlays: pc.overlays, outside: prev.outside}
	if !w.listRoots(ctx, prev, next, pc) {
		return prev
	}
	if w.opts.Listed != nil {
		n := 0
		for _, rs := range next.Roots {
			n += len(rs.Entries)
		}
		w.opts.Listed(n)
	}
	next.loadFiles(prev, pc.touched, w.lean)
	next.parseLoose(prev)
	// The registry and the link entries read the files and write apart:
	// made at the same time (each a pass over every file).
	var wg sync.WaitGroup
	wg.Go(func() {
		next.carryLinks(prev, pc.disk, pc.rescan)
		if w.opts.LeanBodies {
			// A long-lived workspace (the language server): index the
			// entries now, in parallel with the registry, rather than
			// under the first save's lock (60 ms at 100,000 skills).
			next.bases.index(next)
		}
	})
	next.resolve(w.opts)
	wg.Wait()
	w.cur.Store(next)
	return next
}

// pendingChanges is what a batch of changes asks of Apply.
type pendingChanges struct {
	overlays     map[string]Overlay      // the open buffers after the batch
	relist       map[int]bool            // roots to list again
	entryUpdates map[int]map[string]bool // per root: entries to examine again
	touched      map[string]bool         // every changed path
	disk         map[string]bool         // the paths changed on disk
	rescan       bool                    // rediscover everything
}

// collect sorts a batch of changes into what must be listed, examined and
// parsed again.
func (w *Workspace) collect(prev *Snapshot, changes []Change) pendingChanges {
	pc := pendingChanges{overlays: maps.Clone(prev.overlays), relist: map[int]bool{}, entryUpdates: map[int]map[string]bool{}, touched: map[string]bool{}, disk: map[string]bool{}}
	for _, c := range changes {
		p := filepath.Clean(c.Path)
		switch c.Kind {
		case ChangeOpen, ChangeEdit:
			if o, ok := pc.overlays[p]; ok && c.Kind == ChangeEdit && c.Version != 0 && c.Version < o.Version {
				continue // versions going backwards: keep the newer text
			}
			pc.overlays[p] = Overlay{Version: c.Version, Text: c.Text}
			pc.touched[p] = true
		case ChangeClose:
			delete(pc.overlays, p)
			pc.touched[p] = true
			w.markRoots(p, prev, pc.relist, pc.entryUpdates)
		case ChangeDisk:
			pc.touched[p] = true
			pc.disk[p] = true
			// A bundle folder that changed itself may have been made
			// again: the watcher sees its Create, but the writes in it that
			// came before its watch on the new folder it never sees. Its
			// skill file is read again, whatever its stat says.
			if f, ok := prev.bundleDirs()[p]; ok {
				pc.touched[f] = true
				pc.disk[f] = true
			}
			if !w.sameEntries(p, prev) {
				w.markRoots(p, prev, pc.relist, pc.entryUpdates)
			}
		case ChangeRescan:
			pc.rescan = true
		case ChangeLinks:
			pc.disk[p] = true
		}
	}
	if pc.rescan {
		for i := range w.roots {
			pc.relist[i] = true
		}
	}
	return pc
}

// listRoots lists the roots the changes ask for again (in parallel) and
// re-examines the changed entries of the others, filling next.Roots. It
// returns false when ctx ended first.
func (w *Workspace) listRoots(ctx context.Context, prev, next *Snapshot, pc pendingChanges) bool {
	next.Roots = slices.Clone(prev.Roots)
	idx := slices.Sorted(maps.Keys(pc.relist))
	listed := make([]RootState, len(idx))
	parallel(len(idx), func(i int) {
		if ctx.Err() == nil {
			listed[i] = listRoot(w.roots[idx[i]])
		}
	})
	if ctx.Err() != nil {
		return false
	}
	for i, ri := range idx {
		next.Roots[ri] = listed[i]
	}
	for ri, names := range pc.entryUpdates {
		if !pc.relist[ri] {
			next.Roots[ri] = updateEntries(next.Roots[ri], slices.Sorted(maps.Keys(names)))
		}
	}
	return true
}

// parseJob is a skill file to read (or take from its overlay) and parse.
type parseJob struct {
	path string
	mode ReadMode
}

// loadFiles indexes the entries of s.Roots and fills s.files: unchanged
// files (same stat, not touched, not open) are taken from prev, the others
// are read and parsed in parallel.
func (s *Snapshot) loadFiles(prev *Snapshot, touched map[string]bool, lean *leanStore) {
	files := make(map[string]*File, prev.files.len())
	s.entryOf = make(map[string]*Entry, len(prev.entryOf))
	s.rootOf = make(map[string]int, len(prev.rootOf))
	var jobs []parseJob
	for ri := range s.Roots {
		rs := &s.Roots[ri]
		for ei := range rs.Entries {
			e := &rs.Entries[ei]
			if _, dup := s.entryOf[e.Path]; dup {
				continue // the same path reached twice (overlapping roots)
			}
			s.entryOf[e.Path] = e
			s.rootOf[e.Path] = ri
			if old := prev.unchanged(e, rs.Root.Mode, touched); old != nil && s.overlays[e.Path].Text == nil {
				files[e.Path] = old
				continue
			}
			jobs = append(jobs, parseJob{e.Path, rs.Root.Mode})
		}
	}
	parsed := make([]*File, len(jobs))
	parallel(len(jobs), func(i int) { parsed[i] = s.parseJob(prev, jobs[i], lean) })
	for i, j := range jobs {
		files[j.path] = parsed[i]
	}
	s.files = newLayered(files)
}

// unchanged returns the parsed file of entry e when nothing about it
// changed since s: not touched, not open, same read mode, same stat.
func (s *Snapshot) unchanged(e *Entry, mode ReadMode, touched map[string]bool) *File {
	old, had := s.files.get(e.Path)
	oldEntry := s.entryOf[e.Path]
	if !had || touched[e.Path] || oldEntry == nil || old.Mode != mode || s.overlays[e.Path].Text != nil ||
		oldEntry.Size != e.Size || !oldEntry.ModTime.Equal(e.ModTime) {
		return nil
	}
	return old
}

// parseJob reads and parses one file (or its open buffer), keeping prev's
// parsed file when the bytes are the same.
func (s *Snapshot) parseJob(prev *Snapshot, j parseJob, lean *leanStore) *File {
	if o, ok := s.overlays[j.path]; ok {
		return fromBuffer(prev.File(j.path), j.path, o.Text, j.mode)
	}
	return fromDisk(prev.files.at(j.path), prev.overlays[j.path].Text != nil, j.path, j.mode, lean)
}

// fromBuffer returns old when it was parsed from the same text in the same
// mode, else the text parsed.
func fromBuffer(old *File, path string, text []byte, mode ReadMode) *File {
	if old != nil && old.Mode == mode && old.ReadErr == "" && old.SameBytes(text) {
		return old
	}
	return Parse(path, text, mode)
}

// fromDisk reads and parses the file at path. It returns old when old was
// parsed from the same bytes read the same way (and not from an editor
// buffer: oldWasOpen); a new file is made lean when the workspace keeps
// lean bodies (lean is what its lean files share).
func fromDisk(old *File, oldWasOpen bool, path string, mode ReadMode, lean *leanStore) *File {
	var buf *LineIndex
	if lean != nil && lean.onDemand {
		buf = lean.borrowed.Get().(*LineIndex)
	}
	fresh, size := loadFile(path, mode, buf)
	f := fresh
	if old != nil && !oldWasOpen && old.Mode == f.Mode && old.ReadErr == f.ReadErr && old.SameBytes(f.src) {
		f = old // unchanged bytes: keep the parsed file
	} else if lean != nil {
		f.makeLean(size, lean)
	}
	if buf != nil && (f == old || fresh.src == nil) {
		// Nothing kept holds what was read into buf.
		lean.giveBack(buf)
	}
	return f
}

// applyFiles is Apply's fast path for changes that add or remove no root
// entry (typing in an open skill file): it re-parses only the touched
// files and, when no skill's name or validity changed, patches the previous
// registry instead of resolving every skill again.
func (w *Workspace) applyFiles(prev *Snapshot, overlays map[string]Overlay, touched map[string]bool) *Snapshot {
	next := &Snapshot{Seq: prev.Seq + 1, Roots: prev.Roots, overlays: overlays, files: prev.files, entryOf: prev.entryOf, rootOf: prev.rootOf, outside: prev.outside}
	replaced := map[*File]*File{}
	changed := map[string]*File{}
	structural := false
	for p := range touched {
		old, in := prev.files.get(p)
		if !in {
			continue
		}
		mode := prev.Roots[prev.rootOf[p]].Root.Mode
		var f *File
		if o, ok := overlays[p]; ok {
			f = fromBuffer(old, p, o.Text, mode)
		} else {
			f = fromDisk(old, prev.overlays[p].Text != nil, p, mode, w.lean)
		}
		if f == old {
			continue
		}
		changed[p] = f
		replaced[old] = f
		if identity(old) != identity(f) {
			structural = true
		}
	}
	next.files = prev.files.set(changed)
	sameLoose := next.parseLoose(prev)
	if structural || len(replaced) == 0 && !sameLoose {
		next.resolve(w.opts)
		return next
	}
	next.Registry = prev.Registry.patch(replaced)
	next.paths = prev.paths
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
		if _, ok := s.files.get(p); ok {
			continue
		}
		old, had := prev.loose[p]
		if !had {
			samePaths = false
		}
		s.loose[p] = fromBuffer(old, p, o.Text, ReadFS)
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

// entryAt says what the changed path p is to root i: nothing (in false),
// the whole root (the root itself or an ancestor changed, or the root did
// not exist), or the root's child seg.
func (w *Workspace) entryAt(i int, p string, prev *Snapshot) (seg string, whole, in bool) {
	r := w.roots[i]
	switch {
	case Within(r.Dir, p): // the root or an ancestor
		return "", true, true
	case Within(p, r.Dir):
		if !prev.Roots[i].Exists {
			return "", true, true
		}
		rel, err := filepath.Rel(r.Dir, p)
		if err != nil {
			return "", true, true
		}
		seg, _, _ = strings.Cut(rel, string(filepath.Separator))
		return seg, false, true
	}
	return "", false, false
}

// sameEntries reports whether a change on disk at p leaves every root's
// entries as prev has them: p lies inside an entry of each root that holds
// it (a bundle's SKILL.md or one of its files, or a flat file), and that
// entry, examined again now, has the same skill file, folder and kind and
// no problem, as before. Then the change is one of content (a skill file
// saved, a resource written), which Apply's fast path re-reads without
// listing or indexing the roots again: at 100,000 skills that took 270 ms
// for each file saved, under the language server's lock.
func (w *Workspace) sameEntries(p string, prev *Snapshot) bool {
	in := false
	for i := range w.roots {
		seg, whole, ok := w.entryAt(i, p, prev)
		if !ok {
			continue
		}
		if whole {
			return false
		}
		e, probs := examineEntry(prev.Roots[i].Root, seg)
		if e == nil || len(probs) > 0 {
			return false
		}
		old := prev.entryOf[e.Path]
		if old == nil || prev.rootOf[e.Path] != i || old.Name != e.Name || old.BaseDir != e.BaseDir || old.Kind != e.Kind {
			return false
		}
		dir := filepath.Join(w.roots[i].Dir, seg)
		if slices.ContainsFunc(prev.Roots[i].Problems, func(pr Problem) bool { return Within(pr.Path, dir) }) {
			return false
		}
		in = true
	}
	return in
}

// markRoots marks what a changed path can affect: a whole root (the root
// itself or an ancestor changed) or one entry of it.
func (w *Workspace) markRoots(p string, prev *Snapshot, relist map[int]bool, entries map[int]map[string]bool) {
	for i := range w.roots {
		seg, whole, in := w.entryAt(i, p, prev)
		switch {
		case !in:
		case whole:
			relist[i] = true
		default:
			if entries[i] == nil {
				entries[i] = map[string]bool{}
			}
			entries[i][seg] = true
		}
	}
}
