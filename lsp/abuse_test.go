package lsp

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// okOrRPCError fails unless err is nil or a JSON-RPC error with a code.
func okOrRPCError(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil && errCode(err) == 0 {
		t.Errorf("%s: not a JSON-RPC error: %v", what, err)
	}
}

// TestAbuse runs the protocol-abuse scenarios, then checks that goroutines
// and heap return near the baseline once every session has ended.
func TestAbuse(t *testing.T) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	baseG, baseHeap := runtime.NumGoroutine(), ms.HeapInuse

	t.Run("DuplicateIDs", abuseDuplicateIDs)
	t.Run("HugeMessage", abuseHugeMessage)
	t.Run("CancellationStorm", abuseCancellationStorm)
	t.Run("ConcurrentCompletions", abuseConcurrentCompletions)
	t.Run("ChangeUnopenedAndBackwardVersions", abuseChanges)
	t.Run("PositionsPastEnd", abusePositions)

	// Poll (no fixed sleep) until the sessions' goroutines and memory are gone.
	const slackG, slackHeap = 10, 32 << 20
	deadline := time.Now().Add(waitBound)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		g := runtime.NumGoroutine()
		if g <= baseG+slackG && ms.HeapInuse <= baseHeap+slackHeap {
			t.Logf("goroutines %d (baseline %d), heap in use %.1f MB (baseline %.1f MB)", g, baseG, float64(ms.HeapInuse)/(1<<20), float64(baseHeap)/(1<<20))
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("leak: goroutines %d (baseline %d), heap in use %.1f MB (baseline %.1f MB)\n%s", g, baseG, float64(ms.HeapInuse)/(1<<20), float64(baseHeap)/(1<<20), buf)
		}
		<-tick.C
	}
}

func abuseDuplicateIDs(t *testing.T) {
	s := startPipeSession(t)
	s.handshake()
	hover := `{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.md"},"position":{"line":0,"character":0}}}`
	for range 3 {
		if err := s.send(hover); err != nil {
			t.Fatal(err)
		}
	}
	// The same id as the (finished) initialize, too.
	s.send(`{"jsonrpc":"2.0","id":1,"method":"workspace/executeCommand","params":{"command":"skill-ls.listSkills"}}`)
	s.send(`{"jsonrpc":"2.0","id":6,"method":"shutdown"}`)
	s.waitResponse("6")
	s.waitResponse("5")
	s.finish()
	n := 0
	s.mu.Lock()
	for _, m := range s.msgs {
		if string(m["id"]) == "5" && m["method"] == nil {
			n++
		}
	}
	s.mu.Unlock()
	t.Logf("%d responses to the 3 requests with id 5", n)
}

func abuseHugeMessage(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	// 5 MB chat buffer full of skill mentions.
	var b strings.Builder
	for b.Len() < 5<<20 {
		b.WriteString("please /pdf then /deploy and /dep and /skill:manual now\n")
	}
	chat := w.open("project/big.chat.md", "markdown", b.String())
	pub := w.diags(chat, "diagnostics of the huge chat", func(*protocol.PublishDiagnosticsParams) bool { return true })
	if n := len(pub.Diagnostics); n != session.MaxPublished+1 {
		t.Errorf("the huge chat published %d diagnostics, want the first %d and a summary", n, session.MaxPublished)
	}
	lines := strings.Count(b.String(), "\n")
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: uint32(lines - 1), Character: 11}}})
	okOrRPCError(t, "completion in huge chat", err)
	_ = res
	_, err = w.server.References(w.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 3, Character: 9}}})
	okOrRPCError(t, "references from huge chat", err)
	// 5 MB skill file.
	rel := "project/.agents/skills/pdf/SKILL.md"
	src, _ := os.ReadFile(w.path(rel))
	big := string(src) + strings.Repeat("More text about [the guide](references/guide.md).\n", (5<<20)/50)
	u := w.open(rel, "markdown", big)
	w.diags(u, "diagnostics of the huge skill", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 1
	})
	w.edit(u, 2, big+"x")
	w.diags(u, "diagnostics of the edited huge skill", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 2
	})
	w.alive()
}

