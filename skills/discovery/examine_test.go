package discovery

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestExamineBundle examines every shape a bundle folder can take, in both
// read modes: a regular SKILL.md (through links too) is an entry, anything
// else a problem with its code, or nothing.
func TestExamineBundle(t *testing.T) {
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
	want := map[string]string{
		"regular": "entry", "empty": "entry", "missing": "", "lower": "skill-md-case",
		"dir": "not-regular-file", "linked": "entry", "broken": "broken-symlink", "alias": "entry", "absent": "", "fifo": "not-regular-file",
	}
	wantNode := map[string]string{"dir": "provider-failed"} // DSH's Node read path throws on it
	for _, mode := range []skillfile.ReadMode{skillfile.ReadFS, skillfile.ReadNode} {
		r := Root{Dir: root, Index: 1, Mode: mode}
		for _, name := range names {
			p := filepath.Join(root, name)
			e, problems := examineBundle(r, name, p)
			got := ""
			switch {
			case e != nil && len(problems) == 0 && e.Path == filepath.Join(p, "SKILL.md") && e.BaseDir == p && e.Kind == EntryBundle:
				got = "entry"
			case e == nil && len(problems) == 1 && problems[0].Root == 1:
				got = string(problems[0].Code)
			case e != nil || len(problems) > 0:
				got = fmt.Sprintf("%+v %+v", e, problems)
			}
			w := want[name]
			if v, ok := wantNode[name]; ok && mode == skillfile.ReadNode {
				w = v
			}
			if got != w {
				t.Errorf("mode %v, %s: %s; want %q", mode, name, got, w)
			}
		}
	}
	if e, _ := examineBundle(Root{Dir: root}, "regular", filepath.Join(root, "regular")); e == nil || e.Size == 0 {
		t.Fatalf("regular bundle: %+v", e)
	}
}
