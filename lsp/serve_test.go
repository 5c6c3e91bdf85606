package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// testHook answers the test-only custom methods.
func testHook(ctx context.Context, s *server, method string, params protocol.LSPAny) (any, error) {
	switch method {
	case "test/doc": // the open document's version and text, as a request sees it
		var p struct {
			URI uri.URI `json:"uri"`
		}
		json.Unmarshal(params, &p)
		d := s.sess.Snapshot().Doc(session.DocKey(p.URI))
		if d == nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "not open")
		}
		return map[string]any{"version": d.Version, "text": string(d.Text)}, nil
	case "test/urgentWhileEncoded": // encodes as whether the call still counted as urgent then
		return urgencyProbe{s.sess.Urgent}, nil
	case "test/panic":
		panic("boom")
	case "test/plainError":
		return nil, errors.New("plain error")
	case "test/zeroCode":
		return nil, &jsonrpc2.Error{Code: 0, Message: "zero"}
	case "test/canceledWithoutCancel":
		return nil, context.Canceled
	case "test/block": // waits for cancellation
		<-ctx.Done()
		return nil, ctx.Err()
	case "test/warn":
		s.logger.Warn("something to see", "path", "/x/SKILL.md")
		s.logger.Info("not mirrored")
		return "ok", nil
	case "test/params":
		if params == nil {
			return "absent", nil
		}
		return string(params), nil
	}
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not found: "+method)
}

// withHook answers the test methods of testHook.
var withHook = serveHooks{request: testHook}

func TestInitializeCapabilities(t *testing.T) {
	e := newEnv(t, envOptions{})
	res := e.initialize(nil)
	if res.ServerInfo.Name != "skill-ls" {
		t.Errorf("serverInfo.name = %q, want skill-ls", res.ServerInfo.Name)
	}
	if v, ok := res.ServerInfo.Version.Get(); !ok || v == "" {
		t.Errorf("serverInfo.version missing")
	}
	c := res.Capabilities
	if c.PositionEncoding != protocol.PositionEncodingKindUTF16 {
		t.Errorf("positionEncoding = %q", c.PositionEncoding)
	}
	sync, ok := c.TextDocumentSync.(*protocol.TextDocumentSyncOptions)
	if !ok || sync.Change == nil || *sync.Change != protocol.TextDocumentSyncKindFull || sync.OpenClose == nil || !*sync.OpenClose || sync.Save == nil {
		t.Errorf("textDocumentSync = %#v", c.TextDocumentSync)
	}
	if c.CompletionProvider == nil || !slices.Equal(c.CompletionProvider.TriggerCharacters, []string{"/", ":", "$"}) {
		t.Errorf("completionProvider = %#v", c.CompletionProvider)
	}
	if !slices.Equal(c.ExecuteCommandProvider.Commands, commands) {
		t.Errorf("commands = %v", c.ExecuteCommandProvider.Commands)
	}
	if r, ok := c.RenameProvider.(*protocol.RenameOptions); !ok || r.PrepareProvider == nil || !*r.PrepareProvider {
		t.Errorf("renameProvider = %#v", c.RenameProvider)
	}
	if c.Workspace == nil || c.Workspace.WorkspaceFolders == nil || c.Workspace.WorkspaceFolders.ChangeNotifications != protocol.Boolean(true) {
		t.Errorf("workspace = %#v", c.Workspace)
	}
	for name, v := range map[string]any{"hover": c.HoverProvider, "definition": c.DefinitionProvider, "references": c.ReferencesProvider,
		"documentSymbol": c.DocumentSymbolProvider, "documentLink": c.DocumentLinkProvider, "codeAction": c.CodeActionProvider, "codeLens": c.CodeLensProvider} {
		if v == nil {
			t.Errorf("%s provider missing", name)
		}
	}
	// Second initialize is an InvalidRequest.
	if _, err := e.server.Initialize(e.ctx, &protocol.InitializeParams{}); errCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second initialize: %v, want InvalidRequest", err)
	}
}

