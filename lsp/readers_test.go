package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestKeyHoverInReaderTerms: the hover on a key of a .claude skill names
// the hosts that read the file and whether each reads the key; DSH, which
// never reads the file, is not named. The same key in DSH's root keeps
// DSH's words. Issue 40, point 2.
func TestKeyHoverInReaderTerms(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar+`-- project/.claude/skills/migrate/SKILL.md --
---
name: migrate
description: Plans database migrations.
when_to_use: when a schema changes
---
Body.
-- project/.agents/skills/migrate/SKILL.md --
---
name: migrate
description: Plans database migrations.
when_to_use: when a schema changes
---
Body.
`, nil)
	f := w.open("project/.claude/skills/migrate/SKILL.md", "markdown", "---\nname: migrate\ndescription: Plans database migrations.\nwhen_to_use: when a schema changes\n---\nBody.\n")
	h := hoverText(t, w, f, protocol.Position{Line: 3, Character: 3})
	if !strings.Contains(h, "read by Claude Code") || strings.Contains(h, "DSH") {
		t.Errorf("when_to_use hover in .claude/skills = %s", h)
	}
	d := w.open("project/.agents/skills/migrate/SKILL.md", "markdown", "---\nname: migrate\ndescription: Plans database migrations.\nwhen_to_use: when a schema changes\n---\nBody.\n")
	if h = hoverText(t, w, d, protocol.Position{Line: 3, Character: 3}); !strings.Contains(h, "DSH ignores this key") {
		t.Errorf("when_to_use hover in DSH's root = %s", h)
	}
}
