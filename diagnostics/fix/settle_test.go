package fix

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestUnsettled: fixes that need more rounds than the bound stop there, and
// the result says they did not settle; within the bound they settle and
// say nothing. The overlap archive needs two rounds.
func TestUnsettled(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "fixes", "overlap.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		max       int
		unsettled bool
	}{{1, true}, {2, false}, {MaxPasses, false}} {
		dir := t.TempDir()
		skilltest.WriteArchive(t, dir, ar)
		opts, level, nodeRead := fixArchiveSettings(t, ar)
		ws := skills.NewWorkspace(fixTestRoots(dir, nodeRead), skills.LoadOptions{})
		if _, err := ws.Load(t.Context()); err != nil {
			t.Fatal(err)
		}
		res := all(t.Context(), ws, opts, level, tc.max)
		if res.Unsettled != tc.unsettled || res.Passes != min(tc.max, 2) {
			t.Errorf("bound %d: unsettled %v after %d rounds, want %v after %d", tc.max, res.Unsettled, res.Passes, tc.unsettled, min(tc.max, 2))
		}
	}
}

// TestRefusedFixUndone: a refused fix leaves the workspace's buffer as the
// fixes kept made it, so the snapshot All returns holds no refused edit.
func TestRefusedFixUndone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "project", ".agents", "skills", "a", "SKILL.md")
	src := "---\nname: a\ndescription: d\nuser_invocable: true\nuserinvocable: true\n---\n"
	skilltest.WriteArchive(t, dir, &txtar.Archive{Files: []txtar.File{{Name: "project/.agents/skills/a/SKILL.md", Data: []byte(src)}}})
	ws := skills.NewWorkspace(fixTestRoots(dir, false), skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	res := All(t.Context(), ws, diagnostics.Options{}, diagnostics.FixSafe)
	want := "---\nname: a\ndescription: d\nuser-invocable: true\nuserinvocable: true\n---\n"
	if got := string(res.Fixed[path]); got != want {
		t.Errorf("fixed:\n%s\nwant:\n%s", got, want)
	}
	idx, err := res.Snapshot.Text(res.Snapshot.File(path))
	if err != nil || string(idx.Src()) != want {
		t.Errorf("the workspace holds %q (%v), want the fixed text", idx.Src(), err)
	}
	if f := res.Snapshot.File(path); f.Drop != nil {
		t.Errorf("the kept fixes drop the skill: %v", f.Drop)
	}
	if len(res.Refused) != 1 || res.Refused[0].Added != diagnostics.CodeYAMLDuplicateKey {
		t.Errorf("refused %+v, want the second rename (a duplicate key)", res.Refused)
	}
}
