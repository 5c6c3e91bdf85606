package session

// scheduler.go: when diagnostics run. A changed path is diagnosed at once
// (the fast path); the workspace-wide pass runs after a quiet delay (one
// that comes due while another runs waits for it to be out, then for a
// pause in the typing).
//
// The user comes first. This is all the machinery it takes, and the one
// place that says why; each piece holds a latency target of
// docs/performance.md (an edit's own diagnostics, a `/` completion while
// the startup pass runs):
//
//   - the edited file is diagnosed on its own, before and apart from the
//     pass, so an edit costs the same at any size;
//   - the pass waits for a quiet delay after the last change, and runs on
//     every processor but one (backgroundWorkers), so a request finds a
//     processor free; a newer set of views cancels it through its
//     context;
//   - its result is published a few files at a time, with the fast path
//     in between, and waits while a request or an edit is in flight, at
//     most maxYield at a time (urgent.go);
//   - a call's reply is encoded before the call stops counting as urgent
//     (handler.go, encodeReply), so the publishing does not take the
//     loop back while the reply is still being made.
//
// Nothing else steps aside: no thread priorities, no yields inside the
// rules, no polling of the client's unread bytes (docs/performance.md,
// "The server's scheduling", has the paired runs without them).

import (
	"context"
	"sync"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// scheduler diagnoses the views of one set. It knows the editor state only
// through state (a snapshot with the set's views) and the client only
// through a publisher.
type scheduler struct {
	ctx   context.Context // the set's
	delay time.Duration   // the quiet delay before a workspace-wide pass
	wg    *sync.WaitGroup
	pub   publisher
	state func() *Snapshot
	// beforePass runs when a workspace-wide pass comes due, with the
	// snapshot it reads (it points the watchers at the folders that open
	// files link into). Every change to an open skill file or the disk
	// makes a pass due; once per pass, not per fast path, since it stats
	// every link of every open file: an editor that opens thousands of
	// files would pay for all of them at each one.
	beforePass func(*Snapshot)
	kick       chan struct{}  // capacity 1: coalesced wake-ups of loop
	now        chan time.Time // closed: makes next return at once when no event is ready
	// urgent counts the marks waiting for the fast path (one piece of
	// urgent work for all of them) besides the requests.
	urgent *Urgent
	// early reports that the open skill files get their own diagnostics
	// before the discovery ends (the views the server starts with, or
	// that replaced them before their discovery ended).
	early bool
	// converted is publishFile's memory for the converted diagnostics,
	// reused from file to file (only loop's goroutine publishes files).
	converted []protocol.Diagnostic
	// textMem is the memory publishFile reads lean files into, reused
	// from file to file like converted.
	textMem []byte

	mu    sync.Mutex // guards the fields below
	dirty map[string]bool
	full  bool
	// closed are the chat buffers closed since the marks were last taken.
	// modify clears them at once, but the loop may be publishing them from
	// a state before the close: it clears them again once that is out.
	closed []uri.URI
	// marked reports that dirty holds marks counted as urgent work;
	// stopped that loop ended (marks count no more).
	marked, stopped bool
	// startup is the discovery's progress, which the first pass carries
	// on and ends (nil after it was taken, or without progress).
	startup *workProgress
	// whole are, per path, the diagnostics of the last workspace-wide pass
	// from rules that need every file (Rule.Whole): the fast path, which
	// leaves those rules out, publishes them along until the next pass.
	whole map[string][]diagnostics.Diagnostic
	// held are the last pass's paths whose findings an open buffer of
	// another path of their file shows (heldPaths): published empty.
	held map[string]string
	// lensesRefreshed is set after the first pass has asked the client to
	// refresh its code lenses (the views, and so the lenses' settings, are
	// new with each scheduler).
	lensesRefreshed bool
	// lensStates is what the code lenses of open skill files last depended
	// on besides their own text (see lensStates): when it changes, a pass
	// asks the client to refresh them.
	lensStates string
}

func newScheduler(ctx context.Context, settings Settings, wg *sync.WaitGroup, pub publisher, urg *Urgent, state func() *Snapshot, beforePass func(*Snapshot)) *scheduler {
	q := &scheduler{
		ctx: ctx, delay: settings.DiagnosticsDelay,
		wg: wg, pub: pub, urgent: urg, state: state, beforePass: beforePass,
		kick:  make(chan struct{}, 1),
		now:   make(chan time.Time),
		dirty: map[string]bool{},
	}
	close(q.now)
	return q
}

// mark schedules paths (skill files and chat buffers) for the fast path
// and, when full, a workspace-wide pass; it wakes the loop.
func (q *scheduler) mark(paths []string, full bool) {
	if len(paths) == 0 && !full {
		return
	}
	q.mu.Lock()
	for _, p := range paths {
		q.dirty[p] = true
	}
	q.full = q.full || full
	if len(paths) > 0 && !q.marked && !q.stopped {
		q.marked = true
		q.urgent.Begin()
	}
	q.mu.Unlock()
	q.wake()
}

// wake wakes the loop (a kick pending is enough).
func (q *scheduler) wake() {
	select {
	case q.kick <- struct{}{}:
	default:
	}
}

// take returns and resets the marks, and whether they were counted as
// urgent work (the caller ends it once they are published).
func (q *scheduler) take() (dirty map[string]bool, closed []uri.URI, full, marked bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	dirty, closed, full, marked = q.dirty, q.closed, q.full, q.marked
	q.dirty, q.closed, q.full, q.marked = map[string]bool{}, nil, false, false
	return dirty, closed, full, marked
}

// stop records that loop ended: the urgent work of pending marks is done,
// and a progress not handed to a pass ends.
func (q *scheduler) stop() {
	q.mu.Lock()
	q.stopped = true
	if q.marked {
		q.marked = false
		q.urgent.End()
	}
	startup := q.startup
	q.startup = nil
	q.mu.Unlock()
	if startup != nil {
		startup.end("cancelled")
	}
}

// handOver gives the scheduler the discovery's progress: the first pass
// reports its counts on it and ends it.
func (q *scheduler) handOver(prog workProgress) {
	q.mu.Lock()
	stopped := q.stopped
	if !stopped {
		q.startup = &prog
	}
	q.mu.Unlock()
	if stopped {
		prog.end("cancelled")
	}
}

// takeStartup returns the discovery's progress, once.
func (q *scheduler) takeStartup() *workProgress {
	q.mu.Lock()
	defer q.mu.Unlock()
	p := q.startup
	q.startup = nil
	return p
}

// loop is the scheduler's goroutine; it ends with the set's context.
func (q *scheduler) loop() {
	p := &passState{cancel: func() {}, done: make(chan passDone)}
	defer func() {
		p.cancel()
		if p.timer != nil {
			p.timer.Stop()
		}
		if p.publishing != nil {
			p.publishing.prog.cancelled()
		}
		if p.startup != nil {
			p.startup.end("cancelled")
		}
		q.stop()
	}()
	for {
		if p.publishing != nil {
			if q.ctx.Err() != nil {
				return
			}
			q.publishStep(p)
			continue
		}
		if !q.next(p, nil, nil) {
			return
		}
	}
}

// next waits for one event of the loop and handles it: a mark, the end of
// the quiet delay, a pass's result; or, when given, the end of urgent work
// (idle) or of the wait (until). It reports false when the set's context
// ended or until came first.
func (q *scheduler) next(p *passState, idle <-chan struct{}, until <-chan time.Time) bool {
	select {
	case <-q.ctx.Done():
		return false
	case <-q.kick:
		q.kicked(p)
	case <-p.due:
		q.startPass(p)
	case m := <-p.done:
		q.finished(p, m)
	case <-idle:
	case <-until:
		return false
	}
	return true
}

// publishStep publishes a few files of the pass being published unless
// another event is ready; while urgent work is in flight (a request), it
// waits for that instead, at most maxYield.
func (q *scheduler) publishStep(p *passState) {
	if idle := q.urgent.Holding(); idle != nil {
		t := time.NewTimer(maxYield)
		defer t.Stop()
		if !q.next(p, idle, t.C) && q.ctx.Err() == nil {
			q.urgent.waited()
		}
		return
	}
	if q.next(p, nil, q.now) {
		return // another event came first
	}
	if q.publishSome(p.publishing) {
		q.published(p)
	}
}

// kicked runs the fast path and arms the next pass when one is due.
func (q *scheduler) kicked(p *passState) {
	if q.fastPath() {
		p.arm(q.delay)
	}
}

// fastPath diagnoses the marked paths now and reports whether a
// workspace-wide pass is due. Before the initial discovery ends, only the
// open skill files' own diagnostics are published (see publishEarly): the
// end of the discovery marks everything.
func (q *scheduler) fastPath() (full bool) {
	dirty, closed, full, marked := q.take()
	if marked {
		defer q.urgent.End()
	}
	for _, u := range closed {
		q.pub.Clear(u) // after what the loop published before the close
	}
	st := q.state()
	if !st.Loaded {
		q.publishEarly(st, dirty)
		return false
	}
	q.publishPaths(st, dirty)
	return full
}

// markClosed schedules closed chat buffers to be cleared again (see
// scheduler.closed) and wakes the loop.
func (q *scheduler) markClosed(us []uri.URI) {
	if len(us) == 0 {
		return
	}
	q.mu.Lock()
	q.closed = append(q.closed, us...)
	q.mu.Unlock()
	q.wake()
}
