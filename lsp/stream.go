package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"go.lsp.dev/jsonrpc2"
)

// frameReader reads the raw body of the next frame (go.lsp.dev/jsonrpc2's
// header stream has this method).
type frameReader interface {
	ReadFrame(ctx context.Context) ([]byte, int64, error)
}

// tolerantStream is the LSP header stream, made to survive a well-framed
// message whose body is not a JSON-RPC message: the library's read loop
// would fail the whole connection, so this stream answers such a body with
// a parse error (-32700, or -32600 for JSON that is not a message) and
// reads on. A header it cannot read ends the connection with
// [ErrBrokenHeader], since the next frame cannot be found.
type tolerantStream struct {
	jsonrpc2.Stream // writes and closes
	frames          frameReader
	logger          *slog.Logger
	load            *inflight // the calls and writes under way (backpressure.go)
}

// ErrBrokenHeader is what [Serve] returns (wrapped) when the client sent
// a header the stream cannot read: it cannot find the next frame, so the
// session ends.
var ErrBrokenHeader = errors.New("the client sent a message header skill-ls cannot read, so it cannot find the next message")

// newTolerantStream wraps the LSP header stream over rwc.
func newTolerantStream(rwc io.ReadWriteCloser, logger *slog.Logger, load *inflight) jsonrpc2.Stream {
	inner := jsonrpc2.NewStream(rwc)
	frames, ok := inner.(frameReader)
	if !ok {
		return inner
	}
	return &tolerantStream{Stream: inner, frames: frames, logger: logger, load: load}
}

// Read returns the next message, answering bodies that are not messages.
// It waits first while maxUnanswered calls and writes are under way.
func (s *tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := s.load.below(ctx, maxUnanswered); err != nil {
			return nil, 0, err
		}
		body, n, err := s.frames.ReadFrame(ctx)
		if err != nil {
			if errors.Is(err, jsonrpc2.ErrInvalidHeader) {
				return nil, 0, fmt.Errorf("%w (%v)", ErrBrokenHeader, err)
			}
			return nil, 0, err
		}
		msg, err := jsonrpc2.DecodeMessage(body)
		if err == nil {
			return msg, n, nil
		}
		s.answerBadBody(ctx, body, err)
	}
}

// answerBadBody replies to a body that is not a message: -32700 when it is
// not JSON, else -32600, with its id when one can be read (else null).
func (s *tolerantStream) answerBadBody(ctx context.Context, body []byte, err error) {
	code, what := jsonrpc2.ParseError, "the message body is not valid JSON"
	var id jsonrpc2.ID
	if json.Valid(body) {
		code, what = jsonrpc2.InvalidRequest, "the message is not a JSON-RPC request, notification or response"
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(body, &probe) == nil {
			var num int64
			var str string
			switch {
			case json.Unmarshal(probe.ID, &num) == nil:
				id = jsonrpc2.NewNumberID(num)
			case json.Unmarshal(probe.ID, &str) == nil:
				id = jsonrpc2.NewStringID(str)
			}
		}
	}
	s.logger.Warn("ignored a malformed message from the client", "problem", what, "err", err, "bytes", len(body))
	if _, werr := s.Write(ctx, jsonrpc2.NewResponse(id, nil, jsonrpc2.NewError(code, what))); werr != nil {
		s.logger.Debug("could not answer a malformed message", "err", werr)
	}
}
