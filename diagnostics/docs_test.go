package diagnostics

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills/problem"
)

// TestDocsUpToDate keeps docs/diagnostics.md in step with the rules.
func TestDocsUpToDate(t *testing.T) {
	checkGenerated(t, "../docs/diagnostics.md", Markdown(), "TestDocs")
}

func TestEveryRuleDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Code] {
			t.Errorf("duplicate code %s", r.Code)
		}
		seen[r.Code] = true
		if r.Doc == "" || r.Summary == "" {
			t.Errorf("%s: missing doc or summary", r.Code)
		}
		graded := false
		for _, p := range Profiles() {
			graded = graded || p.Grade(r) != SeverityOff
		}
		if !graded {
			t.Errorf("%s: no profile runs it", r.Code)
		}
		if r.Drops && r.Short == "" {
			t.Errorf("%s: drops a skill but has no Short name for editors", r.Code)
		}
		if r.Finding == nil && r.File == nil && r.Discovery == nil && r.Chat == nil && r.Suppression == nil && r.Workspace == nil && r.Eval == nil {
			t.Errorf("%s: no check", r.Code)
		}
	}
}

// TestEveryCodeHasARule: every code the engine records is reported by the
// rule of that code, through the right kind of check.
func TestEveryCodeHasARule(t *testing.T) {
	findings := []problem.Code{
		problem.BinaryFile, problem.InvalidUTF8, problem.UnreadableFile, problem.FileTooLarge,
		problem.FrontmatterMissing, problem.FrontmatterUnclosed, problem.FrontmatterNotMap,
		problem.YAMLSyntax, problem.YAMLUnquotedColon, problem.YAMLDuplicateKey, problem.YAMLTabIndent, problem.YAMLTooComplex,
		problem.NameMissing, problem.NameNotString, problem.NameEmpty, problem.NameInvalid,
		problem.DescriptionMissing, problem.DescriptionNotString, problem.DescriptionEmpty,
		problem.LegacyInvocationKey, problem.InvocationNotBoolean, problem.FieldIgnored,
	}
	for _, c := range findings {
		if r := Lookup(string(c)); r == nil || r.Finding == nil {
			t.Errorf("finding code %q has no rule that words it", c)
		}
	}
	discovery := []problem.Code{
		problem.RootNotDirectory, problem.RootUnreadable, problem.BrokenSymlink,
		problem.NotRegularFile, problem.SkillMDCase, problem.UnreadableFile,
		problem.TooManyEntries, problem.ProviderFailed,
	}
	for _, c := range discovery {
		if r := Lookup(string(c)); r == nil || r.Discovery == nil {
			t.Errorf("discovery code %q has no rule", c)
		}
	}
}
