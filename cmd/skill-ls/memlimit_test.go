package main

import (
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestLimitMemory: check sets its soft memory limit unless the user chose
// one with GOMEMLIMIT, and raises it to twice the live heap once that heap
// is over three quarters of it.
func TestLimitMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		live int64
		want []int64
	}{
		{"a heap well under the limit", map[string]string{}, 160 << 20, []int64{checkMemoryLimit}},
		{"a heap near the limit", map[string]string{}, 250 << 20, []int64{checkMemoryLimit, 500 << 20}},
		{"GOMEMLIMIT chosen", map[string]string{"GOMEMLIMIT": "1GiB"}, 250 << 20, nil},
		{"GOMEMLIMIT off", map[string]string{"GOMEMLIMIT": "off"}, 250 << 20, nil},
		{"GOMEMLIMIT empty", map[string]string{"GOMEMLIMIT": ""}, 160 << 20, []int64{checkMemoryLimit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []int64
			looked := make(chan struct{}, 1)
			env := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			set := func(n int64) int64 { mu.Lock(); got = append(got, n); mu.Unlock(); return 0 }
			live := func() int64 {
				select {
				case looked <- struct{}{}:
				default:
				}
				return tc.live
			}
			stop := limitMemory(env, set, live, time.Millisecond)
			if tc.want != nil {
				<-looked // the watch looked at least once
				<-looked // and acted on what it saw
			}
			stop()
			mu.Lock()
			defer mu.Unlock()
			if !slices.Equal(got, tc.want) {
				t.Errorf("limits set %v, want %v", got, tc.want)
			}
		})
	}
	runtime.GC() // the live heap is a collection's finding
	if liveHeap() <= 0 {
		t.Error("liveHeap reads no live heap")
	}
}
