package skills_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestContentSeqMovesWithTheBytes: ContentSeq moves when a change shows
// other bytes or another disk, and stays when a buffer opens over the
// disk's very bytes, is edited to the text it has, or closes over the
// disk's bytes (an editor's session restore, its "close all"): what is
// made from the bytes alone (the hosts' matrix) is then made again only
// when it may differ. The steps run in order on one workspace.
func TestContentSeqMovesWithTheBytes(t *testing.T) {
	dir := t.TempDir()
	agents := filepath.Join(dir, "project", ".agents", "skills")
	path := filepath.Join(agents, "alpha", "SKILL.md")
	skilltest.WriteSkill(t, path, "alpha", "first")
	disk, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := append([]byte(nil), disk...)
	other[len(other)-1] = '!'
	unsaved := filepath.Join(agents, "beta", "SKILL.md")
	w := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	if _, err := w.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		change skills.Change
		moves  bool
	}{
		{"open with the disk's bytes", skills.Change{Kind: skills.ChangeOpen, Path: path, Version: 1, Text: disk}, false},
		{"edit to the same text", skills.Change{Kind: skills.ChangeEdit, Path: path, Version: 2, Text: disk}, false},
		{"edit to other bytes", skills.Change{Kind: skills.ChangeEdit, Path: path, Version: 3, Text: other}, true},
		{"close a buffer the disk does not hold", skills.Change{Kind: skills.ChangeClose, Path: path}, true},
		{"open again", skills.Change{Kind: skills.ChangeOpen, Path: path, Version: 1, Text: disk}, false},
		{"close over the disk's bytes", skills.Change{Kind: skills.ChangeClose, Path: path}, false},
		{"open a file not on disk", skills.Change{Kind: skills.ChangeOpen, Path: unsaved, Version: 1, Text: disk}, true},
		{"close it", skills.Change{Kind: skills.ChangeClose, Path: unsaved}, true},
		{"a disk change", skills.Change{Kind: skills.ChangeDisk, Path: path}, true},
	}
	for _, s := range steps {
		before := w.Snapshot()
		after := w.Apply(t.Context(), s.change)
		if moved := after.ContentSeq != before.ContentSeq; moved != s.moves || after.ContentSeq > after.Seq {
			t.Errorf("%s: ContentSeq %d -> %d (Seq %d), want moved = %v", s.name, before.ContentSeq, after.ContentSeq, after.Seq, s.moves)
		}
	}
}
