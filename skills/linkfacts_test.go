package skills_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

func TestLinkFacts(t *testing.T) {
	root := filepath.Join(t.TempDir(), "skills")
	write := func(rel, content string) { t.Helper(); skilltest.WriteFile(t, filepath.Join(root, rel), content) }
	write("a/SKILL.md", "---\nname: a\ndescription: d\n---\n[ok](refs/ok.md) [gone](refs/deep/x.md) [b](../b/SKILL.md) [flat](../flat.md) [out](../../secret) [web](https://x.test) é𐐀 [crlf](ok.md)\r\n")
	write("a/refs/ok.md", "ok")
	write("b/SKILL.md", "---\nname: b\ndescription: d\n---\n")
	write("flat.md", "---\nname: flat\ndescription: d\n---\n")
	ws := skills.NewWorkspace([]discovery.Root{{Dir: root, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(root, "a", "SKILL.md")
	show := func(s *skills.Snapshot) []string {
		var out []string
		for _, l := range s.Links(a) {
			rel, _ := filepath.Rel(root, l.Skill)
			watch, _ := filepath.Rel(root, skills.WatchDir(l))
			out = append(out, fmt.Sprintf("%s inside=%t exists=%t skill=%s watch=%s", l.Dest, l.Inside, l.Exists, rel, watch))
		}
		return out
	}
	want := []string{
		"refs/ok.md inside=true exists=true skill=a/SKILL.md watch=a/refs",
		"refs/deep/x.md inside=true exists=false skill=a/SKILL.md watch=a/refs",
		"../b/SKILL.md inside=false exists=true skill=b/SKILL.md watch=",
		"../flat.md inside=false exists=true skill=flat.md watch=",
		"../../secret inside=false exists=false skill= watch=",
		"ok.md inside=true exists=false skill=a/SKILL.md watch=a",
	}
	if got := show(snap); !slices.Equal(got, want) {
		t.Fatalf("facts:\n%q\nwant\n%q", got, want)
	}
	// The missing folder appears, then the file: each disk event renews the
	// facts of the links it touches, and only those.
	write("a/refs/deep/x.md", "x")
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "a", "refs", "deep")})
	if got := show(snap)[1]; got != "refs/deep/x.md inside=true exists=true skill=a/SKILL.md watch=a/refs/deep" {
		t.Errorf("after the target appeared: %s", got)
	}
	// An unrelated change keeps the facts (same entry, no new stat).
	before := skills.StoredLinks(snap, a)
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "b", "other.txt")})
	if skills.StoredLinks(snap, a) != before {
		t.Errorf("an unrelated change renewed the facts")
	}
	// The linked bundle goes away.
	if err := os.RemoveAll(filepath.Join(root, "b")); err != nil {
		t.Fatal(err)
	}
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "b")})
	if got := show(snap)[2]; got != "../b/SKILL.md inside=false exists=false skill= watch=" {
		t.Errorf("after the linked bundle went: %s", got)
	}
}

// TestChangeLinksRenewsFactsOnly: the watcher's catch-up for a folder links
// point into (ChangeLinks) makes the link facts into it again, and lists
// and examines no root entry.
func TestChangeLinksRenewsFactsOnly(t *testing.T) {
	root := filepath.Join(t.TempDir(), "skills")
	p := filepath.Join(root, "a", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\nname: a\ndescription: d\n---\n[guide](refs/guide.md)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws := skills.NewWorkspace([]discovery.Root{{Dir: root, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	prev, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if l := prev.Links(p); len(l) != 1 || l[0].Exists {
		t.Fatalf("links before = %+v", l)
	}
	if err := os.MkdirAll(filepath.Join(root, "a", "refs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a", "refs", "guide.md"), []byte("g"), 0o644); err != nil {
		t.Fatal(err)
	}
	next := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeLinks, Path: filepath.Join(root, "a")})
	if l := next.Links(p); len(l) != 1 || !l[0].Exists {
		t.Errorf("links after ChangeLinks = %+v", l)
	}
	if &next.Roots[0].Entries[0] != &prev.Roots[0].Entries[0] || next.File(p) != prev.File(p) {
		t.Errorf("ChangeLinks examined the root's entries or parsed the file again")
	}
}

// TestLinkFactsOfAHostFolder: a skill file outside the roots that is a
// bundle's SKILL.md (.claude/skills/a/SKILL.md, put in the snapshot as a
// buffer) links into the skills beside its bundle as a bundle of a root
// does: a target in a sibling bundle whose SKILL.md exists is that skill's,
// one in a folder without a SKILL.md or above the folder is no skill's. A
// SKILL.md appearing or going renews the facts. DSH's roots are unchanged.
func TestLinkFactsOfAHostFolder(t *testing.T) {
	dir := t.TempDir()
	host := filepath.Join(dir, ".claude", "skills")
	write := func(rel, content string) { t.Helper(); skilltest.WriteFile(t, filepath.Join(host, rel), content) }
	body := "---\nname: a\ndescription: d\n---\n[ref](../b/ref.md) [b](../b/SKILL.md) [gone](../b/gone.md) [c](../c/x.md) [up](../../x.md) [own](refs/r.md)\n"
	write("b/SKILL.md", "---\nname: b\ndescription: d\n---\n")
	write("b/ref.md", "ref")
	write("c/x.md", "x")
	root := filepath.Join(dir, ".agents", "skills")
	ws := skills.NewWorkspace([]discovery.Root{{Dir: root, Source: discovery.SourceProjectAgents, Rank: 200}}, skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(host, "a", "SKILL.md")
	show := func(s *skills.Snapshot) []string {
		var out []string
		for _, l := range s.Links(a) {
			rel, _ := filepath.Rel(host, l.Skill)
			out = append(out, fmt.Sprintf("%s inside=%t exists=%t skill=%s", l.Dest, l.Inside, l.Exists, rel))
		}
		return out
	}
	snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: a, Text: []byte(body)})
	want := []string{
		"../b/ref.md inside=false exists=true skill=b/SKILL.md",
		"../b/SKILL.md inside=false exists=true skill=b/SKILL.md",
		"../b/gone.md inside=false exists=false skill=b/SKILL.md",
		"../c/x.md inside=false exists=true skill=",
		"../../x.md inside=false exists=false skill=",
		"refs/r.md inside=true exists=false skill=",
	}
	if got := show(snap); !slices.Equal(got, want) {
		t.Fatalf("facts:\n%q\nwant\n%q", got, want)
	}
	// c becomes a skill: its SKILL.md is the path the change names.
	write("c/SKILL.md", "---\nname: c\ndescription: d\n---\n")
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(host, "c", "SKILL.md")})
	if got := show(snap)[3]; got != "../c/x.md inside=false exists=true skill=c/SKILL.md" {
		t.Errorf("after c/SKILL.md appeared: %s", got)
	}
	if err := os.Remove(filepath.Join(host, "b", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(host, "b", "SKILL.md")})
	if got := show(snap)[0]; got != "../b/ref.md inside=false exists=true skill=" {
		t.Errorf("after b/SKILL.md went: %s", got)
	}
	// The same file in one of DSH's roots is that root's bundle: its links
	// into c are c's only because c is one of the root's bundles.
	skilltest.WriteFile(t, filepath.Join(root, "c", "x.md"), "x")
	skilltest.WriteFile(t, filepath.Join(root, "a", "SKILL.md"), body)
	snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "a")})
	if l := snap.Links(filepath.Join(root, "a", "SKILL.md")); len(l) != 6 || l[3].Skill != "" {
		t.Errorf("a root's links into a folder without SKILL.md: %+v", l)
	}
}
