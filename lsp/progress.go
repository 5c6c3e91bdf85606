package lsp

// progress.go: work-done progress ($/progress) for the initial discovery.

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
)

// progress is one running work-done progress. The zero value (the client
// does not support progress) does nothing.
type progress struct {
	client protocol.Client
	ctx    context.Context
	token  protocol.ProgressToken // nil: nothing to report to
}

// beginProgress implements [publisher]: it creates a token and sends the
// begin notification when the client supports work-done progress.
func (o *outbox) beginProgress(ctx context.Context, title, message string) progress {
	o.mu.Lock()
	w := o.caps.Window
	ok := w != nil && w.WorkDoneProgress != nil && *w.WorkDoneProgress
	o.progressSeq++
	token := protocol.String(fmt.Sprintf("skill-ls/discovery/%d", o.progressSeq))
	o.mu.Unlock()
	if !ok {
		return progress{}
	}
	if err := o.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil {
		o.logger.Debug("workDoneProgress/create failed", "err", err)
		return progress{}
	}
	p := progress{client: o.client, ctx: ctx, token: token}
	p.send(protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Message: ptr(message), Percentage: ptr(uint32(0))})
	return p
}

// report tells how far the work is.
func (p progress) report(msg string, pct uint32) {
	p.send(protocol.WorkDoneProgressReport{Kind: "report", Message: ptr(msg), Percentage: ptr(pct)})
}

// end ends the progress with a last message, even when its context is done.
func (p progress) end(msg string) {
	if p.token == nil {
		return
	}
	p.ctx = context.WithoutCancel(p.ctx)
	p.send(protocol.WorkDoneProgressEnd{Kind: "end", Message: ptr(msg)})
}

func (p progress) send(value any) {
	if p.token == nil {
		return
	}
	p.client.Progress(p.ctx, &protocol.ProgressParams{Token: p.token, Value: mustAny(value)})
}
