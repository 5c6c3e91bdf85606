package watch

// arm.go: which folders are watched. The roots and their bundle folders,
// a missing root's nearest ancestor, the extra folders open skills link
// into; all of them again after the kernel's queue overflowed.

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// armRootLocked watches root i and its bundle folders, or, when the root is
// missing, its nearest existing ancestor.
func (w *Watcher) armRootLocked(i int) {
	r := w.roots[i]
	// Each turn watches a folder nearer the root: at most one a segment.
	for range strings.Count(r.Dir, string(filepath.Separator)) + 1 {
		info, err := os.Stat(r.Dir)
		if err == nil && info.IsDir() {
			w.armFolderLocked(i)
			return
		}
		dir := nearestDir(filepath.Dir(r.Dir))
		if dir == "" {
			return
		}
		w.addLocked(dir, i) // its Create events lead on
		if err == nil {     // a root that is a file: watch it too
			w.addLocked(r.Dir, i)
			return
		}
		// A folder made on the way to the root between the Stat above and
		// this watch raised its Create event before the watch was there
		// (mkdir -p makes them all at once): follow it now, or nothing
		// below it is ever watched.
		if nearestDir(r.Dir) == dir {
			return
		}
	}
}

// armFolderLocked watches root i, which exists, and its bundle folders.
func (w *Watcher) armFolderLocked(i int) {
	r := w.roots[i]
	if !w.addLocked(r.Dir, i) {
		return
	}
	if fi, err := os.Lstat(r.Dir); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		// The root's watch follows the link's target: only its parent
		// sees the link replaced (ln -sfn renames a new link over it).
		w.addLocked(filepath.Dir(r.Dir), i)
	}
	ents, err := os.ReadDir(r.Dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		p := filepath.Join(r.Dir, e.Name())
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if !w.addLocked(p, i) {
				return
			}
		}
	}
}

// forgetLocked drops dir and the folders under it from the watch set, so
// that arming them again watches what their paths lead to now: a root made
// again, or a root link pointed elsewhere, whose old watches follow the
// old folders.
func (w *Watcher) forgetLocked(dir string) {
	for d := range w.watched {
		if discovery.Within(d, dir) {
			delete(w.watched, d)
		}
	}
}

// nearestDir returns dir or its nearest ancestor that is a folder, "" when
// none is.
func nearestDir(dir string) string {
	for ; ; dir = filepath.Dir(dir) {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// addLocked adds a watch; on the watch limit it falls back to polling root
// i (when i >= 0) and reports once. It returns false when watching failed.
func (w *Watcher) addLocked(dir string, i int) bool {
	if w.watched[dir] {
		return true
	}
	if err := w.fs.Add(dir); err != nil {
		if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
			w.reportLocked("limit", fmt.Errorf("cannot watch %s: the inotify watch limit is reached (raise fs.inotify.max_user_watches); rescanning the skill roots every %s instead", dir, w.opts.PollInterval))
			if i >= 0 && !w.polling[i] {
				w.polling[i] = true
				w.wg.Go(func() { w.poll(i) })
			}
			return false
		}
		return false // vanished meanwhile: its parent's events cover it
	}
	w.watched[dir] = true
	return true
}

// reportLocked hands err to OnError, once for each kind.
func (w *Watcher) reportLocked(kind string, err error) {
	if w.reported[kind] || w.opts.OnError == nil {
		return
	}
	w.reported[kind] = true
	go w.opts.OnError(err)
}

// rearmLocked rebuilds the watch set after the kernel's event queue
// overflowed. The events it dropped may have been the Create of a new
// bundle folder (so nothing watches it yet, and every later write in it
// would go unseen) or the Remove of a watched one (so the map says watched
// while the kernel dropped the watch with the folder). Each folder still
// there is watched again (adding a watch twice is harmless), then each
// root's new folders. The rescan queued after it catches what happened
// before.
func (w *Watcher) rearmLocked() {
	dirs := slices.Collect(maps.Keys(w.watched))
	clear(w.watched)
	for _, d := range slices.AppendSeq(dirs, maps.Keys(w.extra)) {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			w.addLocked(d, -1) // a folder seen twice is added once
		}
	}
	for i := range w.roots {
		w.armRootLocked(i)
	}
}
