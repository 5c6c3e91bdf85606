package skills_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestOpenCloseCostsTheSameAtAnySize: an editor's session restore opens
// thousands of skill files, a didOpen each, and its "close all" closes
// them (issue 38, point 10). Each Apply must cost what its own buffer
// costs, not a copy of every open buffer, or the storm is quadratic: 256
// opens (a fold of the tables' tops among them) allocate about as much
// with 1,800 buffers open as with 300, and so do 256 closes.
func TestOpenCloseCostsTheSameAtAnySize(t *testing.T) {
	const n = 2048
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := skilltest.BundleNames(n)
	paths := make([]string, n)
	for i, name := range names {
		paths[i] = filepath.Join(agents, name, "SKILL.md")
		skilltest.WriteSkill(t, paths[i], name, "On disk "+name+".")
	}
	w := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	if _, err := w.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	apply := func(from, to int, kind skills.ChangeKind) uint64 {
		before := allocatedBytes()
		for i := from; i < to; i++ {
			c := skills.Change{Kind: kind, Path: paths[i], Version: 1}
			if kind == skills.ChangeOpen {
				c.Text = fmt.Appendf(nil, "---\nname: %s\ndescription: Typed %d.\n---\n", names[i], i)
			}
			w.Apply(t.Context(), c)
		}
		return allocatedBytes() - before
	}
	apply(0, 256, skills.ChangeOpen)
	few := apply(256, 512, skills.ChangeOpen)
	apply(512, n-256, skills.ChangeOpen)
	many := apply(n-256, n, skills.ChangeOpen)
	if many > 2*few {
		t.Errorf("256 opens allocate %d bytes with %d buffers open, %d with %d", many, n-256, few, 256)
	}
	if _, open := w.Snapshot().Overlay(paths[n-1]); !open {
		t.Fatalf("the last buffer opened is not open")
	}
	many = apply(0, 256, skills.ChangeClose)
	apply(256, n-512, skills.ChangeClose)
	few = apply(n-512, n-256, skills.ChangeClose)
	if many > 2*few {
		t.Errorf("256 closes allocate %d bytes with %d buffers open, %d with %d", many, n, few, 512)
	}
	apply(n-256, n, skills.ChangeClose)
	snap := w.Snapshot()
	for _, i := range []int{0, n / 2, n - 1} {
		if _, open := snap.Overlay(paths[i]); open {
			t.Errorf("%s is still open after its close", paths[i])
		}
		if sk := snap.SkillAt(paths[i]); sk == nil || sk.Description != "On disk "+names[i]+"." {
			t.Errorf("%s: after its close the skill is %+v, not the disk's", paths[i], sk)
		}
	}
}

// allocatedBytes returns the bytes this process has allocated so far.
func allocatedBytes() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// TestBatchedEditsMatchFullResolve: one Apply of several editor changes,
// some to one path (opened, edited, closed; an edit whose version goes
// backwards), leaves the buffers and the registry that a full resolve
// finds (the server gives the views every open buffer at once when the
// discovery ends).
func TestBatchedEditsMatchFullResolve(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := skilltest.BundleNames(4)
	paths := make([]string, len(names))
	for i, name := range names {
		paths[i] = filepath.Join(agents, name, "SKILL.md")
		skilltest.WriteSkill(t, paths[i], name, "On disk "+name+".")
	}
	text := func(i int, desc string) []byte {
		return fmt.Appendf(nil, "---\nname: %s\ndescription: %s\n---\n", names[i], desc)
	}
	batches := [][]skills.Change{
		{
			{Kind: skills.ChangeOpen, Path: paths[0], Version: 1, Text: text(0, "Opened.")},
			{Kind: skills.ChangeEdit, Path: paths[0], Version: 2, Text: text(0, "Edited.")},
			{Kind: skills.ChangeOpen, Path: paths[1], Version: 1, Text: text(1, "Opened then closed.")},
			{Kind: skills.ChangeClose, Path: paths[1]},
			{Kind: skills.ChangeOpen, Path: paths[2], Version: 5, Text: text(2, "Version 5.")},
			{Kind: skills.ChangeEdit, Path: paths[2], Version: 4, Text: text(2, "Version 4, late.")},
			{Kind: skills.ChangeClose, Path: paths[3]}, // never opened
		},
		{
			{Kind: skills.ChangeClose, Path: paths[0]},
			{Kind: skills.ChangeOpen, Path: paths[0], Version: 1, Text: text(0, "Opened again.")},
			{Kind: skills.ChangeEdit, Path: paths[2], Version: 6, Text: text(2, "Version 6.")},
			{Kind: skills.ChangeClose, Path: paths[2]},
		},
	}
	fast := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	fast.Load(t.Context())
	full := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	full.Load(t.Context())
	for i, batch := range batches {
		got := fast.Apply(t.Context(), batch...)
		want := full.Apply(t.Context(), append(slices.Clone(batch), skills.Change{Kind: skills.ChangeRescan})...)
		if skilltest.Summary(got) != skilltest.Summary(want) {
			t.Fatalf("batch %d: fast path\n%s\nfull resolve\n%s", i, skilltest.Summary(got), skilltest.Summary(want))
		}
		for _, p := range paths {
			g, gok := got.Overlay(p)
			w, wok := want.Overlay(p)
			if gok != wok || g.Version != w.Version || string(g.Text) != string(w.Text) {
				t.Fatalf("batch %d: buffer of %s is %v %d %q, want %v %d %q", i, p, gok, g.Version, g.Text, wok, w.Version, w.Text)
			}
		}
		if i == 0 {
			if o, ok := got.Overlay(paths[2]); !ok || o.Version != 5 {
				t.Fatalf("an edit to version 4 replaced version 5: %d %q", o.Version, o.Text)
			}
			if _, ok := got.Overlay(paths[1]); ok {
				t.Fatalf("%s opened then closed in one batch is open", paths[1])
			}
		}
	}
	snap := fast.Snapshot()
	if sk := snap.SkillAt(paths[0]); sk == nil || sk.Description != "Opened again." {
		t.Errorf("%s: skill %+v, want the buffer opened again", paths[0], sk)
	}
	for _, i := range []int{1, 2, 3} {
		if sk := snap.SkillAt(paths[i]); sk == nil || sk.Description != "On disk "+names[i]+"." {
			t.Errorf("%s: skill %+v, want the disk's", paths[i], sk)
		}
	}
}
