package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestChatCompletionItemShape pins the item shape that every client we
// test inserts correctly: the label is the whole token, there is no
// filterText (Neovim 0.7-0.9 start completion at the textEdit only then),
// the textEdit replaces the token from its slash, and insertText is the
// token too (eglot filters the symbol at point, slash included, against it).
func TestChatCompletionItemShape(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	tests := []struct {
		line       string
		wantLabels []string
		wantStart  uint32 // UTF-16 column of the slash
		wantNew    string // newText of the first item
	}{
		{"x /", []string{"/deploy", "/manual", "/pdf"}, 2, "/deploy"},
		{"y /de", []string{"/deploy"}, 2, "/deploy"},
		{"w /man", []string{"/manual"}, 2, "/manual"},
		{"é /p", []string{"/pdf", "/deploy"}, 2, "/pdf"}, // prefix matches first, then substrings
		{"/skill:", []string{"/skill:deploy", "/skill:manual", "/skill:pdf"}, 0, "/skill:deploy"},
		{"/skill:pd", []string{"/skill:pdf"}, 0, "/skill:pdf"},
	}
	u := w.open("project/shape.chat.md", "skill-chat", "")
	for i, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			w.edit(u, int32(i+2), tt.line)
			end := uint32(len([]rune(tt.line)))
			res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: end}}})
			if err != nil {
				t.Fatal(err)
			}
			items := res.(*protocol.CompletionList).Items
			var labels []string
			for _, it := range items {
				labels = append(labels, it.Label)
				if _, ok := it.FilterText.Get(); ok {
					t.Errorf("%s has a filterText", it.Label)
				}
				te := it.TextEdit.(*protocol.TextEdit)
				if te.NewText != it.Label || te.Range.Start.Character != tt.wantStart || te.Range.End.Character != end {
					t.Errorf("%s: textEdit %+v, want %q over %d-%d", it.Label, te, it.Label, tt.wantStart, end)
				}
				if ins, _ := it.InsertText.Get(); ins != it.Label {
					t.Errorf("%s: insertText %q, want the label", it.Label, ins)
				}
			}
			if strings.Join(labels, " ") != strings.Join(tt.wantLabels, " ") {
				t.Errorf("labels = %v, want %v", labels, tt.wantLabels)
			}
			// Clients that sort by sortText (VS Code, Neovim 0.11) keep
			// this order: prefix matches before substring matches.
			if !slices.IsSortedFunc(items, func(a, b protocol.CompletionItem) int {
				sa, _ := a.SortText.Get()
				sb, _ := b.SortText.Get()
				return strings.Compare(sa, sb)
			}) {
				t.Errorf("sortText does not keep the order of %v", labels)
			}
		})
	}
}

func TestDocumentInfo(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	w.open("project/notes.chat.md", "markdown", "/pdf")
	w.open("project/README.md", "markdown", "# Readme\n")
	tests := []struct {
		rel, languageID, want string
	}{
		{"project/.agents/skills/pdf/SKILL.md", "markdown", "skill"},
		{"project/.agents/skills/flat.md", "markdown", "skill"},         // a .md directly in a root
		{"project/.agents/skills/pdf/references/guide.md", "", "other"}, // a resource of a bundle
		{"project/elsewhere/SKILL.md", "", "skill"},
		{"project/notes.chat.md", "", "chat"}, // open: as it was opened
		{"project/chat-buffer", "codecompanion", "chat"},
		{"project/README.md", "", "other"},
		{"project/doc.md", "skill", "skill"},
	}
	for _, tt := range tests {
		var got documentInfo
		arg := map[string]string{"uri": string(w.uri(tt.rel))}
		if tt.languageID != "" {
			arg["languageId"] = tt.languageID
		}
		if err := json.Unmarshal(w.command(cmdDocumentInfo, arg), &got); err != nil {
			t.Fatal(err)
		}
		if got.Kind != tt.want {
			t.Errorf("%s (%q): kind %q, want %q", tt.rel, tt.languageID, got.Kind, tt.want)
		}
		// deploy, hidden and pdf are in the catalog; manual is not (disable-model-invocation).
		catalog := w.commandString(cmdPreviewCatalog, map[string]string{"uri": string(w.uri("project"))})
		if got.Catalog.Skills != 3 || got.Catalog.Characters != len([]rune(catalog)) {
			t.Errorf("%s: catalog %+v, want 3 skills and %d characters", tt.rel, got.Catalog, len([]rune(catalog)))
		}
	}
}

