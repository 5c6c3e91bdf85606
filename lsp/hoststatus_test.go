package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestListSkillsHostStatus: skill-ls.listSkills gives each skill file the
// hosts' verdicts (which load it, or why not) in the server's words, the
// code lens's summary among them, so that an editor's skill list shows a
// status per host without wording one of its own. Issue 40, point 6.
func TestListSkillsHostStatus(t *testing.T) {
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
-- project/.claude/skills/bad/SKILL.md --
---
name: bad
description: Use when: things break
---
Body.
`, nil)
	var got skillList
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &got); err != nil {
		t.Fatal(err)
	}
	review, ok := got.Files[w.path("project/.claude/skills/review/SKILL.md")]
	if !ok || !strings.Contains(review.Summary, "loads in") || !strings.Contains(review.Summary, "Claude Code") {
		t.Fatalf("files[review] = %+v (ok %v), want Claude Code's load in the summary; files = %+v", review, ok, got.Files)
	}
	var claude *hostStatus
	for i, h := range review.Hosts {
		if h.ID == "claude" {
			claude = &review.Hosts[i]
		}
	}
	if claude == nil || claude.Status != "loads" || claude.Name != "Claude Code" || claude.Skill != "review" {
		t.Errorf("Claude Code's verdict on review = %+v, hosts %+v", claude, review.Hosts)
	}
	if _, ok := got.Files[w.path("project/.agents/skills/pdf/SKILL.md")]; !ok {
		t.Errorf("no host status for DSH's pdf: %+v", got.Files)
	}
	bad := got.Files[w.path("project/.claude/skills/bad/SKILL.md")]
	dropped := false
	for _, h := range bad.Hosts {
		dropped = dropped || h.Status == "dropped" && h.Message != ""
	}
	if !dropped || !strings.Contains(bad.Summary, "dropped by") {
		t.Errorf("files[bad] = %+v, want a host that drops it, with its reason", bad)
	}
}
