package diagnostics

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// eachGoldenTree runs check as a subtest for every golden archive
// (testdata/*.txtar), its tree written to disk, with the archive's profile.
func eachGoldenTree(t *testing.T, check func(t *testing.T, g *skilltest.Golden, tree *skilltest.Tree, profile *Profile)) {
	t.Helper()
	for _, file := range skilltest.GoldenFiles(t, "testdata/*.txtar") {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			g := skilltest.LoadGolden(t, file)
			profile, ok := LookupProfile(g.Profile)
			if !ok {
				t.Fatalf("unknown profile %q", g.Profile)
			}
			check(t, g, skilltest.WriteTree(t, &g.Tree), profile)
		})
	}
}
