package watch

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestWatcherRootSymlinkRetargeted: a skill root that is a symbolic link
// (a dotfiles manager's ~/.agents/skills, a shared folder linked into the
// project) is pointed at another folder with `ln -sfn`, which renames a new
// link over the old one. The root's watch follows the old target, so only
// an event in the root's parent says the root changed.
func TestWatcherRootSymlinkRetargeted(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	skilltest.WriteSkill(t, filepath.Join(a, "old", "SKILL.md"), "old", "in the first target")
	skilltest.WriteSkill(t, filepath.Join(b, "new", "SKILL.md"), "new", "in the second target")
	root := filepath.Join(dir, "project", ".agents", "skills")
	if err := os.MkdirAll(filepath.Dir(root), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, root); err != nil {
		t.Fatal(err)
	}
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	ws.Load(t.Context())
	watcher := watchWorkspace(t, ws, roots, 20*time.Millisecond)
	waitFor := func(what string, cond func(*skills.Snapshot) bool) {
		t.Helper()
		watcher.waitForSnapshot(t, ws, what, cond)
	}
	tmp := filepath.Join(dir, "project", ".agents", "tmp-link")
	if err := os.Symlink(b, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, root); err != nil {
		t.Fatal(err)
	}
	waitFor("the second target's skills", func(s *skills.Snapshot) bool {
		return s.Registry.Lookup("new") != nil && s.Registry.Lookup("old") == nil
	})
	skilltest.WriteSkill(t, filepath.Join(b, "new", "SKILL.md"), "new", "edited in the second target")
	waitFor("an edit in the second target", func(s *skills.Snapshot) bool {
		sk := s.Registry.Lookup("new")
		return sk != nil && sk.Description == "edited in the second target"
	})
}
