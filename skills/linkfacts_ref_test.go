package skills_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestMakeLinkFactsMatchesReference: the facts made with each destination
// resolved once and each target stat'ed once are the plain computation's, on bodies of random links (the same file
// written many ways, repeated, more distinct ones than the list holds,
// URLs and fragments, symbolic links, broken or not, other bundles, flat
// skills, folders outside the root).
func TestMakeLinkFactsMatchesReference(t *testing.T) {
	root := filepath.Join(t.TempDir(), "skills")
	write := func(rel, content string) { t.Helper(); skilltest.WriteFile(t, filepath.Join(root, rel), content) }
	for i := range 30 {
		write(fmt.Sprintf("a/refs/f%d.md", i), "x")
	}
	write("b/SKILL.md", "---\nname: b\ndescription: d\n---\n")
	write("b/x.md", "x")
	write("flat.md", "---\nname: flat\ndescription: d\n---\n")
	if err := os.Symlink("refs/f1.md", filepath.Join(root, "a", "good-link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("refs/missing.md", filepath.Join(root, "a", "broken-link.md")); err != nil {
		t.Fatal(err)
	}
	dests := []string{"refs/f0.md", "./refs/f0.md", "refs/../refs/f0.md", "refs//f0.md", "refs/f0.md#top", "refs/f0.md?q=1",
		"refs/f%30.md", "refs/", "refs", ".", "./", "", "#frag", "https://x.test/a", "mailto:a@b", "//host/x",
		"good-link.md", "broken-link.md", "missing.md", "../b/x.md", "../b/SKILL.md", "../b", "../flat.md", "../../outside",
		"/abs/path", "refs/f%zz.md", "C:/x", "refs/f29.md/"}
	for i := range 30 {
		dests = append(dests, fmt.Sprintf("refs/f%d.md", i), fmt.Sprintf("refs/g%d.md", i))
	}
	r := rand.New(rand.NewPCG(1, 2))
	var bodies []string
	for n := range 40 {
		var b strings.Builder
		// Up to 120 links drawn from 1 to all of the destinations: few
		// distinct ones (the list) or many (the map).
		pool := dests[:1+r.IntN(len(dests))]
		for range r.IntN(120) {
			fmt.Fprintf(&b, "See [x](%s) and ![i](%s).\n", pool[r.IntN(len(pool))], pool[r.IntN(len(pool))])
		}
		bodies = append(bodies, fmt.Sprintf("---\nname: a\ndescription: body %d\n---\n%s", n, b.String()))
	}
	for n, body := range bodies {
		write("a/SKILL.md", body)
		write("loose.md", body)
		ws := skills.NewWorkspace([]discovery.Root{{Dir: root, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
		snap, err := ws.Load(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{filepath.Join(root, "a", "SKILL.md"), filepath.Join(root, "flat.md"), filepath.Join(root, "b", "SKILL.md")} {
			f := snap.File(p)
			got, want := snap.Links(p), snap.SlowLinkFacts(f, skills.BaseOf(snap, p))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("body %d, %s:\n got %+v\nwant %+v", n, p, got, want)
			}
		}
		// A file outside the roots resolves against its own folder.
		loose := skillfile.Parse(filepath.Join(root, "loose.md"), []byte(body), skillfile.ReadFS)
		if got, want := skills.LooseLinkFacts(snap, loose, root), snap.SlowLinkFacts(loose, root); !reflect.DeepEqual(got, want) {
			t.Fatalf("body %d, loose file:\n got %+v\nwant %+v", n, got, want)
		}
	}
}