func abuseCancellationStorm(t *testing.T) {
	s := startPipeSession(t)
	s.handshake()
	s.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/storm.chat.md","languageId":"markdown","version":1,"text":"go /de"}}}`)
	methods := []string{"textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"}
	for i := range 200 {
		id := 1000 + i
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":{"textDocument":{"uri":"file:///tmp/storm.chat.md"},"position":{"line":0,"character":5},"context":{"includeDeclaration":true}}}`, id, methods[i%len(methods)]))
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%d}}`, id))
	}
	// An executeCommand waits for discovery: cancel it while it may wait.
	s.send(`{"jsonrpc":"2.0","id":"cmd","method":"workspace/executeCommand","params":{"command":"skill-ls.listSkills"}}`)
	s.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"cmd"}}`)
	cancelled := 0
	for i := range 200 {
		m := s.waitResponse(fmt.Sprint(1000 + i))
		if code, _ := rpcError(m); code == -32800 {
			cancelled++
		} else if code != 0 {
			t.Errorf("request %d: error %s", 1000+i, m["error"])
		}
	}
	s.waitResponse(`"cmd"`)
	s.send(`{"jsonrpc":"2.0","id":"end","method":"shutdown"}`)
	s.waitResponse(`"end"`)
	s.finish()
	t.Logf("%d of 200 requests answered -32800, the rest with results", cancelled)
}

func abuseConcurrentCompletions(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.open("project/c.chat.md", "markdown", "run /d and /")
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for i := range 1000 {
		wg.Go(func() {
			ch := uint32(6)
			if i%2 == 1 {
				ch = 12
			}
			raw, err := w.call("textDocument/completion", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":%d}}`, string(u), ch))
			if err != nil {
				errs <- err
				return
			}
			if !strings.Contains(string(raw), `"label":"/deploy"`) {
				errs <- fmt.Errorf("completion %d = %s", i, raw)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	w.alive()
}

func abuseChanges(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	// didChange of a document never opened: ignored, the server keeps serving.
	never := w.uri("project/.agents/skills/deploy-never/SKILL.md")
	w.edit(never, 3, "---\nname: x\n---\n")
	w.notify("textDocument/didChange", `{"textDocument":{"uri":"file:///nowhere/never.chat.md","version":1},"contentChanges":[{"range":{"start":{"line":5,"character":0},"end":{"line":9,"character":0}},"text":"x"}]}`)
	w.notify("textDocument/didClose", `{"textDocument":{"uri":"file:///nowhere/never-opened.md"}}`)
	w.notify("textDocument/didSave", `{"textDocument":{"uri":"file:///nowhere/never-opened.md"}}`)
	w.alive()
	// Versions going backwards.
	rel := "project/.agents/skills/pdf/SKILL.md"
	src, _ := os.ReadFile(w.path(rel))
	u := w.uri(rel)
	if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 10, Text: string(src)}}); err != nil {
		t.Fatal(err)
	}
	w.edit(u, 5, "---\nname: pdf\ndescription: five\n---\n")
	w.edit(u, 1, "---\nname: pdf\ndescription: one\n---\n")
	w.edit(u, -3, "---\nname: Pdf Bad\ndescription: minus three\n---\n")
	// Incremental change with a range past the end.
	w.notify("textDocument/didChange", `{"textDocument":{"uri":"`+string(u)+`","version":0},"contentChanges":[{"range":{"start":{"line":99,"character":0},"end":{"line":100,"character":7}},"text":"tail"}]}`)
	w.alive()
	_, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 1, Character: 7}}})
	okOrRPCError(t, "hover after backward versions", err)
	// Close and reopen still works.
	w.notify("textDocument/didClose", `{"textDocument":{"uri":"`+string(u)+`"}}`)
	w.open(rel, "markdown", string(src))
	w.diags(u, "diagnostics after reopen", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 1
	})
}

