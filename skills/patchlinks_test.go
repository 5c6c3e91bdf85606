package skills

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPatchLinksMatchesCarryLinks: over a run of editor changes (typing in
// bundle and flat skills, renames, buffers outside the roots opened, typed
// and closed) and changes on disk outside the skill files (a linked folder
// caught up with, a linked file deleted), the link table Apply's fast path
// patches is the one
// carryLinks builds from scratch: the same paths, the same entry kept from
// the previous snapshot where carryLinks keeps it, a new one for the same
// file and base where it makes one — and the same facts.
func TestPatchLinksMatchesCarryLinks(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	for _, n := range []string{"a", "b"} {
		writeSkill(t, filepath.Join(agents, n, "SKILL.md"), n, "skill "+n)
	}
	os.WriteFile(filepath.Join(agents, "b", "guide.md"), []byte("guide\n"), 0o644)
	// b links inside its own folder, a (below) into b's.
	os.WriteFile(filepath.Join(agents, "b", "SKILL.md"), []byte("---\nname: b\ndescription: skill b\n---\nSee [the guide](guide.md).\n"), 0o644)
	writeSkill(t, filepath.Join(agents, "flat.md"), "flat", "a flat skill")
	ws := NewWorkspace(roots, LoadOptions{})
	ws.Load(t.Context())
	for _, p := range ws.Snapshot().Files() {
		ws.Snapshot().Links(p.Path) // facts made: entries worth keeping
	}
	a := filepath.Join(agents, "a", "SKILL.md")
	flat := filepath.Join(agents, "flat.md")
	loose := filepath.Join(dir, "elsewhere", "SKILL.md")
	text := func(name, body string) []byte {
		return []byte("---\nname: " + name + "\ndescription: d\n---\n" + body + "\n")
	}
	changes := []Change{
		{Kind: ChangeOpen, Path: a, Version: 1, Text: text("a", "See [b](../b/guide.md).")},
		{Kind: ChangeEdit, Path: a, Version: 2, Text: text("a", "See [b](../b/guide.md) and [x](x.md).")},
		{Kind: ChangeEdit, Path: a, Version: 3, Text: text("renamed", "No links.")},
		{Kind: ChangeOpen, Path: flat, Version: 1, Text: text("flat", "See [a](a/SKILL.md).")},
		{Kind: ChangeOpen, Path: loose, Version: 1, Text: text("loose", "[up](../README.md)")},
		{Kind: ChangeEdit, Path: loose, Version: 2, Text: text("loose", "[up](../README.md) [me](SKILL.md)")},
		{Kind: ChangeEdit, Path: a, Version: 4, Text: text("a", "See [b](../b/guide.md).")},
		{Kind: ChangeClose, Path: loose},
		{Kind: ChangeLinks, Path: filepath.Join(agents, "b")},
		{Kind: ChangeLinks, Path: filepath.Join(agents, "b", "guide.md")}, // deleted below, before it
	}
	for i, c := range changes {
		if c.Kind == ChangeLinks && filepath.Base(c.Path) == "guide.md" {
			if l := ws.Snapshot().Links(a); len(l) != 1 || !l[0].Exists {
				t.Fatalf("before the deletion: links of a %+v, want guide.md existing", l)
			}
			os.Remove(c.Path)
		}
		prev := ws.Snapshot()
		got := ws.Apply(t.Context(), c)
		want := &Snapshot{Seq: got.Seq, Roots: got.Roots, Registry: got.Registry, files: got.files, loose: got.loose, entryOf: got.entryOf,
			rootOf: got.rootOf, overlays: got.overlays, paths: got.paths, bundleDirs: got.bundleDirs}
		var disk map[string]bool
		if c.Kind == ChangeLinks {
			disk = map[string]bool{c.Path: true}
		}
		want.carryLinks(prev, disk, false)
		var gotPaths, wantPaths []string
		for p := range got.linkTable().all() {
			gotPaths = append(gotPaths, p)
		}
		for p := range want.linkTable().all() {
			wantPaths = append(wantPaths, p)
		}
		slices.Sort(gotPaths)
		slices.Sort(wantPaths)
		if !slices.Equal(gotPaths, wantPaths) {
			t.Fatalf("change %d: link table paths %v, want %v", i, gotPaths, wantPaths)
		}
		for p, w := range want.linkTable().all() {
			g := got.linkTable().at(p)
			kept := prev.linkTable().at(p) == w
			if kept && g != w || !kept && (g == prev.linkTable().at(p) || g.file != w.file || g.base != w.base) {
				t.Errorf("change %d, %s: entry %p (file %p, base %s), want %p (file %p, base %s; kept %v)", i, p, g, g.file, g.base, w, w.file, w.base, kept)
			}
			if gl, wl := got.Links(p), want.Links(p); !slices.Equal(gl, wl) {
				t.Errorf("change %d, %s: link facts %+v, want %+v", i, p, gl, wl)
			}
		}
	}
	if l := ws.Snapshot().Links(a); len(l) != 1 || l[0].Exists {
		t.Fatalf("after the deletion: links of a %+v, want guide.md missing", l)
	}
	if l := ws.Snapshot().Links(filepath.Join(agents, "b", "SKILL.md")); len(l) != 1 || !l[0].Inside || l[0].Exists {
		t.Fatalf("after the deletion: links of b %+v, want its own guide.md missing", l)
	}
}

// TestLayeredTablesFold: typing in more files than a layered table's top
// holds folds it into a new base; every table still answers as a snapshot
// loaded from scratch does (files, registry look-ups, link facts).
func TestLayeredTablesFold(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	n := maxTop + 40
	var paths []string
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		p := filepath.Join(agents, name, "SKILL.md")
		writeSkill(t, p, name, "skill "+name)
		paths = append(paths, p)
	}
	ws := NewWorkspace(roots, LoadOptions{})
	ws.Load(t.Context())
	var snap *Snapshot
	for i, p := range paths {
		name := fmt.Sprintf("s%03d", i)
		text := []byte("---\nname: " + name + "\ndescription: typed " + name + "\n---\nSee [x](x.md).\n")
		snap = ws.Apply(t.Context(), Change{Kind: ChangeOpen, Path: p, Version: 1, Text: text})
	}
	if len(snap.linksTop) > maxTop || len(snap.files.top) > maxTop || len(snap.Registry.byName.top) > maxTop {
		t.Fatalf("tops not folded: links %d, files %d, names %d", len(snap.linksTop), len(snap.files.top), len(snap.Registry.byName.top))
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

// TestStaleLinksMatchesScan: the entries staleLinks finds through its
// indexes (by base, and the record of entries that link outside their
// base) are the ones a look at every entry finds, for a change at every
// path of a tree, at folders above it and beside it, and at pairs of them;
// and the indexes follow the snapshots as files are typed in, opened
// outside the roots and closed.
func TestStaleLinksMatchesScan(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	home := filepath.Join(dir, "home", ".agents", "skills")
	files := map[string]string{
		filepath.Join(agents, "a", "SKILL.md"):               "See [b](../b/guide.md), [deep](refs/deep/x.md) and [up](../../../README.md).",
		filepath.Join(agents, "a", "refs", "deep", "x.md"):   "x",
		filepath.Join(agents, "b", "SKILL.md"):               "See [the guide](guide.md) and [gone](missing/y.md).",
		filepath.Join(agents, "b", "guide.md"):               "guide",
		filepath.Join(agents, "flat.md"):                     "See [a](a/SKILL.md) and [home](../../../home/.agents/skills/c/SKILL.md).",
		filepath.Join(agents, "other.md"):                    "No links.",
		filepath.Join(home, "c", "SKILL.md"):                 "See [a](../../../../project/.agents/skills/a/refs/deep/x.md).",
		filepath.Join(dir, "project", "README.md"):           "readme",
		filepath.Join(dir, "elsewhere", "notes", "SKILL.md"): "",
	}
	for p, body := range files {
		name := filepath.Base(filepath.Dir(p))
		if filepath.Ext(p) == ".md" && filepath.Base(p) != "SKILL.md" {
			name = strings.TrimSuffix(filepath.Base(p), ".md")
		}
		writeFile(t, p, "---\nname: "+name+"\ndescription: d\n---\n"+body+"\n")
	}
	ws := NewWorkspace(testRoots(dir), LoadOptions{})
	ws.Load(t.Context())
	var paths []string
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		paths = append(paths, p, filepath.Join(p, "nothing-here"))
		return err
	})
	paths = append(paths, "/", filepath.Dir(dir))
	compare := func(step string) {
		t.Helper()
		s := ws.Snapshot()
		for i, p := range paths {
			for _, disk := range []map[string]bool{{p: true}, {p: true, paths[(i*7+3)%len(paths)]: true}} {
				got, want := s.staleLinks(disk), s.staleLinksScan(disk)
				if !maps.Equal(got, want) {
					t.Fatalf("%s: staleLinks(%v) = %v, want %v", step, slices.Collect(maps.Keys(disk)), got, want)
				}
			}
		}
	}
	compare("no facts made")
	loose := filepath.Join(dir, "elsewhere", "notes", "SKILL.md")
	a := filepath.Join(agents, "a", "SKILL.md")
	steps := []Change{
		{Kind: ChangeOpen, Path: loose, Version: 1, Text: []byte("---\nname: notes\ndescription: d\n---\n[up](../../project/README.md) [me](SKILL.md)\n")},
		{Kind: ChangeOpen, Path: a, Version: 1, Text: []byte("---\nname: a\ndescription: d\n---\nOnly [inside](refs/deep/x.md).\n")},
		{Kind: ChangeEdit, Path: a, Version: 2, Text: []byte("---\nname: a\ndescription: d\n---\nNow [out](../b/guide.md).\n")},
		{Kind: ChangeClose, Path: loose},
		{Kind: ChangeClose, Path: a},
		{Kind: ChangeDisk, Path: filepath.Join(agents, "b", "guide.md")},
	}
	for i, c := range steps {
		for _, f := range ws.Snapshot().Files() {
			ws.Snapshot().Links(f.Path)
		}
		compare(fmt.Sprintf("before change %d", i))
		ws.Apply(t.Context(), c)
	}
	for _, f := range ws.Snapshot().Files() {
		ws.Snapshot().Links(f.Path)
	}
	compare("at the end")
	if n := len(ws.Snapshot().outside.paths(ws.Snapshot())); n < 3 {
		t.Errorf("%d entries recorded as linking outside their base, want a, flat and c at least", n)
	}
}
