package lsp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"

	"go.lsp.dev/protocol"
)

// logQueue carries window/logMessage notifications to the client in order,
// without ever blocking the logger: one goroutine drains a buffered channel;
// when the buffer is full, messages are dropped and counted (gopls LogEvent).
type logQueue struct {
	client  protocol.Client
	ch      chan protocol.LogMessageParams
	dropped atomic.Int64
}

const logQueueSize = 256

func newLogQueue(client protocol.Client) *logQueue {
	return &logQueue{client: client, ch: make(chan protocol.LogMessageParams, logQueueSize)}
}

// enqueue never blocks.
func (q *logQueue) enqueue(p protocol.LogMessageParams) {
	select {
	case q.ch <- p:
	default:
		q.dropped.Add(1)
	}
}

// run sends queued messages until ctx is done.
func (q *logQueue) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case p := <-q.ch:
			if n := q.dropped.Swap(0); n > 0 {
				q.client.LogMessage(ctx, &protocol.LogMessageParams{Type: protocol.MessageTypeWarning, Message: fmt.Sprintf("skill-ls: %d log messages dropped", n)})
			}
			q.client.LogMessage(ctx, &p)
		}
	}
}

// teeHandler is a slog.Handler that passes every record to base and mirrors
// records at or above level to the client through q.
type teeHandler struct {
	base   slog.Handler
	q      *logQueue
	level  slog.Leveler
	prefix string // pre-formatted attrs from WithAttrs, " k=v k=v"
	group  string // dotted group prefix for later attrs
}

func newTeeHandler(base slog.Handler, q *logQueue, level slog.Leveler) *teeHandler {
	return &teeHandler{base: base, q: q, level: level}
}

// Enabled reports whether the level is logged.
func (h *teeHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level.Level() || h.base.Enabled(ctx, l)
}

// Handle writes the record and mirrors it to window/logMessage when severe enough.
func (h *teeHandler) Handle(ctx context.Context, r slog.Record) error {
	var err error
	if h.base.Enabled(ctx, r.Level) {
		err = h.base.Handle(ctx, r)
	}
	if r.Level >= h.level.Level() {
		var b strings.Builder
		b.WriteString(r.Message)
		b.WriteString(h.prefix)
		r.Attrs(func(a slog.Attr) bool {
			appendAttr(&b, h.group, a)
			return true
		})
		h.q.enqueue(protocol.LogMessageParams{Type: messageType(r.Level), Message: b.String()})
	}
	return err
}

// WithAttrs returns the handler with attributes added.
func (h *teeHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	var b strings.Builder
	b.WriteString(h.prefix)
	for _, a := range attrs {
		appendAttr(&b, h.group, a)
	}
	return &teeHandler{base: h.base.WithAttrs(attrs), q: h.q, level: h.level, prefix: b.String(), group: h.group}
}

// WithGroup returns the handler with a group opened.
func (h *teeHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	return &teeHandler{base: h.base.WithGroup(name), q: h.q, level: h.level, prefix: h.prefix, group: h.group + name + "."}
}

func appendAttr(b *strings.Builder, group string, a slog.Attr) {
	a.Value = a.Value.Resolve()
	if a.Equal(slog.Attr{}) {
		return
	}
	if a.Value.Kind() == slog.KindGroup {
		g := group
		if a.Key != "" {
			g += a.Key + "."
		}
		for _, ga := range a.Value.Group() {
			appendAttr(b, g, ga)
		}
		return
	}
	fmt.Fprintf(b, " %s%s=%v", group, a.Key, a.Value.Any())
}

func messageType(l slog.Level) protocol.MessageType {
	switch {
	case l >= slog.LevelError:
		return protocol.MessageTypeError
	case l >= slog.LevelWarn:
		return protocol.MessageTypeWarning
	case l >= slog.LevelInfo:
		return protocol.MessageTypeInfo
	}
	return protocol.MessageTypeLog
}
