package session

// urgent.go: the user first. Requests and the edited file's diagnostics
// are urgent; the workspace-wide pass steps aside for them between files.

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// MaxYield bounds one wait of background work for urgent work. After a
// wait that long, background work runs as long without waiting, so that a
// stream of requests (or one that never ends) slows it down by half at
// worst instead of stopping it.
const MaxYield = 20 * time.Millisecond

// Urgent counts the interactive work in flight: requests being answered,
// notifications (edits) being applied, and edits whose own diagnostics
// are not published yet. The zero value is ready; a nil *urgent counts
// nothing and never waits.
type Urgent struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to 0; nil while n == 0
	// freeUntil is when background work waits again after a wait that
	// ran out (see maxYield).
	freeUntil time.Time
	// lastGosched is when background work last let ready goroutines run
	// (unix nanoseconds); see yield.
	lastGosched atomic.Int64
}

// goschedEvery is how often, at most, background work that has nothing to
// wait for lets the goroutines that are ready run first (see yield).
const goschedEvery = time.Millisecond

// Begin records one piece of urgent work; end, called once for each
// begin, records that it is done.
func (u *Urgent) Begin() {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.n++
	if u.idle == nil {
		u.idle = make(chan struct{})
	}
}

func (u *Urgent) End() {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.n--
	if u.n == 0 {
		close(u.idle)
		u.idle = nil
	}
}

// Yield is where background work steps aside: it returns at once when no
// urgent work is in flight, else when the urgent work is done, ctx ends or
// maxYield passes.
func (u *Urgent) Yield(ctx context.Context) {
	idle := u.Holding()
	if idle == nil {
		// Every millisecond or so, between two files, let a goroutine
		// that is ready run first: the read loop that has a request to
		// hand over, a reply being written. Go preempts a busy goroutine
		// only after 10 ms, and the work that would mark itself urgent
		// cannot run to do so while the background holds every
		// processor it could use. Not at every file: the background
		// goroutine is locked to its thread (backgroundThread), and each
		// Gosched hands its processor to another thread and back.
		if u == nil {
			runtime.Gosched()
			return
		}
		now := time.Now().UnixNano()
		if now-u.lastGosched.Load() >= int64(goschedEvery) {
			u.lastGosched.Store(now)
			runtime.Gosched()
		}
		return
	}
	t := time.NewTimer(MaxYield)
	defer t.Stop()
	select {
	case <-idle:
		// Let the goroutines the urgent work woke (its reply, its
		// publish) run before the background work takes the processor
		// back.
		runtime.Gosched()
	case <-ctx.Done():
	case <-t.C:
		u.waited()
	}
}

// Holding returns, while urgent work is in flight, a channel closed when
// it is done; nil when there is none, or while background work runs
// without waiting (see maxYield).
func (u *Urgent) Holding() <-chan struct{} {
	if u == nil {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.idle == nil || time.Now().Before(u.freeUntil) {
		return nil
	}
	return u.idle
}

// waited records that background work waited maxYield for urgent work: it
// runs as long without waiting.
func (u *Urgent) waited() {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.freeUntil = time.Now().Add(MaxYield)
}

// backgroundWorkers is how many goroutines the workspace-wide pass checks
// files on: every processor but one, which stays free for the user's
// requests and keystrokes (one on a single processor).
func backgroundWorkers() int {
	return max(1, runtime.GOMAXPROCS(0)-1)
}
