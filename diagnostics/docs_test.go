package diagnostics

import (
	"os"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
)

// TestDocsUpToDate keeps docs/diagnostics.md in step with the rules.
func TestDocsUpToDate(t *testing.T) {
	const path = "../docs/diagnostics.md"
	want := Markdown()
	if os.Getenv("SKILL_LS_UPDATE") != "" {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is stale; run SKILL_LS_UPDATE=1 go test ./diagnostics -run TestDocs", path)
	}
}

func TestEveryRuleDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Code] {
			t.Errorf("duplicate code %s", r.Code)
		}
		seen[r.Code] = true
		if r.Doc == "" || r.Summary == "" || r.Severity == 0 {
			t.Errorf("%s: missing doc, summary or severity", r.Code)
		}
	}
}

// TestProblemKindsHaveRules: checkProblems reports a discovery problem under
// the rule whose code is its kind, so every kind needs one.
func TestProblemKindsHaveRules(t *testing.T) {
	for _, k := range []skills.ProblemKind{
		skills.ProblemRootNotDir, skills.ProblemRootUnreadable, skills.ProblemBrokenSymlink,
		skills.ProblemNotRegular, skills.ProblemSkillMDCase, skills.ProblemUnreadable,
		skills.ProblemTooManyEntries, skills.ProblemProviderFailed,
	} {
		if Lookup(string(k)) == nil {
			t.Errorf("problem kind %q has no rule", k)
		}
	}
}
