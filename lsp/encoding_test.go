package lsp

import (
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

// TestBufferOverFileInAnotherEncoding: an editor decodes a skill file
// saved as Latin-1, or as UTF-16LE with a BOM (Windows Notepad), and sends
// the server UTF-8; it saves the buffer back in the file's encoding. DSH
// reads the disk and drops both, so the open buffer gets the error `check`
// reports (worded for the editor), the skill stays out of completion, the
// catalog and its lens says why, even after an edit; once the file on disk
// is rewritten as UTF-8 and saved, the error clears through the watcher and
// the skill is back.
func TestBufferOverFileInAnotherEncoding(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(workspaceTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	files := []struct{ rel, disk, text, code, says, lens string }{
		{"project/.agents/skills/latin/SKILL.md", "---\nname: latin\ndescription: Caf\xe9 menus\n---\n# Caf\xe9\n",
			"---\nname: latin\ndescription: Café menus\n---\n# Café\n",
			"invalid-utf8", "the file on disk is not UTF-8", "dropped by DSH: not UTF-8 text on disk · preview"},
		{"project/.agents/skills/u16/SKILL.md", utf16LE("\ufeff---\r\nname: u16\r\ndescription: Saved by Notepad.\r\n---\r\nbody\r\n"),
			"---\r\nname: u16\r\ndescription: Saved by Notepad.\r\n---\r\nbody\r\n",
			"binary-file", "UTF-16", "dropped by DSH: binary file on disk · preview"},
	}
	for _, f := range files {
		os.MkdirAll(filepath.Dir(w.path(f.rel)), 0o755)
		if err := os.WriteFile(w.path(f.rel), []byte(f.disk), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home}})
	w.initialize(nil, w.project)
	w.waitLoaded()
	chat := w.open("project/notes.chat.md", "markdown", "/")
	offered := func() []string {
		res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, it := range res.(*protocol.CompletionList).Items {
			labels = append(labels, it.Label)
		}
		return labels
	}
	catalog := func() string { return w.commandString(cmdPreviewCatalog, nil) }

	var docs []uri.URI
	for _, f := range files {
		u := w.open(f.rel, "markdown", f.text)
		docs = append(docs, u)
		// The disk file's own publish (no version) may come first.
		got := w.diags(u, f.code+" on the open buffer", func(p *protocol.PublishDiagnosticsParams) bool {
			_, open := p.Version.Get()
			return open && hasCode(p, f.code)
		})
		d := got.Diagnostics[slices.IndexFunc(got.Diagnostics, func(d protocol.Diagnostic) bool { return d.Code == protocol.String(f.code) })]
		msg := string(d.Message.(protocol.String))
		if d.Severity != protocol.DiagnosticSeverityError || d.Range.Start.Line != 0 || !strings.Contains(msg, f.says) ||
			!strings.Contains(msg, "`:set fileencoding=utf-8 nobomb` then `:w`") || !strings.Contains(msg, `"Save with Encoding" → UTF-8`) {
			t.Errorf("%s: %+v", f.rel, d)
		}
		lens, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil || len(lens) != 1 || lens[0].Command.Title != f.lens {
			t.Errorf("%s: code lens %+v, %v; want %q", f.rel, lens, err, f.lens)
		}
	}
	// Quoting the value is an edit; the editor saves it in Latin-1 again.
	w.edit(docs[0], 2, "---\nname: latin\ndescription: \"Café menus\"\n---\n# Café\n")
	w.diags(docs[0], "invalid-utf8 after an edit", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 2 && hasCode(p, "invalid-utf8")
	})
	if got := offered(); slices.Contains(got, "/latin") || slices.Contains(got, "/u16") {
		t.Errorf("completion offers %v; DSH drops /latin and /u16", got)
	}
	if c := catalog(); strings.Contains(c, "latin") || strings.Contains(c, "u16") {
		t.Errorf("the catalog lists a dropped skill:\n%s", c)
	}

	// `:set fileencoding=utf-8 nobomb` and `:w`: the buffer's text, as UTF-8.
	for i, f := range files {
		text := f.text
		if i == 0 {
			text = "---\nname: latin\ndescription: \"Café menus\"\n---\n# Café\n"
		}
		if err := os.WriteFile(w.path(f.rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		w.notify("textDocument/didSave", `{"textDocument":{"uri":"`+string(docs[i])+`"}}`)
		w.diags(docs[i], f.code+" cleared once saved as UTF-8", func(p *protocol.PublishDiagnosticsParams) bool { return !hasCode(p, f.code) })
	}
	w.client.waitFor(t, "/latin and /u16 offered", func() bool {
		got := offered()
		return slices.Contains(got, "/latin") && slices.Contains(got, "/u16")
	})
	if c := catalog(); !strings.Contains(c, "Café menus") || !strings.Contains(c, "Saved by Notepad.") {
		t.Errorf("the catalog misses the saved skills:\n%s", c)
	}
}

// utf16LE encodes s, valid UTF-8 of the Basic Multilingual Plane, as
// UTF-16LE.
func utf16LE(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}
