package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

func TestNewReport(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	files := map[string]string{
		filepath.Join(a, "pdf", "SKILL.md"): "---\nname: pdf\ndescription: PDF.\n---\nBody.\n",
		filepath.Join(a, "quiet.md"):        "---\nname: quiet\ndescription: Quiet.\ndisable-model-invocation: true\n---\nBody.\n",
		filepath.Join(a, "bad.md"):          "---\nname: bad\n",
		filepath.Join(b, "pdf.md"):          "---\nname: pdf\ndescription: Other PDF.\n---\nBody.\n",
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, nil, 0o644)
	roots := []discovery.Root{
		{Dir: a, Source: discovery.SourceProjectDSH, Rank: discovery.SourceProjectDSH.Rank(), Index: 0},
		{Dir: b, Source: discovery.SourceUserAgents, Rank: discovery.SourceUserAgents.Rank(), Index: 1},
		{Dir: notDir, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank(), Index: 2},
	}
	snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := NewReport(snap)
	pdf := ReportSkill{Name: "pdf", Description: "PDF.", Source: "project-dsh", Rank: 100, Path: filepath.Join(a, "pdf", "SKILL.md"), Root: a, ModelInvocable: true, UserInvocable: true}
	want := Report{
		Roots: []ReportRoot{
			{Dir: a, Source: "project-dsh", Rank: 100, Exists: true},
			{Dir: b, Source: "user-agents", Rank: 500, Exists: true},
			{Dir: notDir, Source: "custom", Rank: 300, Exists: false},
		},
		Skills: []ReportSkill{
			pdf,
			{Name: "quiet", Description: "Quiet.", Source: "project-dsh", Rank: 100, Path: filepath.Join(a, "quiet.md"), Root: a, UserInvocable: true},
		},
		Shadowed: []ReportShadow{{
			ReportSkill: ReportSkill{Name: "pdf", Description: "Other PDF.", Source: "user-agents", Rank: 500, Path: filepath.Join(b, "pdf.md"), Root: b, ModelInvocable: true, UserInvocable: true},
			Winner:      pdf,
		}},
		Dropped: []ReportDropped{{
			Path: filepath.Join(a, "bad.md"), Source: "project-dsh", Rank: 100, Root: a, Kind: "frontmatter-unclosed",
			Summary: "frontmatter-unclosed",
			Reason:  snap.File(filepath.Join(a, "bad.md")).Drop.Detail,
			Log:     snap.File(filepath.Join(a, "bad.md")).Drop.Log,
			Line:    1, Column: 1,
		}},
		Problems: []ReportProblem{{Kind: "root-not-directory", Path: notDir, Message: snap.Problems()[0].Message}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NewReport (-want +got):\n%s", diff)
	}

	// Empty slices encode as [], not null.
	js, err := json.Marshal(NewReport(nil))
	if err != nil {
		t.Fatal(err)
	}
	if string(js) != `{"roots":[],"skills":[],"shadowed":[],"dropped":[],"problems":[]}` {
		t.Errorf("empty report = %s", js)
	}
}
