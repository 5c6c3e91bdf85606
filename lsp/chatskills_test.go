package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// chatHostsTxtar is a project laid out as most authors have it: the
// skills in .claude/skills (Claude Code's), one DSH skill in
// .agents/skills, and a copy of a .claude skill there with other text.
const chatHostsTxtar = `
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
description: Use when: the user asks
---
DSH drops this file (an unquoted ": "); lenient hosts load it.
-- project/.agents/skills/pr-review/SKILL.md --
---
name: pr-review
description: The old copy of the review skill.
---
THE AGENTS COPY.
-- project/.claude/skills/pr-review/SKILL.md --
---
name: pr-review
description: Review a pull request.
---
THE CLAUDE COPY: read the diff.
-- project/.claude/skills/colon/SKILL.md --
---
name: colon
description: Use when: the user asks
---
Claude Code reads this frontmatter line by line; DSH's YAML refuses it.
-- project/.claude/skills/deploy-staging/SKILL.md --
---
name: deploy-staging
description: Deploy the app to staging.
---
Run the deploy script.
`

// chatItems completes at the end of the chat text and returns the items
// by label.
func chatItems(t *testing.T, w *wsEnv, u uri.URI, line, char uint32) map[string]protocol.CompletionItem {
	t.Helper()
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]protocol.CompletionItem{}
	if list, ok := res.(*protocol.CompletionList); ok {
		for _, it := range list.Items {
			if _, dup := out[it.Label]; dup {
				t.Errorf("%s offered twice", it.Label)
			}
			out[it.Label] = it
		}
	}
	return out
}

func detailOf(it protocol.CompletionItem) string {
	d, _ := it.Detail.Get()
	return d
}

// TestChatCompletionEveryHost: by default a chat offers the skills of
// every host the view selects (Claude Code's .claude/skills beside DSH's),
// one item per name, its detail naming the hosts that load it; the
// chatHost setting picks one host. Issue 40, point 6.
func TestChatCompletionEveryHost(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	u := w.open("project/notes.chat.md", "markdown", "please /")
	items := chatItems(t, w, u, 0, 8)
	for label, want := range map[string][]string{
		"/pdf":            {"DSH (project-agents)"},
		"/deploy-staging": {"Claude Code"},
		"/pr-review":      {"DSH (project-agents)", "Claude Code"},
	} {
		it, ok := items[label]
		if !ok {
			t.Errorf("%s not offered: %v", label, items)
			continue
		}
		for _, h := range want {
			if !strings.Contains(detailOf(it), h) {
				t.Errorf("%s detail %q does not name %s", label, detailOf(it), h)
			}
		}
	}
	if doc := fmt.Sprint(items["/deploy-staging"].Documentation); !strings.Contains(doc, "Deploy the app to staging.") {
		t.Errorf("/deploy-staging documentation = %s", doc)
	}
	if d := detailOf(items["/deploy-staging"]); strings.Contains(d, "DSH") {
		t.Errorf("/deploy-staging detail names DSH, which does not load it: %q", d)
	}

	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"chatHost":"claude"}}}`)
	w.waitLoaded()
	items = chatItems(t, w, u, 0, 8)
	if _, ok := items["/pdf"]; ok || len(items) != 3 || detailOf(items["/pr-review"]) != "Claude Code" {
		t.Errorf("chatHost claude: items %v, want Claude Code's three", items)
	}
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"chatHost":"dsh"}}}`)
	w.waitLoaded()
	items = chatItems(t, w, u, 0, 8)
	if _, ok := items["/deploy-staging"]; ok || len(items) != 2 {
		t.Errorf("chatHost dsh: items %v, want DSH's two", items)
	}
}

