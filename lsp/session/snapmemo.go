package session

// snapmemo.go: a value a view computes from the bytes and the disk of its
// skills snapshot by walking the disk (the hosts' matrix, the other
// agents' folders), made at most once per content generation and never
// twice at a time: an editor that opens 1,500 files asks for a code lens
// on each, each holding a snapshot one open newer than the one before,
// and a walk per request made a hover wait minutes.

import (
	"context"
	"sync"

	"github.com/skill-ls/skill-ls/skills"
)

// snapshotMemo holds the value of the newest content generation
// (skills.Snapshot.ContentSeq) of one workspace it was asked for. A
// request holding an older snapshot gets the newest value; one holding a
// newer generation waits for the build under way, or starts one for the
// workspace's newest snapshot, which every request waiting then shares.
// No lock is held during a build, and a waiter gives up when its own
// context ends.
type snapshotMemo[T any] struct {
	mu      sync.Mutex  // guards the fields below
	done    *memoRun[T] // the newest finished build
	running *memoRun[T] // the build under way, or nil
}

// memoRun is one build: its snapshot's ContentSeq, then (after ready closes) its
// value, and whether it is one (false when its context ended).
type memoRun[T any] struct {
	seq   uint64
	val   T
	ok    bool
	ready chan struct{}
}

// get returns the value for snap's content generation or a newer one of
// the same workspace; latest gives that workspace's newest snapshot, and build
// makes the value of a snapshot. ok is false when ctx ended first.
func (c *snapshotMemo[T]) get(ctx context.Context, snap *skills.Snapshot, latest func() *skills.Snapshot,
	build func(context.Context, *skills.Snapshot) (T, error)) (val T, ok bool) {
	for ctx.Err() == nil {
		c.mu.Lock()
		if d := c.done; d != nil && d.seq >= snap.ContentSeq {
			c.mu.Unlock()
			return d.val, true
		}
		run := c.running
		if run == nil {
			next := snap
			if l := latest(); l != nil && l.Seq > snap.Seq {
				next = l
			}
			run = &memoRun[T]{seq: next.ContentSeq, ready: make(chan struct{})}
			c.running = run
			c.mu.Unlock()
			c.finish(ctx, run, next, build)
		} else {
			c.mu.Unlock()
		}
		select {
		case <-run.ready:
		case <-ctx.Done():
			return val, false
		}
		if run.ok && run.seq >= snap.ContentSeq {
			return run.val, true
		}
		// The build was older than snap, or its request went away: build
		// again (or wait for whoever does).
	}
	return val, false
}

// finish runs build for snap and publishes its result, also when build
// panics (the call's handler recovers), so that no waiter waits for a
// build that is gone. A build that failed while its context was live is
// kept (its zero value): the next content tries again, not every waiter
// in turn.
func (c *snapshotMemo[T]) finish(ctx context.Context, run *memoRun[T], snap *skills.Snapshot,
	build func(context.Context, *skills.Snapshot) (T, error)) {
	var val T
	var err error
	returned := false
	defer func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		run.ok = !returned || err == nil || ctx.Err() == nil
		if run.ok {
			if returned && err == nil {
				run.val = val
			}
			if c.done == nil || run.seq > c.done.seq {
				c.done = run
			}
		}
		c.running = nil
		close(run.ready)
	}()
	val, err = build(ctx, snap)
	returned = true
}
