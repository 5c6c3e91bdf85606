package diagnostics

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestFolderFixesOnlyOwnFolder: the name rules rename a folder, or take a
// skill's name from it, only when it is the skill's own bundle folder. A
// root made a bundle of its parent (check .agents/skills/SKILL.md) and a
// folder the options pin get the finding and no such fix; a SKILL.md
// outside the roots no rename; a bundle of the root both.
func TestFolderFixesOnlyOwnFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, name string) string {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("---\nname: "+name+"\ndescription: d\n---\n"), 0o644)
		return p
	}
	rootSkill := write(".agents/skills/SKILL.md", "root-skill")
	bundle := write(".agents/skills/pdf/SKILL.md", "pdf-tools")
	outside := write("loose/SKILL.md", "other")
	agents := filepath.Join(dir, ".agents")
	skillsDir := filepath.Join(agents, "skills")
	roots := []discovery.Root{
		{Dir: agents, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank(), Only: []string{"skills"}},
		{Dir: skillsDir, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank(), Index: 1, Only: []string{"pdf"}},
	}
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: outside, Text: []byte("---\nname: other\ndescription: d\n---\n")})
	fixes := func(path string, opts Options) []string {
		var out []string
		found := false
		for _, d := range RunFile(snap, path, opts) {
			if d.Code != CodeNameFolderMismatch {
				continue
			}
			found = true
			for _, f := range d.Fixes {
				if !f.Suppression {
					out = append(out, f.Title)
				}
			}
		}
		if !found {
			t.Errorf("%s: no name-folder-mismatch", path)
		}
		return out
	}
	pinned := Options{Pinned: func(d string) bool { return d == filepath.Dir(bundle) }}
	for _, tc := range []struct {
		name string
		path string
		opts Options
		want []string
	}{
		{"a root that holds another root", rootSkill, Options{}, nil},
		{"outside the roots", outside, Options{}, []string{"Change the name to the folder name loose"}},
		{"a bundle of the root", bundle, Options{}, []string{"Rename the folder pdf to pdf-tools", "Change the name to the folder name pdf"}},
		{"a pinned bundle", bundle, pinned, nil},
	} {
		if got := fixes(tc.path, tc.opts); !slices.Equal(got, tc.want) {
			t.Errorf("%s: fixes %q, want %q", tc.name, got, tc.want)
		}
	}
}
