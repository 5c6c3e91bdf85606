package session

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
)

// TestSnapshotMemoCancel: a request whose context ends stops waiting for
// another's build, and a build whose request went away is not kept: the
// next request builds again, for the newest snapshot.
func TestSnapshotMemoCancel(t *testing.T) {
	var memo snapshotMemo[uint64]
	newest := &skills.Snapshot{Seq: 3, ContentSeq: 3}
	latest := func() *skills.Snapshot { return newest }
	started, release := make(chan struct{}), make(chan struct{})
	var builds atomic.Int32
	build := func(ctx context.Context, s *skills.Snapshot) (uint64, error) {
		if builds.Add(1) == 1 {
			close(started)
			<-release
			return 0, ctx.Err()
		}
		return s.ContentSeq, nil
	}
	first, cancelFirst := context.WithCancel(t.Context())
	done := make(chan bool)
	go func() {
		_, ok := memo.get(first, &skills.Snapshot{Seq: 1, ContentSeq: 1}, latest, build)
		done <- ok
	}()
	<-started
	waiter, cancelWaiter := context.WithCancel(t.Context())
	cancelWaiter()
	if _, ok := memo.get(waiter, &skills.Snapshot{Seq: 2, ContentSeq: 2}, latest, build); ok {
		t.Error("a request whose context ended got a value")
	}
	cancelFirst()
	close(release)
	if <-done {
		t.Error("a cancelled build gave a value")
	}
	if v, ok := memo.get(t.Context(), &skills.Snapshot{Seq: 2, ContentSeq: 2}, latest, build); !ok || v != 3 || builds.Load() != 2 {
		t.Errorf("after a cancelled build: value %d (%v) after %d builds, want 3 from a second build", v, ok, builds.Load())
	}
	if v, _ := memo.get(t.Context(), &skills.Snapshot{Seq: 1, ContentSeq: 1}, latest, build); v != 3 || builds.Load() != 2 {
		t.Errorf("an older snapshot: value %d after %d builds, want the newest's, 3, built once", v, builds.Load())
	}
}
