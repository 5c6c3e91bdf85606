package hosts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeSameVerdicts builds every case of testdata twice more with one
// Tree, the first build walking the disk and the second remembering it:
// both give the verdicts, budgets and warnings of a build without one.
func TestTreeSameVerdicts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			c := runCase(t, file)
			want := renderMatrix(c.matrix, c.dir)
			opts := c.opts
			opts.Tree = NewTree()
			for _, pass := range []string{"walked", "remembered"} {
				m, err := Build(t.Context(), c.hosts, opts)
				if err != nil {
					t.Fatal(err)
				}
				if got := renderMatrix(m, c.dir); got != want {
					t.Errorf("%s: with a Tree:\n%s\nwithout:\n%s", pass, got, want)
				}
			}
		})
	}
}

// TestTreeReadsBuffers holds what a Tree may remember: where the files
// are, not their bytes (a buffer changed between two builds is judged as
// it is now), and only for the environment it first saw.
func TestTreeReadsBuffers(t *testing.T) {
	dir := t.TempDir()
	skill := filepath.Join(dir, "project", ".claude", "skills", "a", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(skill), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(skill, []byte("---\nname: a\ndescription: Does a.\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	buffer := ""
	opts := Options{Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"), Tree: NewTree()}
	opts.ReadFile = func(p string) ([]byte, bool) { return []byte(buffer), p == skill && buffer != "" }
	claude := []*Host{Lookup(string(Claude))}
	build := func(o Options) *Result {
		m, err := Build(t.Context(), claude, o)
		if err != nil {
			t.Fatal(err)
		}
		return m.Results[Claude]
	}
	if v := build(opts).Verdicts[skill]; v.Status != Loads {
		t.Fatalf("on disk: %+v, want it loaded", v)
	}
	buffer = "---\nname: a\ndescription: Does b.\n---\n"
	if text, _ := build(opts).ListingText(skill); !strings.Contains(text, "Does b.") {
		t.Errorf("with a Tree, the listing is %q, not the buffer's", text)
	}
	buffer = ""
	other := opts
	other.ProjectRoot = t.TempDir() // no skill there
	other.Cwd = other.ProjectRoot
	if v, ok := build(other).Verdicts[skill]; ok && v.Status == Loads {
		t.Errorf("a Tree of another project answered for this one: %+v", v)
	}
}
