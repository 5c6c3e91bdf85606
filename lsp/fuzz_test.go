package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// halfPipe is one side of a pair of io.Pipes: unlike net.Pipe the client
// can close its writer (EOF for the server) and still read everything the
// server writes until the server closes.
type halfPipe struct {
	r *io.PipeReader
	w *io.PipeWriter
}

func (p halfPipe) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p halfPipe) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p halfPipe) Close() error {
	p.r.Close()
	return p.w.Close()
}

// pipeSession is a Serve over half pipes with a raw peer.
type pipeSession struct {
	t       *testing.T
	in      *io.PipeWriter // the client's writer (the server's stdin)
	out     *io.PipeReader // the client's reader (the server's stdout)
	done    chan error
	logs    *syncBuffer
	mu      sync.Mutex
	msgs    []map[string]json.RawMessage
	readErr error
	readEnd chan struct{}
	changed chan struct{}
}

var (
	fuzzTreeOnce sync.Once
	fuzzTreeDir  string
)

// fuzzTree unpacks workspaceTxtar once per process so that requests in the
// fuzz targets hit real skills.
func fuzzTree(tb testing.TB) (project, home string) {
	fuzzTreeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "skill-ls-fuzz-")
		if err != nil {
			tb.Fatal(err)
		}
		skilltest.WriteArchive(tb, dir, txtar.Parse([]byte(workspaceTxtar)))
		fuzzTreeDir = dir
	})
	return filepath.Join(fuzzTreeDir, "project"), filepath.Join(fuzzTreeDir, "home")
}

// startPipeSession starts Serve and a goroutine that reads and checks
// every message it writes: Content-Length framed JSON-RPC 2.0 objects.
func startPipeSession(t *testing.T) *pipeSession {
	t.Helper()
	_, home := fuzzTree(t)
	aR, aW := io.Pipe()
	bR, bW := io.Pipe()
	s := &pipeSession{t: t, in: aW, out: bR, done: make(chan error, 1), logs: &syncBuffer{}, readEnd: make(chan struct{}), changed: make(chan struct{})}
	opts := session.Options{
		HomeDir:          home,
		Getenv:           func(string) string { return "" },
		DiagnosticsDelay: ptr(time.Duration(0)),
		DisableWatch:     true,
		Logger:           slog.New(slog.NewTextHandler(s.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	go func() { s.done <- serve(context.Background(), halfPipe{r: aR, w: bW}, opts, serveHooks{}) }()
	go func() {
		defer close(s.readEnd)
		r := bufio.NewReader(bR)
		for {
			ms, err := readFrame(r)
			if err != nil {
				s.mu.Lock()
				s.readErr = err
				s.mu.Unlock()
				return
			}
			s.mu.Lock()
			s.msgs = append(s.msgs, ms...)
			close(s.changed)
			s.changed = make(chan struct{})
			s.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		aW.Close()
		bR.Close()
		select {
		case <-s.done:
		case <-time.After(waitBound):
			t.Errorf("Serve did not return")
		}
	})
	return s
}

// errFrame marks a framing or JSON error (as opposed to the end of the
// stream).
var errFrame = errors.New("bad frame")

// readFrame reads one Content-Length framed message: a JSON-RPC object or a
// batch (array) of them.
func readFrame(r *bufio.Reader) ([]map[string]json.RawMessage, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if line == "" && errors.Is(err, io.EOF) {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%w: truncated header %q: %v", errFrame, line, err)
		}
		if line == "\r\n" {
			break
		}
		k, v, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":")
		if !ok {
			return nil, fmt.Errorf("%w: bad header line %q", errFrame, line)
		}
		if strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%w: bad length %q", errFrame, v)
			}
			length = n
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errFrame)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("%w: truncated body: %v", errFrame, err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err == nil {
		return []map[string]json.RawMessage{m}, nil
	}
	var batch []map[string]json.RawMessage
	if err := json.Unmarshal(body, &batch); err != nil {
		return nil, fmt.Errorf("%w: body is not a JSON-RPC object or batch: %q", errFrame, body)
	}
	return batch, nil
}

func (s *pipeSession) send(msg string) error {
	_, err := fmt.Fprintf(s.in, "Content-Length: %d\r\n\r\n%s", len(msg), msg)
	return err
}

// waitResponse waits (bounded) for the response with the given raw id.
func (s *pipeSession) waitResponse(id string) map[string]json.RawMessage {
	s.t.Helper()
	deadline := time.After(waitBound)
	for i := 0; ; {
		s.mu.Lock()
		for ; i < len(s.msgs); i++ {
			m := s.msgs[i]
			if string(m["id"]) == id && m["method"] == nil {
				s.mu.Unlock()
				return m
			}
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-s.readEnd:
			s.mu.Lock()
			err := s.readErr
			n := len(s.msgs)
			s.mu.Unlock()
			if i == n {
				s.t.Fatalf("stream ended before the response %s: %v", id, err)
			}
		case <-deadline:
			s.t.Fatalf("deadlock: no response %s within 10s", id)
		}
	}
}

// handshake runs initialize (with the project folder) and initialized.
func (s *pipeSession) handshake() {
	s.t.Helper()
	project, _ := fuzzTree(s.t)
	init := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"workspaceFolders":[{"uri":%q,"name":"p"}]}}`, string(uri.File(project)))
	if err := s.send(init); err != nil {
		s.t.Fatal(err)
	}
	if m := s.waitResponse("1"); m["error"] != nil {
		s.t.Fatalf("initialize: %s", m["error"])
	}
	if err := s.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`); err != nil {
		s.t.Fatal(err)
	}
	// Wait for the initial discovery (executeCommand waits for it). Without
	// this, a workspace/executeCommand followed by shutdown before discovery
	// ends blocks forever (the engine's loaded channel is never closed when
	// its load is cancelled) and Serve never returns after EOF: see
	// TestExecuteCommandDuringCancelledDiscovery.
	if err := s.send(`{"jsonrpc":"2.0","id":"ready","method":"workspace/executeCommand","params":{"command":"skill-ls.listSkills"}}`); err != nil {
		s.t.Fatal(err)
	}
	s.waitResponse(`"ready"`)
}

