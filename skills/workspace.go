package skills

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// LoadOptions are the engine settings that do not come from roots.
type LoadOptions struct {
	// Runtime are skills registered at runtime (rank 250), as DSH's
	// ctx.skills.register does. Used by the reference vectors.
	Runtime []*Skill
	// CatalogOnly reads of each file what the registry and the catalog
	// need, and none of its body's Markdown: the snapshot's files have no
	// outline, directives or frame closers, and it holds no link facts
	// (list and render, which print the registry and read few bodies).
	CatalogOnly bool
	// BundleFiles reads each bundle's own files (bounded: see
	// discovery.ReadBundleFiles) for the security rules that look at them.
	// Listing and reading every bundle costs more than the rest of a load,
	// so only a run that selects those rules asks for it.
	BundleFiles bool
	// BundleFilesWhenAsked, with BundleFiles, leaves the reading of a
	// root entry's bundle to the first rule that asks for its findings
	// (Snapshot.BundleFindings), instead of the load: the server, whose
	// discovery must not wait for them. The findings are the same.
	BundleFilesWhenAsked bool
	// ReadFile reads a skill file into buf's memory, with its size when
	// opened (discovery.ReadSkillFile when nil; tests stand in a slow
	// disk).
	ReadFile func(path string, buf []byte) ([]byte, int64, error)
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
// event becomes an Apply that builds the next snapshot. The disk work of a
// change (listing roots, reading and parsing files, stat'ing link targets)
// runs outside the lock that publishes snapshots, so an editor buffer's
// change is never held up by a slow disk.
type Workspace struct {
	roots  []discovery.Root
	opts   LoadOptions
	source *textSource
	// exists stats link targets.
	exists func(path string) bool

	diskMu sync.Mutex // one disk change at a time (its reading runs outside mu)
	mu     sync.Mutex // serializes the publication of snapshots
	cur    atomic.Pointer[Snapshot]
}

// NewWorkspace returns a workspace over roots with an empty snapshot; call
// Load for the first discovery.
func NewWorkspace(roots []discovery.Root, opts LoadOptions) *Workspace {
	if opts.ReadFile == nil {
		opts.ReadFile = discovery.ReadSkillFile
	}
	w := &Workspace{roots: roots, opts: opts, source: newTextSource(opts.ReadFile), exists: statTarget}
	empty := &Snapshot{disk: NewTable(map[string]*placed{}), bundles: NewTable(map[string]string{}), source: w.source}
	for _, r := range roots {
		empty.Roots = append(empty.Roots, discovery.RootState{Root: r})
	}
	empty.Registry = Resolve(opts.Runtime, nil)
	w.cur.Store(empty)
	return w
}

// Roots returns the workspace's roots.
func (w *Workspace) Roots() []discovery.Root { return w.roots }

// Snapshot returns the current snapshot.
func (w *Workspace) Snapshot() *Snapshot { return w.cur.Load() }

// Load discovers every root, reading each skill file once, and stores the
// resulting snapshot.
func (w *Workspace) Load(ctx context.Context) (*Snapshot, error) {
	return w.Apply(ctx, Change{Kind: ChangeRescan}), ctx.Err()
}

// Load discovers, parses and resolves every skill under the roots: the CLI's
// entry point.
func Load(ctx context.Context, roots []discovery.Root, opts LoadOptions) (*Snapshot, error) {
	return NewWorkspace(roots, opts).Load(ctx)
}

// Apply applies changes and stores and returns the next snapshot. Only
// files whose bytes changed are parsed again. When ctx ends during the
// disk work, the current snapshot is returned unchanged.
func (w *Workspace) Apply(ctx context.Context, changes ...Change) *Snapshot {
	var edits, disk []Change
	for _, c := range changes {
		c.Path = filepath.Clean(c.Path)
		if c.Kind <= ChangeClose {
			edits = append(edits, c)
		} else {
			disk = append(disk, c)
		}
	}
	var layer *diskLayer
	if len(disk) > 0 {
		w.diskMu.Lock()
		defer w.diskMu.Unlock()
		if layer = w.readDisk(ctx, w.cur.Load(), disk); layer == nil {
			return w.cur.Load()
		}
	}
	read := w.outsideBundles(w.cur.Load(), edits)
	w.mu.Lock()
	defer w.mu.Unlock()
	next := w.derive(w.cur.Load(), layer, edits, read)
	w.cur.Store(next)
	return next
}

// derive makes the snapshot after cur with the disk layer (nil: the disk
// as cur has it) and the editor changes. It reads no file: a buffer is
// parsed from its text, and only its link targets are stat'ed; the bundle
// files of the buffers opened outside the roots were read before (read).
func (w *Workspace) derive(cur *Snapshot, layer *diskLayer, edits []Change, read map[string][]skillfile.BundleFinding) *Snapshot {
	next := &Snapshot{Seq: cur.Seq + 1, Roots: cur.Roots, disk: cur.disk, bundles: cur.bundles, outside: cur.outside, source: w.source}
	if layer != nil {
		next.Roots, next.disk, next.bundles, next.outside = layer.roots, layer.files, layer.bundles, layer.outside
	}
	next.overlays = applyEdits(cur.overlays, edits)
	next.ContentSeq = cur.ContentSeq
	if layer != nil || !sameBytes(cur, next, edits) {
		next.ContentSeq = next.Seq
	}
	open, buffers := next.placeBuffers(cur, layer, edits, w.exists, read)
	next.open = open
	changes := fileChanges(cur, next, layer, buffers)
	var added, gone []string
	for _, c := range changes {
		if c.now == nil {
			gone = append(gone, c.path)
		} else if c.old == nil {
			added = append(added, c.path)
		}
	}
	next.paths = updateSorted(cur.paths, added, gone)
	next.Registry = cur.Registry.update(registryChanges(changes))
	next.Registry.Incomplete = incomplete(next.Roots)
	return next
}

// fileChanges returns, once each, the paths whose file next sees (open
// or on disk) is not the one cur sees, with both: the disk changes of
// layer under no buffer, and the buffers placed anew, opened or closed.
// Under no buffer, cur sees base's disk file (disk batches are serialized,
// and an editor change keeps the disk) and next the layer's.
func fileChanges(cur, next *Snapshot, layer *diskLayer, buffers []string) []diskChange {
	var out []diskChange
	if layer != nil {
		out = make([]diskChange, 0, len(layer.changes)+len(buffers))
		for _, c := range layer.changes {
			_, was := cur.open.Get(c.path)
			_, is := next.open.Get(c.path)
			if !was && !is {
				out = append(out, c)
			}
		}
	}
	for _, p := range buffers {
		out = append(out, diskChange{path: p, old: cur.placed(p), now: next.placed(p)})
	}
	return out
}

// applyEdits returns the open buffers after the editor changes, in order.
// Only the edited paths are touched: a didOpen or didClose costs the same
// however many buffers are open.
func applyEdits(overlays Table[Overlay], edits []Change) Table[Overlay] {
	if len(edits) == 0 {
		return overlays
	}
	after := map[string]*Overlay{} // nil: closed
	for _, c := range edits {
		o, seen := after[c.Path]
		if !seen {
			if cur, ok := overlays.Get(c.Path); ok {
				o = &cur
			}
		}
		switch c.Kind {
		case ChangeOpen, ChangeEdit:
			if o != nil && c.Kind == ChangeEdit && c.Version != 0 && c.Version < o.Version {
				after[c.Path] = o
				continue // versions going backwards: keep the newer text
			}
			after[c.Path] = &Overlay{Version: c.Version, Text: c.Text}
		case ChangeClose:
			after[c.Path] = nil
		}
	}
	set := map[string]Overlay{}
	var del []string
	for p, o := range after {
		if o == nil {
			del = append(del, p)
		} else {
			set[p] = *o
		}
	}
	return overlays.With(set, del)
}

// placeBuffers returns the placed buffers of next, the snapshot after cur
// with the disk layer (nil: none) and the editor changes, and the paths
// whose buffer was placed anew, opened or closed. A buffer is placed anew
// when edited, when the layer changed its file, or when a path the layer
// reports moved touches its links; every other one is cur's.
func (next *Snapshot) placeBuffers(cur *Snapshot, layer *diskLayer, edits []Change, exists func(string) bool, read map[string][]skillfile.BundleFinding) (Table[*placed], []string) {
	placedNow := map[string]*placed{}
	handled := map[string]bool{}
	var closed, buffers []string
	for _, c := range edits {
		p := c.Path
		if handled[p] {
			continue
		}
		handled[p] = true
		if o, ok := next.overlays.Get(p); ok {
			placedNow[p] = next.placeBuffer(p, o, cur.open.At(p), exists, read)
			buffers = append(buffers, p)
		} else if _, was := cur.open.Get(p); was {
			closed = append(closed, p) // the disk counts again
			buffers = append(buffers, p)
		}
	}
	if layer != nil {
		for p, o := range next.overlays.All() {
			if _, done := placedNow[p]; done {
				continue
			}
			if old := cur.open.At(p); old == nil || layer.changedAt(p) || touchedBy(old, layer.moved) {
				placedNow[p] = next.placeBuffer(p, o, old, exists, read)
				buffers = append(buffers, p)
			}
		}
	}
	return cur.open.With(placedNow, closed), buffers
}

// placeBuffer parses the buffer at path as the file of its root entry, if
// it has one (else as a file outside the roots), keeping old's parse when
// the text and the read mode are the same. Over a root entry whose bytes
// DSH cannot read as text, the buffer is dropped as the disk file is
// (skillfile.File.SavedOver). A buffer outside the roots carries its
// bundle's findings (keptBundle).
func (s *Snapshot) placeBuffer(path string, o Overlay, old *placed, exists func(string) bool, read map[string][]skillfile.BundleFinding) *placed {
	d := s.disk.At(path)
	p := &placed{root: -1}
	mode := skillfile.ReadFS
	if d != nil {
		p.entry, p.root, p.index = d.entry, d.root, d.index
		mode = s.Roots[d.root].Root.Mode
	}
	// A parse that took the disk's encoding drop is not kept: the disk
	// it took it from may be the change being placed.
	if old != nil && old.file.Mode == mode && s.source.same(old.file, o.Text) && (old.file.Drop == nil || !old.file.Drop.OnDisk) {
		p.file = old.file
	} else {
		p.file = skillfile.Parse(path, o.Text, mode)
	}
	if d != nil {
		// The editor saves the buffer in the file's encoding, so a file
		// DSH cannot read as text stays dropped, as DSH reads the disk.
		p.file = p.file.SavedOver(d.file)
		p.skill = placeSkill(p.file, s.Roots[d.root], d.root, d.index, d.entry)
	} else {
		p.bundle = keptBundle(path, read, old)
	}
	p.links = linkFacts(p.file, baseOf(p), ownBundle(p), exists, s.linkHolder(path, exists))
	return p
}

// ownBundle returns the skill file of a placed bundle entry, "" for other
// files.
func ownBundle(p *placed) string {
	if p.entry != nil && p.entry.Kind == discovery.EntryBundle {
		return p.entry.Path
	}
	return ""
}

// baseOf returns the directory a placed file's links resolve against: its
// entry's base, or its own folder outside the roots.
func baseOf(p *placed) string {
	if p.entry != nil {
		return p.entry.BaseDir
	}
	return filepath.Dir(p.file.Path)
}

// placeSkill returns the skill of a valid file placed at entry index ei of
// root ri, or nil for a dropped file.
func placeSkill(f *skillfile.File, rs discovery.RootState, ri, ei int, e *discovery.Entry) *Skill {
	if f.Def == nil {
		return nil
	}
	return &Skill{
		Definition: f.Def, Source: rs.Root.Source, Rank: rs.Root.Rank, RootIndex: ri, EntryIndex: ei,
		Provider: "filesystem", ResourceBase: ResourceBase{Kind: ResourceDirectory, Path: e.BaseDir},
		Path: f.Path, File: f,
	}
}

// registryChanges returns what the changed files take out of cur's
// registry and put into next's: the skills of the files in the roots, and
// the dropped ones.
func registryChanges(changes []diskChange) (removed, added []*Skill, undropped []string, dropped []droppedFile) {
	for _, c := range changes {
		if old := c.old; old != nil && old.entry != nil {
			if old.skill != nil {
				removed = append(removed, old.skill)
			} else if old.file.Drop != nil {
				undropped = append(undropped, c.path)
			}
		}
		if n := c.now; n != nil && n.entry != nil {
			if n.skill != nil {
				added = append(added, n.skill)
			} else if n.file.Drop != nil {
				dropped = append(dropped, droppedFile{file: n.file, root: n.root, entry: n.index})
			}
		}
	}
	return removed, added, undropped, dropped
}

// incomplete returns the provider failure among the roots' problems, if
// any (DSH then publishes no catalog).
func incomplete(roots []discovery.RootState) string {
	for _, rs := range roots {
		for _, p := range rs.Problems {
			if p.Code == problem.ProviderFailed {
				return p.Message
			}
		}
	}
	return ""
}
