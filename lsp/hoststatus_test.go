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
-- project/.agents/skills/broken/SKILL.md --
---
name: broken
description: Use when: it breaks
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
	if review.Line != review.Summary {
		t.Errorf("review's line = %q, want the hosts' summary %q (DSH does not read it)", review.Line, review.Summary)
	}
	// A file of DSH's roots: DSH's verdict in the code lens's words, then
	// the other hosts'.
	pdf := got.Files[w.path("project/.agents/skills/pdf/SKILL.md")]
	if !strings.HasPrefix(pdf.Line, "catalog description 15/") || !strings.Contains(pdf.Line, " · loads in ") || strings.Contains(pdf.Line, "DSH") {
		t.Errorf("pdf's line = %q, want the lens's catalog line then the other hosts", pdf.Line)
	}
	if !strings.HasSuffix(pdf.Line, " · "+pdf.Others) || !strings.HasPrefix(pdf.Others, "loads in ") {
		t.Errorf("pdf's others = %q, want the other hosts' part of its line %q", pdf.Others, pdf.Line)
	}
	broken := got.Files[w.path("project/.agents/skills/broken/SKILL.md")]
	if !strings.HasPrefix(broken.Line, "dropped by DSH: ") || !strings.Contains(broken.Summary, "dropped by DSH") {
		t.Errorf("broken's line = %q (summary %q), want DSH's drop as its lens says it", broken.Line, broken.Summary)
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
