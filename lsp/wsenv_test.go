package lsp

// wsenv_test.go: a server session over a txtar workspace, with helpers to
// open, edit and wait for diagnostics.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// A project with .git, a home with user skills. Paths starting with
// "project/" or "home/" are written under the temp dir.
const workspaceTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms — é and 名前 included.
---
# PDF

See [the guide](references/guide.md) and [missing](scripts/nope.sh).
-- project/.agents/skills/pdf/references/guide.md --
guide
-- project/.agents/skills/bad/SKILL.md --
---
name: Bad Name
description: bad
---
body
-- home/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: The user's older pdf skill.
---
old
-- home/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Deploy the app to production.
---
Run the deploy script.
-- home/.agents/skills/hidden/SKILL.md --
---
name: hidden
description: Only the model may load this.
user-invocable: false
---
secret
-- home/.agents/skills/manual/SKILL.md --
---
name: manual
description: Only users invoke this.
disable-model-invocation: true
---
manual steps
`

type wsEnv struct {
	*env
	dir, project, home string
}

func (w *wsEnv) path(rel string) string { return filepath.Join(w.dir, filepath.FromSlash(rel)) }
func (w *wsEnv) uri(rel string) uri.URI { return uri.File(w.path(rel)) }

// newWorkspaceEnv unpacks the archive, starts a server with HomeDir = home
// and initializes it with the project as the workspace folder.
func newWorkspaceEnv(t *testing.T, archive string, initOptions any) *wsEnv {
	t.Helper()
	return newWorkspaceEnvWith(t, archive, initOptions, session.Options{})
}

// newWorkspaceEnvWith is newWorkspaceEnv with the server's options (their
// HomeDir is the archive's home).
func newWorkspaceEnvWith(t *testing.T, archive string, initOptions any, opts session.Options) *wsEnv {
	t.Helper()
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(archive)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.home, 0o755)
	opts.HomeDir = w.home
	w.env = newEnv(t, envOptions{opts: opts})
	w.initialize(initOptions, w.project)
	w.waitLoaded()
	return w
}

func (w *wsEnv) waitLoaded() {
	w.t.Helper()
	w.barrier() // the views asked for by the settings just sent, not the ones in place
	if _, err := w.srv.sess.LoadedSnapshot(w.ctx); err != nil {
		w.t.Fatalf("discovery: %v", err)
	}
}

func (w *wsEnv) open(rel, languageID, text string) uri.URI {
	w.t.Helper()
	u := w.uri(rel)
	if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: protocol.LanguageKind(languageID), Version: 1, Text: text}}); err != nil {
		w.t.Fatal(err)
	}
	return u
}

func (w *wsEnv) edit(u uri.URI, version int32, text string) {
	w.t.Helper()
	err := w.server.DidChange(w.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: text}},
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// diags waits until the last publish for u satisfies cond and returns it.
func (w *wsEnv) diags(u uri.URI, what string, cond func(p *protocol.PublishDiagnosticsParams) bool) *protocol.PublishDiagnosticsParams {
	w.t.Helper()
	var got *protocol.PublishDiagnosticsParams
	w.client.waitFor(w.t, what, func() bool {
		got = w.client.diagnostics[u]
		return got != nil && cond(got)
	})
	return got
}

func hasCode(p *protocol.PublishDiagnosticsParams, code string) bool {
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String(code) {
			return true
		}
	}
	return false
}

func (w *wsEnv) command(cmd string, arg any) json.RawMessage {
	w.t.Helper()
	p := &protocol.ExecuteCommandParams{Command: cmd}
	if arg != nil {
		p.Arguments = []protocol.LSPAny{session.MustAny(arg)}
	}
	res, err := w.server.ExecuteCommand(w.ctx, p)
	if err != nil {
		w.t.Fatalf("%s: %v", cmd, err)
	}
	return json.RawMessage(res)
}

func (w *wsEnv) commandString(cmd string, arg any) string {
	w.t.Helper()
	var s string
	if err := json.Unmarshal(w.command(cmd, arg), &s); err != nil {
		w.t.Fatal(err)
	}
	return s
}
