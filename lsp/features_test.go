package lsp

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/render"
)

func TestDiagnosticsForUnopenedFiles(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	p := w.diags(w.uri("project/.agents/skills/bad/SKILL.md"), "diagnostics of the dropped skill", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) > 0
	})
	if _, ok := p.Version.Get(); ok {
		t.Errorf("closed file published with a version")
	}
	d := p.Diagnostics[0]
	if d.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("severity = %v, want error", d.Severity)
	}
	if !strings.Contains(string(d.CodeDescription.Href), "docs/diagnostics.md#") {
		t.Errorf("codeDescription = %q", d.CodeDescription.Href)
	}
	if d.Range.Start.Line != 1 {
		t.Errorf("range = %v, want line 1 (the name)", d.Range)
	}
}

func TestDiagnosticsOpenEditClose(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	rel := "project/.agents/skills/bad/SKILL.md"
	u := w.uri(rel)
	w.diags(u, "initial diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	w.open(rel, "markdown", "---\nname: Bad Name\ndescription: bad\n---\nbody\n")
	w.edit(u, 7, "---\nname: bad\ndescription: fixed ✓\n---\nbody\n")
	p := w.diags(u, "cleared diagnostics with version 7", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 7
	})
	for _, d := range p.Diagnostics {
		if d.Severity == protocol.DiagnosticSeverityError {
			t.Errorf("error after fix: %+v", d)
		}
	}
	if p.Diagnostics == nil {
		t.Errorf("diagnostics decoded as null")
	}
	// The fixed skill is now in the registry: chat completion offers it.
	// Breaking it again brings the error back, with the new version.
	w.edit(u, 8, "---\nname: Bad Name\ndescription: bad\n---\nbody\n")
	w.diags(u, "error again with version 8", func(p *protocol.PublishDiagnosticsParams) bool {
		v, _ := p.Version.Get()
		return v == 8 && len(p.Diagnostics) > 0
	})
}

func TestDiscoveryProgress(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	w.client.waitFor(t, "progress begin and end", func() bool {
		var begin, end bool
		for _, p := range w.client.progress {
			var v struct{ Kind string }
			json.Unmarshal(p.Value, &v)
			begin = begin || v.Kind == "begin"
			end = end || v.Kind == "end"
		}
		return len(w.client.created) == 1 && begin && end
	})
}

func TestChatCompletion(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	text := "please é /de"
	u := w.open("project/notes.chat.md", "markdown", text)
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 12}}})
	if err != nil {
		t.Fatal(err)
	}
	list := res.(*protocol.CompletionList)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if !slices.Equal(labels, []string{"/deploy"}) {
		t.Fatalf("labels = %v, want [/deploy]", labels)
	}
	te := list.Items[0].TextEdit.(*protocol.TextEdit)
	if te.NewText != "/deploy" || te.Range.Start.Character != 9 || te.Range.End.Character != 12 {
		t.Errorf("textEdit = %+v", te)
	}
	// Bare "/" lists every user-invocable skill: not hidden.
	w.edit(u, 2, "/")
	res, _ = w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 1}}})
	labels = nil
	for _, it := range res.(*protocol.CompletionList).Items {
		labels = append(labels, it.Label)
	}
	if !slices.Equal(labels, []string{"/deploy", "/manual", "/pdf"}) {
		t.Errorf("labels = %v, want [/deploy /manual /pdf]", labels)
	}
	// The TUI form.
	w.edit(u, 3, "/skill:pd")
	res, _ = w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 9}}})
	items := res.(*protocol.CompletionList).Items
	if len(items) != 1 || items[0].TextEdit.(*protocol.TextEdit).NewText != "/skill:pdf" {
		t.Errorf("TUI items = %+v", items)
	}
}

func TestChatHoverDefinitionDiagnostics(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/x.md", "skill-chat", "run /deploy now\nthen /deplyo and /hidden\n")
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 6}}
	h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: pos})
	if err != nil || h == nil {
		t.Fatalf("hover = %v, %v", h, err)
	}
	if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, "Deploy the app") || !strings.Contains(v, "user-agents") {
		t.Errorf("hover = %q", v)
	}
	def, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: pos})
	if err != nil {
		t.Fatal(err)
	}
	locs := def.(protocol.LocationSlice)
	if len(locs) != 1 || locs[0].URI != w.uri("home/.agents/skills/deploy/SKILL.md") || locs[0].Range.Start.Line != 1 {
		t.Errorf("definition = %+v", locs)
	}
	p := w.diags(u, "chat diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 2 })
	if !hasCode(p, "chat-unknown-skill") || !hasCode(p, "chat-not-user-invocable") {
		t.Errorf("chat diagnostics = %+v", p.Diagnostics)
	}
	if msg := p.Diagnostics[0].Message.(protocol.String); !strings.Contains(string(msg), "did you mean /deploy") {
		t.Errorf("message = %q", msg)
	}
}

