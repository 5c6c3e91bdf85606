package lsp

// scheduler.go: when diagnostics run. A changed path is diagnosed at once
// (the fast path); the workspace-wide pass runs after a quiet delay,
// cancelling an older pass.

import (
	"context"
	"sync"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
)

// scheduler diagnoses the views of one set. It knows the editor state only
// through state (a snapshot with the set's views) and the client only
// through a publisher.
type scheduler struct {
	ctx   context.Context // the set's
	delay time.Duration   // the quiet delay before a workspace-wide pass
	wg    *sync.WaitGroup
	pub   publisher
	state func() *snapshot
	// afterFastPath runs after each fast path with its snapshot (it points
	// the watchers at the folders that open files link into).
	afterFastPath func(*snapshot)
	kick          chan struct{} // capacity 1: coalesced wake-ups of loop

	mu    sync.Mutex // guards the fields below
	dirty map[string]bool
	full  bool
	// whole are, per path, the diagnostics of the last workspace-wide pass
	// from rules that need every file (Rule.Whole): the fast path, which
	// leaves those rules out, publishes them along until the next pass.
	whole map[string][]diagnostics.Diagnostic
	// lensesRefreshed is set after the first pass has asked the client to
	// refresh its code lenses (the views, and so the lenses' settings, are
	// new with each scheduler).
	lensesRefreshed bool
}

func newScheduler(ctx context.Context, settings Settings, wg *sync.WaitGroup, pub publisher, state func() *snapshot, afterFastPath func(*snapshot)) *scheduler {
	return &scheduler{
		ctx: ctx, delay: settings.DiagnosticsDelay,
		wg: wg, pub: pub, state: state, afterFastPath: afterFastPath,
		kick:  make(chan struct{}, 1),
		dirty: map[string]bool{},
	}
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
	q.mu.Unlock()
	select {
	case q.kick <- struct{}{}:
	default:
	}
}

// take returns and resets the marks.
func (q *scheduler) take() (dirty map[string]bool, full bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	dirty, full = q.dirty, q.full
	q.dirty, q.full = map[string]bool{}, false
	return dirty, full
}

// passState is the loop's bookkeeping of the workspace-wide pass.
type passState struct {
	timer  *time.Timer
	due    <-chan time.Time // the timer's channel while armed, else nil
	cancel context.CancelFunc
	seq    int // numbers passes: only the latest one publishes
	done   chan passDone
}

type passDone struct {
	seq int
	r   passResult
}

// loop is the scheduler's goroutine; it ends with the set's context.
func (q *scheduler) loop() {
	p := &passState{cancel: func() {}, done: make(chan passDone)}
	defer func() {
		p.cancel()
		if p.timer != nil {
			p.timer.Stop()
		}
	}()
	for {
		select {
		case <-q.ctx.Done():
			return
		case <-q.kick:
			if q.fastPath() {
				p.arm(q.delay)
			}
		case <-p.due:
			q.startPass(p)
		case m := <-p.done:
			if m.seq == p.seq {
				q.publishPass(q.state(), m.r)
			}
		}
	}
}

// fastPath diagnoses the marked paths now and reports whether a
// workspace-wide pass is due. Before the initial discovery ends, marks are
// dropped: the end of the discovery marks everything.
func (q *scheduler) fastPath() (full bool) {
	dirty, full := q.take()
	st := q.state()
	if !st.loaded {
		return false
	}
	q.publishPaths(st, dirty)
	q.afterFastPath(st)
	return full
}

// arm (re)starts the quiet delay before the next pass.
func (p *passState) arm(delay time.Duration) {
	if p.timer == nil {
		p.timer = time.NewTimer(delay)
	} else {
		p.timer.Reset(delay)
	}
	p.due = p.timer.C
}

// startPass runs a workspace-wide pass over the current views in its own
// goroutine; a newer pass cancels it.
func (q *scheduler) startPass(p *passState) {
	p.due = nil
	p.cancel()
	ctx, cancel := context.WithCancel(q.ctx)
	p.cancel = cancel
	p.seq++
	seq, done := p.seq, p.done
	views := q.state().views
	q.wg.Go(func() {
		r := runPass(ctx, views)
		if ctx.Err() != nil {
			return
		}
		select {
		case done <- passDone{seq, r}:
		case <-ctx.Done():
		}
	})
}
