package skills_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestLinkFactsMatchSlowPathOnTrees holds the link facts of the generated
// corpus (the shape of the benchmarks) and of every txtar tree of the
// repository (its project/ and home/ files) to the slow path's.
func TestLinkFactsMatchSlowPathOnTrees(t *testing.T) {
	load := func(roots []discovery.Root) *skills.Snapshot {
		snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return snap
	}
	c, err := skilltest.WriteCorpus(t.TempDir(), skilltest.CorpusOptions{N: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if n := linkFactsMatchSlowPath(t, "corpus", load(discovery.Roots(c.RootOptions()))); n < 200 {
		t.Errorf("only %d facts in the corpus", n)
	}
	trees := 0
	for p, ar := range skilltest.RepositoryArchives(t) {
		dir := t.TempDir()
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, "project/") && !strings.HasPrefix(f.Name, "home/") {
				continue
			}
			fp := filepath.Join(dir, filepath.FromSlash(f.Name))
			if os.MkdirAll(filepath.Dir(fp), 0o755) != nil || os.WriteFile(fp, f.Data, 0o644) != nil {
				continue // an archive that holds a file and a folder of one name
			}
		}
		trees++
		roots := discovery.Roots(discovery.RootOptions{
			Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
			DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
			Getenv: func(string) string { return "" },
		})
		linkFactsMatchSlowPath(t, p, load(roots))
	}
	if trees < 20 {
		t.Errorf("only %d txtar trees", trees)
	}
}
