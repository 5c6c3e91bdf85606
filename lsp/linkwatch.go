package lsp

// linkwatch.go: the watchers follow the folders that open skill files link
// into. Isolated here: it is to be replaced by link facts the snapshot
// carries.

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skills"
)

// watchLinkedDirs points each view's watcher at the folders that the open
// skill files of st link into (the nearest existing folder inside the
// skill's base), so a broken-link diagnostic heals when the target
// appears: the watcher itself only covers the roots and their bundle
// folders. st holds the set's views, in order.
func (set *viewSet) watchLinkedDirs(st *snapshot) {
	var open []string
	for _, d := range st.openDocs() {
		if !d.chat {
			open = append(open, d.key)
		}
	}
	for i, v := range set.views {
		set.mu.Lock()
		w := v.watcher
		set.mu.Unlock()
		if w == nil || i >= len(st.views) {
			continue
		}
		w.SetExtra(linkedDirs(st.views[i].skills, open))
	}
}

// linkedDirs returns the folders the open files of snap link into.
func linkedDirs(snap *skills.Snapshot, open []string) []string {
	var dirs []string
	for _, p := range open {
		f := snap.File(p)
		if f == nil {
			continue
		}
		base := filepath.Dir(p)
		if entry, _ := snap.Entry(p); entry != nil {
			base = entry.BaseDir
		}
		for _, l := range f.Outline().Links {
			target, ok := skills.LinkTarget(base, l.Dest)
			if !ok || !skills.Within(target, base) {
				continue
			}
			dir := filepath.Dir(target)
			for dir != base && skills.Within(dir, base) {
				if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
					break
				}
				dir = filepath.Dir(dir)
			}
			if !slices.Contains(dirs, dir) {
				dirs = append(dirs, dir)
			}
		}
	}
	return dirs
}
