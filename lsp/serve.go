package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/lsp/session"
)

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

// Options configures [Serve]: the session reads them ([session.Options]).
type Options = session.Options

// Serve runs a language server session on rwc (stdin/stdout in production,
// one end of a net.Pipe in tests) until the client sends exit, the stream
// ends, or ctx is cancelled. It returns nil when exit followed shutdown, and
// [ExitCode](1) otherwise (the LSP rule). Serve never writes to anything but
// rwc and the logger.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts session.Options) error {
	return serve(ctx, rwc, opts, serveHooks{})
}

// serveHooks let tests reach inside a session; [Serve] passes none.
type serveHooks struct {
	// setup runs on the server before the read loop.
	setup func(*server)
	// request, when set, answers the non-standard methods instead of
	// [server.Request].
	request func(ctx context.Context, s *server, method string, params protocol.LSPAny) (any, error)
}

// serve is Serve with hooks.
func serve(ctx context.Context, rwc io.ReadWriteCloser, opts session.Options, hooks serveHooks) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The logger exists before the connection: the stream logs malformed
	// messages; its window/logMessage mirror gets the client once it is made.
	queue := newLogQueue(nil)
	logger := newLogger(opts, queue)
	load := new(inflight)
	conn := jsonrpc2.NewConn(newTolerantStream(rwc, logger, load), jsonrpc2.WithCodec(lspCodec{}))
	client := protocol.ClientDispatcher(conn) // set before the read loop starts (docs/server.md, Handler chain: the client)
	queue.client = client

	s := newServer(ctx, client, logger, opts)
	s.calls = load
	s.out.Notify = conn.Notify
	if hooks.setup != nil {
		hooks.setup(s)
	}

	var wg sync.WaitGroup
	wg.Go(func() { queue.run(ctx) })

	custom := s.Request
	if hooks.request != nil {
		custom = func(ctx context.Context, method string, params any) (any, error) {
			raw, _ := params.(protocol.LSPAny)
			return hooks.request(ctx, s, method, raw)
		}
	}
	conn.Go(protocol.WithClient(ctx, client), newHandler(s, logger, custom))

	var err error
	select {
	case code := <-s.exit:
		if code != 0 {
			err = ExitCode(code)
		}
	case <-conn.Done():
		if cerr := conn.Err(); errors.Is(cerr, ErrBrokenHeader) {
			err = cerr
		} else if !s.isShutdown() {
			err = ExitCode(1)
		}
	case <-ctx.Done():
		err = ctx.Err()
	}
	shutdownConn(s, conn, rwc, cancel, logger)
	wg.Wait()
	return err
}

// newLogger returns the session's logger: the Options' logger, mirrored to
// window/logMessage through queue from LogMessageLevel up.
func newLogger(opts session.Options, queue *logQueue) *slog.Logger {
	base := opts.Logger
	if base == nil {
		base = slog.New(slog.DiscardHandler)
	}
	level := opts.LogMessageLevel
	if level == nil {
		level = slog.LevelWarn
	}
	return slog.New(newTeeHandler(base.Handler(), queue, level))
}

// shutdownConn stops the server's work and closes the connection. It lets
// in-flight calls finish before closing (conn.Close and a read error make
// the library drop responses not yet written), bounded so that a stuck
// handler cannot keep the process alive.
func shutdownConn(s *server, conn jsonrpc2.Conn, rwc io.Closer, cancel context.CancelFunc, logger *slog.Logger) {
	s.stop()
	s.calls.wait(time.Second)
	cancel()
	closed := make(chan struct{})
	go func() { conn.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(2 * time.Second):
		logger.Warn("connection did not close in time")
	}
	rwc.Close()
	s.wait()
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
	case *protocol.CompletionList:
		// The reply to a keystroke: sized up front rather than grown,
		// for less garbage (growing a 100-item reply allocated three
		// times its size).
		if m != nil {
			return protocol.AppendMarshal(make([]byte, 0, completionListSize(m)), m)
		}
	}
	return protocol.Marshal(v)
}

// completionListSize is about the length of l's encoding, rounded up: the
// fields' names and numbers (about 220 bytes an item) and its strings,
// with room for some escaping.
func completionListSize(l *protocol.CompletionList) int {
	n := 32
	for i := range l.Items {
		it := &l.Items[i]
		n += 240 + len(it.Label)
		for _, o := range [...]protocol.Optional[string]{it.Detail, it.SortText, it.InsertText, it.FilterText} {
			v, _ := o.Get()
			n += len(v)
		}
		switch d := it.Documentation.(type) {
		case *protocol.MarkupContent:
			n += len(d.Value)
		case protocol.String:
			n += len(d)
		}
		if e, ok := it.TextEdit.(*protocol.TextEdit); ok && e != nil {
			n += len(e.NewText)
		}
	}
	return n + n/8
}

// Unmarshal decodes LSP values with protocol.Unmarshal, keeping raw messages raw.
func (lspCodec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}
