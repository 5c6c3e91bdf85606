package lsp

import (
	"fmt"
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

// TestPassedOverFileDiagnostics: an open .claude/skills/onboarding/skill.md,
// which no host reads, gets what a plain check says of it: the hosts that
// read the folder but pass the file over, a warning (the skill loads
// nowhere), and not DSH's skill-md-case or outside-roots. Issue 40, point
// 2. The server takes a skill.md for a skill file only with the "skill"
// language (isSkillPath); the editors give it by file name.
func TestPassedOverFileDiagnostics(t *testing.T) {
	const src = "---\nname: onboarding\ndescription: Onboards a new engineer.\n---\nWelcome.\n"
	w := newWorkspaceEnv(t, chatHostsTxtar+"-- project/.claude/skills/onboarding/skill.md --\n"+src, nil)
	u := w.open("project/.claude/skills/onboarding/skill.md", "skill", src)
	p := w.diags(u, "the hosts' finding", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-not-discovered") })
	for _, d := range p.Diagnostics {
		msg := fmt.Sprint(d.Message)
		switch {
		case strings.Contains(msg, "DSH"):
			t.Errorf("DSH's words on a file DSH never reads: %v %q", d.Code, msg)
		case d.Code == protocol.String("host-not-discovered") && (d.Severity != protocol.DiagnosticSeverityWarning || !strings.Contains(msg, "Claude Code") || !strings.Contains(msg, "read only files named SKILL.md (exact case)")):
			t.Errorf("the hosts' finding: %v %q", d.Severity, msg)
		}
	}
}

// TestPassedOverFilesAsMarkdown: a lowercase skill.md and a flat
// quick-fix.md in .claude/skills, opened with the "markdown" language (as
// an editor opens them by default), are skill files to the server because
// the hosts that read their folder pass them over (a plain check reports
// them): they get the same host-not-discovered finding as with "skill".
func TestPassedOverFilesAsMarkdown(t *testing.T) {
	const src = "---\nname: onboarding\ndescription: Onboards a new engineer.\n---\nWelcome.\n"
	for _, rel := range []string{"project/.claude/skills/onboarding/skill.md", "project/.claude/skills/quick-fix.md"} {
		t.Run(rel, func(t *testing.T) {
			w := newWorkspaceEnv(t, chatHostsTxtar+"-- "+rel+" --\n"+src, nil)
			u := w.open(rel, "markdown", src)
			w.diags(u, "the hosts' finding", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-not-discovered") })
		})
	}
}

// TestKeyHoverInReaderTermsUnreadableYAML: when_to_use below an unquoted
// ": " description, which DSH's YAML cannot read and Claude Code reads
// line by line, still gets the readers' hover (it had none).
func TestKeyHoverInReaderTermsUnreadableYAML(t *testing.T) {
	const src = "---\nname: PDF-Helper\ndescription: Fill PDF forms. Use when: the user sends a PDF\nwhen_to_use: when a form must be filled\n---\nFill the form.\n"
	w := newWorkspaceEnv(t, chatHostsTxtar+"-- project/.claude/skills/pdf-helper/SKILL.md --\n"+src, nil)
	f := w.open("project/.claude/skills/pdf-helper/SKILL.md", "markdown", src)
	if h := hoverText(t, w, f, protocol.Position{Line: 3, Character: 2}); !strings.Contains(h, "read by Claude Code") || strings.Contains(h, "DSH") {
		t.Errorf("when_to_use hover below an unreadable description = %q", h)
	}
}

// TestDescriptionHoverInReaderTerms: the description hover of a .claude
// skill shows what its readers list, each with its own cut, not DSH's
// catalog line cut at 500 characters. Issue 40, point 6.
func TestDescriptionHoverInReaderTerms(t *testing.T) {
	desc := strings.Repeat("Plans database migrations. ", 24) + "TAIL-MARK"
	src := "---\nname: migrate\ndescription: " + desc + "\n---\nBody.\n"
	w := newWorkspaceEnv(t, chatHostsTxtar+"-- project/.claude/skills/migrate/SKILL.md --\n"+src, nil)
	f := w.open("project/.claude/skills/migrate/SKILL.md", "markdown", src)
	h := hoverText(t, w, f, protocol.Position{Line: 2, Character: 20})
	if !strings.Contains(h, "Claude Code") || strings.Contains(h, "Catalog line") || strings.Contains(h, "/500") || !strings.Contains(h, "TAIL-MARK") {
		t.Errorf("description hover in .claude/skills = %s", h)
	}
}

// TestPluginSkillHoverNamed: the name hover of a skill of a plugin the
// repository ships says the name Claude Code lists it by once installed
// (toolkit:lint-fix), not only its frontmatter name (issue 40, point 4).
func TestPluginSkillHoverNamed(t *testing.T) {
	const src = "---\nname: lint-fix\ndescription: Fix lint errors. Use when lint fails.\n---\nBody.\n"
	w := newWorkspaceEnv(t, `-- project/.git/HEAD --
ref: refs/heads/main
-- project/.claude-plugin/marketplace.json --
{"name": "m", "plugins": [{"name": "toolkit", "source": "./plugins/toolkit"}]}
-- project/plugins/toolkit/.claude-plugin/plugin.json --
{"name": "toolkit"}
-- project/plugins/toolkit/skills/lint-fix/SKILL.md --
`+src, nil)
	f := w.open("project/plugins/toolkit/skills/lint-fix/SKILL.md", "markdown", src)
	if h := hoverText(t, w, f, protocol.Position{Line: 1, Character: 8}); !strings.Contains(h, "`toolkit:lint-fix` in Claude Code") {
		t.Errorf("name hover of a shipped plugin's skill = %s, want Claude Code's name toolkit:lint-fix", h)
	}
}
