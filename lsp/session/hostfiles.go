package session

// hostfiles.go: the workspace pass judges, as `skill-ls check` does, the
// skill files only the view's other hosts read (.claude/skills when DSH's
// roots are .agents/skills, ...), which no view holds until the editor
// opens one: the Problems list is check's without opening a file.

import (
	"context"
	"path/filepath"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// withHostFiles returns v's skills snapshot with the files
// diagnostics.HostFiles lists opened from disk, as check opens them
// (cmd/skill-ls/checkhosts.go), and the paths it opened. A file the
// editor holds open is its buffer already. It runs in the pass's
// goroutine, outside any lock: it walks the hosts' folders and reads the
// files, and stops when ctx ends (the snapshot is then v's own).
func withHostFiles(ctx context.Context, v viewSnapshot) (*skills.Snapshot, map[string]bool) {
	snap := v.skills
	if len(v.opts.Hosts) == 0 || v.opts.HostEnv.Cwd == "" {
		return snap, nil
	}
	files, err := diagnostics.HostFiles(ctx, snap, v.opts)
	if err != nil {
		return snap, nil
	}
	if v.memo != nil {
		v.memo.hostDirs.set(hostWatchDirs(files))
	}
	var opened []skills.Change
	added := map[string]bool{}
	for _, p := range files {
		if ctx.Err() != nil {
			return snap, nil
		}
		if _, open := snap.Overlay(p); open {
			continue
		}
		src, _, err := discovery.ReadSkillFile(p, nil)
		if err != nil {
			continue
		}
		opened = append(opened, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: src})
		added[p] = true
	}
	if len(opened) == 0 {
		return snap, nil
	}
	return snap.TryOpening(skills.LoadOptions{BundleFiles: v.opts.SelectsBundleFiles()}, opened...), added
}

// hostWatchDirs returns the folders the views' watcher follows so that a
// change to a file only other hosts read makes a pass due: each file's
// folder and the one above it (the host's folder, where a new bundle
// appears). Events there are disk changes outside the roots: the views
// ignore them, and the pass that they make due reads the folders again.
func hostWatchDirs(files []string) []string {
	var out []string
	for _, p := range files {
		d := filepath.Dir(p)
		out = append(out, d, filepath.Dir(d))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// syncValue is a value set by one goroutine and read by others.
type syncValue[T any] struct {
	mu sync.Mutex
	v  T
}

func (s *syncValue[T]) set(v T) {
	s.mu.Lock()
	s.v = v
	s.mu.Unlock()
}

func (s *syncValue[T]) get() T {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.v
}
