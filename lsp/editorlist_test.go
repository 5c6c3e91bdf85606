package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
)

// TestListTable: skill-ls.listTable is the skill report laid out as
// `skill-ls list` lays it out (format.ListLines, which the CLI prints), paths
// relative to the folder asked about, each row naming its file, so that
// the editors show it without a table of their own.
func TestListTable(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	arg := map[string]string{"uri": string(w.uri("project"))}
	var got listTable
	if err := json.Unmarshal(w.command(cmdListTable, arg), &got); err != nil {
		t.Fatal(err)
	}
	var rep render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, arg), &rep); err != nil {
		t.Fatal(err)
	}
	want := format.ListText(format.ListLines(rep, w.path("project")))
	if got.Text != want {
		t.Errorf("listTable text =\n%s\nwant (the report laid out as skill-ls list does):\n%s", got.Text, want)
	}
	if strings.Contains(got.Text, w.path("project")) || !strings.HasPrefix(got.Text, "NAME") {
		t.Errorf("listTable text is not the list relative to the folder:\n%s", got.Text)
	}
	pdf := w.path("project/.agents/skills/pdf/SKILL.md")
	bad := w.path("project/.agents/skills/bad/SKILL.md")
	var pdfRow, badRow bool
	for _, ln := range got.Lines {
		pdfRow = pdfRow || strings.HasPrefix(ln.Text, "pdf ") && string(ln.Path) == pdf && ln.Line == 1 && strings.Contains(ln.Text, filepath.Join(".agents", "skills", "pdf", "SKILL.md"))
		badRow = badRow || string(ln.Path) == bad && ln.Line >= 1 && ln.Column >= 1
	}
	if !pdfRow || !badRow {
		t.Errorf("the rows do not name their files (pdf %v, bad %v): %+v", pdfRow, badRow, got.Lines)
	}
}

// TestListTableHostNames: in a repository that is a Codex plugin, the
// editors' skill list names a skill as Codex lists it beside DSH's name,
// as skill-ls list does (issue 40, point 4).
func TestListTableHostNames(t *testing.T) {
	w := newWorkspaceEnv(t, `-- project/.git/HEAD --
ref: refs/heads/main
-- project/.codex-plugin/plugin.json --
{"name": "helper"}
-- project/.agents/skills/summarize/SKILL.md --
---
name: summarize
description: Summarize the text. Use when asked for a summary.
---
Body.
`, nil)
	var got listTable
	if err := json.Unmarshal(w.command(cmdListTable, map[string]string{"uri": string(w.uri("project"))}), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Text, "summarize (Codex: helper:summarize)") {
		t.Errorf("listTable text =\n%s\nwant the skill named as Codex lists it", got.Text)
	}
}

// TestSkillAt: skill-ls.skillAt gives the skill a chat buffer's /name
// token names as data (no editor parses it out of a preview's model text),
// and no name off a token or for a name DSH does not load.
func TestSkillAt(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/p.chat.md", "skill-chat", "first /deploy now\nplease /pdf the form /nope\n")
	for _, c := range []struct {
		line, char uint32
		want       string
	}{{1, 9, "pdf"}, {0, 7, "deploy"}, {0, 2, ""}, {1, 23, ""}} {
		var got skillAt
		arg := map[string]any{"uri": string(u), "position": protocol.Position{Line: c.line, Character: c.char}}
		if err := json.Unmarshal(w.command(cmdSkillAt, arg), &got); err != nil {
			t.Fatal(err)
		}
		if got.Name != c.want {
			t.Errorf("skillAt %d:%d = %q, want %q", c.line, c.char, got.Name, c.want)
		}
	}
}

// TestLensGivesSkillName: a skill file's code lens names the skill its
// file gives (label), so that an editor titles the preview with the
// server's name rather than one it derives from the path.
func TestLensGivesSkillName(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/.agents/skills/folder-x/SKILL.md", "markdown", "---\nname: other-name\ndescription: y\n---\nbody\n")
	raw, err := w.call("textDocument/codeLens", `{"textDocument":{"uri":"`+string(u)+`"}}`)
	if err != nil {
		t.Fatal(err)
	}
	var lenses []protocol.CodeLens
	if err := json.Unmarshal(raw, &lenses); err != nil || len(lenses) == 0 {
		t.Fatalf("codeLens = %s, %v", raw, err)
	}
	var arg struct{ URI, Label string }
	if err := json.Unmarshal(lenses[0].Command.Arguments[0], &arg); err != nil {
		t.Fatal(err)
	}
	if arg.Label != "other-name" || arg.URI != string(u) {
		t.Errorf("lens argument = %+v, want the uri and the label other-name", arg)
	}
}
