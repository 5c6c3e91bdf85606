package lsp

import (
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

const configTxtar = `
-- project/.git/HEAD --
ref: main
-- project/.skill-ls.yaml --
rules:
  name-folder-mismatch: off
-- project/.agents/skills/folder/SKILL.md --
---
name: other-name
description: The name differs from the folder.
---
`

// TestConfigFile: the server reads the project's .skill-ls.yaml (a rule
// turned off stays quiet), publishes its errors on the file itself, and
// reads it again when it changes.
func TestConfigFile(t *testing.T) {
	w := newWorkspaceEnv(t, configTxtar, nil)
	skill := w.uri("project/.agents/skills/folder/SKILL.md")
	w.open("project/.agents/skills/folder/SKILL.md", "markdown", "---\nname: other-name\ndescription: The name differs from the folder.\n---\n")
	p := w.diags(skill, "the skill's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { v, _ := p.Version.Get(); return v == 1 })
	if hasCode(p, "name-folder-mismatch") {
		t.Errorf("a rule the config turns off was published: %+v", p.Diagnostics)
	}
	cfg := w.path("project/.skill-ls.yaml")
	if err := os.WriteFile(cfg, []byte("rules:\n  name-folder-mismatch: error\n  no-such-rule: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":"`+string(uri.File(cfg))+`","type":2}]}`)
	w.diags(skill, "the rule back, as an error", func(p *protocol.PublishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code == protocol.String("name-folder-mismatch") && d.Severity == protocol.DiagnosticSeverityError {
				return true
			}
		}
		return false
	})
	e := w.diags(uri.File(cfg), "the config file's error", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	d := e.Diagnostics[0]
	if d.Range.Start.Line != 2 || !strings.Contains(string(d.Message.(protocol.String)), "no-such-rule") {
		t.Errorf("config error = %+v", d)
	}
}
