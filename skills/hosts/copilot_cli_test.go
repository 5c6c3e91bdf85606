package hosts

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
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

// TestCopilotCLIListingBudget: blocks of 15,000 characters in all are sent
// whole, and of 15,001 the last skill is named on the "Additional skills"
// line, with the release's own skills after it (Copilot CLI 1.0.102).
func TestCopilotCLIListingBudget(t *testing.T) {
	for _, tt := range []struct {
		total  int
		blocks int
		more   string
	}{
		{15000, 20, "customize-cloud-agent, github-pr-media"},
		{15001, 19, "s-19, customize-cloud-agent, github-pr-media"},
	} {
		e := testEnv(Lookup(string(CopilotCLI)), 0)
		winners := copilotCLIBudgetWinners(tt.total)
		lines := copilotCLILines(e, winners)
		blocks := 0
		for _, l := range lines {
			if l == "<skill>" {
				blocks++
			}
		}
		want := "Additional skills available (invoke by name): " + tt.more
		if blocks != tt.blocks || lines[len(lines)-1] != want {
			t.Errorf("%d characters: %d blocks, last line %q; want %d, %q", tt.total, blocks, lines[len(lines)-1], tt.blocks, want)
		}
	}
}

// TestCopilotCLIAdditionalCap: the "Additional skills" line names skills
// while the line stays within 5,000 characters, then says how many more
// (Copilot CLI 1.0.102 on antigravity-awesome-skills' 555 skills, lines
// of 4,986 and 4,994 characters shown whole, of 5,006 and 5,019 cut).
func TestCopilotCLIAdditionalCap(t *testing.T) {
	var names []string
	for i := range 100 {
		names = append(names, fmt.Sprintf("n%03d-%s", i, strings.Repeat("x", 35)))
	}
	head := len("Additional skills available (invoke by name): " + strings.Join(names, ", "))
	for _, tt := range []struct {
		lineLen int // the line's length with the name "last" in it
		want    string
	}{
		{5000, ", last... and 2 more"},
		{5001, "n099-" + strings.Repeat("x", 35) + "... and 3 more"},
	} {
		last := "last" + strings.Repeat("y", tt.lineLen-head-len(", last"))
		more := append(slices.Clone(names), last, "customize-cloud-agent", "github-pr-media")
		got := copilotCLIMore(more)
		want := strings.Replace(tt.want, "last", last, 1)
		if !strings.HasSuffix(got, want) {
			t.Errorf("line of %d: ...%q, want ...%q", tt.lineLen, got[len(got)-60:], want)
		}
	}
}

// copilotCLIBudgetWinners makes 20 project skills s-00 ... s-19 whose
// blocks, each with its line break, take total characters.
func copilotCLIBudgetWinners(total int) []*entry {
	const n = 20
	base := len(strings.Join(copilotCLIBlock(&entry{name: "s-00"}), "\n")) + 1
	var out []*entry
	for i := range n {
		size := total / n
		if i == n-1 {
			size = total - (n-1)*(total/n)
		}
		name := fmt.Sprintf("s-%02d", i)
		out = append(out, &entry{name: name, listing: strings.Repeat("x", size-base), listed: true,
			file: File{Path: "/p/.github/skills/" + name + "/SKILL.md", Root: "/p/.github/skills", Scope: ScopeProject}})
	}
	return out
}
