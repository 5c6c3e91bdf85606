package lsp

// settings_startup_test.go: settings that come while the initial discovery
// runs, as editors send them right after initialized.

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"
)

// The same settings sent again (Neovim sends its settings right after
// initialized) do not start the discovery over: one discovery, one
// progress.
func TestSameSettingsKeepTheDiscovery(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	w.client.waitFor(t, "the discovery's progress begun", func() bool { return len(w.client.progress) > 0 })
	if err := w.server.DidChangeConfiguration(w.ctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"skillLs":{}}`)}); err != nil {
		t.Fatal(err)
	}
	release()
	var msgs []string
	w.client.waitFor(t, "the startup progress's end", func() bool {
		msgs = nil
		for _, p := range w.client.progress {
			msgs = append(msgs, progressMessage(p))
		}
		return slices.Contains(msgs, "end: 6 skill files checked")
	})
	begun := 0
	for _, m := range msgs {
		if m == "begin: Discovering skills" {
			begun++
		}
	}
	if begun != 1 || slices.Contains(msgs, "end: cancelled") {
		t.Errorf("progress = %q; want one discovery, begun once and never cancelled", msgs)
	}
}

// Settings that differ, sent before the discovery ended, start it over;
// a skill file opened then still gets its own diagnostics before the new
// discovery ends.
func TestNewSettingsDuringDiscoveryKeepEarlyDiagnostics(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	changed := protocol.LSPAny(`{"skillLs":{"catalogVersion":"v1"}}`)
	if err := w.server.DidChangeConfiguration(w.ctx, &protocol.DidChangeConfigurationParams{Settings: changed}); err != nil {
		t.Fatal(err)
	}
	bad := w.open("project/.agents/skills/bad/SKILL.md", "markdown", "---\nname: Bad Name\ndescription: bad\n---\nbody\n")
	w.diags(bad, "the bad name before the new discovery ends", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) > 0
	})
	if w.loaded() {
		t.Fatal("the discovery ended although it is held")
	}
	release()
}
