package skilltest

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Tree is a skill tree written to disk in the layout of the golden
// archives: project/ is the working directory and the project root, and
// home/.dsh and home/.agents are the user's folders.
type Tree struct {
	// Dir is the folder the tree is written under.
	Dir string
	// Roots are the roots DSH sees the tree through, with no environment
	// variable set.
	Roots []discovery.Root
}

// WriteTree writes the archive's files under a new temporary folder (see
// WriteArchive) and returns the tree.
func WriteTree(tb testing.TB, ar *txtar.Archive) *Tree {
	tb.Helper()
	dir := tb.TempDir()
	WriteArchive(tb, dir, ar)
	return &Tree{Dir: dir, Roots: TreeRoots(dir)}
}

// TreeRoots returns the roots of a tree in the golden layout under dir.
func TreeRoots(dir string) []discovery.Root {
	project := filepath.Join(dir, "project")
	return discovery.Roots(discovery.RootOptions{
		Cwd: project, ProjectRoot: project,
		DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
		Getenv: func(string) string { return "" },
	})
}

// Load discovers and parses the tree with opts, failing the test when the
// load fails.
func (t *Tree) Load(tb testing.TB, opts skills.LoadOptions) *skills.Snapshot {
	tb.Helper()
	snap, err := skills.Load(tb.Context(), t.Roots, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return snap
}

// GoldenFiles returns the archives that match pattern, failing the test
// when there are none (a moved testdata folder would otherwise pass).
func GoldenFiles(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		tb.Fatalf("no golden archives match %s", pattern)
	}
	return files
}

// Text returns the bytes and line index of f, a file of snap, failing the
// test when they cannot be read.
func Text(tb testing.TB, snap *skills.Snapshot, f *skillfile.File) *spans.LineIndex {
	tb.Helper()
	idx, err := snap.Text(f)
	if err != nil {
		tb.Fatalf("the bytes of %s: %v", f.Path, err)
	}
	return idx
}

// Content returns the trimmed body of a file held in memory.
func Content(f *skillfile.File) string {
	return string(f.InMemory().Src()[f.ContentSpan.Start:f.ContentSpan.End])
}

// CheckSpans fails the test unless every span of a parsed file lies inside
// its bytes and the file is either dropped or valid.
func CheckSpans(tb testing.TB, f *skillfile.File) {
	tb.Helper()
	var src []byte
	if x := f.InMemory(); x != nil {
		src = x.Src()
	}
	n := f.Size()
	ok := func(what string, s spans.Span) {
		if s.Start < 0 || s.Start > s.End || s.End > n {
			tb.Fatalf("%s span %+v outside [0,%d]", what, s, n)
		}
	}
	ok("body", f.BodySpan)
	ok("content", f.ContentSpan)
	if f.Drop != nil {
		ok("drop", f.Drop.Span)
	}
	if fm := f.Frontmatter; fm != nil {
		ok("open", fm.OpenSpan)
		ok("close", fm.CloseSpan)
		ok("yaml", fm.YAMLSpan)
		if fm.Err != nil {
			ok("yaml error", fm.Err.Span)
			ok("yaml first", fm.Err.FirstSpan)
		}
		for _, fld := range fm.Fields() {
			ok("key "+fld.Key, fld.KeySpan)
			ok("value "+fld.Key, fld.ValueSpan)
		}
	}
	for _, l := range f.Outline.Links() {
		ok("link", l.Span)
	}
	for _, h := range f.Headings(src) {
		ok("heading", h.Span)
	}
	if (f.Drop == nil) != (f.Def != nil) {
		tb.Fatalf("a file must be either dropped or valid: drop=%v def=%v", f.Drop, f.Def != nil)
	}
}
