package diagnostics

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestEveryDropIsReported: over every golden tree, each file the engine
// drops gets an error-severity diagnostic whose code is the drop's code, and
// Drop is the first dropping finding. Nothing falls back to a catch-all.
func TestEveryDropIsReported(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		skilltest.WriteArchive(t, dir, ar)
		roots := skills.Roots(skills.RootOptions{Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
			DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"), Getenv: func(string) string { return "" }})
		snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		byPath := ByPath(Run(t.Context(), snap, Options{}))
		for _, f := range snap.Files() {
			var first *skills.Finding
			for i := range f.Findings {
				if f.Findings[i].Code.Drops() {
					first = &f.Findings[i]
					break
				}
			}
			if (f.Drop == nil) != (first == nil) || (first != nil && (f.Drop.Code != first.Code || f.Drop.Span != first.Span)) {
				t.Errorf("%s: drop %+v, first dropping finding %+v", f.Path, f.Drop, first)
			}
			if f.Drop == nil {
				continue
			}
			reported := false
			for _, d := range byPath[f.Path] {
				reported = reported || (d.Code == string(f.Drop.Code) && d.Severity == SeverityError)
			}
			if !reported {
				t.Errorf("%s: dropped for %s, but no error with that code was reported", f.Path, f.Drop.Code)
			}
		}
	}
}
