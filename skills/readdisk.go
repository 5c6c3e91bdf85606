package skills

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// diskLayer is what a batch of disk changes makes of a snapshot's disk
// side: read outside the workspace's lock, then laid under the editor
// buffers of whatever snapshot is current (derive).
type diskLayer struct {
	roots   []discovery.RootState
	files   Table[*placed]
	bundles Table[string]
	outside []string
	// changes are the disk files the batch added, replaced, placed anew
	// or removed: those it placed in the roots' visit order, then those
	// that went. set holds the placed ones by path, del the paths that
	// went.
	changes []diskChange
	set     map[string]*placed
	del     []string
	// moved are the paths the batch reported, which link facts may point
	// at.
	moved []string
}

// diskChange is a disk file a batch changed: what the base snapshot had
// at path (nil: nothing) and what the layer has (nil: it went).
type diskChange struct {
	path     string
	old, now *placed
	// read says that now's file is read again (readPlacedFiles).
	read bool
}

// changedAt reports whether the batch changed the disk file at path.
func (l *diskLayer) changedAt(path string) bool {
	if l == nil {
		return false
	}
	_, ok := l.set[path]
	return ok || slices.Contains(l.del, path)
}

// pendingChanges is what a batch of disk changes asks of readDisk.
type pendingChanges struct {
	relist       map[int]bool            // roots to list again
	entryUpdates map[int]map[string]bool // per root: entries to examine again
	touched      map[string]bool         // skill files to read again
	moved        []string                // every path reported
	rescan       bool                    // rediscover everything
}

// readDisk lists, reads and parses what the disk changes ask for against
// base, and stats the link targets they may have touched. It returns nil
// when ctx ended first.
func (w *Workspace) readDisk(ctx context.Context, base *Snapshot, changes []Change) *diskLayer {
	pc := w.collect(base, changes)
	layer := &diskLayer{roots: base.Roots, files: base.disk, bundles: base.bundles, moved: pc.moved}
	if !w.listRoots(ctx, base, layer, pc) {
		return nil
	}
	layer.set, layer.del, layer.changes = w.placeEntries(base, layer, pc)
	layer.files = base.disk.With(layer.set, layer.del)
	layer.bundles = updateBundles(base.bundles, layer.changes)
	w.readPlacedFiles(layer)
	w.renewStaleLinks(base, layer, pc.rescan)
	return layer
}

// collect sorts a batch of disk changes into what must be listed, examined
// and read again.
func (w *Workspace) collect(base *Snapshot, changes []Change) pendingChanges {
	pc := pendingChanges{relist: map[int]bool{}, entryUpdates: map[int]map[string]bool{}, touched: map[string]bool{}}
	for _, c := range changes {
		pc.moved = append(pc.moved, c.Path)
		switch c.Kind {
		case ChangeDisk:
			pc.touched[c.Path] = true
			// A bundle folder that changed itself may have been made
			// again: the watcher sees its Create, but the writes in it that
			// came before its watch on the new folder it never sees. Its
			// skill file is read again, whatever its stat says.
			if f, ok := base.bundles.Get(c.Path); ok {
				pc.touched[f] = true
			}
			if !w.sameEntries(c.Path, base) {
				w.markRoots(c.Path, base, pc.relist, pc.entryUpdates)
			}
		case ChangeRescan:
			pc.rescan = true
			for i := range w.roots {
				pc.relist[i] = true
			}
		}
	}
	return pc
}

