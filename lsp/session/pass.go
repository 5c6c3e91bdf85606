package session

// pass.go: the life of the workspace-wide pass. The scheduler's loop arms
// it after a quiet delay, runs it on bounded workers, publishes its result
// and arms the next one that came due meanwhile.

import (
	"context"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
)

// passState is the loop's bookkeeping of the workspace-wide pass.
type passState struct {
	timer  *time.Timer
	due    <-chan time.Time // the timer's channel while armed, else nil
	cancel context.CancelFunc
	done   chan passDone
	// startup is the discovery's progress while the first pass has not
	// published.
	startup *workProgress
	// publishing is the finished pass being published; nil when none.
	publishing *publishing
	// running reports a pass computing; armedAt is when the quiet delay
	// was armed while none was (see arm); checked that a pass published;
	// pending that a pass came due while another ran or published: it
	// starts when that one is out.
	running, checked, pending bool
	armedAt                   time.Time
}

// maxPassWait bounds how long edits that keep coming postpone the first
// workspace-wide pass: a user who types from the moment the editor opens
// gets the cross-file diagnostics within about a second of the
// discovery's end, not at the first pause. Later passes wait for a pause
// in the typing (the fast path keeps the edited file's diagnostics
// fresh), so typing never keeps a pass over every file running.
const maxPassWait = time.Second

type passDone struct {
	r    passResult
	prog *passProgress
}

// arm (re)starts the quiet delay before the next pass; until a pass has
// published, while none runs, the pass is due at most maxPassWait after
// the delay was first armed.
func (p *passState) arm(delay time.Duration) {
	now := time.Now()
	if !p.running && !p.checked {
		if p.due == nil || p.armedAt.IsZero() {
			p.armedAt = now
		}
		delay = max(0, min(delay, p.armedAt.Add(maxPassWait).Sub(now)))
	}
	if p.timer == nil {
		p.timer = time.NewTimer(delay)
	} else {
		p.timer.Reset(delay)
	}
	p.due = p.timer.C
}

// startPass runs a workspace-wide pass over the current views in its own
// goroutine, on backgroundWorkers workers. While another pass runs or is
// being published, the new one waits for it to be out (pending).
func (q *scheduler) startPass(p *passState) {
	p.due, p.armedAt = nil, time.Time{}
	st := q.state()
	q.beforePass(st)
	if p.running || p.publishing != nil {
		// Let it finish: restarting a pass whenever the user pauses
		// could keep a long one from ever publishing. The edited files
		// keep their fast-path diagnostics.
		p.pending = true
		return
	}
	p.running, p.pending = true, false
	p.cancel()
	ctx, cancel := context.WithCancel(q.ctx)
	p.cancel = cancel
	if s := q.takeStartup(); s != nil {
		p.startup = s
	}
	done := p.done
	views := st.views
	prog := newPassProgress(ctx, q.pub, views, p.startup)
	pace := diagnostics.Pace{Workers: backgroundWorkers(), Checked: prog.checked}
	q.wg.Go(func() {
		r := runPass(ctx, withPluginManifests(withEvalFiles(st, views)), pace)
		if ctx.Err() != nil {
			prog.cancelled()
			return
		}
		r.held = heldPaths(st, r.paths)
		select {
		case done <- passDone{r, prog}:
		case <-ctx.Done():
			prog.cancelled()
		}
	})
}

// finished starts publishing the result of the pass, and points the
// watchers at the folders it read besides the roots (withHostFiles).
func (q *scheduler) finished(p *passState, m passDone) {
	p.running = false
	q.beforePass(q.state())
	p.publishing = q.startPublishing(m.r, m.prog)
}

// published ends the pass's progress once its result is out.
func (q *scheduler) published(p *passState) {
	p.publishing.prog.end()
	p.publishing, p.checked = nil, true
	p.startup = nil // ended with the pass's progress
	if p.pending {
		// The pass that came due meanwhile waits for a pause in the
		// typing, as any later pass does: started at once, it would run
		// another whole pass under a user still typing.
		p.pending = false
		p.arm(q.delay)
	}
}
