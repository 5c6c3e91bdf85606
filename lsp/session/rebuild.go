package session

// rebuild.go: view sets are built on the session's own goroutine. Building
// one reads each project's config file, looks for .git and walks the other
// hosts' folders: after a settings, folder or config-file change, that work
// must not hold up the read loop (a hover sent meanwhile is answered from
// the old settings and views, which stay whole until the new set is
// swapped in; TestHoverDuringRebuild).

// rebuildQueue is the session's queue of view-set builds, guarded by the
// session's mu. Only the newest request matters: rebuildViews drops a set
// asked for before another, so a request waiting when a newer one comes
// is replaced.
type rebuildQueue struct {
	next    *rebuild      // the build asked for and not started
	running bool          // the builder goroutine runs
	settled chan struct{} // closed when the builder has nothing left
}

// askLocked queues r and reports whether the builder goroutine must be
// started (once the session's lock is released: startBuilder).
func (q *rebuildQueue) askLocked(r *rebuild) (start bool) {
	q.next = r
	if q.running {
		return false
	}
	q.running = true
	q.settled = make(chan struct{})
	return true
}

// startBuilder runs the queued builds, newest request first, until none is
// left; the server's WaitGroup waits for it.
func (s *Session) startBuilder() {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			s.mu.Lock()
			r := s.rebuildq.next
			s.rebuildq.next = nil
			if r == nil {
				s.rebuildq.running = false
				close(s.rebuildq.settled)
				s.mu.Unlock()
				return
			}
			s.mu.Unlock()
			s.rebuildViews(*r)
		}
	}()
}

// settledViews returns a channel closed once the view sets asked for so
// far are built (or dropped), or nil when none is pending.
func (s *Session) settledViews() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.rebuildq.running {
		return nil
	}
	return s.rebuildq.settled
}
