package skills_test

import (
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestTryStoresNothing: a trial snapshot (what a quick fix would make of a
// file) sees the edit, and the workspace's snapshot stays as it was; disk
// changes given to Try are left out.
func TestTryStoresNothing(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "project", ".agents", "skills", "alpha", "SKILL.md")
	skilltest.WriteSkill(t, p, "alpha", "first")
	w := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	cur, err := w.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	trial := cur.Try(skills.Change{Kind: skills.ChangeEdit, Path: p, Text: []byte("---\nname: beta\ndescription: second\n---\n")},
		skills.Change{Kind: skills.ChangeDisk, Path: p})
	if sk := trial.SkillAt(p); sk == nil || sk.Name != "beta" {
		t.Fatalf("the trial's skill at %s: %+v, want beta", p, sk)
	}
	if w.Snapshot() != cur || cur.SkillAt(p).Name != "alpha" {
		t.Fatalf("Try changed the workspace: %+v", w.Snapshot().SkillAt(p))
	}
}