func TestPreviewCommands(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	cat := w.commandString(cmdPreviewCatalog, nil)
	if !strings.HasPrefix(cat, "<system-reminder>") || !strings.Contains(cat, "- `deploy`: Deploy the app to production.") ||
		!strings.Contains(cat, "- `pdf`: Fill PDF forms") || strings.Contains(cat, "manual") {
		t.Errorf("catalog:\n%s", cat)
	}
	if got := w.commandString(cmdPreviewCatalog, map[string]any{"maxDescription": 10}); !strings.Contains(got, "- `deploy`: Deploy ...") {
		t.Errorf("capped catalog:\n%s", got)
	}
	sk := w.commandString(cmdPreviewSkill, map[string]any{"name": "deploy"})
	if !strings.HasPrefix(sk, `<skill_content name="deploy">`) || !strings.Contains(sk, "Run the deploy script.") {
		t.Errorf("skill:\n%s", sk)
	}
	if got := w.commandString(cmdPreviewSkill, map[string]any{"name": "manual"}); !strings.HasPrefix(got, "Error: ") {
		t.Errorf("model-disabled skill: %q", got)
	}
	if got := w.commandString(cmdPreviewSkill, map[string]any{"uri": w.uri("project/.agents/skills/pdf/SKILL.md")}); !strings.Contains(got, "# PDF") {
		t.Errorf("skill by uri: %q", got)
	}
	inv := w.commandString(cmdPreviewInvocation, map[string]any{"text": "/deploy then /manual and /hidden"})
	if strings.Count(inv, "<skill_content") != 2 || !strings.Contains(inv, "</skill_content>\n\n<skill_content") {
		t.Errorf("invocation:\n%s", inv)
	}
	if got := w.commandString(cmdPreviewInvocation, map[string]any{"text": "/skill:deploy go"}); !strings.HasPrefix(got, `<skill name="deploy">`) {
		t.Errorf("TUI invocation: %q", got)
	}
	var list render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Skills) != 4 || len(list.Shadowed) != 1 || len(list.Dropped) != 1 || list.Shadowed[0].Name != "pdf" {
		t.Errorf("list = %+v", list)
	}
	if _, err := w.server.ExecuteCommand(w.ctx, &protocol.ExecuteCommandParams{Command: "nope"}); errCode(err) == 0 {
		t.Errorf("unknown command: %v", err)
	}
}

func TestSkillFileFeatures(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	rel := "project/.agents/skills/pdf/SKILL.md"
	src, _ := os.ReadFile(w.path(rel))
	u := w.open(rel, "markdown", string(src))
	at := func(line, char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}
	}
	// Hover on description shows the catalog line and its length.
	h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(2, 2)})
	if err != nil || h == nil {
		t.Fatalf("hover: %v %v", h, err)
	}
	if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, "- `pdf`: Fill PDF forms — é and 名前 included.") || !strings.Contains(v, "/500") {
		t.Errorf("description hover = %q", v)
	}
	// Hover on the name: it wins over the user's pdf.
	h, _ = w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(1, 7)})
	if h == nil || !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "project-agents") {
		t.Errorf("name hover = %+v", h)
	}
	syms, err := w.server.DocumentSymbol(w.ctx, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range syms.(protocol.DocumentSymbolSlice) {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"name", "description", "PDF"}) {
		t.Errorf("symbols = %v", names)
	}
	links, err := w.server.DocumentLink(w.ctx, &protocol.DocumentLinkParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(links) != 2 || *links[0].Target != w.uri("project/.agents/skills/pdf/references/guide.md") {
		t.Fatalf("links = %+v, %v", links, err)
	}
	def, err := w.server.Definition(w.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: at(6, 17)})
	if err != nil || def == nil || def.(protocol.LocationSlice)[0].URI != *links[0].Target {
		t.Errorf("link definition = %+v, %v", def, err)
	}
	lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(lens) != 1 || lens[0].Command.Command != cmdPreviewSkill || !strings.Contains(lens[0].Command.Title, "/500") {
		t.Errorf("code lens = %+v, %v", lens, err)
	}
	// Key completion on an empty frontmatter line.
	w.edit(u, 2, "---\nname: pdf\n\ndescription: x\n---\n")
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range res.(*protocol.CompletionList).Items {
		keys = append(keys, it.Label)
	}
	if !slices.Contains(keys, "user-invocable") || slices.Contains(keys, "name") {
		t.Errorf("key completion = %v", keys)
	}
	w.edit(u, 3, "---\nname: \ndescription: x\n---\n")
	res, _ = w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(1, 6)})
	if items := res.(*protocol.CompletionList).Items; len(items) != 1 || items[0].Label != "pdf" {
		t.Errorf("name completion = %+v", items)
	}
}

