package discovery

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestParallelLetsReadyGoroutinesRun holds Parallel to letting a goroutine
// that became ready run before the next item, as the language server's
// read loop must while a load keeps every processor busy. On one
// processor, a goroutine woken by item 10 records how many items were
// done when it ran: a few more than 10, not all of them (Go would preempt
// the worker only after 10 ms, and the items take microseconds).
func TestParallelLetsReadyGoroutinesRun(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const n, wake = 2000, 10
	var done atomic.Int64
	woken := make(chan struct{}, 1)
	seen := make(chan int64, 1)
	go func() {
		<-woken
		seen <- done.Load()
	}()
	Parallel(n, func(_, i int) {
		if i == wake {
			woken <- struct{}{}
		}
		done.Add(1)
	})
	if got := <-seen; got > wake+int64(Workers())*2 {
		t.Errorf("the goroutine woken at item %d ran after %d of %d items", wake, got, n)
	}
}
