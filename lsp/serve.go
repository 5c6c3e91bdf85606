package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Options configures [Serve]. The zero value is usable: it logs nowhere,
// reads the real environment and home directory, and waits 150 ms before the
// workspace-wide diagnostics re-check.
type Options struct {
	// Logger receives the server's logs (the CLI points it at stderr or
	// --logfile). Records at LogMessageLevel and above are also mirrored to
	// the client as window/logMessage. Nil discards.
	Logger *slog.Logger
	// LogMessageLevel is the lowest level mirrored to window/logMessage;
	// the zero value means slog.LevelWarn (Info with -v is the CLI's call).
	LogMessageLevel slog.Leveler
	// Version is reported as serverInfo.version.
	Version string
	// Getenv and HomeDir replace os.Getenv and os.UserHomeDir for root
	// discovery (tests never read the real home). Nil/empty means the real
	// ones.
	Getenv  func(string) string
	HomeDir string
	// DiagnosticsDelay, when non-nil, overrides the diagnosticsDelay setting
	// (tests use 0).
	DiagnosticsDelay *time.Duration
	// DisableWatch turns off the server's fsnotify watcher (client-side
	// workspace/didChangeWatchedFiles events are still applied).
	DisableWatch bool
}

// ExitCode is the error [Serve] returns when the session did not end with
// shutdown followed by exit: the process should exit with this code (1). A
// clean session makes Serve return nil (exit code 0).
type ExitCode int

// Error describes the exit code.
func (c ExitCode) Error() string { return fmt.Sprintf("lsp: exit code %d", int(c)) }

// ExitStatus maps the error returned by [Serve] to a process exit status: 0
// for nil, the code of an [ExitCode], 1 for any other error.
func ExitStatus(err error) int {
	if err == nil {
		return 0
	}
	var c ExitCode
	if errors.As(err, &c) {
		return int(c)
	}
	return 1
}

// Serve runs a language server session on rwc (stdin/stdout in production,
// one end of a net.Pipe in tests) until the client sends exit, the stream
// ends, or ctx is cancelled. It returns nil when exit followed shutdown, and
// [ExitCode](1) otherwise (the LSP rule). Serve never writes to anything but
// rwc and the logger.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	return serve(ctx, rwc, opts, nil)
}

// serve is Serve with a test hook run on the server before the read loop.
func serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options, setup func(*server)) error {
	base := opts.Logger
	if base == nil {
		base = slog.New(slog.DiscardHandler)
	}
	level := opts.LogMessageLevel
	if level == nil {
		level = slog.LevelWarn
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(rwc), jsonrpc2.WithCodec(lspCodec{}))
	client := protocol.ClientDispatcher(conn) // set before the read loop starts (trap #8)

	queue := newLogQueue(client)
	logger := slog.New(newTeeHandler(base.Handler(), queue, level))

	s := newServer(ctx, client, logger, opts)
	if setup != nil {
		setup(s)
	}

	var wg sync.WaitGroup
	wg.Go(func() { queue.run(ctx) })

	cctx := protocol.WithClient(ctx, client)
	conn.Go(cctx, newHandler(s, logger))

	var err error
	select {
	case code := <-s.exit:
		if code != 0 {
			err = ExitCode(code)
		}
	case <-conn.Done():
		if !s.isShutdown() {
			err = ExitCode(1)
		}
	case <-ctx.Done():
		err = ctx.Err()
	}

	// Let in-flight calls finish before closing: conn.Close (and a read
	// error) make the library drop responses not yet written. Bounded, so a
	// stuck handler cannot keep the process alive.
	s.stop()
	s.calls.wait(time.Second)
	cancel()
	closed := make(chan struct{})
	go func() { conn.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(2 * time.Second): // a stuck handler must not keep the process alive
		logger.Warn("connection did not close in time")
	}
	rwc.Close()
	s.wait()
	wg.Wait()
	return err
}

