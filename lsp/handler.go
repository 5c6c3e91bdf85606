package lsp

// handler.go: the replacement for go.lsp.dev's stock handler chain
// (protocol.Handlers); see docs/server.md, Handler chain.

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"runtime/trace"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// handler routes every incoming message: calls run async (cancellable,
// panic-safe, never error code 0); notifications run inline in wire order
// and their errors are logged and dropped (a notification error would
// otherwise fail the connection); $/cancelRequest is handled inline;
// non-standard methods go straight to custom with their raw params (nil
// when absent).
type handler struct {
	s      *server
	logger *slog.Logger
	custom func(ctx context.Context, method string, params any) (any, error)
	std    map[string]bool  // the standard client→server methods
	decode jsonrpc2.Handler // protocol.ServerHandler: decodes and calls s
	calls  jsonrpc2.Handler // call, behind jsonrpc2.CancelHandler
	cancel func(id jsonrpc2.ID)
}

func newHandler(s *server, logger *slog.Logger, custom func(ctx context.Context, method string, params any) (any, error)) jsonrpc2.Handler {
	h := &handler{s: s, logger: logger, custom: custom, std: map[string]bool{}}
	for _, m := range protocol.Methods {
		if m.Direction != "serverToClient" {
			h.std[m.Method] = true
		}
	}
	h.decode = protocol.ServerHandler(s, nil) // the 2nd arg is unused by v1.0.1
	h.calls, h.cancel = jsonrpc2.CancelHandler(h.call)
	return h.handle
}

// handle is the connection's handler.
func (h *handler) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	if trace.IsEnabled() { // a region per message for go tool trace (docs/performance.md)
		defer trace.StartRegion(ctx, strings.Clone(req.Method())).End()
	}
	if req.IsCall() {
		return h.calls(ctx, req)
	}
	if req.Method() == protocol.MethodCancelRequest { // inline, so it overtakes nothing
		h.cancelRequest(req)
		return nil, nil
	}
	h.s.sess.Urgent.Begin() // an edit: the workspace-wide pass steps aside while it is applied
	defer h.s.sess.Urgent.End()
	if _, err := h.safe(ctx, req); err != nil {
		h.logger.Warn("notification failed", "method", req.Method(), "err", err)
	}
	return nil, nil // never fail the connection for a notification
}

// cancelRequest cancels the call named by a $/cancelRequest.
func (h *handler) cancelRequest(req *jsonrpc2.Request) {
	var p protocol.CancelParams
	if protocol.Unmarshal(req.Params(), &p) != nil {
		return
	}
	switch id := p.ID.(type) {
	case protocol.Integer:
		h.cancel(jsonrpc2.NewNumberID(int64(id)))
	case protocol.String:
		h.cancel(jsonrpc2.NewStringID(string(id)))
	}
}

// call runs one call off the read loop and maps its error to a proper code.
// It starts once fewer than maxUnanswered calls and writes are under way:
// it runs on the read loop (or a batch's dispatch loop) until Async, so
// waiting here stops reading (backpressure.go).
func (h *handler) call(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	if err := h.s.calls.below(ctx, maxUnanswered); err != nil {
		return nil, protocol.ErrRequestCancelled
	}
	h.s.calls.add(1)
	defer h.s.calls.add(-1)
	h.s.sess.Urgent.Begin() // the workspace-wide pass steps aside
	defer h.s.sess.Urgent.End()
	jsonrpc2.Async(ctx) // free the read loop; later messages are read while this call runs
	res, err := h.safe(ctx, req)
	if err == nil {
		return encodeReply(res)
	}
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return nil, protocol.ErrRequestCancelled // -32800, not code 0
	}
	var we *jsonrpc2.Error
	if !errors.As(err, &we) || we.Code == 0 {
		return nil, jsonrpc2.NewError(jsonrpc2.InternalError, err.Error()) // not code 0
	}
	return nil, err
}

// encodeReply encodes a call's result while the call still counts as
// urgent work: encoded after it, by the connection, the reply to a
// keystroke raced the publishing of the workspace-wide pass, and a
// 100-item completion list took 3 to 4 ms to leave instead of a tenth of
// that. The connection passes the encoded bytes through (lspCodec).
func encodeReply(res any) (any, error) {
	if res == nil {
		return nil, nil
	}
	b, err := lspCodec{}.Marshal(res)
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InternalError, "encoding the result: "+err.Error())
	}
	return jsonrpc2.RawMessage(b), nil
}

// safe dispatches req, turning a panic into an InternalError.
func (h *handler) safe(ctx context.Context, req *jsonrpc2.Request) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			h.logger.Error("panic in handler", "method", req.Method(), "panic", r, "stack", string(debug.Stack()))
			res, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error: %v", r)
		}
	}()
	return h.dispatch(ctx, req)
}

// dispatch checks the lifecycle and runs the method.
func (h *handler) dispatch(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	method := req.Method()
	if err := h.s.gate(method, req.IsCall()); err != nil {
		return nil, err
	}
	if !h.std[method] { // custom method: raw params (nil when absent), no -32700
		var params protocol.LSPAny
		if p := req.Params(); len(p) > 0 {
			params = protocol.LSPAny(bytes.Clone(p))
		}
		return h.custom(ctx, strings.Clone(method), params)
	}
	if method == protocol.MethodInitialized && len(bytes.TrimSpace(req.Params())) == 0 {
		// Some clients omit the params of initialized; the generated
		// decoder rejects absent params.
		return nil, h.s.Initialized(ctx, &protocol.InitializedParams{})
	}
	if h.s.isForeignRequest(method, req.Params()) {
		return nil, nil // Markdown that is neither a skill file nor a chat buffer
	}
	res, err := h.decode(ctx, req)
	if errors.Is(err, jsonrpc2.ErrParse) { // the envelope parsed: it's the param shape
		err = jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return res, err
}
