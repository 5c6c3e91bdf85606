// Package parallel is the one worker pool of the engine: the load's file
// reads, the rules' run over every file and the description-overlap index
// all hand out indexes from one shared counter to a fixed set of
// goroutines. The caller bounds a pool's share of the processors by its
// number of workers.
package parallel

import (
	"sync"
	"sync/atomic"
)

// Each calls fn(w, i) for every i in [0, n) on workers goroutines (at
// least one), each taking the next index from a shared counter, and
// returns when every call has. w numbers the goroutine that runs the call,
// in [0, workers), so that a worker can reuse its own memory from one call
// to the next.
func Each(n, workers int, fn func(w, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range max(1, workers) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(w, i)
			}
		})
	}
	wg.Wait()
}
