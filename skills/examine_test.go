package skills

import (
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
)

// TestExamineBundleMatchesOS holds examineBundle (a regular SKILL.md
// stat'ed without allocating) to examineBundleOS for every shape a bundle
// folder can take, in both read modes.
func TestExamineBundleMatchesOS(t *testing.T) {
	root := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk("regular")
	write("regular/SKILL.md", "---\nname: regular\n---\n")
	mk("empty")
	write("empty/SKILL.md", "")
	mk("missing")
	mk("lower")
	write("lower/skill.md", "x")
	mk("dir/SKILL.md")
	mk("linked")
	write("linked/real.md", "x")
	if err := os.Symlink("real.md", filepath.Join(root, "linked", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	mk("broken")
	if err := os.Symlink("nowhere.md", filepath.Join(root, "broken", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("regular", filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	mk("fifo")
	fifo := syscall.Mkfifo(filepath.Join(root, "fifo", "SKILL.md"), 0o644) == nil
	names := []string{"regular", "empty", "missing", "lower", "dir", "linked", "broken", "alias", "absent"}
	if fifo {
		names = append(names, "fifo")
	}
	for _, mode := range []ReadMode{ReadFS, ReadNode} {
		r := Root{Dir: root, Index: 1, Mode: mode}
		for _, name := range names {
			p := filepath.Join(root, name)
			gotEntry, gotProblems := examineBundle(r, name, p)
			wantEntry, wantProblems := examineBundleOS(r, name, p)
			if !reflect.DeepEqual(gotEntry, wantEntry) || !reflect.DeepEqual(gotProblems, wantProblems) {
				t.Errorf("mode %v, %s: %+v %+v; want %+v %+v", mode, name, gotEntry, gotProblems, wantEntry, wantProblems)
			}
		}
	}
	if e, _ := examineBundle(Root{Dir: root}, "regular", filepath.Join(root, "regular")); e == nil || e.Size == 0 {
		t.Fatalf("regular bundle: %+v", e)
	}
}