// TestForeignMarkdown: Markdown that is neither a skill file nor a chat
// buffer gets null from every document request, so clients can send every
// Markdown buffer.
func TestForeignMarkdown(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/README.md", "markdown", "---\nname: x\ndescription: y\n---\nsee /pdf and [a](b.md)\n")
	pos := `"position":{"line":1,"character":1}`
	td := `"textDocument":{"uri":"` + string(u) + `"}`
	for _, c := range []struct{ method, params string }{
		{"textDocument/completion", "{" + td + "," + pos + "}"},
		{"textDocument/hover", "{" + td + "," + pos + "}"},
		{"textDocument/definition", "{" + td + "," + pos + "}"},
		{"textDocument/codeLens", "{" + td + "}"},
		{"textDocument/documentSymbol", "{" + td + "}"},
		{"textDocument/documentLink", "{" + td + "}"},
		{"textDocument/codeAction", "{" + td + `,"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}`},
	} {
		raw, err := w.call(c.method, c.params)
		if err != nil || string(raw) != "null" {
			t.Errorf("%s on README.md = %s, %v; want null", c.method, raw, err)
		}
	}
	// The same text as a skill file does get answers.
	s := w.open("project/.agents/skills/x/SKILL.md", "markdown", "---\nname: x\ndescription: y\n---\nbody\n")
	raw, err := w.call("textDocument/codeLens", `{"textDocument":{"uri":"`+string(s)+`"}}`)
	if err != nil || !strings.Contains(string(raw), `"command":"skill-ls.previewSkill"`) {
		t.Errorf("codeLens on a skill file = %s, %v", raw, err)
	}
}

func TestPreviewsAtPosition(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/p.chat.md", "skill-chat", "first /deploy now\nplease /pdf the form\n")
	at := func(line, char uint32) map[string]any {
		return map[string]any{"uri": string(u), "position": protocol.Position{Line: line, Character: char}}
	}
	if got := w.commandString(cmdPreviewSkill, at(1, 9)); !strings.Contains(got, `<skill_content name="pdf">`) {
		t.Errorf("previewSkill on /pdf = %q", got)
	}
	if got := w.commandString(cmdPreviewSkill, at(0, 7)); !strings.Contains(got, `<skill_content name="deploy">`) {
		t.Errorf("previewSkill on the slash of /deploy = %q", got)
	}
	p := &protocol.ExecuteCommandParams{Command: cmdPreviewSkill, Arguments: []protocol.LSPAny{session.MustAny(at(0, 2))}}
	if _, err := w.server.ExecuteCommand(w.ctx, p); err == nil || !strings.Contains(err.Error(), "no /name token") {
		t.Errorf("previewSkill off a token: err = %v", err)
	}
	// The line at the position, not the whole buffer.
	got := w.commandString(cmdPreviewInvocation, at(1, 0))
	if !strings.Contains(got, `name="pdf"`) || strings.Contains(got, `name="deploy"`) {
		t.Errorf("previewInvocation of line 2 = %q", got)
	}
	// In a skill file, the position changes nothing: the file's skill.
	s := w.uri("project/.agents/skills/pdf/SKILL.md")
	got = w.commandString(cmdPreviewSkill, map[string]any{"uri": string(s), "position": protocol.Position{Line: 5, Character: 3}})
	if !strings.Contains(got, `<skill_content name="pdf">`) {
		t.Errorf("previewSkill in pdf/SKILL.md = %q", got)
	}
}

