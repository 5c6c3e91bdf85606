package parallel

import (
	"sync/atomic"
	"testing"
)

func TestEach(t *testing.T) {
	for _, tt := range []struct{ n, workers int }{{0, 4}, {1, 4}, {100, 1}, {100, 0}, {1000, 8}, {3, 8}} {
		calls := make([]atomic.Int32, tt.n)
		want := max(1, tt.workers)
		Each(tt.n, tt.workers, func(w, i int) {
			if w < 0 || w >= want {
				t.Errorf("n=%d workers=%d: worker %d out of range", tt.n, tt.workers, w)
			}
			calls[i].Add(1)
		})
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("n=%d workers=%d: index %d called %d times", tt.n, tt.workers, i, c)
			}
		}
	}
}
