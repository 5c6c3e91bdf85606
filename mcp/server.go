package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Options are a server's identity, tools and resources.
type Options struct {
	Name, Title, Version string
	Instructions         string
	Logger               *slog.Logger
	Tools                []*Tool
	Resources            Resources
	// Extensions are the extensions the server declares
	// (capabilities.extensions), by identifier, with their settings.
	Extensions map[string]any
	// Methods are the extensions' methods, by name: a method's params in,
	// its result out; an error is the request's (InvalidParams: -32602).
	Methods map[string]func(ctx context.Context, params json.RawMessage) (any, error)
}

// protocolVersions are the revisions the server speaks, newest first: a
// client asking for one of them gets it, any other the newest.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// maxMessage bounds one message (a line) the client sends.
const maxMessage = 16 << 20

// errSessionOver stops the writes once the client's stream ended.
var errSessionOver = errors.New("the client closed the session")

// server is one session: the client at the other end of the stream.
type server struct {
	opts  Options
	tools map[string]*Tool
	// schemas are the tools' input schemas, resolved, by tool name.
	schemas map[string]*jsonschema.Resolved
	out     io.Writer
	wmu     sync.Mutex // one message written at a time
	wrote   error      // the first write error: the client is gone
	mu      sync.Mutex
	calls   map[any]context.CancelFunc // the requests running, by ID
}

// Serve speaks MCP on r and w until r ends or ctx is done. A client that
// goes away (r ends, or w refuses a write) ends it cleanly: the requests
// running are cancelled and waited for, and Serve returns nil.
func Serve(ctx context.Context, r io.Reader, w io.Writer, opts Options) error {
	s, err := newServer(w, opts)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // before the wait: the calls stop
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxMessage)
	for sc.Scan() && ctx.Err() == nil {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		msg, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			s.reply(jsonrpc.ID{}, nil, &jsonrpc.Error{Code: jsonrpc.CodeParseError, Message: err.Error()})
			continue
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok {
			continue // a response: the server sends no request
		}
		if !req.IsCall() {
			s.notified(req)
			continue
		}
		cctx, ccancel := context.WithCancel(ctx)
		s.mu.Lock()
		s.calls[req.ID.Raw()] = ccancel
		s.mu.Unlock()
		wg.Go(func() {
			defer s.done(req.ID)
			res, err := s.handle(cctx, req)
			s.reply(req.ID, res, err)
		})
		if s.gone() {
			break
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.ErrClosedPipe) {
		opts.Logger.Warn("reading the client's messages", "error", err)
	}
	// The client closed its end: the session is over, the calls running
	// are cancelled and their answers, which nobody reads, not written.
	s.wmu.Lock()
	if s.wrote == nil {
		s.wrote = errSessionOver
	}
	s.wmu.Unlock()
	return ctx.Err()
}

// newServer is the session of opts writing to w, each tool's schema
// resolved for the validation of its calls.
func newServer(w io.Writer, opts Options) (*server, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := &server{opts: opts, tools: map[string]*Tool{}, schemas: map[string]*jsonschema.Resolved{}, out: w, calls: map[any]context.CancelFunc{}}
	for _, t := range opts.Tools {
		rs, err := t.InputSchema.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", t.Name, err)
		}
		s.tools[t.Name], s.schemas[t.Name] = t, rs
	}
	return s, nil
}

// done forgets a finished request.
func (s *server) done(id jsonrpc.ID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.calls[id.Raw()]; c != nil {
		c()
		delete(s.calls, id.Raw())
	}
}

// notified handles a notification: notifications/cancelled stops a
// request; the others need nothing.
func (s *server) notified(req *jsonrpc.Request) {
	if req.Method != "notifications/cancelled" {
		return
	}
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(req.Params, &p) != nil {
		return
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.calls[id.Raw()]; c != nil {
		c()
	}
}

// gone reports whether a write failed: the client no longer reads.
func (s *server) gone() bool {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.wrote != nil
}

// reply writes the response to a request (id invalid: to a message that
// could not be read).
func (s *server) reply(id jsonrpc.ID, result any, rerr error) {
	resp := &jsonrpc.Response{ID: id}
	if rerr != nil {
		var we *jsonrpc.Error
		if !errors.As(rerr, &we) {
			we = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: rerr.Error()}
		}
		resp.Error = we
	} else {
		b, err := json.Marshal(result)
		if err != nil {
			resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "encoding the result: " + err.Error()}
		} else {
			resp.Result = b
		}
	}
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		s.opts.Logger.Error("encoding a response", "error", err)
		return
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if s.wrote != nil {
		return
	}
	if _, err := s.out.Write(append(data, '\n')); err != nil {
		s.wrote = err
		s.opts.Logger.Info("the client no longer reads", "error", err)
	}
}

// handle runs one request; a panic is the request's error, logged with
// its stack, as the language server does: one skill that trips the
// engine must not take the agent's server with it.
func (s *server) handle(ctx context.Context, req *jsonrpc.Request) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.opts.Logger.Error("panic in handler", "method", req.Method, "panic", r, "stack", string(debug.Stack()))
			res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	s.opts.Logger.Info("request", "method", req.Method)
	switch req.Method {
	case "initialize":
		return s.initialize(req.Params)
	case "ping":
		return struct{}{}, nil
	case "tools/list":
		return s.listTools(), nil
	case "tools/call":
		return s.callTool(ctx, req.Params)
	case "resources/list":
		return s.listResources(ctx), nil
	case "resources/templates/list":
		return s.listTemplates(), nil
	case "resources/read":
		return s.readResource(ctx, req.Params)
	}
	if m := s.opts.Methods[req.Method]; m != nil {
		return m(ctx, req.Params)
	}
	return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("method %q not found", req.Method)}
}

// InvalidParams is the error of a request whose params are wrong (-32602).
func InvalidParams(format string, args ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, args...)}
}

func (s *server) initialize(params json.RawMessage) (any, error) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, InvalidParams("initialize: %v", err)
	}
	version := protocolVersions[0]
	if slices.Contains(protocolVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	caps := map[string]any{"tools": map[string]any{}}
	if s.opts.Resources != nil {
		caps["resources"] = map[string]any{}
	}
	if len(s.opts.Extensions) > 0 {
		caps["extensions"] = s.opts.Extensions
	}
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    caps,
		"serverInfo":      map[string]string{"name": s.opts.Name, "title": s.opts.Title, "version": s.opts.Version},
		"instructions":    s.opts.Instructions,
	}, nil
}
