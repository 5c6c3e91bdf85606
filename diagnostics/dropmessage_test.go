package diagnostics

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestDropMessageRunsOneRule: DropMessage, which runs only the rule of the
// drop's code, words every dropped file as the search through all of the
// file's diagnostics does, on the diagnostics test trees and a generated
// corpus (with and without the quick option's whole-tree rules).
func TestDropMessageRunsOneRule(t *testing.T) {
	everyRule := func(snap *skills.Snapshot, f *skillfile.File, opts Options) string {
		if f.Drop == nil {
			return ""
		}
		opts.Quick = true
		for _, d := range CheckFile(snap, f, opts) {
			if d.Code == string(f.Drop.Code) && d.Span == f.Drop.Span {
				return strings.TrimPrefix(d.Message, dropPrefix)
			}
		}
		return f.Drop.Detail
	}
	var snaps []*skills.Snapshot
	archives, _ := filepath.Glob("testdata/*.txtar")
	fixes, _ := filepath.Glob("testdata/fixes/*.txtar")
	for _, file := range append(archives, fixes...) {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		skilltest.WriteArchive(t, dir, ar)
		snap, err := skills.Load(t.Context(), skilltest.TreeRoots(dir), skills.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, snap)
	}
	snaps = append(snaps, corpusSnapshot(t, 600, 4))
	dropped, worded := 0, 0
	for _, snap := range snaps {
		for _, f := range snap.Files() {
			if f.Drop == nil {
				continue
			}
			dropped++
			for _, opts := range []Options{{}, {Profile: ProfileAgentSkills}} {
				got, want := DropMessage(snap, f, opts), everyRule(snap, f, opts)
				if got != want {
					t.Errorf("%s (%s): DropMessage %q, every rule %q", f.Path, f.Drop.Code, got, want)
				}
				if got != f.Drop.Detail {
					worded++
				}
			}
		}
	}
	if dropped < 50 || worded == 0 {
		t.Errorf("%d dropped files, %d worded by a rule: too few to compare", dropped, worded)
	}
}
