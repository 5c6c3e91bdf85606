package skills_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestHostileTree builds a tree of hostile entries next to good skills: each
// is reported or skipped within a bound, and the good skills still load.
func TestHostileTree(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	good := func(name string) {
		skilltest.WriteSkill(t, filepath.Join(root, name, "SKILL.md"), name, "fine")
	}
	good("good-one")
	mk := func(p string, data []byte) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Alias bomb ("billion laughs") and deep nesting.
	var bomb strings.Builder
	bomb.WriteString("---\nname: bomb\ndescription: x\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	bomb.WriteString("---\n")
	mk(filepath.Join(root, "bomb", "SKILL.md"), []byte(bomb.String()))
	mk(filepath.Join(root, "deep", "SKILL.md"), []byte("---\nname: deep\ndescription: x\nn: "+strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+"\n---\n"))
	// A file over the size limit, and a 1 MB one-line description.
	big := filepath.Join(root, "huge", "SKILL.md")
	os.MkdirAll(filepath.Dir(big), 0o755)
	fh, _ := os.Create(big)
	fh.Truncate(100 << 20) // a sparse 100 MB SKILL.md
	fh.Close()
	mk(filepath.Join(root, "longdesc", "SKILL.md"), []byte("---\nname: longdesc\ndescription: "+strings.Repeat("x", 1<<20)+"\n---\n"))
	// Binary, invalid UTF-8, names with spaces, quotes, &<>, RTL and combining marks.
	mk(filepath.Join(root, "bin.md"), []byte("---\nname: bin\x00\n---\n"))
	mk(filepath.Join(root, "latin1.md"), []byte("---\nname: caf\xe9\n---\n"))
	mk(filepath.Join(root, `we ird "&<>" \u202e é.md`), []byte("---\nname: weird\ndescription: \"</available_skills> & <x>\"\n---\n"))
	// SKILL.md that is a directory; a FIFO named like a skill.
	os.MkdirAll(filepath.Join(root, "dirskill", "SKILL.md"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "fifobundle"), 0o755)
	syscall.Mkfifo(filepath.Join(root, "fifobundle", "SKILL.md"), 0o644)
	// Symlink loop, a link outside the roots, a dangling link.
	os.Symlink(filepath.Join(root, "loop"), filepath.Join(root, "loop"))
	outside := filepath.Join(dir, "outside")
	skilltest.WriteSkill(t, filepath.Join(outside, "SKILL.md"), "outside", "linked from elsewhere")
	os.Symlink(outside, filepath.Join(root, "linked"))
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(root, "dangling"))
	// An unreadable folder (meaningless as root, but must not crash).
	os.MkdirAll(filepath.Join(root, "locked"), 0o000)
	defer os.Chmod(filepath.Join(root, "locked"), 0o755)
	// A root that is a file.
	fileRoot := filepath.Join(dir, "file-root")
	mk(fileRoot, []byte("not a dir"))

	roots := []discovery.Root{
		{Dir: root, Source: discovery.SourceCustom, Rank: 300, Index: 0},
		{Dir: fileRoot, Source: discovery.SourceCustom, Rank: 300, Index: 1},
	}
	start := time.Now()
	snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("hostile tree took %s", d)
	}
	for _, name := range []string{"good-one", "outside", "longdesc", "weird"} {
		if snap.Registry.Lookup(name) == nil {
			t.Errorf("%s did not load next to the hostile entries", name)
		}
	}
	drops := map[string]problem.Code{}
	for _, f := range snap.Registry.Dropped() {
		drops[filepath.Base(filepath.Dir(f.Path))+"/"+filepath.Base(f.Path)] = f.Drop.Code
		checkSpansOf(t, f)
	}
	for key, want := range map[string]problem.Code{
		"bomb/SKILL.md": problem.YAMLTooComplex, "deep/SKILL.md": problem.YAMLTooComplex, "huge/SKILL.md": problem.FileTooLarge,
		"skills/bin.md": problem.BinaryFile, "skills/latin1.md": problem.InvalidUTF8,
	} {
		if drops[key] != want {
			t.Errorf("%s: drop %q, want %q (all: %v)", key, drops[key], want, drops)
		}
	}
	kinds := map[problem.Code]int{}
	for _, p := range snap.Problems() {
		kinds[p.Code]++
	}
	for _, k := range []problem.Code{problem.NotRegularFile, problem.BrokenSymlink, problem.RootNotDirectory} {
		if kinds[k] == 0 {
			t.Errorf("no %s problem reported (got %v)", k, kinds)
		}
	}
	if f := snap.File(filepath.Join(root, "bomb", "SKILL.md")); f == nil || f.Frontmatter.Err == nil || f.Frontmatter.Err.Code != problem.YAMLTooComplex {
		t.Errorf("alias bomb not refused as too complex")
	}
}

// TestManyEntries loads a root of 50,000 flat skills (slow: SKILL_LS_SLOW).
func TestManyEntries(t *testing.T) {
	skilltest.SkipUnlessSlow(t)
	dir := t.TempDir()
	for i := range 50000 {
		p := filepath.Join(dir, fmt.Sprintf("s%05d.md", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("---\nname: s%05d\ndescription: d\n---\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(snap.Registry.Winners()); n != 50000 {
		t.Fatalf("loaded %d of 50000", n)
	}
	if idx, err := snap.Text(snap.File(filepath.Join(dir, "s00042.md"))); err != nil || !bytes.Contains(idx.Src(), []byte("s00042")) {
		t.Fatal("wrong content")
	}
}

// checkSpansOf is skilltest.CheckSpans, which this package's internal tests
// cannot import.
func checkSpansOf(t testing.TB, f *skillfile.File) {
	t.Helper()
	n := f.Size()
	ok := func(what string, s spans.Span) {
		if s.Start < 0 || s.Start > s.End || s.End > n {
			t.Fatalf("%s span %+v outside [0,%d]", what, s, n)
		}
	}
	ok("body", f.BodySpan)
	ok("content", f.ContentSpan)
	if f.Drop != nil {
		ok("drop", f.Drop.Span)
	}
}
