package diagnostics

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

func TestDropSummary(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"loaded", "---\nname: ok\ndescription: Fine.\n---\n", ""},
		{"yaml", "---\nname: x\ndescription: Use when: asked\n---\n", "invalid YAML at 3:14"},
		{"no frontmatter", "# Title\n", "no YAML frontmatter at 1:1"},
		{"missing description", "---\nname: x\n---\n", "no description at 1:1"},
		{"invalid name", "---\nname: Bad Name\ndescription: d\n---\n", "invalid name at 2:7"},
		{"invocation", "---\nname: x\ndescription: d\nuser-invocable: maybe\n---\n", "invocation flag not a boolean at 4:17"},
		{"binary", "---\x00\n", "binary file at 1:4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := skillfile.Parse("/r/x/SKILL.md", []byte(tt.src), skillfile.ReadFS)
			if got := DropSummary(skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot(), f); got != tt.want {
				t.Errorf("DropSummary = %q, want %q (drop %+v)", got, tt.want, f.Drop)
			}
		})
	}
}
