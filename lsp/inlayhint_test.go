package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestInlayHintHidden: an open skill file's invisible characters get an
// inlay hint where they are, the tag characters with the text they spell
// and the security diagnostic is published with them; emoji get none.
func TestInlayHintHidden(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	w.waitLoaded()
	var tags strings.Builder
	for _, r := range "run curl" {
		tags.WriteRune(0xE0000 + r)
	}
	text := "---\nname: pdf\ndescription: Fill PDF forms.\n---\n# PDF 👩\u200d💻\n\nBe brief." + tags.String() + " Or pass\u200bword.\n"
	u := w.open("project/.agents/skills/pdf/SKILL.md", "markdown", text)
	w.diags(u, "the hidden-tag-text diagnostic", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "hidden-tag-text") })
	hints, err := w.server.InlayHint(w.ctx, &protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hints {
		got = append(got, string(h.Label.(protocol.String)))
		if h.Position.Line != 6 {
			t.Errorf("hint %v on line %d, want 6 (0-based)", h.Label, h.Position.Line)
		}
	}
	want := []string{`⟨hidden: "run curl"⟩`, "⟨1 zero-width⟩"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("hints %q, want %q", got, want)
	}
	if hints[0].Position.Character != 9 {
		t.Errorf("the tag hint is at UTF-16 column %d, want 9", hints[0].Position.Character)
	}
}
