package skills

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTable: a table changed by random sets and deletes, past the top's
// fold, answers as a plain map changed the same way, and the tables it was
// made from are unchanged.
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	want := map[string]int{"a": 1, "b": 2}
	tab := newTable(maps.Clone(want))
	for step := range 2000 {
		set := map[string]int{}
		var del []string
		for range r.IntN(4) {
			set[fmt.Sprint(r.IntN(400))] = step
		}
		for range r.IntN(3) {
			del = append(del, fmt.Sprint(r.IntN(400)))
		}
		before, beforeWant := tab, maps.Clone(want)
		tab = tab.with(set, del)
		for _, k := range del {
			if _, ok := set[k]; !ok {
				delete(want, k)
			}
		}
		maps.Copy(want, set)
		if got := maps.Collect(tab.all()); !reflect.DeepEqual(got, want) || tab.len() != len(want) {
			t.Fatalf("step %d: %v (len %d), want %v", step, got, tab.len(), want)
		}
		if got := maps.Collect(before.all()); !reflect.DeepEqual(got, beforeWant) {
			t.Fatalf("step %d: the earlier table changed", step)
		}
		if len(tab.top) > maxTop {
			t.Fatalf("step %d: top of %d entries not folded", step, len(tab.top))
		}
		for _, k := range []string{"a", "7", fmt.Sprint(r.IntN(400))} {
			v, ok := tab.get(k)
			if w, wok := want[k]; v != w || ok != wok {
				t.Fatalf("step %d: get(%s) = %d, %t; want %d, %t", step, k, v, ok, w, wok)
			}
		}
	}
}

// TestLinkFactsMatchFreshFacts: over editor changes (typing links in and
// out, renames, buffers outside the roots opened and closed) and changes
// on disk (targets made and deleted, a linked bundle removed, a folder
// caught up with), every file's link facts are the ones made from scratch
// for that snapshot.
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
		writeFile(t, p, "---\nname: "+name+"\ndescription: d\n---\n"+body+"\n")
	}
	a, b := filepath.Join(agents, "a", "SKILL.md"), filepath.Join(agents, "b", "SKILL.md")
	flat, c := filepath.Join(agents, "flat.md"), filepath.Join(home, "c", "SKILL.md")
	loose := filepath.Join(dir, "elsewhere", "notes", "SKILL.md")
	write(a, "See [b](../b/guide.md), [deep](refs/deep/x.md) and [up](../../../README.md).")
	write(b, "See [the guide](guide.md) and [gone](missing/y.md).")
	writeFile(t, filepath.Join(agents, "b", "guide.md"), "guide")
	write(flat, "See [a](a/SKILL.md), [new](new/SKILL.md) and [home](../../../home/.agents/skills/c/SKILL.md).")
	write(c, "See [a](../../../../project/.agents/skills/a/refs/deep/x.md).")
	ws := NewWorkspace(testRoots(dir), LoadOptions{})
	ws.Load(t.Context())
	text := func(name, body string) []byte {
		return []byte("---\nname: " + name + "\ndescription: d\n---\n" + body + "\n")
	}
	steps := []struct {
		disk   func()
		change Change
	}{
		{nil, Change{Kind: ChangeOpen, Path: a, Version: 1, Text: text("a", "Only [inside](refs/deep/x.md).")}},
		{func() { writeFile(t, filepath.Join(agents, "a", "refs", "deep", "x.md"), "x") }, Change{Kind: ChangeDisk, Path: filepath.Join(agents, "a", "refs")}},
		{nil, Change{Kind: ChangeEdit, Path: a, Version: 2, Text: text("renamed", "Now [out](../b/guide.md).")}},
		{nil, Change{Kind: ChangeOpen, Path: loose, Version: 1, Text: text("notes", "[up](../../project/README.md) [me](SKILL.md)")}},
		{func() { writeFile(t, filepath.Join(dir, "project", "README.md"), "readme") }, Change{Kind: ChangeDisk, Path: filepath.Join(dir, "project", "README.md")}},
		{func() { write(filepath.Join(agents, "new", "SKILL.md"), "") }, Change{Kind: ChangeDisk, Path: filepath.Join(agents, "new")}},
		{func() { os.Remove(filepath.Join(agents, "b", "guide.md")) }, Change{Kind: ChangeLinks, Path: filepath.Join(agents, "b")}},
		{nil, Change{Kind: ChangeClose, Path: loose}},
		{func() { os.RemoveAll(filepath.Join(agents, "b")) }, Change{Kind: ChangeDisk, Path: filepath.Join(agents, "b")}},
		{nil, Change{Kind: ChangeClose, Path: a}},
		{func() { os.RemoveAll(filepath.Join(agents, "a", "refs")) }, Change{Kind: ChangeDisk, Path: filepath.Join(agents, "a", "refs", "deep", "x.md")}},
	}
	check := func(step int, s *Snapshot) {
		t.Helper()
		for _, p := range s.paths {
			want := linkFacts(s.File(p), testBase(s, p), "", statTarget, s.skillHolding)
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
	if got := ws.Snapshot().outside; len(got) < 2 {
		t.Errorf("files linking outside their base: %v, want flat and c at least", got)
	}
}

// TestTablesFold: typing in more files than a table's top holds folds it
// into a new base; every table still answers as a snapshot loaded from
// scratch does (files, registry look-ups, link facts).
func TestTablesFold(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	n := maxTop + 40
	var paths []string
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		p := filepath.Join(agents, name, "SKILL.md")
		writeSkill(t, p, name, "skill "+name)
		paths = append(paths, p)
	}
	ws := NewWorkspace(testRoots(dir), LoadOptions{})
	ws.Load(t.Context())
	var snap *Snapshot
	for i, p := range paths {
		name := fmt.Sprintf("s%03d", i)
		text := []byte("---\nname: " + name + "\ndescription: typed " + name + "\n---\nSee [x](x.md).\n")
		snap = ws.Apply(t.Context(), Change{Kind: ChangeOpen, Path: p, Version: 1, Text: text})
	}
	if len(snap.disk.top) > maxTop || len(snap.Registry.groups.top) > maxTop {
		t.Fatalf("tops not folded: files %d, names %d", len(snap.disk.top), len(snap.Registry.groups.top))
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