// finish closes the client's writer and checks that Serve returns and the
// server's output ended cleanly (no framing error), all within a deadline,
// and that no handler panicked.
func (s *pipeSession) finish() {
	s.t.Helper()
	s.in.Close()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
	case <-time.After(waitBound):
		s.t.Fatalf("deadlock: Serve did not return after EOF")
	}
	select {
	case <-s.readEnd:
	case <-time.After(waitBound):
		s.t.Fatalf("server output did not end")
	}
	s.mu.Lock()
	err := s.readErr
	msgs := s.msgs
	s.mu.Unlock()
	if !errors.Is(err, io.EOF) {
		s.t.Fatalf("server output is not Content-Length framed JSON: %v", err)
	}
	for _, m := range msgs {
		if string(m["jsonrpc"]) != `"2.0"` {
			s.t.Fatalf("message without jsonrpc 2.0: %v", m)
		}
		_, isCallOrNote := m["method"]
		_, hasID := m["id"]
		_, hasRes := m["result"]
		_, hasErr := m["error"]
		if !isCallOrNote && !(hasID && (hasRes || hasErr)) {
			s.t.Fatalf("neither a request, a notification nor a response: %v", m)
		}
	}
	if strings.Contains(s.logs.String(), "panic") {
		s.t.Fatalf("handler panicked:\n%s", s.logs.String())
	}
}

