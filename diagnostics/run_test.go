package diagnostics

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestQuickLeavesWholeRules: a Quick RunFile leaves out the rules that need
// every file (description-overlap); the rest equals RunFile's.
func TestQuickLeavesWholeRules(t *testing.T) {
	dir := t.TempDir()
	desc := "Review pull requests for correctness, security regressions, missing tests, naming and error handling in Go services."
	for _, name := range []string{"go-review", "pr-review"} {
		p := filepath.Join(dir, name, "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("---\nname: "+name+"\ndescription: "+desc+"\n---\n"), 0o644)
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "go-review", "SKILL.md")
	codes := func(ds []Diagnostic) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Code)
		}
		return out
	}
	full := codes(RunFile(snap, path, Options{}))
	quick := codes(RunFile(snap, path, Options{Quick: true}))
	if !slices.Contains(full, CodeDescriptionOverlap) {
		t.Fatalf("full RunFile = %v, want description-overlap", full)
	}
	want := slices.DeleteFunc(slices.Clone(full), func(c string) bool { return Lookup(c).Whole })
	if !slices.Equal(quick, want) {
		t.Errorf("quick RunFile = %v, want %v", quick, want)
	}
}
