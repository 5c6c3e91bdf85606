package hosts

import (
	"path/filepath"
	"testing"
)

// TestCopilotCLIBodyDescription: a skill without a description is
// described by its first 3 body lines that are neither blank nor
// headings, as Copilot CLI 1.0.102 listed them.
func TestCopilotCLIBodyDescription(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"heading and paragraphs", "# Heading\n\nFirst para line one\nline two.\n\nSecond para.\n", "First para line one line two. Second para."},
		{"three lines, fence included", "A line\n```\ncode\n```\nB line\n", "A line ``` code"},
		{"any # line", "#NoSpace\n####### seven\nText\n", "Text"},
		{"trimmed", "  indented  text  \n", "indented  text"},
		{"empty", "\n\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := copilotCLIBodyDescription(tt.body); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCopilotCLIInsideSkill: a SKILL.md below a folder that holds one is
// not discovered, and the verdict says why.
func TestCopilotCLIInsideSkill(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
	write(t, filepath.Join(project, ".git", "HEAD"), "ref: main\n")
	root := filepath.Join(project, ".agents", "skills")
	write(t, filepath.Join(root, "outer", "SKILL.md"), "---\nname: outer\ndescription: x\n---\n")
	inner := filepath.Join(root, "outer", "inner", "SKILL.md")
	write(t, inner, "---\nname: inner\ndescription: x\n---\n")
	res, err := Lookup(string(CopilotCLI)).Evaluate(t.Context(), Options{Cwd: project, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	v := res.Explain(inner, ".agents/skills")
	if v.Status != NotDiscovered || len(v.Notes) == 0 || v.Notes[0].Code != "inside-skill" {
		t.Fatalf("verdict %+v, want not-discovered [inside-skill]", v)
	}
	if want := "GitHub Copilot CLI takes the first folder holding a SKILL.md as the skill and does not search below it (.agents/skills/outer)"; v.Notes[0].Message != want {
		t.Errorf("message %q, want %q", v.Notes[0].Message, want)
	}
}