func abusePositions(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	chat := w.open("project/p.chat.md", "markdown", "é /pdf\n/de")
	rel := "project/.agents/skills/pdf/SKILL.md"
	src, _ := os.ReadFile(w.path(rel))
	skill := w.open(rel, "markdown", string(src))
	unopened := w.uri("project/.agents/skills/bad/SKILL.md")
	positions := [][2]uint64{{0, 200}, {1, 99999}, {2, 0}, {99, 0}, {99, 4000000000}, {4294967295, 4294967295}, {0, 1}}
	methods := []string{"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references", "textDocument/prepareRename", "textDocument/rename", "textDocument/documentHighlight", "textDocument/signatureHelp"}
	for _, u := range []uri.URI{chat, skill, unopened} {
		for _, p := range positions {
			for _, m := range methods {
				params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":%d,"character":%d},"context":{"includeDeclaration":true},"newName":"pdf-two"}`, string(u), p[0], p[1])
				_, err := w.call(m, params)
				okOrRPCError(t, fmt.Sprintf("%s %s %v", m, u, p), err)
			}
			rng := fmt.Sprintf(`{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}}`, p[0], p[1], p[0]+5, p[1])
			_, err := w.call("textDocument/codeAction", fmt.Sprintf(`{"textDocument":{"uri":%q},"range":%s,"context":{"diagnostics":[]}}`, string(u), rng))
			okOrRPCError(t, fmt.Sprintf("codeAction %s %v", u, p), err)
		}
		for _, m := range []string{"textDocument/documentSymbol", "textDocument/codeLens", "textDocument/documentLink", "textDocument/foldingRange"} {
			_, err := w.call(m, fmt.Sprintf(`{"textDocument":{"uri":%q}}`, string(u)))
			okOrRPCError(t, m, err)
		}
	}
	w.alive()
}

