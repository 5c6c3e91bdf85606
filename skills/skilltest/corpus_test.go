package skilltest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

func TestWriteCorpus(t *testing.T) {
	const n = 300
	a, err := WriteCorpus(filepath.Join(t.TempDir(), "a"), CorpusOptions{N: n, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Bundles + a.Flat; got != n || len(a.SkillFiles) != n {
		t.Errorf("got %d bundles + %d flat, %d files; want %d skills", a.Bundles, a.Flat, len(a.SkillFiles), n)
	}
	if a.Flat != 30 || len(a.Duplicates) != 6 {
		t.Errorf("got %d flat and %d duplicates, want 30 and 6", a.Flat, len(a.Duplicates))
	}
	invalid := 0
	for _, v := range a.Invalid {
		invalid += len(v)
	}
	if invalid != 6 || len(a.Invalid) != 6 {
		t.Errorf("got %d invalid files of %d kinds, want 6 of 6", invalid, len(a.Invalid))
	}

	// Deterministic: the same options write the same bytes.
	b, err := WriteCorpus(filepath.Join(t.TempDir(), "b"), CorpusOptions{N: n, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range a.SkillFiles {
		x, _ := os.ReadFile(p)
		y, _ := os.ReadFile(b.SkillFiles[i])
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs between two runs with the same seed", p)
		}
	}

	// DSH sees every valid skill: each defect drops at most its file, each
	// duplicate is shadowed.
	snap, err := skills.Load(t.Context(), discovery.Roots(a.RootOptions()), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(snap.Files()); got != n {
		t.Errorf("loaded %d files, want %d", got, n)
	}
	if got := len(snap.Registry.Shadowed()); got != len(a.Duplicates) {
		t.Errorf("got %d shadowed skills, want %d", got, len(a.Duplicates))
	}
	dropped := len(snap.Registry.Dropped())
	if dropped < 4 || dropped > 6 { // missing-name, uppercase, missing-description, unclosed, bad yaml; a mismatch is valid
		t.Errorf("got %d dropped files, want 4..6", dropped)
	}
	if w := len(snap.Registry.Winners()); w != n-len(a.Duplicates)-dropped {
		t.Errorf("got %d winners, want %d", w, n-len(a.Duplicates)-dropped)
	}
}
