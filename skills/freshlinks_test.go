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

// TestLinkFactsMatchFreshFacts: over editor changes (typing links in and
// out, renames, buffers outside the roots opened and closed, one in
// another agent's skill folder) and changes on disk (targets made and
// deleted, a linked bundle removed, a folder caught up with, a SKILL.md
// made or removed beside a target), every file's link facts are the ones
// made from scratch for that snapshot.
func TestLinkFactsMatchFreshFacts(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	home := filepath.Join(dir, "home", ".agents", "skills")
	write := func(p, body string) {
		t.Helper()
		name := filepath.Base(filepath.Dir(p))
		if filepath.Base(p) != "SKILL.md" {
			name = strings.TrimSuffix(filepath.Base(p), ".md")
		}
		skilltest.WriteFile(t, p, "---\nname: "+name+"\ndescription: d\n---\n"+body+"\n")
	}
	a, b := filepath.Join(agents, "a", "SKILL.md"), filepath.Join(agents, "b", "SKILL.md")
	flat, c := filepath.Join(agents, "flat.md"), filepath.Join(home, "c", "SKILL.md")
	loose := filepath.Join(dir, "elsewhere", "notes", "SKILL.md")
	write(a, "See [b](../b/guide.md), [deep](refs/deep/x.md) and [up](../../../README.md).")
	write(b, "See [the guide](guide.md) and [gone](missing/y.md).")
	skilltest.WriteFile(t, filepath.Join(agents, "b", "guide.md"), "guide")
	write(flat, "See [a](a/SKILL.md), [new](new/SKILL.md), [half](half/ref.md) and [home](../../../home/.agents/skills/c/SKILL.md).")
	skilltest.WriteFile(t, filepath.Join(agents, "half", "ref.md"), "not a skill yet")
	host := filepath.Join(dir, "project", ".claude", "skills")
	hosted := filepath.Join(host, "h", "SKILL.md")
	write(c, "See [a](../../../../project/.agents/skills/a/refs/deep/x.md).")
	ws := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	ws.Load(t.Context())
	text := func(name, body string) []byte {
		return []byte("---\nname: " + name + "\ndescription: d\n---\n" + body + "\n")
	}
	steps := []struct {
		disk   func()
		change skills.Change
	}{
		{nil, skills.Change{Kind: skills.ChangeOpen, Path: a, Version: 1, Text: text("a", "Only [inside](refs/deep/x.md).")}},
		{func() { skilltest.WriteFile(t, filepath.Join(agents, "a", "refs", "deep", "x.md"), "x") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(agents, "a", "refs")}},
		{nil, skills.Change{Kind: skills.ChangeEdit, Path: a, Version: 2, Text: text("renamed", "Now [out](../b/guide.md).")}},
		{nil, skills.Change{Kind: skills.ChangeOpen, Path: loose, Version: 1, Text: text("notes", "[up](../../project/README.md) [me](SKILL.md)")}},
		{func() { skilltest.WriteFile(t, filepath.Join(dir, "project", "README.md"), "readme") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(dir, "project", "README.md")}},
		{func() { write(filepath.Join(agents, "new", "SKILL.md"), "") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(agents, "new")}},
		{func() { os.Remove(filepath.Join(agents, "b", "guide.md")) }, skills.Change{Kind: skills.ChangeLinks, Path: filepath.Join(agents, "b")}},
		{nil, skills.Change{Kind: skills.ChangeClose, Path: loose}},
		{func() { os.RemoveAll(filepath.Join(agents, "b")) }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(agents, "b")}},
		{nil, skills.Change{Kind: skills.ChangeClose, Path: a}},
		{func() { write(filepath.Join(agents, "half", "SKILL.md"), "") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(agents, "half", "SKILL.md")}},
		{func() { skilltest.WriteFile(t, filepath.Join(host, "i", "ref.md"), "ref") }, skills.Change{Kind: skills.ChangeOpen, Path: hosted, Version: 1, Text: text("h", "[i](../i/ref.md) [j](../j/SKILL.md)")}},
		{func() { write(filepath.Join(host, "i", "SKILL.md"), "") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(host, "i", "SKILL.md")}},
		{func() { write(filepath.Join(host, "j", "SKILL.md"), "") }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(host, "j")}},
		{func() { os.Remove(filepath.Join(host, "i", "SKILL.md")) }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(host, "i", "SKILL.md")}},
		{nil, skills.Change{Kind: skills.ChangeClose, Path: hosted}},
		{func() { os.RemoveAll(filepath.Join(agents, "a", "refs")) }, skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(agents, "a", "refs", "deep", "x.md")}},
	}
	check := func(step int, s *skills.Snapshot) {
		t.Helper()
		for _, p := range skills.Paths(s) {
			want := skills.FreshLinkFacts(s, p)
			if got := s.Links(p); !reflect.DeepEqual(got, want) {
				t.Errorf("step %d, %s: link facts\n%+v\nwant\n%+v", step, p, got, want)
			}
		}
	}
	check(-1, ws.Snapshot())
	for i, st := range steps {
		if st.disk != nil {
			st.disk()
		}
		check(i, ws.Apply(t.Context(), st.change))
	}
	if got := skills.Outside(ws.Snapshot()); len(got) < 2 {
		t.Errorf("files linking outside their base: %v, want flat and c at least", got)
	}
}

// TestTablesFold: typing in more files than a table's top holds folds it
// into a new base; every table still answers as a snapshot loaded from
// scratch does (files, registry look-ups, link facts).
func TestTablesFold(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	n := skills.MaxTop + 40
	var paths []string
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		p := filepath.Join(agents, name, "SKILL.md")
		skilltest.WriteSkill(t, p, name, "skill "+name)
		paths = append(paths, p)
	}
	ws := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	ws.Load(t.Context())
	var snap *skills.Snapshot
	for i, p := range paths {
		name := fmt.Sprintf("s%03d", i)
		text := []byte("---\nname: " + name + "\ndescription: typed " + name + "\n---\nSee [x](x.md).\n")
		snap = ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: p, Version: 1, Text: text})
	}
	if files, names := skills.TopSizes(snap); files > skills.MaxTop || names > skills.MaxTop {
		t.Fatalf("tops not folded: files %d, names %d", files, names)
	}
	for i, p := range paths {
		name := fmt.Sprintf("s%03d", i)
		f := snap.File(p)
		if f == nil || f.Def == nil || f.Def.Description != "typed "+name {
			t.Fatalf("%s: file %+v", name, f)
		}
		if sk := snap.Registry.Lookup(name); sk == nil || sk.File != f || sk.Description != "typed "+name {
			t.Fatalf("%s: Lookup = %+v", name, sk)
		}
		if all := snap.Registry.All(name); len(all) != 1 || all[0] != snap.Registry.Lookup(name) {
			t.Fatalf("%s: All = %v", name, all)
		}
		if l := snap.Links(p); len(l) != 1 || l[0].Dest != "x.md" || l[0].Exists {
			t.Fatalf("%s: links %+v", name, l)
		}
	}
	if got := len(snap.Files()); got != n {
		t.Errorf("%d files, want %d", got, n)
	}
}
