package session

// urgent.go: the user first. Requests and the edited file's diagnostics
// are urgent; the publishing of a workspace-wide pass steps aside for them.

import (
	"runtime"
	"sync"
	"time"
)

// maxYield bounds one wait of background work for urgent work. After a
// wait that long, background work runs as long without waiting, so that a
// stream of requests (or one that never ends) slows it down by half at
// worst instead of stopping it.
const maxYield = 20 * time.Millisecond

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
}

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
	u.freeUntil = time.Now().Add(maxYield)
}

// backgroundWorkers is how many goroutines the workspace-wide pass checks
// files on: every processor but one, which stays free for the user's
// requests and keystrokes (one on a single processor). This bound is what
// keeps a request from waiting for the pass.
func backgroundWorkers() int {
	return max(1, runtime.GOMAXPROCS(0)-1)
}
