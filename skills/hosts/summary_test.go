package hosts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSummaryAndHover(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, src string) string {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noName := write("project/.agents/skills/no-name/SKILL.md", "---\ndescription: No name here.\n---\nBody.\n")
	if err := os.MkdirAll(filepath.Join(dir, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	hs, err := Select("dsh,claude,codex,goose")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home")}
	m, err := Build(t.Context(), hs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Summary(noName), "loads in Codex · dropped by DSH and Goose · not read by Claude Code"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got, want := m.Summary(noName, hs[2]), "loads in Codex"; got != want {
		t.Errorf("Summary(codex) = %q, want %q", got, want)
	}
	hover := m.Hover(noName)
	for _, want := range []string{
		"**Hosts**: loads in Codex",
		"- **Goose** (Goose main at 013ab848): skips this skill: it is missing a required 'name' in frontmatter",
		"- **Claude Code** (Claude Code 2.1.332): does not read .agents/skills",
		"- **Codex** (Codex 0.142 and later): names this skill \"no-name\" after its folder",
	} {
		if !strings.Contains(hover, want) {
			t.Errorf("hover lacks %q:\n%s", want, hover)
		}
	}
	if m.Summary(filepath.Join(dir, "elsewhere.md")) != "" {
		t.Error("a file no host discovers has a summary")
	}
	for _, tt := range []struct {
		b    Budget
		want string
	}{
		{Budget{Used: 812, Limit: 8000, Unit: "characters"}, "812 of 8,000 characters"},
		{Budget{Used: 9812, Limit: 8000, Unit: "characters", Over: true}, "9,812 of 8,000 characters, over"},
		{Budget{Used: 2300, Unit: "characters"}, "2,300 characters, no budget"},
	} {
		if got := tt.b.String(); got != tt.want {
			t.Errorf("Budget.String() = %q, want %q", got, tt.want)
		}
	}
	if got := Lookup("codex").Invocation.Token("pdf"); got != "$pdf" {
		t.Errorf("codex token = %q", got)
	}
	if got := Lookup("gemini").Invocation.Token("pdf"); got != "/pdf" {
		t.Errorf("gemini token = %q", got)
	}
}