func TestProjectRootSetting(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar+`
-- other/.agents/skills/elsewhere/SKILL.md --
---
name: elsewhere
description: From the projectRoot setting.
---
x
`, nil)
	has := func(name string) bool {
		var rep struct {
			Skills []struct{ Name string } `json:"skills"`
			Roots  []struct{ Dir string }  `json:"roots"`
		}
		json.Unmarshal(w.command(cmdListSkills, map[string]string{"uri": string(w.uri("project"))}), &rep)
		for _, s := range rep.Skills {
			if s.Name == name {
				return true
			}
		}
		return false
	}
	if has("elsewhere") || !has("pdf") {
		t.Fatal("before the setting: want pdf from the .git walk, not elsewhere")
	}
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"projectRoot":`+mustJSON(t, filepath.Join(w.dir, "other"))+`}}}`)
	w.waitLoaded()
	if !has("elsewhere") {
		t.Error("projectRoot did not replace the project root")
	}
	// Relative: from each workspace folder.
	if got := session.ProjectRootFor("../other", "/w/project"); got != filepath.Join("/w", "other") {
		t.Errorf("projectRootFor = %q", got)
	}
}

func TestCodeLensDropSummary(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/.agents/skills/broken/SKILL.md", "markdown", "---\nname: broken\ndescription: Use when: asked\n---\nx\n")
	lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(lens) != 1 {
		t.Fatalf("code lens = %+v, %v", lens, err)
	}
	if got, want := lens[0].Command.Title, "dropped by DSH: invalid YAML at 3:14 · preview"; got != want {
		t.Errorf("title = %q, want %q", got, want)
	}
}

// TestCodeLensNotInCatalog: the lens gives the catalog description length
// only for a skill DSH lists; a shadowed skill names the file that wins, a
// file outside the roots says DSH never loads it, an unsaved buffer at a
// root entry says it is not on disk yet (issue 9).
func TestCodeLensNotInCatalog(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	pdf := "---\nname: pdf\ndescription: Fill PDF forms.\n---\nx\n"
	for _, c := range []struct{ name, path, text, want string }{
		{"listed", "project/.agents/skills/pdf/SKILL.md", pdf, "catalog description 15/500 · preview"},
		{"shadowed", "home/.agents/skills/pdf/SKILL.md", pdf, "shadowed by .agents/skills/pdf/SKILL.md: not in the catalog · preview"},
		{"outside the roots", "project/docs/pdf/SKILL.md", pdf, "not in DSH's skill roots: DSH never loads this file · preview"},
		{"not saved yet", "project/.agents/skills/new/SKILL.md", pdf, "not on disk yet: DSH reads it once saved · preview"},
		{"nested too deep", "project/.agents/skills/group/pdf/SKILL.md", pdf, "not in DSH's skill roots: DSH never loads this file · preview"},
		{"user only", "home/.agents/skills/manual/SKILL.md", "---\nname: manual\ndescription: Only users.\ndisable-model-invocation: true\n---\n", "not in the catalog (disable-model-invocation) · preview"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := w.open(c.path, "markdown", c.text)
			lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
			if err != nil || len(lens) != 1 {
				t.Fatalf("code lens = %+v, %v", lens, err)
			}
			if got := lens[0].Command.Title; got != c.want {
				t.Errorf("title = %q, want %q", got, c.want)
			}
		})
	}
}

// TestCodeLensRefreshOnShadow: when a new file shadows an open skill, the
// server asks the client to refresh the lenses, and the open skill's lens
// then names the file that wins.
func TestCodeLensRefreshOnShadow(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(workspaceTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	caps := &protocol.WorkspaceClientCapabilities{CodeLens: &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: ptr(true)}}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home}, workspace: caps})
	w.initialize(nil, w.project)
	w.waitLoaded()
	u := w.open("home/.agents/skills/deploy/SKILL.md", "markdown", "---\nname: deploy\ndescription: Deploy the app to production.\n---\nRun the deploy script.\n")
	title := func() string {
		t.Helper()
		lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil || len(lens) != 1 {
			t.Fatalf("code lens = %+v, %v", lens, err)
		}
		return lens[0].Command.Title
	}
	if got, want := title(), "catalog description 29/500 · preview"; got != want {
		t.Fatalf("before: title = %q, want %q", got, want)
	}
	w.client.waitFor(t, "the first refresh", func() bool { return w.client.lensRefreshes >= 1 })
	w.client.mu.Lock()
	before := w.client.lensRefreshes
	w.client.mu.Unlock()
	winner := w.path("project/.agents/skills/deploy/SKILL.md")
	if err := os.MkdirAll(filepath.Dir(winner), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(winner, []byte("---\nname: deploy\ndescription: The project's deploy.\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":"`+string(uri.File(winner))+`","type":1}]}`)
	w.client.waitFor(t, "a refresh after the shadowing file appeared", func() bool { return w.client.lensRefreshes > before })
	if got, want := title(), "shadowed by .agents/skills/deploy/SKILL.md: not in the catalog · preview"; got != want {
		t.Errorf("after: title = %q, want %q", got, want)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestNoCatalogNote: with no model-invocable skill DSH publishes no
// catalog; the preview is empty and documentInfo says why.
func TestNoCatalogNote(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: main
-- project/.agents/skills/manual/SKILL.md --
---
name: manual
description: Only users invoke this.
disable-model-invocation: true
---
`, nil)
	folder := string(w.uri("project"))
	if got := w.commandString(cmdPreviewCatalog, map[string]string{"uri": folder}); got != "" {
		t.Errorf("previewCatalog = %q, want nothing (DSH publishes no catalog)", got)
	}
	var info documentInfo
	json.Unmarshal(w.command(cmdDocumentInfo, map[string]string{"uri": folder}), &info)
	if info.Catalog.Skills != 0 || !strings.Contains(info.Catalog.Note, "the only skill is not model-invocable") {
		t.Errorf("documentInfo = %+v", info)
	}
}

// TestUnsavedRootEntry: a buffer opened at a skill's place in a root but
// not saved yet is "not on disk yet", not "not a direct skill entry".
func TestUnsavedRootEntry(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/.agents/skills/brand-new/SKILL.md", "markdown", "---\nname: brand-new\ndescription: Not saved yet.\n---\nBody.\n")
	p := w.diags(u, "the unsaved skill's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "outside-roots") })
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String("outside-roots") && !strings.Contains(fmt.Sprint(d.Message), "not on disk; DSH reads it once it is saved") {
			t.Errorf("outside-roots on an unsaved root entry: %s", d.Message)
		}
	}
}
