package discovery

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills/problem"
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
	mk("loop") // SKILL.md -> loop2 -> SKILL.md: ELOOP, a broken link
	if err := os.Symlink("loop2", filepath.Join(root, "loop", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("SKILL.md", filepath.Join(root, "loop", "loop2")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("regular", filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	mk("fifo")
	fifo := syscall.Mkfifo(filepath.Join(root, "fifo", "SKILL.md"), 0o644) == nil
	names := []string{"regular", "empty", "missing", "lower", "dir", "linked", "broken", "loop", "alias", "absent"}
	if fifo {
		names = append(names, "fifo")
	}
	want := map[string]string{
		"regular": "entry", "empty": "entry", "missing": "", "lower": "skill-md-case",
		"dir": "not-regular-file", "linked": "entry", "broken": "broken-symlink", "loop": "broken-symlink", "alias": "entry", "absent": "", "fifo": "not-regular-file",
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

// TestExamineBrokenLinks: a link that cannot be followed, as a root entry
// or as a bundle's SKILL.md, is a broken-symlink problem with its target,
// and Loops tells a loop of links (ELOOP) from a missing target. The root
// entry's message stays DSH's log line.
func TestExamineBrokenLinks(t *testing.T) {
	root := t.TempDir()
	link := func(target, rel string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
	}
	link("gone", "dangling")
	link("selfloop", "selfloop")
	link("b.md", "a.md")
	link("a.md", "b.md")
	link("nowhere.md", "bundle-dangling/SKILL.md")
	link("SKILL.md", "bundle-self/SKILL.md")
	r := Root{Dir: root, Index: 2}
	for _, tc := range []struct {
		name, path, target string
		loops              bool
		message            string
	}{
		{"dangling", "dangling", "gone", false, "skill entry " + filepath.Join(root, "dangling") + " ignored: failed to follow symbolic link: no such file or directory"},
		{"selfloop", "selfloop", "selfloop", true, "skill entry " + filepath.Join(root, "selfloop") + " ignored: failed to follow symbolic link: too many levels of symbolic links"},
		{"a.md", "a.md", "b.md", true, "skill entry " + filepath.Join(root, "a.md") + " ignored: failed to follow symbolic link: too many levels of symbolic links"},
		{"bundle-dangling", "bundle-dangling/SKILL.md", "nowhere.md", false, "SKILL.md is a broken symbolic link: no such file or directory"},
		{"bundle-self", "bundle-self/SKILL.md", "SKILL.md", true, "SKILL.md is a broken symbolic link: too many levels of symbolic links"},
	} {
		e, problems := Examine(r, tc.name)
		if e != nil || len(problems) != 1 {
			t.Errorf("%s: %+v %+v; want one problem", tc.name, e, problems)
			continue
		}
		want := Problem{Code: problem.BrokenSymlink, Path: filepath.Join(root, tc.path), Root: 2, Target: tc.target, Loops: tc.loops, Message: tc.message}
		if problems[0] != want {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, problems[0], want)
		}
	}
}

// TestEntryKeepsOneString: an entry's BaseDir and Name are cut from its
// Path, so that the entries a workspace keeps hold one string each (with
// three, a load's path garbage left each of them pinning a span of its
// own). Measured as the heap the entries keep after a collection.
func TestEntryKeepsOneString(t *testing.T) {
	root := t.TempDir()
	const n = 400
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("skill-number-%06d", i)
		if err := os.MkdirAll(filepath.Join(root, names[i]), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, names[i], "SKILL.md"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries := make([]*Entry, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC() // and the pools' victims
	runtime.ReadMemStats(&before)
	for i := range entries {
		name := string([]byte(names[i])) // a name of its own, as a listing gives
		entries[i], _ = examineListed(Root{Dir: root}, name, fs.ModeDir)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	for i, e := range entries {
		if e == nil || e.Name != names[i] || e.BaseDir != filepath.Join(root, names[i]) || e.Path != filepath.Join(e.BaseDir, "SKILL.md") {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
	// An Entry is 96 bytes, and its Path a size class at most a few bytes
	// over its length; a BaseDir and a Name of their own add as much again.
	perEntry := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n
	if limit := int64(96 + len(entries[0].Path) + 32); perEntry > limit {
		t.Errorf("an entry keeps %d bytes of heap, want at most %d", perEntry, limit)
	}
	runtime.KeepAlive(entries)
}
