package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// fakeClient records what the server sends. Every recorded event wakes
// waiters (no sleeps: waitFor blocks on a channel with a deadline).
type fakeClient struct {
	protocol.UnimplementedClient

	mu            sync.Mutex
	changed       chan struct{} // closed and replaced on every event
	diagnostics   map[uri.URI]*protocol.PublishDiagnosticsParams
	publishes     []*protocol.PublishDiagnosticsParams
	logs          []protocol.LogMessageParams
	shows         []protocol.ShowMessageParams
	progress      []protocol.ProgressParams
	created       []protocol.ProgressToken
	registrations []protocol.Registration
	config        []protocol.LSPAny // answers to workspace/configuration
	lensRefreshes int               // workspace/codeLens/refresh requests
	hintRefreshes int               // workspace/inlayHint/refresh requests
}

func newFakeClient() *fakeClient {
	return &fakeClient{changed: make(chan struct{}), diagnostics: map[uri.URI]*protocol.PublishDiagnosticsParams{}}
}

// forget drops the recorded history (publishes, logs, progress), keeping
// the latest diagnostics per URI, so long runs measure the server's memory
// rather than the recorder's.
func (c *fakeClient) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.publishes, c.logs, c.shows, c.progress, c.created = nil, nil, nil, nil, nil
}

func (c *fakeClient) record(f func()) {
	c.mu.Lock()
	f()
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

func (c *fakeClient) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.record(func() { c.diagnostics[p.URI] = p; c.publishes = append(c.publishes, p) })
	return nil
}

func (c *fakeClient) LogMessage(_ context.Context, p *protocol.LogMessageParams) error {
	c.record(func() { c.logs = append(c.logs, *p) })
	return nil
}

func (c *fakeClient) ShowMessage(_ context.Context, p *protocol.ShowMessageParams) error {
	c.record(func() { c.shows = append(c.shows, *p) })
	return nil
}

func (c *fakeClient) Progress(_ context.Context, p *protocol.ProgressParams) error {
	c.record(func() { c.progress = append(c.progress, *p) })
	return nil
}

func (c *fakeClient) WorkDoneProgressCreate(_ context.Context, p *protocol.WorkDoneProgressCreateParams) error {
	c.record(func() { c.created = append(c.created, p.Token) })
	return nil
}

func (c *fakeClient) RegisterCapability(_ context.Context, p *protocol.RegistrationParams) error {
	c.record(func() { c.registrations = append(c.registrations, p.Registrations...) })
	return nil
}

func (c *fakeClient) CodeLensRefresh(context.Context) error {
	c.record(func() { c.lensRefreshes++ })
	return nil
}

func (c *fakeClient) InlayHintRefresh(context.Context) error {
	c.record(func() { c.hintRefreshes++ })
	return nil
}

func (c *fakeClient) Configuration(_ context.Context, p *protocol.ConfigurationParams) ([]protocol.LSPAny, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]protocol.LSPAny, len(p.Items))
	for i := range out {
		out[i] = protocol.LSPAny("null")
		if i < len(c.config) {
			out[i] = c.config[i]
		}
	}
	return out, nil
}

// waitBound is how long waitFor waits before it fails the test: a bound
// for a server that hangs, not a speed target (those are benchmarks). Under
// -race on two busy cores a 5 MB chat buffer takes about 8 s to diagnose.
const waitBound = time.Minute

// waitFor blocks until cond (called with c.mu held) holds, or fails the test
// after waitBound.
func (c *fakeClient) waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(waitBound)
	for {
		c.mu.Lock()
		ok := cond()
		ch := c.changed
		c.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// env is one server session over net.Pipe, driven by a go.lsp.dev client.
type env struct {
	t      testing.TB
	ctx    context.Context
	client *fakeClient
	conn   jsonrpc2.Conn
	server protocol.Server // typed dispatcher
	srv    *server         // the server under test (for white-box checks)
	done   chan error      // Serve's result
	logs   *syncBuffer     // the server's own log output

	workspaceCaps *protocol.WorkspaceClientCapabilities
	clientInfo    protocol.ClientInfo
}

type envOptions struct {
	opts  session.Options
	hooks serveHooks
	// workspace, when set, is the client's workspace capabilities.
	workspace *protocol.WorkspaceClientCapabilities
	// clientInfo is the client's name and version (none when zero).
	clientInfo protocol.ClientInfo
	// queueWrites makes the client's writes return at once, queued for
	// the server as an editor's are behind its pipe (see queuedConn).
	queueWrites bool
}

// newEnv starts Serve on one end of a pipe and a protocol client on the other.
// It does not initialize.
func newEnv(t testing.TB, eo envOptions) *env {
	t.Helper()
	ctx := context.Background()
	sEnd, cEnd := net.Pipe()
	logs := &syncBuffer{}
	opts := eo.opts
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	if opts.HomeDir == "" {
		opts.HomeDir = t.TempDir()
	}
	if opts.Getenv == nil {
		opts.Getenv = func(string) string { return "" }
	}
	if opts.DiagnosticsDelay == nil {
		opts.DiagnosticsDelay = ptr(time.Duration(0))
	}
	e := &env{t: t, ctx: ctx, client: newFakeClient(), done: make(chan error, 1), logs: logs, workspaceCaps: eo.workspace, clientInfo: eo.clientInfo}
	ready := make(chan struct{})
	go func() {
		hooks := eo.hooks
		hooks.setup = func(s *server) {
			e.srv = s
			close(ready)
		}
		e.done <- serve(ctx, sEnd, opts, hooks)
	}()
	<-ready
	var dispatcher protocol.Server
	var clientEnd io.ReadWriteCloser = cEnd
	if eo.queueWrites {
		clientEnd = newQueuedConn(cEnd)
	}
	e.conn, dispatcher = newOrderedClient(ctx, e.client, jsonrpc2.NewStream(clientEnd))
	e.server = ownedResults{Server: dispatcher, conn: e.conn}
	t.Cleanup(func() {
		e.conn.Close()
		select {
		case <-e.done:
		case <-time.After(waitBound): // a hang, not a speed target
			t.Errorf("Serve did not return after the client closed")
		}
	})
	return e
}

// ownedResults works around a go.lsp.dev/protocol v1.0.1 client trap: a
// textDocument/codeAction result ([]CommandOrCodeAction) decodes with
// strings that alias the connection's read buffer, so the next message the
// client reads (a publishDiagnostics) overwrites the titles. The server side
// is not affected (its decoded params are owned copies; TestDecodedParamsOwned
// pins that); the test client takes the raw result and decodes its own copy.
type ownedResults struct {
	protocol.Server
	conn jsonrpc2.Conn
}

// CodeAction calls textDocument/codeAction and decodes an owned copy.
func (o ownedResults) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	var raw jsonrpc2.RawMessage
	if _, err := o.conn.Call(ctx, "textDocument/codeAction", p, &raw); err != nil {
		return nil, err
	}
	var out []protocol.CommandOrCodeAction
	err := protocol.Unmarshal(raw, &out) // raw is this call's own copy
	return out, err
}

