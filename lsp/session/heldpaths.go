package session

// heldpaths.go: VS Code opens a linked bundle by the path the user
// clicked (.claude/skills/deploy/SKILL.md, a link to .agents/skills/
// deploy), and that buffer shows the findings check reports on the
// file's primary path (diagnostics.PrimaryPath), computed on the
// buffer's text (diagnostics.Options.Buffer). VS Code's Problems list
// shows every URI, so the primary path's own copy, which the pass
// publishes from the disk, showed each finding twice. While such a
// buffer is open and the primary path is not, the primary path is
// published empty; the buffer's close runs a pass, which publishes it
// again. A buffer opened by the primary path itself shows its own, and
// Neovim's buffer opened by a real path answered as a link
// (linkeddocs.go) is linkedAway's.

import (
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
)

// heldPaths returns, by path of a pass (paths), the key of the open
// buffer that shows that path's findings: a buffer opened by another
// path of the same file, which is not its primary path, while no buffer
// is open by the primary path. Only the paths of a buffer's folder name
// have their links resolved (as diagnostics' rows of the same file), on
// the pass's goroutine.
func heldPaths(st *Snapshot, paths []string) map[string]string {
	if st.Docs.Len() == 0 || !slices.ContainsFunc(st.views, showsLinked) {
		return nil
	}
	// Only the folder names of open buffers: a pass of a large tree
	// holds every skill file's path, and most are no buffer's.
	docs := sortedDocs(st.Docs)
	byFolder := make(map[string][]string, len(docs))
	for _, d := range docs {
		byFolder[filepath.Base(filepath.Dir(d.Key))] = nil
	}
	for _, p := range paths {
		f := filepath.Base(filepath.Dir(p))
		if group, ok := byFolder[f]; ok {
			byFolder[f] = append(group, p)
		}
	}
	var held map[string]string
	for _, d := range docs {
		group := byFolder[filepath.Base(filepath.Dir(d.Key))]
		if len(group) < 2 || DocKey(d.uri) != d.Key || !st.isBuffer(d.Key) {
			continue
		}
		if p := st.primaryElsewhere(d.Key, group); p != "" && st.Docs.At(p) == nil {
			if held == nil {
				held = map[string]string{}
			}
			held[p] = d.Key
		}
	}
	return held
}

// primaryElsewhere returns the primary path of the file at key among
// group, the paths of its folder name, when it is another path than key
// and key's view shows it there (its hosts read the paths: the rules
// move the primary path's findings to key's buffer only then); else "".
func (st *Snapshot) primaryElsewhere(key string, group []string) string {
	i := st.viewIndex(key)
	if i < 0 || !showsLinked(st.views[i]) {
		return ""
	}
	realPath := st.views[i].memo.realPath
	real := realPath(key)
	if real == "" {
		return ""
	}
	same := []string{key}
	for _, p := range group {
		if p != key && realPath(p) == real {
			same = append(same, p)
		}
	}
	if primary := diagnostics.PrimaryPath(real, same); len(same) > 1 && primary != key {
		return primary
	}
	return ""
}

// showsLinked reports whether the rules of v move a primary path's
// findings to a buffer of another path: with hosts selected and a
// workspace folder (the hosts' rows), and the view's link resolver.
func showsLinked(v viewSnapshot) bool {
	return len(v.opts.Hosts) > 0 && v.opts.HostEnv.Cwd != "" && v.memo != nil
}

// heldNow returns the last pass's held paths (heldPaths).
func (q *scheduler) heldNow() map[string]string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.held
}

// clearHeld publishes path empty and reports true when held names it and
// its buffer is still open while no buffer is open by path itself.
func (q *scheduler) clearHeld(st *Snapshot, held map[string]string, path string) bool {
	key, ok := held[path]
	if !ok || !st.isBuffer(key) || st.Docs.At(path) != nil {
		return false
	}
	q.pub.Clear(st.URIFor(path))
	return true
}