// Trap: requests before initialize must get ServerNotInitialized, and the
// server keeps serving.
func TestRequestBeforeInitialize(t *testing.T) {
	e := newEnv(t, envOptions{})
	_, err := e.call("textDocument/hover", `{"textDocument":{"uri":"file:///a.md"},"position":{"line":0,"character":0}}`)
	if errCode(err) != jsonrpc2.ServerNotInitialized {
		t.Fatalf("hover before initialize: %v, want -32002", err)
	}
	_, err = e.call("custom/thing", "")
	if errCode(err) != jsonrpc2.ServerNotInitialized {
		t.Fatalf("custom before initialize: %v, want -32002", err)
	}
	e.notify("textDocument/didOpen", `{"textDocument":{"uri":"file:///a.md","languageId":"markdown","version":1,"text":"x"}}`)
	e.initialize(nil)
	e.alive()
}

func TestRequestAfterShutdown(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(nil)
	if err := e.server.Shutdown(e.ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	_, err := e.call("textDocument/hover", `{"textDocument":{"uri":"file:///a.md"},"position":{"line":0,"character":0}}`)
	if errCode(err) != jsonrpc2.InvalidRequest {
		t.Fatalf("hover after shutdown: %v, want InvalidRequest", err)
	}
	e.notify("exit", "")
	select {
	case err := <-e.done:
		if ExitStatus(err) != 0 {
			t.Fatalf("Serve after shutdown+exit = %v, want exit status 0", err)
		}
		e.done <- err // for cleanup
	case <-time.After(waitBound):
		t.Fatal("Serve did not return after exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(nil)
	e.notify("exit", "")
	err := <-e.done
	e.done <- err
	if ExitStatus(err) != 1 {
		t.Fatalf("exit without shutdown: %v (status %d), want status 1", err, ExitStatus(err))
	}
}

func TestStreamEndWithoutShutdown(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(nil)
	e.conn.Close()
	err := <-e.done
	e.done <- err
	if ExitStatus(err) != 1 {
		t.Fatalf("stream end without shutdown: %v, want status 1", err)
	}
}

// docs/server.md, Handler chain (notification errors): an unknown notification, with or without params, must not kill
// the connection.
func TestUnknownNotificationKeepsConnection(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(nil)
	e.notify("custom/foo", `{"a":1}`)
	e.notify("$/foo", "")
	e.notify("$/setTrace", `{"value":"off"}`)
	e.notify("custom/bar", "")
	e.alive()
}

// docs/server.md, Handler chain (notification errors): malformed params on known notifications (and on
// $/cancelRequest) must not kill the connection.
func TestMalformedNotificationParams(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(nil)
	e.notify("textDocument/didChange", `{"textDocument":5}`)
	e.notify("textDocument/didOpen", `[1,2,3]`)
	e.notify("textDocument/didClose", "")
	e.notify("$/cancelRequest", `{"id":{"x":1}}`)
	e.notify("$/cancelRequest", "")
	e.notify("workspace/didChangeConfiguration", `"nope"`)
	e.notify("initialized", "") // absent params are accepted
	e.alive()
	if !strings.Contains(e.logs.String(), "notification failed") {
		t.Errorf("malformed notifications were not logged:\n%s", e.logs)
	}
}

// docs/server.md, Handler chain (notification order): notifications are applied in wire order, and a request sent after
// them sees their effect.
func TestNotificationOrder(t *testing.T) {
	e := newEnv(t, envOptions{hooks: withHook})
	e.initialize(nil)
	u := uri.File(t.TempDir() + "/chat.chat.md")
	if err := e.server.DidOpen(e.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "markdown", Version: 1, Text: "v1"}}); err != nil {
		t.Fatal(err)
	}
	const n = 1000
	for round := range 3 {
		base := int32(round*n + 1)
		for i := int32(1); i <= n; i++ {
			v := base + i
			err := e.server.DidChange(e.ctx, &protocol.DidChangeTextDocumentParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: fmt.Sprintf("text %d", v)}},
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		raw, err := e.call("test/doc", fmt.Sprintf(`{"uri":%q}`, u))
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Version int32  `json:"version"`
			Text    string `json:"text"`
		}
		json.Unmarshal(raw, &got)
		want := base + n
		if got.Version != want || got.Text != fmt.Sprintf("text %d", want) {
			t.Fatalf("round %d: request saw version %d %q, want %d", round, got.Version, got.Text, want)
		}
	}
	if strings.Contains(e.logs.String(), "is below the document's") {
		t.Errorf("didChange applied out of order:\n%s", e.logs)
	}
}