// TestChatDiagnosticAgreesWithCompletion: a Claude Code skill typed in a
// chat is not unknown while the chat speaks to every host; with the chat
// set to DSH, it is one DSH does not read. Issue 40, point 6.
func TestChatDiagnosticAgreesWithCompletion(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	u := w.open("project/notes.chat.md", "markdown", "please /deploy-staging now and /nope\n")
	pub := w.diags(u, "the unknown /nope", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	for _, d := range pub.Diagnostics {
		if d.Range.Start.Character < 25 {
			t.Errorf("/deploy-staging, which completion offers, is reported: %v", d.Message)
		}
	}
	if len(pub.Diagnostics) != 1 {
		t.Errorf("diagnostics = %+v, want /nope's alone", pub.Diagnostics)
	}
	// A name DSH, one of the chat's hosts, drops keeps DSH's reason, and
	// the hover names the hosts that load it.
	w.edit(u, 2, "please /deploy-staging now and /broken\n")
	w.diags(u, "DSH's drop of /broken", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && strings.Contains(fmt.Sprint(p.Diagnostics[0].Message), `"broken" exists, but DSH drops it`)
	})
	if h := hoverText(t, w, u, protocol.Position{Line: 0, Character: 33}); !strings.Contains(h, "DSH drops it") || !strings.Contains(h, "loaded by") {
		t.Errorf("hover on /broken = %s", h)
	}
	// /skill:name is DSH's form: completion offers DSH's skills alone, and
	// the diagnostic calls another host's name unknown there.
	w.edit(u, 3, "/skill:deploy-staging\n")
	w.diags(u, "/skill:deploy-staging unknown", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && hasCode(p, "chat-unknown-skill") && strings.Contains(fmt.Sprint(p.Diagnostics[0].Message), "deploy-staging")
	})
	if items := chatItems(t, w, u, 0, 12); len(items) != 0 {
		t.Errorf("/skill:deploy completion = %v, want none", items)
	}
	w.edit(u, 4, "please /deploy-staging now and /nope\n")
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"chatHost":"dsh"}}}`)
	w.diags(u, "DSH's words for /deploy-staging", func(p *protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.Contains(fmt.Sprint(d.Message), `"deploy-staging" is in .claude/skills, which DSH does not read`) {
				return true
			}
		}
		return false
	})
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"chatHost":"claude"}}}`)
	w.diags(u, "Claude Code's words for a DSH-only skill", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && strings.Contains(fmt.Sprint(p.Diagnostics[0].Message), "so Claude Code leaves /nope as plain text")
	})
}

// hoverText hovers at pos of u and returns the Markdown.
func hoverText(t *testing.T, w *wsEnv, u uri.URI, pos protocol.Position) string {
	t.Helper()
	h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos}})
	if err != nil || h == nil {
		t.Fatalf("hover: %v, %v", h, err)
	}
	b, _ := json.Marshal(h.Contents)
	return string(b)
}

// TestHoverInHostTerms: the hover on a chat's /name of a Claude Code skill
// names Claude Code and shows the description, and definition opens its
// file; on the name of a .claude
// skill it speaks of the hosts that read the file, not of DSH, which never
// reads it; DSH's skill keeps DSH's words. Issue 40, point 6.
func TestHoverInHostTerms(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	chat := w.open("project/notes.chat.md", "markdown", "please /deploy-staging now")
	h := hoverText(t, w, chat, protocol.Position{Line: 0, Character: 10})
	if !strings.Contains(h, "Claude Code") || !strings.Contains(h, "Deploy the app to staging.") || strings.Contains(h, "No skill named") {
		t.Errorf("chat hover = %s", h)
	}
	rel := "project/.claude/skills/deploy-staging/SKILL.md"
	def, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 10}}})
	if locs, ok := def.(protocol.LocationSlice); err != nil || !ok || len(locs) != 1 || locs[0].URI != w.uri(rel) {
		t.Errorf("definition of the chat's /deploy-staging = %v, %v; want %s", def, err, rel)
	}
	src, _ := os.ReadFile(w.path(rel))
	f := w.open(rel, "markdown", string(src))
	h = hoverText(t, w, f, protocol.Position{Line: 1, Character: 8})
	if strings.Contains(h, "DSH never loads it") || strings.Contains(h, "not in a skill root") || !strings.Contains(h, "loads in Claude Code") {
		t.Errorf("name hover in .claude/skills = %s", h)
	}
	// YAML DSH cannot read: the description as Claude Code lists it, and
	// the hosts' words on the name line, none of DSH's.
	w.edit(chat, 2, "please /colon now")
	if h = hoverText(t, w, chat, protocol.Position{Line: 0, Character: 9}); !strings.Contains(h, "Use when: the user asks") {
		t.Errorf("chat hover on /colon = %s", h)
	}
	rel = "project/.claude/skills/colon/SKILL.md"
	src, _ = os.ReadFile(w.path(rel))
	f = w.open(rel, "markdown", string(src))
	if h = hoverText(t, w, f, protocol.Position{Line: 1, Character: 7}); !strings.Contains(h, "loads in Claude Code") || strings.Contains(h, "DSH") {
		t.Errorf("name hover in the unreadable .claude/skills/colon = %s", h)
	}
	rel = "project/.agents/skills/pdf/SKILL.md"
	src, _ = os.ReadFile(w.path(rel))
	f = w.open(rel, "markdown", string(src))
	if h = hoverText(t, w, f, protocol.Position{Line: 1, Character: 7}); !strings.Contains(h, "loaded by DSH") {
		t.Errorf("name hover in DSH's root = %s", h)
	}
}