// initialize runs initialize + initialized with the given options.
func (e *env) initialize(initOptions any, folders ...string) *protocol.InitializeResult {
	e.t.Helper()
	p := &protocol.InitializeParams{}
	if initOptions != nil {
		b, err := json.Marshal(initOptions)
		if err != nil {
			e.t.Fatal(err)
		}
		p.InitializationOptions = protocol.LSPAny(b)
	}
	var wfs []protocol.WorkspaceFolder
	for _, f := range folders {
		wfs = append(wfs, protocol.WorkspaceFolder{URI: uri.File(f), Name: f})
	}
	if len(wfs) > 0 {
		p.WorkspaceFolders = protocol.NewNullable(wfs)
	}
	p.Capabilities.Window = &protocol.WindowClientCapabilities{WorkDoneProgress: ptr(true)}
	p.Capabilities.Workspace = e.workspaceCaps
	p.ClientInfo = e.clientInfo
	res, err := e.server.Initialize(e.ctx, p)
	if err != nil {
		e.t.Fatalf("initialize: %v", err)
	}
	if err := e.server.Initialized(e.ctx, &protocol.InitializedParams{}); err != nil {
		e.t.Fatalf("initialized: %v", err)
	}
	e.alive() // a request is handled after the notifications before it
	return res
}

// call sends a request with raw JSON params (nil for none) and returns the
// raw result or the error.
func (e *env) call(method string, params string) (json.RawMessage, error) {
	e.t.Helper()
	var res jsonrpc2.RawMessage
	var p any
	if params != "" {
		p = jsonrpc2.RawMessage(params)
	}
	_, err := e.conn.Call(e.ctx, method, p, &res)
	return json.RawMessage(res), err
}

// barrier returns once the server has run every notification sent before
// it: notifications run inline in wire order, so the answer to a call sent
// after them (one no server knows: an error) comes after they ran. A
// notification's Notify returns when the pipe has taken its bytes, before
// the server ran it.
func (e *env) barrier() {
	e.t.Helper()
	if _, err := e.call("skill-ls/testBarrier", ""); errCode(err) != jsonrpc2.MethodNotFound {
		e.t.Fatalf("barrier: %v, want method not found", err)
	}
}

func (e *env) notify(method string, params string) {
	e.t.Helper()
	var p any
	if params != "" {
		p = jsonrpc2.RawMessage(params)
	}
	if err := e.conn.Notify(e.ctx, method, p); err != nil {
		e.t.Fatalf("notify %s: %v", method, err)
	}
}

// errCode returns the JSON-RPC code of err (0 if none).
func errCode(err error) jsonrpc2.Code {
	var we *jsonrpc2.Error
	if errors.As(err, &we) {
		return we.Code
	}
	return 0
}

// alive asserts the server still answers requests.
func (e *env) alive() {
	e.t.Helper()
	_, err := e.call("textDocument/hover", `{"textDocument":{"uri":"file:///nowhere/x.md"},"position":{"line":0,"character":0}}`)
	if err != nil && errCode(err) == 0 {
		e.t.Fatalf("server not answering: %v", err)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// newOrderedClient is protocol.NewClient with the messages from the server
// handled one at a time, in wire order. protocol.NewClient handles each on
// its own goroutine (jsonrpc2.AsyncHandler), so the fake client could
// record a pass's publish for version 7 after the edit's for version 8,
// and a test waiting for the last publish of a URI would wait for ever.
// The fake client's handlers only record, so handling them in turn blocks
// nothing. Without protocol's CancelHandler either: it derives a context
// from the request's, which jsonrpc2 reuses once a handler returns in
// turn. The codec is the server's (serve.go).
func newOrderedClient(ctx context.Context, client protocol.Client, stream jsonrpc2.Stream) (jsonrpc2.Conn, protocol.Server) {
	conn := jsonrpc2.NewConn(stream, jsonrpc2.WithCodec(lspCodec{}))
	conn.Go(ctx, protocol.ClientHandler(client, jsonrpc2.MethodNotFoundHandler))
	return conn, protocol.ServerDispatcher(conn)
}
