package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/render"
)

// TestListSkillsHostFolders: the skill list names the project's folders
// that other hosts read and DSH does not, with their hosts and skills, so
// the editors group skills by host folder. Issue 25, point 7.
func TestListSkillsHostFolders(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
Body.
-- project/.claude/skills/review/SKILL.md --
---
name: review
description: Review a diff.
---
Body.
`, nil)
	var rep render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.HostFolders) != 1 {
		t.Fatalf("hostFolders = %+v, want .claude/skills", rep.HostFolders)
	}
	hf := rep.HostFolders[0]
	if hf.Label != ".claude/skills" || !slices.Contains(hf.Hosts, "Claude Code") || slices.Contains(hf.Hosts, "DSH") ||
		len(hf.Files) != 1 || hf.Files[0].Name != "review" || hf.Files[0].Path != w.path("project/.claude/skills/review/SKILL.md") {
		t.Errorf("hostFolders[0] = %+v", hf)
	}
}

// TestChatSkillElsewhere: a /name whose skill is in a folder DSH does not
// read (.claude/skills) says so, with the file as a related place, not
// "no skill is named". Issue 25, point 5.
func TestChatSkillElsewhere(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.claude/skills/review/SKILL.md --
---
name: review
description: Review a diff.
---
Body.
`, nil)
	u := w.open("project/notes.chat.md", "markdown", "please /review this\n")
	pub := w.diags(u, "the chat's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	d := pub.Diagnostics[0]
	if !strings.Contains(fmt.Sprint(d.Message), `"review" is in .claude/skills, which DSH does not read (Claude Code`) ||
		len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != w.uri("project/.claude/skills/review/SKILL.md") {
		t.Errorf("diagnostic = %+v", d)
	}
}
