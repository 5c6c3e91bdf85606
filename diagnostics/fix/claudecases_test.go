package fix

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestClaudeCasesFixKeepReaders applies check --fix's safe fixes to the
// .claude/skills copy of every DSH case of the
// diagnostics golden trees (the cases diagnostics.TestClaudeCases mirrors)
// and fails when a host that read the file stops loading it or lists it
// with a word less (checkFixKeepsReaders).
func TestClaudeCasesFixKeepReaders(t *testing.T) {
	const b = "---\nname: b\ndescription: Builds the docs.\n---\nBody.\n"
	for _, tree := range []string{"coverage", "coverage-agentskills", "frontmatter", "security", "rulecases-agentskills", "rulecases"} {
		g := skilltest.LoadGolden(t, filepath.Join("..", "testdata", tree+".txtar"))
		for _, f := range g.Tree.Files {
			rel, ok := strings.CutPrefix(f.Name, "project/.agents/skills/")
			if !ok || !strings.HasSuffix(rel, "/SKILL.md") {
				continue
			}
			t.Run(tree+"/"+rel, func(t *testing.T) {
				checkFixKeepsReaders(t, newReadersTree(t, string(f.Data), b), diagnostics.FixSafe, g.Profile)
			})
		}
	}
}
