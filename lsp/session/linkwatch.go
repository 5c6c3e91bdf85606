package session

import "github.com/skill-ls/skill-ls/skills"

// linkwatch.go: the watchers follow the folders that open skill files link
// into, from the link facts the snapshot carries.

// watchLinkedDirs points each view's watcher at the folders that the open
// skill files of st link into (the nearest existing folder inside the
// skill's base, from skills' link facts), so a broken-link diagnostic heals
// when the target appears: the watcher itself only covers the roots and
// their bundle folders. It follows the folders of the files only other
// hosts read too, as the last pass found them. st holds the set's views,
// in order.
func (set *viewSet) watchLinkedDirs(st *Snapshot) {
	var open []string
	for _, d := range st.OpenDocs() {
		if !d.Chat {
			open = append(open, d.Key)
		}
	}
	for i, v := range set.views {
		set.mu.Lock()
		w := v.watcher
		set.mu.Unlock()
		if w == nil || i >= len(st.views) {
			continue
		}
		dirs := linkWatchDirs(st.views[i].skills, open)
		if d := st.views[i].config.dir; d != "" {
			dirs = append(dirs, d) // to see .skill-ls.yaml change
		}
		if m := st.views[i].memo; m != nil {
			dirs = append(dirs, m.hostDirs.get()...) // withHostFiles
		}
		w.SetExtra(dirs)
	}
}

// linkWatchDirs returns the folders to watch so that the link targets
// inside the skills of the files at paths are seen when they appear or go.
func linkWatchDirs(snap *skills.Snapshot, paths []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		for _, l := range snap.Links(p) {
			if d := skills.WatchDir(l); d != "" && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}
