package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/markdown"
)

const linkedTxtar = `
-- project/.git/HEAD --
ref: main
-- project/.agents/skills/guide/SKILL.md --
---
name: guide
description: Points at another skill.
---
Use [the pdf skill](../pdf/SKILL.md) and [its forms](../pdf/forms.md#top), é 𐐀 [gone](refs/none.md).
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: PDF forms.
---
Body.
-- project/.agents/skills/pdf/forms.md --
# Forms
`

// TestLinksIntoOtherSkills: a link into another discovered skill is a skill
// reference: no link-outside-skill, hover names the skill, definition
// jumps to it, references list it, and a rename that moves the folder
// rewrites it.
func TestLinksIntoOtherSkills(t *testing.T) {
	w := newWorkspaceEnv(t, linkedTxtar, nil)
	guide := w.uri("project/.agents/skills/guide/SKILL.md")
	p := w.diags(guide, "the guide's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String("link-outside-skill") {
			t.Errorf("a link into another skill reported: %+v", d)
		}
	}
	if !hasCode(p, "link-missing") {
		t.Errorf("refs/none.md not reported missing: %+v", p.Diagnostics)
	}
	at := func(u uri.URI, line, char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}
	}
	h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(guide, 4, 25)})
	if err != nil || h == nil || !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "in the skill **pdf**") {
		t.Errorf("hover on the link = %+v, %v", h, err)
	}
	if h != nil && strings.Contains(h.Contents.(*protocol.MarkupContent).Value, w.dir) {
		t.Errorf("hover shows an absolute workspace path: %s", h.Contents.(*protocol.MarkupContent).Value)
	}
	def, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: at(guide, 4, 25)})
	if locs, ok := def.(protocol.LocationSlice); err != nil || !ok || len(locs) != 1 || !strings.HasSuffix(string(locs[0].URI), "/pdf/SKILL.md") || locs[0].Range.Start.Line != 1 {
		t.Errorf("definition = %+v, %v", def, err)
	}
	pdf := w.uri("project/.agents/skills/pdf/SKILL.md")
	refs, err := w.server.References(w.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: at(pdf, 1, 7), Context: protocol.ReferenceContext{IncludeDeclaration: false}})
	if err != nil || len(refs) != 2 {
		t.Errorf("references of pdf = %+v, %v (want the two links from guide)", refs, err)
	}
	// Without file renames the folder stays, so the links stay.
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: at(pdf, 1, 7), NewName: "pdf-forms"})
	if err != nil || len(edit.Changes[guide]) != 0 {
		t.Errorf("rename without folder moves edited the links: %+v, %v", edit, err)
	}
}

// TestLinksBetweenHostSkills: a skill file of another agent's folder,
// open in the editor (a buffer outside DSH's roots), links into a skill
// beside it as skill-ls check sees it: no link-outside-skill, a missing
// file of that skill is link-missing, a folder that is no skill is still
// outside; definition jumps to the other skill's file.
func TestLinksBetweenHostSkills(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: main
-- project/.claude/skills/b/SKILL.md --
---
name: b
description: Skill b.
---
Body.
-- project/.claude/skills/b/ref.md --
ref
-- project/.claude/skills/c/x.md --
x
`, nil)
	w.waitLoaded()
	a := w.open("project/.claude/skills/a/SKILL.md", "markdown", "---\nname: a\ndescription: Skill a links to b.\n---\nSee [b ref](../b/ref.md), [b](../b/SKILL.md), [gone](../b/gone.md) and [c](../c/x.md).\n")
	p := w.diags(a, "a's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "link-missing") })
	var outside []string
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String("link-outside-skill") {
			outside = append(outside, fmt.Sprint(d.Message))
		}
	}
	if len(outside) != 1 || !strings.HasPrefix(outside[0], "../c/x.md resolves to") {
		t.Errorf("link-outside-skill = %q, want ../c/x.md alone", outside)
	}
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: a}, Position: protocol.Position{Line: 4, Character: 32}}
	def, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: pos})
	if locs, ok := def.(protocol.LocationSlice); err != nil || !ok || len(locs) != 1 || locs[0].URI != w.uri("project/.claude/skills/b/SKILL.md") {
		t.Errorf("definition = %+v, %v", def, err)
	}
}

var linkFactForTest = skills.LinkFact{Link: markdown.Link{Dest: "../pdf/forms.md#top"}, Base: "/r/guide", Skill: "/r/pdf/SKILL.md"}

func TestRenameMovesLinks(t *testing.T) {
	if got, ok := movedDest(&linkFactForTest, []fileMove{{from: "/r/pdf", to: "/r/pdf-forms"}}); !ok || got != "../pdf-forms/forms.md#top" {
		t.Errorf("movedDest = %q, %t", got, ok)
	}
}