func TestReferencesAndRename(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	chat := w.open("project/a.chat.md", "markdown", "use /pdf and /skill:pdf\n")
	_ = chat
	rel := "project/.agents/skills/pdf/SKILL.md"
	u := w.uri(rel)
	pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}
	refs, err := w.server.References(w.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: pos, Context: protocol.ReferenceContext{IncludeDeclaration: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 3 { // both pdf skill files + /pdf in the chat (the /skill: form only counts at the start)
		t.Errorf("references = %+v", refs)
	}
	prep, err := w.server.PrepareRename(w.ctx, &protocol.PrepareRenameParams{TextDocumentPositionParams: pos})
	if err != nil || prep.(*protocol.PrepareRenamePlaceholder).Placeholder != "pdf" {
		t.Errorf("prepareRename = %+v, %v", prep, err)
	}
	edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "pdf-forms"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, edits := range edit.Changes {
		for _, e := range edits {
			if e.NewText != "pdf-forms" {
				t.Errorf("edit = %+v", e)
			}
			n++
		}
	}
	if n != 2 { // the home pdf lies outside the workspace folder: left alone
		t.Errorf("rename edits = %+v", edit.Changes)
	}
	if _, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "Bad Name"}); errCode(err) == 0 {
		t.Errorf("invalid new name accepted")
	}
}

func TestSettingsChangeRediscovers(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	bad := w.uri("project/.agents/skills/bad/SKILL.md")
	w.diags(bad, "initial diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	// Only a custom root: the project's bad skill is no longer in a root,
	// so its diagnostics are cleared.
	custom := w.path("home/.agents/skills")
	b, _ := json.Marshal(map[string]any{"skillLs": map[string]any{"noDefaultRoots": true, "customDirs": []string{custom}}})
	w.notify("workspace/didChangeConfiguration", `{"settings":`+string(b)+`}`)
	w.diags(bad, "cleared diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	w.waitLoaded()
	var list render.Report
	json.Unmarshal(w.command(cmdListSkills, nil), &list)
	if len(list.Skills) != 4 || list.Skills[0].Source != "custom" {
		t.Errorf("list after settings change = %+v", list)
	}
}

func TestRequestsOnUnknownDocuments(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	_, err := w.call("textDocument/hover", `{"textDocument":{"uri":"file:///nowhere/x.md"},"position":{"line":0,"character":0}}`)
	if errCode(err) != -32602 {
		t.Errorf("hover on unknown doc: %v", err)
	}
	// Out-of-range positions clamp.
	u := w.open("project/z.chat.md", "markdown", "/de")
	raw, err := w.call("textDocument/completion", `{"textDocument":{"uri":"`+string(u)+`"},"position":{"line":99,"character":4000000000}}`)
	if err != nil {
		t.Fatalf("completion past EOF: %v", err)
	}
	_ = raw
}

func TestQuickFixes(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	rel := "project/.agents/skills/bad/SKILL.md"
	src, _ := os.ReadFile(w.path(rel))
	u := w.open(rel, "markdown", string(src))
	acts, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 14}}})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	found := false
	for _, a := range acts {
		ca := a.(*protocol.CodeAction)
		titles = append(titles, ca.Title)
		for eu, edits := range ca.Edit.Changes {
			for _, e := range edits {
				if eu == u && e.Range.Start.Line == 1 && (e.NewText == "bad" || e.NewText == "bad-name") {
					found = true
				}
			}
		}
	}
	if !found {
		t.Errorf("no name fix among %q", titles)
	}
	// DSH drops the skill whatever a comment says: no "Suppress …" action.
	for _, title := range titles {
		if strings.HasPrefix(title, "Suppress") {
			t.Errorf("a drop offers %q (all: %q)", title, titles)
		}
	}
	// Chat buffer: did-you-mean fix.
	cu := w.open("project/t.chat.md", "markdown", "go /deplyo\n")
	acts, err = w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: cu},
		Range: protocol.Range{Start: protocol.Position{Line: 0, Character: 4}, End: protocol.Position{Line: 0, Character: 4}}})
	if err != nil || len(acts) != 1 {
		t.Fatalf("chat actions = %+v, %v", acts, err)
	}
	e := acts[0].(*protocol.CodeAction).Edit.Changes[cu][0]
	if e.NewText != "/deploy" || e.Range.Start.Character != 3 || e.Range.End.Character != 10 {
		t.Errorf("chat fix = %+v", e)
	}
}
