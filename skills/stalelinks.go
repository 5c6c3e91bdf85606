package skills

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// stalelinks.go: which link facts a disk batch must compute again, and
// for which files: those whose targets an added, removed or changed entry
// may be.

// renewStaleLinks makes again the link facts of the disk files the batch
// did not place anew but whose facts a reported path may touch (a target,
// or a folder above one, changed), and keeps the list of files whose links
// reach outside their base.
func (w *Workspace) renewStaleLinks(base *Snapshot, layer *diskLayer, rescan bool) {
	if w.opts.CatalogOnly {
		return
	}
	stale := w.staleLinks(base, layer, rescan)
	redo := make(map[string]*placed, len(stale))
	fresh := make([]*placed, len(stale))
	for i, path := range stale {
		c := *layer.files.At(path)
		redo[path], fresh[i] = &c, &c
	}
	holder := (&Snapshot{Roots: layer.roots, disk: layer.files, bundles: layer.bundles}).skillHolding
	discovery.Parallel(len(fresh), func(_, i int) {
		p := fresh[i]
		p.links = linkFacts(p.file, p.entry.BaseDir, ownBundle(p), w.exists, holder)
	})
	layer.files = layer.files.With(redo, nil)
	// Only a path base lists can leave the list.
	var outside, gone []string
	classify := func(path string, p *placed) {
		if p != nil && p.links.reachesOutside() {
			outside = append(outside, path)
		} else if _, ok := slices.BinarySearch(base.outside, path); ok {
			gone = append(gone, path)
		}
	}
	for _, c := range layer.changes {
		classify(c.path, c.now)
	}
	for i, path := range stale {
		classify(path, fresh[i])
	}
	layer.outside = updateSorted(base.outside, outside, gone)
}

// staleLinks returns the paths of the disk files whose link facts a path
// the batch reported may touch: the file of the bundle folder that holds
// it, the flat files of the root that holds it, and the files whose links
// reach outside their base; every file after a rescan. The files the
// batch placed, whose facts were just made, are left out.
func (w *Workspace) staleLinks(base *Snapshot, layer *diskLayer, rescan bool) []string {
	if rescan {
		// Every file of the layer that the batch did not place is one of
		// base's that it kept.
		var out []string
		for p := range base.disk.All() {
			if _, fresh := layer.set[p]; !fresh && layer.files.At(p) != nil {
				out = append(out, p)
			}
		}
		return out
	}
	if len(layer.moved) == 0 {
		return nil
	}
	var out []string
	maybe := func(path string) {
		if p := layer.files.At(path); p != nil && touchedBy(p, layer.moved) {
			out = append(out, path)
		}
	}
	for _, m := range layer.moved {
		for dir := m; ; dir = filepath.Dir(dir) {
			if sk, ok := layer.bundles.Get(dir); ok {
				maybe(sk)
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
		for _, rs := range layer.roots {
			if !discovery.Within(m, rs.Root.Dir) {
				continue
			}
			for _, e := range rs.Entries {
				if e.Kind == discovery.EntryFlat || discovery.Within(rs.Root.Dir, m) {
					maybe(e.Path)
				}
			}
		}
	}
	for _, p := range base.outside {
		maybe(p)
	}
	out = slices.DeleteFunc(out, func(p string) bool { _, fresh := layer.set[p]; return fresh })
	slices.Sort(out)
	return slices.Compact(out)
}

// entryAt says what the changed path p is to root i: nothing (in false),
// the whole root (the root itself or an ancestor changed, or the root did
// not exist), or the root's child seg.
func (w *Workspace) entryAt(i int, p string, base *Snapshot) (seg string, whole, in bool) {
	r := w.roots[i]
	switch {
	case discovery.Within(r.Dir, p): // the root or an ancestor
		return "", true, true
	case discovery.Within(p, r.Dir):
		if !base.Roots[i].Exists {
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
// entries as base has them: p lies inside an entry of each root that holds
// it (a bundle's SKILL.md or one of its files, or a flat file), and that
// entry, examined again now, has the same skill file, folder and kind and
// no problem, as before. Then the change is one of content (a skill file
// saved, a resource written), and no root is listed again.
func (w *Workspace) sameEntries(p string, base *Snapshot) bool {
	in := false
	for i := range w.roots {
		seg, whole, ok := w.entryAt(i, p, base)
		if !ok {
			continue
		}
		if whole {
			return false
		}
		e, probs := discovery.Examine(base.Roots[i].Root, seg)
		if e == nil || len(probs) > 0 {
			return false
		}
		old := base.disk.At(e.Path)
		if old == nil || old.root != i || old.entry.Name != e.Name || old.entry.BaseDir != e.BaseDir || old.entry.Kind != e.Kind {
			return false
		}
		dir := filepath.Join(w.roots[i].Dir, seg)
		if slices.ContainsFunc(base.Roots[i].Problems, func(pr discovery.Problem) bool { return discovery.Within(pr.Path, dir) }) {
			return false
		}
		in = true
	}
	return in
}

// markRoots marks what a changed path can affect: a whole root (the root
// itself or an ancestor changed) or one entry of it.
func (w *Workspace) markRoots(p string, base *Snapshot, relist map[int]bool, entries map[int]map[string]bool) {
	for i := range w.roots {
		seg, whole, in := w.entryAt(i, p, base)
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
