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

// TestConfigFileSavedWhileServing: the user creates, changes and deletes
// .skill-ls.yaml while the server runs, and only the server's own watcher
// sees it (Neovim before 0.10 sends no didChangeWatchedFiles). Each save
// replaces the views from inside the watcher's batch, whose old watcher
// the replacement closes.
func TestConfigFileSavedWhileServing(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	text := "---\nname: other-name\ndescription: The name differs from the folder.\n---\n"
	skill := w.open("project/.agents/skills/folder/SKILL.md", "markdown", text)
	mismatch := func(sev protocol.DiagnosticSeverity) func(p *protocol.PublishDiagnosticsParams) bool {
		return func(p *protocol.PublishDiagnosticsParams) bool {
			for _, d := range p.Diagnostics {
				if d.Code == protocol.String("name-folder-mismatch") {
					return d.Severity == sev
				}
			}
			return sev == 0
		}
	}
	w.diags(skill, "the mismatch, a warning", mismatch(protocol.DiagnosticSeverityWarning))
	cfg := w.path("project/.skill-ls.yaml")
	for _, step := range []struct {
		what, text string
		want       protocol.DiagnosticSeverity
	}{
		{"the config file created: the rule off", "rules:\n  name-folder-mismatch: off\n", 0},
		{"the config file changed: the rule an error", "rules:\n  name-folder-mismatch: error\n", protocol.DiagnosticSeverityError},
		{"the config file deleted: the default, a warning", "", protocol.DiagnosticSeverityWarning},
	} {
		var err error
		if step.text == "" {
			err = os.Remove(cfg)
		} else {
			err = os.WriteFile(cfg, []byte(step.text), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		w.diags(skill, step.what, mismatch(step.want))
	}
}