func FuzzServeBytes(f *testing.F) {
	frame := func(s string) []byte { return fmt.Appendf(nil, "Content-Length: %d\r\n\r\n%s", len(s), s) }
	f.Add([]byte{})
	f.Add(frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.md"},"position":{"line":0,"character":0}}}`))
	f.Add(frame(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`))
	f.Add(append(frame(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`), frame(`{"jsonrpc":"2.0","method":"exit"}`)...))
	f.Add(frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.chat.md","languageId":"markdown","version":1,"text":"/de"}}}`))
	f.Add(frame(`[{"jsonrpc":"2.0","id":4,"method":"shutdown"}]`))
	f.Add(frame(`not json`))
	f.Add(frame(`{"jsonrpc":"2.0","id":{},"method":"x"}`))
	f.Add(frame(`{"jsonrpc":"1.0","id":5}`))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n{}"))
	f.Add([]byte("Content-Length: -5\r\n\r\n"))
	f.Add([]byte("Content-Length: 10\r\n\r\n{}"))
	f.Add([]byte("Content-Type: x\r\n\r\n{}"))
	f.Add([]byte("garbage\r\n\r\n"))
	f.Add([]byte("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}}"))
	f.Add([]byte("\x00\xff\xfe"))
	f.Add(frame(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}`))
	f.Add(frame(`{"jsonrpc":"2.0","id":6,"method":"workspace/executeCommand","params":{"command":"skill-ls.listSkills"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := startPipeSession(t)
		s.handshake()
		written := make(chan error, 1)
		go func() { _, err := s.in.Write(data); written <- err }()
		select {
		case <-written: // an error means the server stopped reading: fine
		case <-time.After(waitBound):
			t.Fatalf("deadlock: the server stopped reading without closing")
		}
		s.finish()
	})
}

// fuzzMethods are the protocol's client-to-server methods plus a few
// custom ones.
func fuzzMethods() []string {
	var out []string
	for _, m := range protocol.Methods {
		if m.Direction != "serverToClient" {
			out = append(out, m.Method)
		}
	}
	return append(out, "$/cancelRequest", "$/setTrace", "skill-ls/unknown", "", "rpc.x")
}

func FuzzServeMessages(f *testing.F) {
	methods := fuzzMethods()
	f.Add(uint16(0), "", []byte(`{}`), true, int64(7))
	f.Add(uint16(65535), "textDocument/hover", []byte(`{"textDocument":{"uri":"file:///x.md"},"position":{"line":0,"character":0}}`), true, int64(2))
	f.Add(uint16(65535), "textDocument/didOpen", []byte(`{"textDocument":{"uri":"file:///a.chat.md","languageId":"markdown","version":1,"text":"/de"}}`), false, int64(0))
	f.Add(uint16(65535), "textDocument/completion", []byte(`{"textDocument":{"uri":"file:///a.chat.md"},"position":{"line":99,"character":4000000000}}`), true, int64(-1))
	f.Add(uint16(65535), "workspace/executeCommand", []byte(`{"command":"skill-ls.previewSkill","arguments":[{"name":"pdf"}]}`), true, int64(3))
	f.Add(uint16(65535), "workspace/didChangeConfiguration", []byte(`{"settings":{"skillLs":{"diagnosticsDelay":-1}}}`), false, int64(0))
	f.Add(uint16(65535), "initialize", []byte(`{"capabilities":{}}`), true, int64(4))
	f.Add(uint16(65535), "shutdown", []byte(`null`), true, int64(5))
	f.Add(uint16(65535), "custom/x", []byte(`[1,2,3]`), true, int64(6))
	f.Add(uint16(65535), "textDocument/rename", []byte(`{"textDocument":{"uri":"file:///x.md"},"position":{"line":1,"character":7},"newName":"a"}`), true, int64(8))
	for i := range methods {
		f.Add(uint16(i), "", []byte(`{"textDocument":{"uri":"file:///x.md"},"position":{"line":0,"character":0}}`), true, int64(100+i))
	}
	f.Fuzz(func(t *testing.T, sel uint16, method string, params []byte, call bool, id int64) {
		if int(sel) < len(methods) {
			method = methods[sel]
		}
		if method == "exit" {
			return // ends the session by design
		}
		if !json.Valid(params) {
			b, _ := json.Marshal(string(params))
			params = b
		}
		mb, _ := json.Marshal(method)
		msg := fmt.Sprintf(`{"jsonrpc":"2.0","method":%s,"params":%s}`, mb, params)
		if call {
			msg = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%s,"params":%s}`, id, mb, params)
		}
		s := startPipeSession(t)
		s.handshake()
		if err := s.send(msg); err != nil {
			t.Fatalf("send: %v", err)
		}
		if err := s.send(`{"jsonrpc":"2.0","id":"final","method":"shutdown"}`); err != nil {
			t.Fatalf("send shutdown: %v", err)
		}
		s.waitResponse(`"final"`)
		s.finish()
	})
}

// TestExecuteCommandDuringCancelledDiscovery reproduces a hang found by
// FuzzServeMessages: executeCommand waits for the engine's discovery, but a
// discovery cancelled by shutdown never closes engine.loaded, so the call
// never returns, and after the client closes the stream Serve never
// returned either. The command now fails with ContentModified instead.
func TestExecuteCommandDuringCancelledDiscovery(t *testing.T) {
	s := startPipeSession(t)
	project, _ := fuzzTree(t)
	s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"workspaceFolders":[{"uri":%q,"name":"p"}]}}`, string(uri.File(project))))
	s.waitResponse("1")
	s.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	s.send(`{"jsonrpc":"2.0","id":2,"method":"workspace/executeCommand","params":{"command":"skill-ls.previewSkill","arguments":[{"name":"pdf"}]}}`)
	s.send(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`)
	s.waitResponse("3")
	s.finish()
}
