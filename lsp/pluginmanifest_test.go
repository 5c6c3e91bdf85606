package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

// TestPluginManifestFindings: a marketplace.json and a plugin.json the
// repository ships without a "name" get plugin-manifest-invalid from the
// server's workspace pass, unopened, where check puts it (1:1-1:2, the
// object's "{"). Issue 40, point 4.
func TestPluginManifestFindings(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar+`-- project/.claude-plugin/marketplace.json --
{
  "plugins": [{"name": "x", "source": "./plugins/x"}]
}
-- project/plugins/x/.claude-plugin/plugin.json --
{
  "description": "no name"
}
-- project/plugins/x/skills/hello/SKILL.md --
---
name: hello
description: Says hello.
---
Hi.
`, nil)
	w.waitLoaded()
	for _, rel := range []string{"project/.claude-plugin/marketplace.json", "project/plugins/x/.claude-plugin/plugin.json"} {
		p := w.diags(w.uri(rel), rel, func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "plugin-manifest-invalid") })
		for _, d := range p.Diagnostics {
			if d.Code == protocol.String("plugin-manifest-invalid") && (d.Range.Start.Line != 0 || d.Range.Start.Character != 0 || d.Range.End.Line != 0 || d.Range.End.Character != 1 || d.Severity != protocol.DiagnosticSeverityError) {
				t.Errorf("%s: %v at %v", rel, d.Severity, d.Range)
			}
		}
	}
}
