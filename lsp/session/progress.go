package session

// progress.go: work-done progress ($/progress) for the initial discovery
// and the workspace-wide passes.

import (
	"context"
	"fmt"
	"sync"
	"time"

	"go.lsp.dev/protocol"
)

// workProgress is one running work-done progress. The zero value (the client
// does not support progress) does nothing.
type workProgress struct {
	client protocol.Client
	ctx    context.Context
	token  protocol.ProgressToken // nil: nothing to report to
}

// BeginProgress implements [publisher]: it creates a token and sends the
// begin notification when the client supports work-done progress.
func (o *Outbox) BeginProgress(ctx context.Context, title, message string) workProgress {
	o.mu.Lock()
	w := o.caps.Window
	ok := w != nil && w.WorkDoneProgress != nil && *w.WorkDoneProgress
	o.progressSeq++
	token := protocol.String(fmt.Sprintf("skill-ls/discovery/%d", o.progressSeq))
	o.mu.Unlock()
	if !ok {
		return workProgress{}
	}
	if err := o.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil {
		o.logger.Debug("workDoneProgress/create failed", "err", err)
		return workProgress{}
	}
	p := workProgress{client: o.client, ctx: ctx, token: token}
	p.send(protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Message: new(message), Percentage: new(uint32(0))})
	return p
}

// report tells how far the work is.
func (p workProgress) report(msg string, pct uint32) {
	p.send(protocol.WorkDoneProgressReport{Kind: "report", Message: new(msg), Percentage: new(pct)})
}

// end ends the progress with a last message, even when its context is done.
func (p workProgress) end(msg string) {
	if p.token == nil {
		return
	}
	p.ctx = context.WithoutCancel(p.ctx)
	p.send(protocol.WorkDoneProgressEnd{Kind: "end", Message: new(msg)})
}

func (p workProgress) send(value any) {
	if p.token == nil {
		return
	}
	p.client.Progress(p.ctx, &protocol.ProgressParams{Token: p.token, Value: MustAny(value)})
}

// The progress of a workspace-wide pass.
const (
	// lateProgressAfter is how long a pass other than the first runs
	// before it reports progress: short passes stay quiet.
	lateProgressAfter = time.Second
	// progressEvery spaces a pass's reports.
	progressEvery = 200 * time.Millisecond
)

// passProgress reports how many files a workspace-wide pass has checked
// ("1200/10000 files"): on the discovery's progress for the first pass
// (from its start), on a progress of its own for a pass that runs longer
// than lateProgressAfter.
type passProgress struct {
	ctx     context.Context // the pass's
	pub     publisher
	total   int
	start   time.Time
	startup bool // prog is the discovery's, which a cancelled pass leaves to the next

	mu    sync.Mutex    // guards the fields below
	prog  *workProgress // nil until begun
	done  int           // files checked
	last  time.Time     // of the last report
	ended bool
}

func newPassProgress(ctx context.Context, pub publisher, views []viewSnapshot, startup *workProgress) *passProgress {
	pp := &passProgress{ctx: ctx, pub: pub, start: time.Now(), prog: startup, startup: startup != nil}
	for _, v := range views {
		pp.total += v.skills.FileCount()
	}
	if startup != nil {
		pp.reportLocked(pp.start)
	}
	return pp
}

// checked counts one checked file (diagnostics.Pace.Checked); it may
// begin the progress, which awaits the client.
func (pp *passProgress) checked() {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	pp.done++
	if pp.ctx.Err() != nil {
		return // a newer pass reports now
	}
	now := time.Now()
	if pp.prog == nil {
		if pp.ended || now.Sub(pp.start) < lateProgressAfter {
			return
		}
		prog := pp.pub.BeginProgress(pp.ctx, "skill-ls", "Checking skills")
		pp.prog = &prog
	}
	if now.Sub(pp.last) >= progressEvery || pp.done == pp.total {
		pp.reportLocked(now)
	}
}

func (pp *passProgress) reportLocked(now time.Time) {
	pp.last = now
	pct := uint32(100)
	if pp.total > 0 {
		pct = uint32(100 * pp.done / pp.total)
	}
	pp.prog.report(fmt.Sprintf("checking %d/%d files", pp.done, pp.total), pct)
}

// end ends the progress once the pass's result is published.
func (pp *passProgress) end() {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.prog != nil && !pp.ended {
		pp.prog.end(fmt.Sprintf("%d skill files checked", pp.total))
	}
	pp.ended = true
}

// cancelled ends the progress of a pass that will not publish, unless it
// is the discovery's, which the next pass carries on.
func (pp *passProgress) cancelled() {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.prog != nil && !pp.startup && !pp.ended {
		pp.prog.end("cancelled")
	}
	pp.ended = true
}
