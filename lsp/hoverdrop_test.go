package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestBrokenFileHoverAndLens: on a file DSH drops for invalid YAML, a
// hover on a key says why DSH drops the skill and gives the key's docs;
// once an edit mends the YAML, the server asks for the code lenses again
// and the lens no longer says "dropped", before any save. Issue 25,
// point 6.
func TestBrokenFileHoverAndLens(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(workspaceTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{CodeLens: &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: ptr(true)}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home}, workspace: caps})
	w.initialize(nil, w.project)
	w.waitLoaded()
	u := w.open("project/.agents/skills/broken/SKILL.md", "markdown", "---\nname: broken\ndescription: Use when: asked\n---\nBody.\n")
	hover := func(line, char uint32) string {
		t.Helper()
		h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}})
		if err != nil || h == nil {
			t.Fatalf("hover at %d:%d: %v %v", line, char, h, err)
		}
		return h.Contents.(*protocol.MarkupContent).Value
	}
	for _, c := range []struct {
		line, char uint32
		says       []string
	}{
		{1, 1, []string{"**DSH drops this skill**: the value of description holds", "**name**", "The skill's identity"}},
		{2, 3, []string{"**DSH drops this skill**", "**description**", "What the skill does"}},
	} {
		got := hover(c.line, c.char)
		for _, s := range c.says {
			if !strings.Contains(got, s) {
				t.Errorf("hover at %d:%d = %q, want it to say %q", c.line, c.char, got, s)
			}
		}
	}
	title := func() string {
		t.Helper()
		lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil || len(lens) != 1 {
			t.Fatalf("code lens = %+v, %v", lens, err)
		}
		return lens[0].Command.Title
	}
	if got := title(); !strings.HasPrefix(got, "dropped by DSH: invalid YAML") {
		t.Fatalf("before: title = %q", got)
	}
	w.client.waitFor(t, "the first refresh", func() bool { return w.client.lensRefreshes >= 1 })
	w.client.mu.Lock()
	before := w.client.lensRefreshes
	w.client.mu.Unlock()
	w.edit(u, 2, "---\nname: broken\ndescription: 'Use when: asked'\n---\nBody.\n")
	w.client.waitFor(t, "a refresh after the YAML was mended", func() bool { return w.client.lensRefreshes > before })
	if got := title(); strings.Contains(got, "dropped") {
		t.Errorf("after the edit: title = %q", got)
	}
}

const droppedTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/colon/SKILL.md --
---
name: colon
description: Use this when: the user asks for colons
---
-- project/.agents/skills/nodesc/SKILL.md --
---
name: nodesc
---
A skill without a description.
`

// TestDroppedTokenHoverAndDefinition: on a /name whose only file DSH
// drops, the hover says what the warning on the token says (not "no
// skill named"), and definition opens the dropped file, at its name: when
// its YAML can be read, else at its start.
func TestDroppedTokenHoverAndDefinition(t *testing.T) {
	w := newWorkspaceEnv(t, droppedTxtar, nil)
	chat := w.open("project/notes.chat.md", "markdown", "use /colon and /nodesc, not /nosuch\n")
	at := func(char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Character: char}}
	}
	p := w.diags(chat, "three unknown tokens", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 3 })
	for _, c := range []struct {
		char     uint32
		file     string
		line     uint32
		reason   string
		dropped  bool
		location bool
	}{
		{6, "colon", 0, "invalid YAML", true, true},
		{17, "nodesc", 1, "no description", true, true},
		{30, "", 0, "", false, false},
	} {
		h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(c.char)})
		if err != nil || h == nil {
			t.Fatalf("hover at %d: %v %v", c.char, h, err)
		}
		hover := strings.ReplaceAll(h.Contents.(*protocol.MarkupContent).Value, `\`, "")
		var diag string
		for _, d := range p.Diagnostics {
			if d.Range.Start.Character <= c.char && c.char < d.Range.End.Character {
				diag = string(d.Message.(protocol.String))
			}
		}
		if c.dropped && (!strings.Contains(diag, "DSH drops it ("+c.reason+")") || !strings.Contains(hover, diag) || strings.Contains(hover, "No skill named")) {
			t.Errorf("at %d: the hover %q does not say what the warning says: %q", c.char, hover, diag)
		}
		if !c.dropped && !strings.Contains(hover, "No skill named") {
			t.Errorf("at %d: hover = %q", c.char, hover)
		}
		res, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: at(c.char)})
		if err != nil {
			t.Fatal(err)
		}
		locs, _ := res.(protocol.LocationSlice)
		if !c.location {
			if len(locs) != 0 {
				t.Errorf("definition at %d = %+v, want none", c.char, locs)
			}
			continue
		}
		want := w.uri("project/.agents/skills/" + c.file + "/SKILL.md")
		if len(locs) != 1 || locs[0].URI != want || locs[0].Range.Start.Line != c.line {
			t.Errorf("definition at %d = %+v, want %s at line %d", c.char, locs, want, c.line)
		}
	}
}
