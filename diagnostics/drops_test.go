package diagnostics

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestEveryDropIsReported: over every golden tree, each file the engine
// drops gets an error-severity diagnostic whose code is the drop's code, and
// Drop is the first dropping finding. Nothing falls back to a catch-all.
func TestEveryDropIsReported(t *testing.T) {
	eachGoldenTree(t, func(t *testing.T, _ *skilltest.Golden, tree *skilltest.Tree, _ *Profile) {
		snap := tree.Load(t, skills.LoadOptions{})
		byPath := ByPath(Run(t.Context(), snap, Options{}))
		for _, f := range snap.Files() {
			var first *skillfile.Finding
			for i := range f.Findings {
				if f.Findings[i].Code.LeavesOut() {
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
	})
}