// TestPreviewOfClaudeSkill: the content preview of a .claude skill is
// Claude Code's tool result for that very file, never DSH's copy of the
// same name in .agents/skills; from a chat, /deploy-staging previews
// Claude Code's skill. Issue 40, point 6.
func TestPreviewOfClaudeSkill(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	got := w.commandString(cmdPreviewSkill, map[string]any{"uri": w.uri("project/.claude/skills/pr-review/SKILL.md")})
	want := "Base directory for this skill: " + w.path("project/.claude/skills/pr-review") + "\n\nTHE CLAUDE COPY: read the diff.\n"
	if got != want {
		t.Errorf("preview of .claude/skills/pr-review = %q, want %q", got, want)
	}
	// Open, as the code lens runs it: the same file's text.
	src, _ := os.ReadFile(w.path("project/.claude/skills/pr-review/SKILL.md"))
	u := w.open("project/.claude/skills/pr-review/SKILL.md", "markdown", string(src))
	if got = w.commandString(cmdPreviewSkill, map[string]any{"uri": u, "position": protocol.Position{Line: 1, Character: 7}}); got != want {
		t.Errorf("preview of the open .claude/skills/pr-review = %q, want %q", got, want)
	}
	got = w.commandString(cmdPreviewSkill, map[string]any{"uri": w.uri("project/.agents/skills/pr-review/SKILL.md")})
	if !strings.Contains(got, "THE AGENTS COPY.") {
		t.Errorf("preview of DSH's copy = %q", got)
	}
	chat := w.open("project/notes.chat.md", "markdown", "please /deploy-staging now")
	got = w.commandString(cmdPreviewSkill, map[string]any{"uri": chat, "position": protocol.Position{Line: 0, Character: 10}})
	if !strings.Contains(got, "Run the deploy script.") {
		t.Errorf("preview of the chat's /deploy-staging = %q", got)
	}
}

// TestChatCompletionLeavesShippedPlugins: the skills of a plugin the
// repository ships are checked as Claude Code names them, but a session
// in the repository loads them only once the plugin is installed, so a
// chat offers them to none of its hosts, as `render skill --host claude`
// and the chat's diagnostics say. Issue 40, point 6.
func TestChatCompletionLeavesShippedPlugins(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar+`-- project/.claude-plugin/marketplace.json --
{"name": "m", "plugins": [{"name": "toolkit", "source": "./plugins/toolkit"}]}
-- project/plugins/toolkit/.claude-plugin/plugin.json --
{"name": "toolkit"}
-- project/plugins/toolkit/skills/lint-fix/SKILL.md --
---
name: lint-fix
description: Fix lint errors. Use when lint fails.
---
Body.
`, nil)
	u := w.open("project/notes.chat.md", "markdown", "please /")
	items := chatItems(t, w, u, 0, 8)
	if _, ok := items["/deploy-staging"]; !ok {
		t.Fatalf("/deploy-staging not offered: %v", items)
	}
	for label := range items {
		if strings.Contains(label, "lint-fix") {
			t.Errorf("%s offered: a shipped plugin's skill is loaded once the plugin is installed", label)
		}
	}
}
