package skilltest

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
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
	Roots []skills.Root
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
func TreeRoots(dir string) []skills.Root {
	project := filepath.Join(dir, "project")
	return skills.Roots(skills.RootOptions{
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
func Text(tb testing.TB, snap *skills.Snapshot, f *skills.File) *spans.LineIndex {
	tb.Helper()
	idx, err := snap.Text(f)
	if err != nil {
		tb.Fatalf("the bytes of %s: %v", f.Path, err)
	}
	return idx
}