// TestNothingLost runs every command, every code action (resolving the
// quick fixes' edits without applying them), prepareRename, rename and
// references over a skill tree, and checks that no file changed on disk.
func TestNothingLost(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	before := map[string][]byte{}
	filepath.WalkDir(w.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			before[p] = b
		}
		return nil
	})
	chat := w.open("project/n.chat.md", "markdown", "use /pdf and /depoy then /skill:manual\n/hidden\n")
	var docs []uri.URI
	for p := range before {
		if filepath.Base(p) == "SKILL.md" {
			rel, _ := filepath.Rel(w.dir, p)
			docs = append(docs, w.open(filepath.ToSlash(rel), "markdown", string(before[p])))
		}
	}
	docs = append(docs, chat)
	for _, u := range docs {
		w.diags(u, "diagnostics of "+string(u), func(*protocol.PublishDiagnosticsParams) bool { return true })
	}

	str := func(s string) *string { return &s }
	cmds := []struct {
		cmd string
		arg any
	}{
		{cmdPreviewCatalog, nil},
		{cmdPreviewCatalog, map[string]any{"replacement": true, "v1": true, "maxDescription": 20}},
		{cmdPreviewSkill, map[string]any{"name": "pdf"}},
		{cmdPreviewSkill, map[string]any{"name": "nope"}},
		{cmdPreviewInvocation, map[string]any{"text": "/pdf fill it"}},
		{cmdPreviewInvocation, map[string]any{"text": "/skill:deploy now"}},
		{cmdPreviewInvocation, map[string]any{"uri": string(chat)}},
		{cmdListSkills, nil},
	}
	for _, u := range docs {
		cmds = append(cmds, struct {
			cmd string
			arg any
		}{cmdPreviewSkill, map[string]any{"uri": string(u)}})
		cmds = append(cmds, struct {
			cmd string
			arg any
		}{cmdPreviewInvocation, commandArgs{URI: u, Text: str("/pdf")}})
	}
	for _, c := range cmds {
		p := &protocol.ExecuteCommandParams{Command: c.cmd}
		if c.arg != nil {
			p.Arguments = []protocol.LSPAny{session.MustAny(c.arg)}
		}
		_, err := w.server.ExecuteCommand(w.ctx, p)
		okOrRPCError(t, c.cmd, err)
	}

	fixes := 0
	for _, u := range docs {
		// Every line, then the whole document.
		for line := uint32(0); line < 12; line++ {
			for _, rng := range []protocol.Range{
				{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line, Character: 200}},
				{Start: protocol.Position{}, End: protocol.Position{Line: 1000}},
			} {
				acts, err := w.server.CodeAction(w.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng})
				okOrRPCError(t, "codeAction", err)
				for _, a := range acts {
					ca, ok := a.(*protocol.CodeAction)
					if !ok {
						continue
					}
					if ca.Edit == nil && ca.Command.Command == "" {
						// A resolvable action: resolve it (don't apply).
						_, err := w.server.CodeActionResolve(w.ctx, ca)
						okOrRPCError(t, "codeAction/resolve", err)
					}
					if ca.Edit != nil {
						for range ca.Edit.Changes {
							fixes++
						}
					}
				}
			}
		}
		lenses, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		okOrRPCError(t, "codeLens", err)
		for _, l := range lenses {
			p := &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}
			_, err := w.server.ExecuteCommand(w.ctx, p)
			okOrRPCError(t, "lens command", err)
		}
		for line := uint32(0); line < 4; line++ {
			for _, ch := range []uint32{0, 3, 7, 9} {
				pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: ch}}
				_, err := w.server.PrepareRename(w.ctx, &protocol.PrepareRenameParams{TextDocumentPositionParams: pos})
				okOrRPCError(t, "prepareRename", err)
				edit, err := w.server.Rename(w.ctx, &protocol.RenameParams{TextDocumentPositionParams: pos, NewName: "renamed"})
				okOrRPCError(t, "rename", err)
				if edit != nil {
					fixes += len(edit.Changes)
				}
				_, err = w.server.References(w.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: pos, Context: protocol.ReferenceContext{IncludeDeclaration: true}})
				okOrRPCError(t, "references", err)
			}
		}
	}
	if fixes == 0 {
		t.Errorf("no edits were offered at all: the test exercised nothing")
	}
	w.alive()

	after := map[string][]byte{}
	filepath.WalkDir(w.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			after[p] = b
		}
		return nil
	})
	for p, b := range before {
		if a, ok := after[p]; !ok {
			t.Errorf("%s was deleted", p)
		} else if !bytes.Equal(a, b) {
			t.Errorf("%s changed:\nbefore %q\nafter  %q", p, b, a)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was created", p)
		}
	}
}

// TestChangeAtTheOpenVersion: a didChange at the version of the didOpen
// (Neovim 0.7.2 sends one when it attaches a buffer again) is applied,
// without a warning; one below it is ignored.
func TestChangeAtTheOpenVersion(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, nil)
	u := w.uri("project/notes.chat.md")
	if err := w.server.DidOpen(w.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 172, Text: "hello"}}); err != nil {
		t.Fatal(err)
	}
	w.edit(u, 172, "please /nope")
	w.diags(u, "the change at the open's version", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "chat-unknown-skill") })
	w.edit(u, 171, "stale")
	w.alive()
	if d := w.srv.sess.Snapshot().Doc(session.DocKey(u)); d == nil || string(d.Text) != "please /nope" {
		t.Errorf("the stale change was applied: %+v", d)
	}
	if strings.Contains(w.logs.String(), "version 172") {
		t.Errorf("the change at the open's version was reported:\n%s", w.logs)
	}
}
