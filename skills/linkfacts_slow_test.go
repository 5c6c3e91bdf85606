package skills

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// makeLinkFactsSlow is makeLinkFacts without its fast path: every link
// resolved by LinkTarget, every distinct target stat'ed by os.Stat.
func (s *Snapshot) makeLinkFactsSlow(f *skillfile.File, base string) []LinkFact {
	links := f.Outline.Links
	if len(links) == 0 {
		return nil
	}
	out := make([]LinkFact, 0, len(links))
	seen := make(map[string]int, len(links))
	own := s.bundles.at(base)
	for _, l := range links {
		target, ok := LinkTarget(base, l.Dest)
		if !ok {
			continue
		}
		fact := LinkFact{Link: l, Base: base, Inside: discovery.Within(target, base)}
		if prev, ok := seen[target]; ok {
			fact.Exists, fact.Skill = out[prev].Exists, out[prev].Skill
		} else {
			seen[target] = len(out)
			_, err := os.Stat(target)
			fact.Exists = err == nil
			if fact.Inside && own != "" {
				fact.Skill = own
			} else {
				fact.Skill = s.skillHolding(target)
			}
		}
		out = append(out, fact)
	}
	return out
}

// testBase is the folder the links of the file at path resolve against.
func testBase(s *Snapshot, path string) string {
	if p := s.placed(path); p != nil {
		return baseOf(p)
	}
	return filepath.Dir(path)
}

// checkLinkFactsMatchSlowPath loads the tree under dir and compares every
// file's link facts with the slow path's; it returns how many facts.
func checkLinkFactsMatchSlowPath(t *testing.T, name, dir string) int {
	t.Helper()
	snap, err := Load(t.Context(), testRoots(dir), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return linkFactsMatchSlowPath(t, name, snap)
}

// linkFactsMatchSlowPath compares every file's link facts in snap with the
// slow path's; it returns how many facts.
func linkFactsMatchSlowPath(t *testing.T, name string, snap *Snapshot) int {
	t.Helper()
	n := 0
	for _, f := range snap.Files() {
		got := snap.Links(f.Path)
		want := snap.makeLinkFactsSlow(f, testBase(snap, f.Path))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s: link facts\n%+v\nwant\n%+v", name, f.Path, got, want)
		}
		n += len(got)
	}
	return n
}

// TestLinkFactsMatchSlowPath holds makeLinkFacts (each destination
// resolved once, a short list before a map) to makeLinkFactsSlow on a tree of odd
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
	write := func(rel, content string) { t.Helper(); writeFile(t, filepath.Join(skillsDir, rel), content) }
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