// newHandler builds the replacement for protocol.Handlers (see
// shared/design/lsp-notes.md §4): calls run async (cancellable, panic-safe,
// never error code 0); notifications run inline in wire order and their
// errors are logged and dropped (a notification error would otherwise fail
// the connection); $/cancelRequest is handled inline; non-standard methods go
// straight to Server.Request with their raw params.
func newHandler(s *server, logger *slog.Logger) jsonrpc2.Handler {
	std := map[string]bool{}
	for _, m := range protocol.Methods {
		if m.Direction != "serverToClient" {
			std[m.Method] = true
		}
	}
	serverHandler := protocol.ServerHandler(s, nil) // the 2nd arg is unused by v1.0.1
	dispatch := func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		method := req.Method()
		if err := s.gate(method, req.IsCall()); err != nil {
			return nil, err
		}
		if !std[method] { // custom method: raw params (nil when absent), no -32700
			var params protocol.LSPAny
			if p := req.Params(); len(p) > 0 {
				params = protocol.LSPAny(bytes.Clone(p))
			}
			return s.Request(ctx, strings.Clone(method), params)
		}
		if len(bytes.TrimSpace(req.Params())) == 0 {
			// Some clients omit the params of initialized/exit; the generated
			// decoder rejects absent params.
			switch method {
			case protocol.MethodInitialized:
				return nil, s.Initialized(ctx, &protocol.InitializedParams{})
			}
		}
		if s.isForeignRequest(method, req.Params()) {
			return nil, nil // Markdown that is neither a skill file nor a chat buffer
		}
		res, err := serverHandler(ctx, req)
		if errors.Is(err, jsonrpc2.ErrParse) { // the envelope parsed: it's the param shape
			err = jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
		}
		return res, err
	}
	safe := func(ctx context.Context, req *jsonrpc2.Request) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				logger.Error("panic in handler", "method", req.Method(), "panic", r, "stack", string(debug.Stack()))
				res, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error: %v", r)
			}
		}()
		return dispatch(ctx, req)
	}
	calls, cancel := jsonrpc2.CancelHandler(func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		s.calls.add(1)
		defer s.calls.add(-1)
		jsonrpc2.Async(ctx) // free the read loop; later messages are read while this call runs
		res, err := safe(ctx, req)
		if err == nil {
			return res, nil
		}
		if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			return nil, protocol.ErrRequestCancelled // -32800, not code 0
		}
		var we *jsonrpc2.Error
		if !errors.As(err, &we) || we.Code == 0 {
			return nil, jsonrpc2.NewError(jsonrpc2.InternalError, err.Error()) // not code 0
		}
		return nil, err
	})
	return func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.IsCall() {
			return calls(ctx, req)
		}
		if req.Method() == protocol.MethodCancelRequest { // inline, so it overtakes nothing
			var p protocol.CancelParams
			if protocol.Unmarshal(req.Params(), &p) == nil {
				switch id := p.ID.(type) {
				case protocol.Integer:
					cancel(jsonrpc2.NewNumberID(int64(id)))
				case protocol.String:
					cancel(jsonrpc2.NewStringID(string(id)))
				}
			}
			return nil, nil
		}
		if _, err := safe(ctx, req); err != nil {
			logger.Warn("notification failed", "method", req.Method(), "err", err)
		}
		return nil, nil // never fail the connection for a notification
	}
}

// lspCodec is protocol's unexported codec: union-aware LSP JSON, raw messages
// passed through verbatim.
type lspCodec struct{}

// Marshal encodes LSP values with protocol.Marshal, passing raw messages through.
func (lspCodec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

// Unmarshal decodes LSP values with protocol.Unmarshal, keeping raw messages raw.
func (lspCodec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// inflight counts running calls so that exit can let them answer first.
type inflight struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to 0; nil while n == 0
}

func (f *inflight) add(d int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n += d
	if f.n > 0 && f.idle == nil {
		f.idle = make(chan struct{})
	}
	if f.n == 0 && f.idle != nil {
		close(f.idle)
		f.idle = nil
	}
}

// wait blocks until no call is running or the timeout passes.
func (f *inflight) wait(timeout time.Duration) {
	f.mu.Lock()
	ch := f.idle
	f.mu.Unlock()
	if ch == nil {
		return
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-ch:
	case <-t.C:
	}
}
