package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

const hostsTxtar = `
-- project/.git/HEAD --
ref: main
-- project/.agents/skills/pdf-tools/SKILL.md --
---
name: pdf-tools
description: Fill and extract PDF forms.
---
Body.
-- project/.agents/skills/no-desc/SKILL.md --
---
name: no-desc
---
`

// TestHostsInTheEditor: with the hosts setting, the hover on a skill's name
// and a code lens say what the other hosts do with it, documentInfo gives
// their budgets, and Codex's $name completes and is checked in chats.
func TestHostsInTheEditor(t *testing.T) {
	w := newWorkspaceEnv(t, hostsTxtar, map[string]any{"hosts": []string{"codex", "claude"}})
	u := w.open("project/.agents/skills/pdf-tools/SKILL.md", "markdown", "---\nname: pdf-tools\ndescription: Fill and extract PDF forms.\n---\nBody.\n")
	at := func(line, char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}
	}
	h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(1, 8)})
	if err != nil || h == nil {
		t.Fatalf("hover = %v, %v", h, err)
	}
	text := h.Contents.(*protocol.MarkupContent).Value
	if !strings.Contains(text, "**Hosts**") || !strings.Contains(text, "Claude Code") {
		t.Errorf("hover lacks the hosts line:\n%s", text)
	}
	lenses, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(lenses) != 2 || !strings.Contains(lenses[1].Command.Title, "not read by Claude Code") {
		t.Errorf("code lenses = %+v, %v", lenses, err)
	}
	var info documentInfo
	json.Unmarshal(w.command(cmdDocumentInfo, map[string]string{"uri": string(u)}), &info)
	if info.Catalog.Hosts["codex"] == "" {
		t.Errorf("documentInfo budgets = %+v", info.Catalog.Hosts)
	}
	chat := w.open("project/ask.chat.md", "markdown", "use $pdf and $nosuch")
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 8}}})
	if err != nil {
		t.Fatal(err)
	}
	if items := res.(*protocol.CompletionList).Items; len(items) != 1 || items[0].Label != "$pdf-tools" {
		t.Errorf("$ completion = %+v", items)
	}
	w.diags(chat, "the $nosuch diagnostic", func(p *protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if strings.Contains(string(d.Message.(protocol.String)), "Codex leaves $nosuch as plain text") {
				return true
			}
		}
		return false
	})
}

// TestDSHListingIsTheCatalogsLines: documentInfo's DSH listing is the
// skill lines of the catalog the status counts in characters, under the
// same catalogDescriptionMaxLength, so the two differ only by the
// catalog's own text, whatever the cap.
func TestDSHListingIsTheCatalogsLines(t *testing.T) {
	long := strings.Repeat("Extract tables and forms. ", 20)
	tree := hostsTxtar + "-- project/.agents/skills/long/SKILL.md --\n---\nname: long\ndescription: " + long + "\n---\n"
	template := -1
	for _, limit := range []int{500, 100} {
		w := newWorkspaceEnv(t, tree, map[string]any{"hosts": []string{"dsh"}, "catalogDescriptionMaxLength": limit})
		u := w.open("project/.agents/skills/pdf-tools/SKILL.md", "markdown", "---\nname: pdf-tools\ndescription: Fill and extract PDF forms.\n---\nBody.\n")
		var info documentInfo
		json.Unmarshal(w.command(cmdDocumentInfo, map[string]string{"uri": string(u)}), &info)
		var lines int
		if _, err := fmt.Sscanf(info.Catalog.Hosts["dsh"], "%d characters", &lines); err != nil {
			t.Fatalf("cap %d: dsh listing %q: %v", limit, info.Catalog.Hosts["dsh"], err)
		}
		if template < 0 {
			template = info.Catalog.Characters - lines
		}
		if got := info.Catalog.Characters - lines; got != template || lines <= 0 {
			t.Errorf("cap %d: catalog %d characters, DSH listing %d: the difference %d is not the catalog's own text (%d)", limit, info.Catalog.Characters, lines, got, template)
		}
	}
}

// TestHostsSettingRefreshesLenses: choosing hosts in the settings asks the
// client for new code lenses (the file did not change, its lenses did), and
// the new lenses carry the hosts line.
func TestHostsSettingRefreshesLenses(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(hostsTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{CodeLens: &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: ptr(true)}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home}, workspace: caps})
	w.initialize(nil, w.project)
	w.waitLoaded()
	u := w.open("project/.agents/skills/pdf-tools/SKILL.md", "markdown", "---\nname: pdf-tools\ndescription: Fill and extract PDF forms.\n---\nBody.\n")
	lenses := func() []protocol.CodeLens {
		l, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	if l := lenses(); len(l) != 1 {
		t.Fatalf("without hosts: %d lenses, want 1", len(l))
	}
	w.client.waitFor(t, "the first refresh", func() bool { return w.client.lensRefreshes >= 1 })
	w.client.mu.Lock()
	before := w.client.lensRefreshes
	w.client.mu.Unlock()
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"hosts":["claude"]}}}`)
	w.client.waitFor(t, "a refresh after the hosts setting", func() bool { return w.client.lensRefreshes > before })
	if l := lenses(); len(l) != 2 || !strings.Contains(l[1].Command.Title, "Claude Code") {
		t.Errorf("after the hosts setting: lenses %+v", l)
	}
}