// Trap (stdout hygiene): every byte the server writes is Content-Length
// framed JSON-RPC 2.0, across a session with notifications, errors, panics,
// logMessage and showMessage traffic.
func TestOutputIsOnlyJSONRPC(t *testing.T) {
	sEnd, cEnd := net.Pipe()
	done := make(chan error, 1)
	opts := session.Options{HomeDir: t.TempDir(), Getenv: func(string) string { return "" }, DiagnosticsDelay: ptr(time.Duration(0))}
	go func() { done <- serve(context.Background(), sEnd, opts, withHook) }()
	// A tee records every byte the server writes while the peer reads it.
	var all syncBuffer
	p := &rawPeer{t: t, w: cEnd, r: bufio.NewReader(io.TeeReader(cEnd, &all))}
	dir := t.TempDir()
	// Like a real client: requests are answered before shutdown; exit comes
	// after the shutdown response.
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"profile":"bogus"}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"markdown","version":1,"text":"---\nname: Bad Name\n---\n"}}}`, uri.File(dir+"/x/SKILL.md")),
		`{"jsonrpc":"2.0","method":"custom/unknown","params":{}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":5}}`,
		`{"jsonrpc":"2.0","id":2,"method":"test/panic"}`,
		`{"jsonrpc":"2.0","id":3,"method":"test/warn"}`,
		`{"jsonrpc":"2.0","id":4,"method":"custom/foo"}`,
		`{"jsonrpc":"2.0","id":5,"method":"shutdown"}`,
	}
	for _, m := range msgs {
		p.send(m)
		var msg map[string]json.RawMessage
		if json.Unmarshal([]byte(m), &msg); msg["id"] != nil {
			p.response(string(msg["id"]))
		}
	}
	p.send(`{"jsonrpc":"2.0","method":"exit"}`)
	// Drain until the server closes its end.
	for {
		if _, err := p.next(); err != nil {
			break
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve = %v, want nil after shutdown+exit", err)
	}
	cEnd.Close()
	out := []byte(all.String())
	// Parse the whole stream strictly.
	rest := out
	var n int
	ids := map[string]bool{}
	for len(rest) > 0 {
		hdr, body, ok := strings.Cut(string(rest), "\r\n\r\n")
		if !ok {
			t.Fatalf("unframed bytes: %q", rest)
		}
		var length int
		if _, err := fmt.Sscanf(hdr, "Content-Length: %d", &length); err != nil || strings.Contains(hdr, "\n") {
			t.Fatalf("bad header %q", hdr)
		}
		if len(body) < length {
			t.Fatalf("short body: %q", body)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(body[:length]), &m); err != nil {
			t.Fatalf("body not JSON: %q", body[:length])
		}
		if string(m["jsonrpc"]) != `"2.0"` {
			t.Fatalf("not JSON-RPC 2.0: %q", body[:length])
		}
		if id, ok := m["id"]; ok && m["method"] == nil {
			ids[string(id)] = true
		}
		rest = []byte(body[length:])
		n++
	}
	for _, id := range []string{"1", "2", "3", "4", "5"} {
		if !ids[id] {
			t.Errorf("no response for id %s", id)
		}
	}
	if n < 6 {
		t.Errorf("only %d messages", n)
	}
}