// listRoots lists the roots the changes ask for again (in parallel) and
// re-examines the changed entries of the others. It returns false when ctx
// ended first.
func (w *Workspace) listRoots(ctx context.Context, base *Snapshot, layer *diskLayer, pc pendingChanges) bool {
	if len(pc.relist) == 0 && len(pc.entryUpdates) == 0 {
		return true
	}
	layer.roots = slices.Clone(base.Roots)
	idx := slices.Sorted(maps.Keys(pc.relist))
	listed := make([]discovery.RootState, len(idx))
	// One goroutine a root: a root's reading of its folder and sorting of
	// its names are serial, and each overlaps the others' examining.
	var wg sync.WaitGroup
	for i, ri := range idx {
		wg.Go(func() {
			if ctx.Err() == nil {
				listed[i] = discovery.List(w.roots[ri])
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return false
	}
	for i, ri := range idx {
		layer.roots[ri] = listed[i]
	}
	for ri, names := range pc.entryUpdates {
		if !pc.relist[ri] {
			layer.roots[ri] = discovery.UpdateEntries(layer.roots[ri], slices.Sorted(maps.Keys(names)))
		}
	}
	return true
}

// placeEntries returns the disk files that change: the entries the roots
// list now that are new, moved to another place, or touched (set), and
// the paths of the entries that went (del); changes lists both, those of
// set in the roots' visit order, marking those whose file must be read
// again (readPlacedFiles reads them).
func (w *Workspace) placeEntries(base *Snapshot, layer *diskLayer, pc pendingChanges) (set map[string]*placed, del []string, changes []diskChange) {
	n := len(pc.touched)
	if len(pc.relist)+len(pc.entryUpdates) > 0 {
		for _, rs := range layer.roots {
			n += len(rs.Entries)
		}
	}
	set = make(map[string]*placed, n)
	visit := func(ri, ei int, e *discovery.Entry, old *placed) {
		mode := layer.roots[ri].Root.Mode
		switch {
		case old != nil && !pc.touched[e.Path] && old.file.Mode == mode && sameStat(old.entry, e):
			if old.root == ri && old.index == ei && old.entry.Name == e.Name && old.entry.BaseDir == e.BaseDir {
				return // unchanged
			}
			p := &placed{file: old.file, entry: e, root: ri, index: ei}
			p.skill = placeSkill(p.file, layer.roots[ri], ri, ei, e)
			set[e.Path] = p
			changes = append(changes, diskChange{path: e.Path, old: old, now: p})
		default:
			p := &placed{entry: e, root: ri, index: ei}
			set[e.Path] = p
			changes = append(changes, diskChange{path: e.Path, old: old, now: p, read: true})
		}
	}
	if len(pc.relist)+len(pc.entryUpdates) > 0 {
		changes = make([]diskChange, 0, n)
		for ri := range layer.roots {
			rs := &layer.roots[ri]
			for ei := range rs.Entries {
				e := &rs.Entries[ei]
				old := base.disk.At(e.Path)
				if listedBefore(layer, set, ri, e.Path, old) {
					continue // the same path reached twice (overlapping roots)
				}
				visit(ri, ei, e, old)
			}
		}
		for p, old := range base.disk.All() {
			if _, placed := set[p]; !placed && !listedAt(layer, old.root, old.index, p) {
				del = append(del, p)
				changes = append(changes, diskChange{path: p, old: old})
			}
		}
	} else {
		for p := range pc.touched {
			if old := base.disk.At(p); old != nil {
				rs := &layer.roots[old.root]
				visit(old.root, old.index, &rs.Entries[old.index], old)
			}
		}
	}
	return set, del, changes
}

// listedBefore reports whether a root before ri lists path, as
// placeEntries visits them: it placed the path (set), or found it
// unchanged where base has it (old).
func listedBefore(layer *diskLayer, set map[string]*placed, ri int, path string, old *placed) bool {
	if _, ok := set[path]; ok {
		return true
	}
	return old != nil && old.root < ri && listedAt(layer, old.root, old.index, path)
}

// listedAt reports whether root ri of the layer lists path as entry ei.
// A root lists a path once, so a path of base that is not placed anew is
// still listed when it is where base has it (placeEntries visited it
// there and found it unchanged).
func listedAt(layer *diskLayer, ri, ei int, path string) bool {
	return ri >= 0 && ri < len(layer.roots) && ei < len(layer.roots[ri].Entries) && layer.roots[ri].Entries[ei].Path == path
}

// readPlacedFiles reads and parses the files of the layer's changes that
// must be read again, and makes the link facts of every file it placed,
// in parallel and in the roots' visit order. Each worker reads into
// memory of its own, which a lean file leaves for the next read and a
// file kept in memory takes with it. The placed files are the layer's
// own, not yet in any snapshot: filling them in is safe.
func (w *Workspace) readPlacedFiles(layer *diskLayer) {
	holder := (&Snapshot{Roots: layer.roots, disk: layer.files, bundles: layer.bundles}).skillHolding
	bufs := make([][]byte, discovery.Workers())
	readers := make([]discovery.BundleReader, len(bufs))
	discovery.Parallel(len(layer.changes), func(worker, i int) {
		c := &layer.changes[i]
		p := c.now
		if p == nil {
			return
		}
		if c.read {
			bufs[worker] = w.readPlaced(c.old, layer, p, bufs[worker])
		}
		if !w.opts.CatalogOnly {
			w.placeFacts(p, holder, &readers[worker])
		}
	})
}

// sameStat reports whether two examinations of an entry found the same
// skill file: same path, kind, size and modification time.
func sameStat(a, b *discovery.Entry) bool {
	return a.Path == b.Path && a.Kind == b.Kind && a.Size == b.Size && a.ModTime == b.ModTime
}

// readPlaced reads p's skill file into buf's memory and parses it, keeping
// the parse of old (the base's file at its path, if any) when the bytes
// are the same, and makes it lean. It returns the memory the next read
// may use: buf, unless the file keeps it.
func (w *Workspace) readPlaced(old *placed, layer *diskLayer, p *placed, buf []byte) []byte {
	mode := layer.roots[p.root].Root.Mode
	f, size, src := w.loadFile(p.entry.Path, mode, buf)
	if old != nil && old.file.Mode == f.Mode && old.file.ReadErr() == f.ReadErr() && f.InMemory() != nil && w.source.same(old.file, f.InMemory().Src()) {
		f = old.file // unchanged bytes: keep the parsed file
	} else {
		f = w.source.lean(f, size)
	}
	p.file = f
	p.skill = placeSkill(f, layer.roots[p.root], p.root, p.index, p.entry)
	if f.InMemory() != nil {
		return nil // the file keeps the bytes it was read into
	}
	return src[:0]
}

// updateBundles returns the bundle folders after the disk changes.
func updateBundles(bundles Table[string], changes []diskChange) Table[string] {
	add := make(map[string]string, len(changes))
	var gone []string
	for _, c := range changes {
		if o := c.old; o != nil && o.entry.Kind == discovery.EntryBundle && (c.now == nil || o.entry.BaseDir != c.now.entry.BaseDir) {
			gone = append(gone, o.entry.BaseDir)
		}
		if c.now != nil && c.now.entry.Kind == discovery.EntryBundle {
			add[c.now.entry.BaseDir] = c.path
		}
	}
	return bundles.With(add, gone)
}

// loadFile reads the skill file at path into buf's memory (new memory when
// it is too small) and parses it. size is the file's size when it was
// opened, -1 when it could not be read; src is the memory read into.
func (w *Workspace) loadFile(path string, mode skillfile.ReadMode, buf []byte) (f *skillfile.File, size int64, src []byte) {
	src, size, err := w.opts.ReadFile(path, buf)
	if errors.Is(err, discovery.ErrTooLarge) {
		return skillfile.TooLarge(path, mode), -1, buf
	}
	if err != nil {
		return skillfile.Unreadable(path, mode, discovery.ErrText(err)), -1, buf
	}
	if w.opts.CatalogOnly {
		return skillfile.ParseCatalog(path, src, mode), size, src
	}
	return skillfile.Parse(path, src, mode), size, src
}
