package skills_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// checkLinkFactsMatchSlowPath loads the tree under dir and compares every
// file's link facts with the slow path's; it returns how many facts.
func checkLinkFactsMatchSlowPath(t *testing.T, name, dir string) int {
	t.Helper()
	snap, err := skills.Load(t.Context(), skilltest.TreeRoots(dir), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return linkFactsMatchSlowPath(t, name, snap)
}

// linkFactsMatchSlowPath compares every file's link facts in snap with the
// slow path's; it returns how many facts.
func linkFactsMatchSlowPath(t *testing.T, name string, snap *skills.Snapshot) int {
	t.Helper()
	n := 0
	for _, f := range snap.Files() {
		got := snap.Links(f.Path)
		want := snap.SlowLinkFacts(f, skills.BaseOf(snap, f.Path))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s: link facts\n%+v\nwant\n%+v", name, f.Path, got, want)
		}
		n += len(got)
	}
	return n
}

// TestLinkFactsMatchSlowPath holds makeLinkFacts (each destination
// resolved once, a short list before a map) to SlowLinkFacts on a tree of odd
// destinations (TestLinkFactsMatchSlowPathOnTrees checks the generated
// corpus and the txtar trees).
func TestLinkFactsMatchSlowPath(t *testing.T) {
	dir := t.TempDir()
	skillsDir := filepath.Join(dir, "project", ".agents", "skills")
	dests := []string{"scripts/run.sh", "scripts/run.sh", "scripts/gone.sh", "scripts/run.sh#x", "scripts/run.sh?q=1",
		"./scripts/run.sh", "scripts//run.sh", "scripts/./run.sh", "scripts/../scripts/run.sh", "scripts/", "scripts",
		"../other/SKILL.md", "../other/", "../flat.md", "../../x", "/etc/hostname", "//host/x", "#top", "?q", "a?b:c",
		"http://x.test/a", "mailto:a@b", "C:/x", "a%20b.md", "a b.md", "a\\b.md", "é/日本.md", "sub/deep/file.md",
		"sub/deep", "sub", "link/target.md", "broken-link", ".hidden", "...", "a#b#c", "a?b#c", "%zz"}
	for i := range 20 { // past the fixed list of distinct targets
		dests = append(dests, fmt.Sprintf("refs/r%d.md", i), fmt.Sprintf("refs/r%d.md", i%7))
	}
	var body strings.Builder
	for _, d := range dests {
		fmt.Fprintf(&body, "See [x](%s).\n", d)
	}
	write := func(rel, content string) { t.Helper(); skilltest.WriteFile(t, filepath.Join(skillsDir, rel), content) }
	fm := func(name string) string { return "---\nname: " + name + "\ndescription: Odd links.\n---\n" }
	write("odd/SKILL.md", fm("odd")+body.String())
	write("other/SKILL.md", fm("other")+body.String())
	write("flat.md", fm("flat")+body.String())
	for _, rel := range []string{"odd/scripts/run.sh", "odd/a b.md", "odd/a\\b.md", "odd/é/日本.md", "odd/sub/deep/file.md",
		"odd/refs/r1.md", "odd/refs/r8.md", "odd/.hidden", "scripts/run.sh", "refs/r3.md"} {
		write(rel, "x")
	}
	if err := os.Symlink("sub/deep/file.md", filepath.Join(skillsDir, "odd", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(skillsDir, "odd", "broken-link")); err != nil {
		t.Fatal(err)
	}
	if n := checkLinkFactsMatchSlowPath(t, "odd", dir); n < 3*len(dests)/2 {
		t.Errorf("only %d facts in the odd tree", n)
	}
}
