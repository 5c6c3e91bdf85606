package lsp

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestLeanFileChangedBeforeItsEvent: the server keeps closed files' bodies
// on disk. When one changes before its change event arrives (here the
// watcher is off and the client has not told yet), a preview or a rename
// that needs its bytes says so (ContentModified) instead of showing the old
// body or editing at stale positions; once the event arrives, both work.
func TestLeanFileChangedBeforeItsEvent(t *testing.T) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(linkedTxtar)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.home, 0o755)
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home, DisableWatch: true}})
	w.initialize(nil, w.project)
	w.waitLoaded()

	if got := w.commandString(cmdPreviewSkill, map[string]any{"name": "pdf"}); !strings.Contains(got, "\nBody.\n") {
		t.Fatalf("preview before the change:\n%s", got)
	}
	chat := w.open("project/ask.chat.md", "markdown", "use /pdf now")
	rename := func() error {
		_, err := w.server.Rename(w.ctx, &protocol.RenameParams{
			TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 6}},
			NewName:                    "pdf-forms",
		})
		return err
	}
	if err := rename(); err != nil {
		t.Fatalf("rename before the change: %v", err)
	}

	pdf := w.path("project/.agents/skills/pdf/SKILL.md")
	if err := os.WriteFile(pdf, []byte("---\nname: pdf\ndescription: PDF forms.\n---\nBODY.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Until a collection drops the bytes the server held for the last
	// preview, it answers from them (the snapshot's text); then it reads
	// the disk and finds the change.
	modified := func(err error) bool {
		var rpcErr *jsonrpc2.Error
		return errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc2.Code(protocol.LSPErrorCodesContentModified)
	}
	preview := func() error {
		_, err := w.server.ExecuteCommand(w.ctx, &protocol.ExecuteCommandParams{Command: cmdPreviewSkill, Arguments: []protocol.LSPAny{session.MustAny(map[string]any{"name": "pdf"})}})
		return err
	}
	for _, tc := range []struct {
		what string
		call func() error
	}{{"preview of a skill changed on disk", preview}, {"rename over a file changed on disk", rename}} {
		deadline := time.Now().Add(waitBound)
		for err := tc.call(); !modified(err); err = tc.call() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %v, want ContentModified", tc.what, err)
			}
			runtime.GC()
		}
	}

	w.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":"`+string(uri.File(pdf))+`","type":2}]}`)
	deadline := time.Now().Add(waitBound)
	for {
		res, err := w.server.ExecuteCommand(w.ctx, &protocol.ExecuteCommandParams{Command: cmdPreviewSkill, Arguments: []protocol.LSPAny{session.MustAny(map[string]any{"name": "pdf"})}})
		if err == nil && strings.Contains(mustJSON(t, res), `\nBODY.\n`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("preview after the change event: %s, %v", mustJSON(t, res), err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := rename(); err != nil {
		t.Errorf("rename after the change event: %v", err)
	}
}
